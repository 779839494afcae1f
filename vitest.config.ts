import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs build script without type declarations
import { vitePageScript } from './scripts/page.mjs';

export default defineConfig({
  // As the build defines it (scripts/build.mjs): the CLI runs in-process from src/ in the tests.
  define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version) },
  // The inspector page's script, its modules bundled as the build bundles them (`?page`).
  plugins: [vitePageScript],
  // The examples import the package as an app does; here it is this repository's source.
  resolve: { alias: { 'chatcrm/sandbox': fileURLToPath(new URL('./src/sandbox/public.ts', import.meta.url)) } },
  test: {
    // examples/: the sample apps' own tests run with the suite.
    include: ['test/**/*.test.ts', 'examples/**/*.test.js'],
    // End-to-end tests spawn the built CLI; on a 2-core machine more workers only add contention.
    maxWorkers: 2,
    // Fails the run when a process a test started (a terminal, a sandbox, the CLI) outlives it.
    globalSetup: ['test/setup/leaks.ts'],
    // Vitest empties CSS imports by default; the inspector serves its stylesheet as text (`?raw`).
    css: { include: [/src\/sandbox\/inspector\/.*\.css/] },
    // Tests wait on events; these limits only end a hang. They are wide: on a busy machine
    // (several runs side by side on 2 cores) a test of ten CLI runs can take minutes.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // The JSON report lets .ci/run print a closing "N passed, N failed" line.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
