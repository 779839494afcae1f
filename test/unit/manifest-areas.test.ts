// A run loads only the area of the command it names (src/manifest/areas.ts) and reads the rest
// from the outline, which dist holds as JSON: both must stay the tree of src/manifest/index.ts.
import { describe, expect, it } from 'vitest';
import { areas } from '../../src/manifest/areas.js';
import { commands } from '../../src/manifest/index.js';
import { OUTLINE } from '../../src/manifest/outline-data.js';

describe('the areas table and the outline', () => {
  it('areas.ts loads every top-level command of index.ts, in its order, as the same object', async () => {
    expect(Object.keys(areas)).toEqual(expect.arrayContaining(commands.map((c) => c.name)));
    for (const c of commands) expect(await areas[c.name](), c.name).toBe(c);
  });

  it('the outline is the tree without loaders, and survives JSON (dist holds it so)', () => {
    expect(OUTLINE.map((o) => o.name)).toEqual(commands.map((c) => c.name));
    expect(JSON.parse(JSON.stringify(OUTLINE))).toEqual(OUTLINE);
    const send = OUTLINE.find((o) => o.name === 'chat')!.subcommands!.find((s) => s.name === 'send')!;
    expect(send.runnable).toBe(true);
    expect(send.options?.map((o) => o.flags)).toContain('--to <digits>');
  });
});
