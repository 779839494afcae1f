// The command tree flattened for generators: every visible command with its full path,
// its own options (help included) and its args. Data only: no commander.
import { GLOBAL_OPTIONS, DATA_OPTION, type ArgSpec, type CmdSpec, type OptSpec } from '../manifest/types.js';

export interface Flag {
  /** Every spelling, e.g. ['-o', '--output']. */
  names: string[];
  /** Takes a value (`<v>` or `[v]`). */
  value: boolean;
  valueName?: string;
  spec: OptSpec;
}

export interface Node {
  /** Command words from the root, e.g. ['chat', 'send']; [] for the root. */
  path: string[];
  spec: CmdSpec;
  subs: Node[];
  options: Flag[];
  args: ArgSpec[];
}

export const HELP_OPTION: OptSpec = { flags: '-h, --help', description: 'show help' };
export const VERSION_OPTION: OptSpec = { flags: '-V, --version', description: 'print the version' };

export function parseFlag(o: OptSpec): Flag {
  const tokens = o.flags.split(/[\s,|]+/).filter(Boolean);
  const value = tokens.find((t) => t.startsWith('<') || t.startsWith('['));
  return {
    names: tokens.filter((t) => t.startsWith('-')),
    value: value !== undefined,
    valueName: value?.replace(/^[<[]|(\.\.\.)?[>\]]$/g, ''),
    spec: o,
  };
}

export const globalFlags = (): Flag[] => GLOBAL_OPTIONS.filter((o) => !o.hidden).map(parseFlag);

function node(spec: CmdSpec, path: string[]): Node {
  const own = [...(spec.options ?? []), ...(spec.op?.data ? [DATA_OPTION] : []), HELP_OPTION];
  return {
    path,
    spec,
    subs: (spec.subcommands ?? []).filter((s) => !s.hidden).map((s) => node(s, [...path, s.name])),
    options: own.filter((o) => !o.hidden).map(parseFlag),
    args: spec.args ?? [],
  };
}

/** The root node: the top-level commands as its subs, --version as its own option. */
export function rootNode(commands: CmdSpec[]): Node {
  return node({ name: 'chatcrm', summary: 'Command line for the chatcrm messaging and CRM service', subcommands: commands, options: [VERSION_OPTION] }, []);
}

/** Every node, depth first, root first. */
export function allNodes(root: Node): Node[] {
  return [root, ...root.subs.flatMap(allNodes)];
}

export function usage(n: Node): string {
  const words = ['chatcrm', ...n.path];
  if (n.subs.length) words.push('<command>');
  for (const a of n.args) {
    const inner = `${a.name}${a.variadic ? '...' : ''}`;
    words.push(a.required ? `<${inner}>` : `[${inner}]`);
  }
  words.push('[options]');
  return words.join(' ');
}
