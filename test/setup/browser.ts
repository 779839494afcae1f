// One chromium for the whole run (the browser project's global setup): launched once here, its
// endpoint handed to the test files (inject('chromiumEndpoint')), which connect to it with
// helpers/browser.ts, each in contexts of its own, instead of launching a chromium per file.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { RUN_VAR } from './leaks.js';

/** Debian's chromium; playwright-core drives the system's browser, it downloads none. */
export const CHROMIUM = process.env.CHATCRM_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's chromium (a playwright-core browser server); absent without chromium. */
    chromiumEndpoint?: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!hasChromium) return undefined; // The files skip (or, with CI set, fail) on their own.
  // Without the leak check's mark: this browser is the run's, not a test's; it is closed below,
  // after the check has looked (vitest tears the root's setup down first).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== RUN_VAR));
  const server = await chromium.launchServer({ executablePath: CHROMIUM, env });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
