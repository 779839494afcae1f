// npm run mutate (2 of 2): mutants of the files whose tests run the built CLI — the batch's
// guards (engine, run, and the files and state a run is built from) and the sandbox's gate
// (access). mcp serve's tool runner (--max-sends, confirm) moved to the unit config: its unit
// test (test/unit/mcp-run-tool.test.ts) drives it in-process, seconds per mutant, not minutes.
// The command runner builds dist/ (once) in Stryker's sandbox (where the files are instrumented
// with every mutant) and runs those end-to-end tests; Stryker names the active mutant in the
// environment (__STRYKER_ACTIVE_MUTANT__), which the CLI the tests spawn inherits. Slow: the test files
// for every mutant. Not in CI. Run it on a slice (stryker/slice.mjs):
//   MUTATE=src/sandbox/access.ts MUTATE_TESTS=test/e2e/inspector-gate.test.ts,test/e2e/sandbox-access.test.ts npm run mutate:e2e
import { mutateSlice, testSlice } from './slice.mjs';

const TESTS = testSlice(['test/e2e/chat-batch-guards.test.ts', 'test/e2e/inspector-gate.test.ts', 'test/e2e/sandbox-access.test.ts']);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'command',
  // Every mutant is in the one instrumented build (switched by the environment), so dist/ is
  // built once, by the first run in the sandbox; a build per mutant only added to the cost of each.
  commandRunner: { command: `{ test -e .stryker-built || { node scripts/build.mjs && touch .stryker-built; }; } && npx vitest run ${TESTS.join(' ')}` },
  mutate: mutateSlice(['src/batch/engine.ts', 'src/batch/run.ts', 'src/batch/run-files.ts', 'src/batch/run-state.ts', 'src/sandbox/access.ts']),
  coverageAnalysis: 'off',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/e2e.html' },
  concurrency: 1,
  timeoutMS: 300_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
