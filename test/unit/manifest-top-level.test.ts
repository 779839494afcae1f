// A run loads only the spec of the top-level command it names (src/manifest/top-level.ts, the one list of
// top-level commands) and reads the rest from the outline, which dist holds as JSON. That the tree
// is the same as before a change shows in docs/commands.md (npm run gen, generated-sync.test.ts).
import { describe, expect, it } from 'vitest';
import { topLevel } from '../../src/manifest/top-level.js';
import { loadCommands } from '../../src/manifest/index.js';
import { OUTLINE } from '../../src/manifest/outline-data.js';

describe('the top-level table and the outline', () => {
  it('names each top-level command as its spec does, and the tree is the table in its order', async () => {
    for (const [name, load] of Object.entries(topLevel)) expect((await load()).name).toBe(name);
    expect((await loadCommands()).map((c) => c.name)).toEqual(Object.keys(topLevel));
  });

  it('the outline is the tree without loaders, and survives JSON (dist holds it so)', async () => {
    expect(OUTLINE.map((o) => o.name)).toEqual((await loadCommands()).map((c) => c.name));
    expect(JSON.parse(JSON.stringify(OUTLINE))).toEqual(OUTLINE);
    const send = OUTLINE.find((o) => o.name === 'chat')!.subcommands!.find((s) => s.name === 'send')!;
    expect(send.runnable).toBe(true);
    expect(send.options?.map((o) => o.flags)).toContain('--to <digits>');
  });
});
