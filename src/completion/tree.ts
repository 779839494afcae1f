// The command tree flattened for generators: every visible command with its full path,
// its own options (help included) and its args. Data only: no commander.
import { HELP_OPTION, ownOptions, ROOT_DESCRIPTION, VERSION_OPTION } from '../manifest/help.js';
import type { Outline } from '../manifest/outline.js';
import { GLOBAL_OPTIONS, type ArgSpec, type OptSpec } from '../manifest/types.js';

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
  spec: Outline;
  subs: Node[];
  options: Flag[];
  args: ArgSpec[];
}

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

/** A node whose subcommands and options are built when read: a TAB walks one path of the tree. */
function node(spec: Outline, path: string[]): Node {
  let subs: Node[] | undefined;
  let options: Flag[] | undefined;
  return {
    path,
    spec,
    get subs() {
      return (subs ??= (spec.subcommands ?? []).filter((s) => !s.hidden).map((s) => node(s, [...path, s.name])));
    },
    get options() {
      return (options ??= [...ownOptions(spec), HELP_OPTION].filter((o) => !o.hidden).map(parseFlag));
    },
    args: spec.args ?? [],
  };
}

/** The root node: the top-level commands as its subs, --version as its own option. */
export function rootNode(commands: Outline[]): Node {
  return node({ name: 'chatcrm', summary: ROOT_DESCRIPTION, subcommands: commands, options: [VERSION_OPTION] }, []);
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
