import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs build script without type declarations
import { vitePageScript } from './scripts/page.mjs';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The test files under `dir` (relative to the repository), as vitest names them. */
const testFiles = (dir: string, ending: string) =>
  readdirSync(`${ROOT}${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ending) && !f.split('/').includes('node_modules'))
    .map((f) => `${dir}/${f}`);
const uses = (pattern: RegExp) => (file: string) => pattern.test(readFileSync(`${ROOT}${file}`, 'utf8'));

// Projects are chosen by what a file does, read here, not by where it lies: a test file added
// later lands in the right project without a list to keep (and no test file has to move).
const UNIT = testFiles('test/unit', '.test.ts');
const E2E = [...testFiles('test/e2e', '.test.ts'), ...testFiles('examples', '.test.js')];
/** Chromium (helpers/browser.ts, or playwright-core itself): the browser project, where one chromium serves the run. */
const BROWSER = [...UNIT, ...E2E].filter(uses(/helpers\/browser\.js'|from 'playwright-core'/));
/** A real terminal: a tmux pane (helpers/tmux.ts) or util-linux `script`. */
const TERMINAL = [...UNIT, ...E2E].filter((f) => !BROWSER.includes(f) && uses(/helpers\/tmux\.js'|['"]script['"]/)(f));
/**
 * Unit files that need a module registry of their own: a vi.mock replaces a module for the whole
 * file, and with a shared registry the mock would reach the next file (or miss a module an
 * earlier file loaded); a global stubbed for the whole file (vi.stubGlobal in beforeAll) would be
 * undone after its first test by the shared project's unstubGlobals. The other unit files share one registry per worker (isolate: false):
 * none changes module-level state it does not restore (restoreMocks and unstub* restore what
 * vi changes), which their run that way checks.
 */
const UNIT_ISOLATED = UNIT.filter(uses(/\bvi\.(mock|doMock|stubGlobal)\(/));
const special = new Set([...BROWSER, ...TERMINAL]);

/** What every project shares. */
const shared = {
  // The inspector page's script, its modules bundled as the build bundles them (`?page`).
  plugins: [vitePageScript],
  // The examples import the package as an app does; here it is this repository's source.
  resolve: { alias: { 'chatcrm/sandbox': fileURLToPath(new URL('./src/sandbox/public.ts', import.meta.url)) } },
};
const options = {
  // __VERSION__ as the build defines it (scripts/build.mjs): the CLI runs in-process from src/.
  setupFiles: ['test/setup/version.ts'],
  // Vitest empties CSS imports by default; the inspector serves its stylesheet as text (`?raw`).
  css: { include: [/src\/sandbox\/inspector\/.*\.css/] },
  // Tests wait on events; these limits only end a hang. They are wide: on a busy machine
  // (several runs side by side on 2 cores) a test of ten CLI runs can take minutes.
  testTimeout: 300_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      { ...shared, test: { ...options, name: 'unit', include: UNIT.filter((f) => !special.has(f) && !UNIT_ISOLATED.includes(f)), isolate: false, restoreMocks: true, unstubEnvs: true, unstubGlobals: true } },
      { ...shared, test: { ...options, name: 'unit-isolated', include: UNIT_ISOLATED.filter((f) => !special.has(f)) } },
      // examples/: the sample apps' own tests run with the suite. describe.concurrent (the
      // examples tests: a sandbox and a chain of CLI runs per group) runs a group per core.
      { ...shared, test: { ...options, name: 'e2e', include: E2E.filter((f) => !special.has(f)), maxConcurrency: availableParallelism() } },
      // One tmux server per file (helpers/tmux.ts closes it in the file's afterAll: keep isolation).
      { ...shared, test: { ...options, name: 'terminal', include: TERMINAL } },
      // One chromium for the run, launched by the global setup; the files connect to it (helpers/browser.ts).
      { ...shared, test: { ...options, name: 'browser', include: BROWSER, globalSetup: ['test/setup/browser.ts'] } },
    ],
    // End-to-end tests run the CLI in-process or spawn it; on a 2-core machine more workers only add contention.
    maxWorkers: 2,
    // Fails the run when a process a test started (a terminal, a sandbox, the CLI) outlives it.
    globalSetup: ['test/setup/leaks.ts'],
    // The JSON report lets .ci/run print a closing "N passed, N failed" line.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
