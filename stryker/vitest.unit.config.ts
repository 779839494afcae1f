// The unit tests Stryker runs against each mutant of the send-safety and forwarding code
// (stryker/unit.conf.mjs): the ones that import those files, no end-to-end test (they run the
// built CLI, which this runner does not rebuild).
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs build script without type declarations
import { vitePageScript } from '../scripts/page.mjs';

export default defineConfig({
  // The sandbox (mcp-run-tool.test.ts starts one) serves the inspector page's script (`?page`).
  plugins: [vitePageScript],
  test: {
    include: ['test/unit/batch.test.ts', 'test/unit/sandbox-emulator.test.ts', 'test/unit/sandbox-forward.test.ts', 'test/unit/batch-prior-run.test.ts', 'test/unit/batch-journal.test.ts', 'test/unit/batch-run.test.ts', 'test/unit/batch-run-state.test.ts', 'test/unit/batch-run-files.test.ts', 'test/unit/batch-run-send.test.ts', 'test/unit/batch-run-steps.test.ts', 'test/unit/batch-engine.test.ts', 'test/unit/mcp-run-tool.test.ts'],
    // A mutant that makes a test wait forever fails that test here (15 s: the CSV property test takes 5 on a loaded machine), before Stryker's own
    // timeout (timeoutMS in unit.conf.mjs), which would kill and restart the whole worker.
    testTimeout: 15_000,
  },
});
