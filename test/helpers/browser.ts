// A browser for a test file: the run's chromium (test/setup/browser.ts launched it once for the
// browser project), or one of the file's own when the file runs outside that project. close()
// ends only what the file opened (its pages and contexts, or its own chromium).
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM } from '../setup/browser.js';

export { hasChromium } from '../setup/browser.js';

export function openBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROMIUM });
}

/**
 * The inspector at `url` in a new page of `browser` (a context with `options`: a phone's viewport),
 * its script errors pushed to `errors`, once its event stream is open ("Live").
 */
export async function openInspector(browser: Browser, url: string, errors: string[], options?: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.getByText('Live', { exact: true }).waitFor();
  return page;
}
