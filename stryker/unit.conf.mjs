// npm run mutate (1 of 2): mutants of the files of send safety (row identity, the journal, a
// prior run's checks, and the run itself: engine, run, run-files, run-state, which unit tests
// drive in-process through runBatch), of --forward-to, of mcp serve's tool runner (--max-sends,
// confirm, elicitation) and of the request pipeline it shares with the CLI (ops/pipeline.ts),
// killed or not by their unit tests (vitest runner).
// Slow: not in CI. The clear-text report prints the score of each file. One file, or lines of it:
//   MUTATE=src/sandbox/forward.ts npm run mutate:unit   (MUTATE=src/batch/identity.ts:40-60, ...)
import { mutateSlice } from './slice.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker/vitest.unit.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: mutateSlice(['src/batch/identity.ts', 'src/batch/journal.ts', 'src/batch/prior-run.ts', 'src/batch/engine.ts', 'src/batch/run.ts', 'src/batch/run-files.ts', 'src/batch/run-state.ts', 'src/sandbox/forward.ts', 'src/mcp/serve/run-tool.ts', 'src/ops/pipeline.ts']),
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/unit.html' },
  concurrency: 1,
  // Above vitest's testTimeout (stryker/vitest.unit.config.ts): only a loop that never yields gets here.
  timeoutMS: 30_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
