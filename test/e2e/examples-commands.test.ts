// Every example of the command tree (as --help and docs/commands.md print them) runs against
// the sandbox (a fresh one per top-level command, examples in --help order) and exits 0, or
// with the code its `# exit N` comment marks. The conventions are in README's "Every example
// is tested".
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { manifestGroups } from '../helpers/examples.js';
import { problem, runGroup } from '../helpers/examples-run.js';

// A group per core at a time (the e2e project's maxConcurrency): each is a sandbox and a chain
// of CLI processes, and more at once on a small machine only queue for its cores.
let running = 0;
let most = 0;
afterAll(() => expect(most, 'groups run at once').toBeLessThanOrEqual(availableParallelism()));

describe.concurrent('the examples of every command run against the sandbox', () => {
  it.each(manifestGroups().map((g) => [g.name, g] as const))('%s', async (_name, group) => {
    most = Math.max(most, ++running);
    const outcomes = await runGroup(group).finally(() => running--);
    expect(outcomes.map(problem).filter(Boolean).join('\n')).toBe('');
  });
});
