// Every example of the command tree (as --help and docs/commands.md print them) runs against
// the sandbox (a fresh one per top-level command, examples in --help order) and exits 0, or
// with the code its `# exit N` comment marks. The conventions are in README's "Every example
// is tested".
import { describe, expect, it } from 'vitest';
import { manifestGroups } from '../helpers/examples.js';
import { problem, runGroup } from '../helpers/examples-run.js';

describe.concurrent('the examples of every command run against the sandbox', () => {
  it.each(manifestGroups().map((g) => [g.name, g] as const))('%s', async (_name, group) => {
    const outcomes = await runGroup(group);
    expect(outcomes.map(problem).filter(Boolean).join('\n')).toBe('');
  });
});
