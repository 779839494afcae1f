// Every `chatcrm …` line of README.md and docs/*.md runs against the sandbox (a fresh one per
// code block, lines in order) and exits 0, or with the code its `# exit N` comment marks.
// The conventions are in README's "Every example is tested".
import { describe, expect, it } from 'vitest';
import { docGroups } from '../helpers/examples.js';
import { problem, runGroup } from '../helpers/examples-run.js';

describe.concurrent('the examples of the docs run against the sandbox', () => {
  it.each(docGroups().map((g) => [g.name, g] as const))('%s', async (_name, group) => {
    const outcomes = await runGroup(group);
    expect(outcomes.map(problem).filter(Boolean).join('\n')).toBe('');
  });
});
