// A browser for a test file: the run's chromium (test/setup/browser.ts launched it once for the
// browser project), or one of the file's own when the file runs outside that project. close()
// ends only what the file opened (its pages and contexts, or its own chromium).
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM } from '../setup/browser.js';

export { hasChromium } from '../setup/browser.js';

export function openBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROMIUM });
}
