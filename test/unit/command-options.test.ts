// A command's options are typed from the list that declares them (runtime/options.ts, OptsOf):
// the values program.ts's addOption makes commander give are the ones the type says, rule by rule,
// the absent option included.
import { Command } from 'commander';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadCommands } from '../../src/manifest/index.js';
import type { CmdSpec } from '../../src/manifest/types.js';
import { addOption } from '../../src/program.js';
import type { OptSpec } from '../../src/runtime/command-types.js';
import { PAGE_OPTIONS } from '../../src/runtime/option-lists.js';
import type { OptsOf } from '../../src/runtime/options.js';

const SAMPLE = [
  { flags: '--pattern <pattern>', description: 'a value' },
  { flags: '-O, --output-file <path>', description: 'a short spelling too' },
  { flags: '--to <digits>', description: 'repeatable', repeatable: true },
  { flags: '--kind <kind>', description: 'a closed set', choices: ['daily', 'weekly'] },
  { flags: '--tag <tag>', description: 'a repeatable closed set', choices: ['red', 'blue'], repeatable: true },
  { flags: '--level <level>', description: 'a default', default: 'low' },
  { flags: '--colour [name]', description: 'an optional value' },
  { flags: '--off', description: 'a switch' },
  { flags: '--quiet', description: 'a switch with a default', default: false },
  { flags: '--no-input', description: 'a negated switch' },
] as const satisfies readonly OptSpec[];

type Opts = OptsOf<typeof SAMPLE>;

/** opts() of a command built from SAMPLE as program.ts builds one, after parsing `argv`. */
function parse(argv: string[]): Record<string, unknown> {
  const cmd = new Command('t').exitOverride();
  for (const o of SAMPLE) addOption(cmd, o);
  return cmd.parse(argv, { from: 'user' }).opts();
}

describe('OptsOf: the type of what commander gives', () => {
  it('types each rule (checked by tsc)', () => {
    expectTypeOf<Opts>().toEqualTypeOf<{
      pattern?: string;
      outputFile?: string;
      to?: string[];
      kind?: 'daily' | 'weekly';
      tag?: ('red' | 'blue')[];
      level: string;
      colour?: string | true;
      off?: true;
      quiet: boolean;
      input: boolean;
    }>();
    // A list that is not a const one types as loosely as before, not wrongly.
    expectTypeOf<OptsOf<OptSpec[]>>().toEqualTypeOf<Record<string, unknown>>();
  });

  it('absent: a value and a switch are undefined; a default, a --no-x switch are filled', () => {
    const o = parse([]);
    expect(o).toEqual({ level: 'low', quiet: false, input: true });
    for (const k of ['pattern', 'outputFile', 'to', 'kind', 'tag', 'colour', 'off'] satisfies (keyof Opts)[]) expect(o[k], k).toBeUndefined();
  });

  it('given: each rule gives the value its type says', () => {
    const o = parse(['--pattern', 'p', '-O', 'f.csv', '--to', '1', '--to', '2', '--kind', 'WEEKLY', '--tag', 'Red', '--tag', 'blue', '--level', 'high', '--colour', '--off', '--quiet', '--no-input']);
    expect(o).toEqual({ pattern: 'p', outputFile: 'f.csv', to: ['1', '2'], kind: 'weekly', tag: ['red', 'blue'], level: 'high', colour: true, off: true, quiet: true, input: false });
    expect(parse(['--colour', 'teal']).colour).toBe('teal');
  });

  it('a repeatable option given once is a list of one; a closed set refuses other values', () => {
    expect(parse(['--to', '1']).to).toEqual(['1']);
    expect(() => parse(['--kind', 'yearly'])).toThrow('--kind: must be one of daily, weekly, got "yearly"');
  });
});

const SRC = resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** What reads a command's options untyped: a cast of one, an opts parameter of any record, a Run of no options' type. */
function untyped(text: string): string[] {
  const code = text.replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
  const found = [
    ...code.matchAll(/\bopts\.\w+\s+as\s/g),
    ...code.matchAll(/\bopts\??:\s*Record<string,\s*unknown>/g),
    ...code.matchAll(/(?::\s*|<)Run\b(?![<\w])/g),
  ];
  return found.map((m) => m[0].trim());
}

/**
 * The files still reading their options untyped: this set can only shrink. op.ts stays: it is the
 * generic runner of every `op` entry (its options are whatever the entry declares).
 */
const KNOWN: string[] = [
  'commands/op.ts',
];

describe('commands read their options typed', () => {
  const all = [...files(join(SRC, 'commands')), join(SRC, 'batch', 'command.ts')];

  it('no command or helper casts an option, takes opts as a record, or runs untyped (but the known ones)', () => {
    const offenders = all.filter((f) => untyped(readFileSync(f, 'utf8')).length > 0).map((f) => relative(SRC, f));
    expect(offenders.sort()).toEqual(KNOWN);
  });

  it("reads an options list's type only: a command's chunk never holds the lists (the manifest's does)", () => {
    const valueImports = all
      .filter((f) => !f.endsWith('/options.ts'))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/^import (?!type )[^;]*from '[./]+(?:[\w-]+\/)*option(?:s|-lists)\.js';$/gm)].map((m) => `${relative(SRC, f)}: ${m[0]}`));
    expect(valueImports).toEqual([]);
  });

  it('finds each form (the check itself)', () => {
    expect(untyped("const p = opts.pattern as string | undefined;")).toEqual(['opts.pattern as']);
    expect(untyped('function f(opts: Record<string, unknown>) {}')).toEqual(['opts: Record<string, unknown>']);
    expect(untyped('export const run: Run = async () => {};')).toEqual([': Run']);
    expect(untyped('export const get = (spec: OpSpec): Run => async () => {};')).toEqual([': Run']);
    expect(untyped('function f(ctx: Parameters<Run>[0]) {}')).toEqual(['<Run']);
    expect(untyped('export const run: Run<OptsOf<typeof X>> = async () => {};\nimport type { Run } from "x";\nsay(`Run the sync again`);')).toEqual([]);
  });

  it('a paged operation declares PAGE_OPTIONS (op.ts hands its opts to runList as their type)', async () => {
    const walk = (c: CmdSpec): CmdSpec[] => [c, ...(c.subcommands ?? []).flatMap(walk)];
    const paged = (await loadCommands()).flatMap(walk).filter((c) => c.op?.paged);
    expect(paged.length).toBeGreaterThan(10);
    for (const c of paged) expect(c.options, c.name).toEqual(expect.arrayContaining([...PAGE_OPTIONS]));
  });
});
