// A command's options are typed from the list that declares them (runtime/options.ts, OptsOf):
// the values program.ts's addOption makes commander give are the ones the type says, rule by rule,
// the absent option included.
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { addOption } from '../../src/program.js';
import type { OptSpec } from '../../src/runtime/command-types.js';
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
      pattern: string | undefined;
      outputFile: string | undefined;
      to: string[] | undefined;
      kind: 'daily' | 'weekly' | undefined;
      tag: ('red' | 'blue')[] | undefined;
      level: string;
      colour: string | true | undefined;
      off: true | undefined;
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
