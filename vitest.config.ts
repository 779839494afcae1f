import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
// @ts-expect-error: a plain .mjs build script without type declarations
import { bundlePage, pageEntry } from './scripts/page.mjs';

/** `import script from './page/main.ts?page'`: the inspector page's modules bundled, as the build does (scripts/page.mjs). */
const pageScript: Plugin = {
  name: 'page-script',
  enforce: 'pre',
  resolveId: (spec, importer) => (importer && pageEntry(spec, dirname(importer)) ? `\0page:${pageEntry(spec, dirname(importer))}` : undefined),
  async load(id) {
    if (!id.startsWith('\0page:')) return undefined;
    const page = await bundlePage(id.slice('\0page:'.length));
    for (const input of page.inputs) this.addWatchFile(input);
    return `export default ${JSON.stringify(page.text)};`;
  },
};

export default defineConfig({
  plugins: [pageScript],
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
