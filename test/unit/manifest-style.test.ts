// The command tree keeps one style where users read it (argument names in help, usage and
// errors), and declares the closed sets of values the code accepts (completion offers them).
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '../../src/config/settings.js';
import { PROFILE_KEYS } from '../../src/config/store.js';
import { loadCommands } from '../../src/manifest/index.js';
import { GLOBAL_OPTIONS, type CmdSpec } from '../../src/manifest/types.js';
import { GATEWAYS } from '../../src/schemas/subscription.js';
import { RECURRING_PATTERNS } from '../../src/schemas/campaigns.js';
import { CATEGORIES } from '../../src/schemas/templates.js';

const commands = await loadCommands();

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

  /** The choices a command declares for a flag or an argument. */
  const choicesOf = (path: string, name: string) => {
    const spec = walk(commands).find(([p]) => p === path)?.[1];
    return (spec?.options?.find((o) => o.flags.split(/[ ,]+/).includes(name)) ?? spec?.args?.find((a) => a.name === name))?.choices;
  };

  it.each<[string, string, readonly string[]]>([
    ['templates create', '--category', CATEGORIES],
    ['templates preview', '--category', CATEGORIES],
    ['subscription create', '--gateway', GATEWAYS],
    ['campaigns recurring', '--pattern', RECURRING_PATTERNS],
    ['custom-fields status', '--active', ['true', 'false']],
    ['message-status chat-status', '--status', ['delivered', 'read']],
    ['flows list', '--status', ['active', 'draft', 'paused', 'all']],
    ['webhook send', '--status', ['sent', 'delivered', 'read', 'failed']],
    ['profiles set', 'KEY', PROFILE_KEYS],
    ['completion', 'SHELL', ['bash', 'zsh', 'fish', 'powershell']],
  ])('%s %s offers the values the code accepts', (path, name, values) => {
    expect(choicesOf(path, name)).toEqual(values);
  });

  it('-o offers the output formats', () => {
    expect(GLOBAL_OPTIONS.find((o) => o.flags.includes('--output'))?.choices).toEqual(OUTPUT_FORMATS);
  });
});
