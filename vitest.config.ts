import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end tests spawn the built CLI; on a 2-core machine more workers only add contention.
    maxWorkers: 2,
    // Vitest empties CSS imports by default; the inspector serves its stylesheet as text (`?raw`).
    css: { include: [/src\/sandbox\/inspector\/.*\.css/] },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The JSON report lets .ci/run print a closing "N passed, N failed" line.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
