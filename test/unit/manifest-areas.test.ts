// A run loads only the area of the command it names (src/manifest/areas.ts, the one list of
// top-level commands) and reads the rest from the outline, which dist holds as JSON. That the tree
// is the same as before a change shows in docs/commands.md (npm run gen, generated-sync.test.ts).
import { describe, expect, it } from 'vitest';
import { areas } from '../../src/manifest/areas.js';
import { loadCommands } from '../../src/manifest/index.js';
import { OUTLINE } from '../../src/manifest/outline-data.js';

describe('the areas table and the outline', () => {
  it('names each top-level command as its spec does, and the tree is the areas in their order', async () => {
    for (const [name, load] of Object.entries(areas)) expect((await load()).name).toBe(name);
    expect((await loadCommands()).map((c) => c.name)).toEqual(Object.keys(areas));
  });

  it('the outline is the tree without loaders, and survives JSON (dist holds it so)', async () => {
    expect(OUTLINE.map((o) => o.name)).toEqual((await loadCommands()).map((c) => c.name));
    expect(JSON.parse(JSON.stringify(OUTLINE))).toEqual(OUTLINE);
    const send = OUTLINE.find((o) => o.name === 'chat')!.subcommands!.find((s) => s.name === 'send')!;
    expect(send.runnable).toBe(true);
    expect(send.options?.map((o) => o.flags)).toContain('--to <digits>');
  });
});
