// The command tree keeps one style where users read it: argument names (help, usage, errors).
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/manifest/index.js';
import type { CmdSpec } from '../../src/manifest/types.js';

/** Every command, hidden ones included, with its path. */
function walk(specs: CmdSpec[], path: string[] = []): [string, CmdSpec][] {
  return specs.flatMap((s) => [[[...path, s.name].join(' '), s] as [string, CmdSpec], ...walk(s.subcommands ?? [], [...path, s.name])]);
}

describe('the command tree', () => {
  it('names every positional argument in capitals, words joined by _ (<FLOW_ID>, <CONTACT_IDS...>)', () => {
    const args = walk(commands).flatMap(([path, s]) => (s.args ?? []).map((a) => `${path} <${a.name}>`));
    expect(args.length).toBeGreaterThan(50);
    expect(args.filter((a) => !/<[A-Z][A-Z0-9]*(_[A-Z0-9]+)*>$/.test(a))).toEqual([]);
  });

  it('reads list ids from an argument the command declares', () => {
    const lists = walk(commands).filter(([, s]) => s.op?.list);
    expect(lists.length).toBeGreaterThan(5);
    for (const [path, s] of lists) expect(s.args?.map((a) => a.name), path).toContain(s.op!.list!.arg);
  });
});
