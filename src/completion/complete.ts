// `chatcrm __complete WORD...`: the one source of shell completion (cobra's and kubectl's
// design). The scripts of every shell send the words typed after `chatcrm`, the last one being
// the word to complete, and show what comes back:
//
//   value<TAB>description     one line per candidate (the description may be absent)
//   :4                        last line: 4 = offer no file names; 0 = file names may fit;
//                             + 2 = add no space (a value goes on: `chat_send:` then its status)
//
// It runs on every TAB, so it reads the outline of the tree (data, JSON in dist) and, only when a
// profile name is due, the config store: no commander, no manifest, no context, no network.
import type { IO } from '../core/io.js';
import { OUTLINE } from '../manifest/outline-data.js';
import type { ArgSpec, OptSpec } from '../manifest/types.js';
import { globalFlags, rootNode, type Flag, type Node } from './tree.js';

export interface Completion {
  candidates: [value: string, description?: string][];
  /** Nothing closed fits here (a file, free text): the shell may offer file names. */
  files: boolean;
  /** The value goes on after the candidate (`chat_send:` wants its status): no space after it. */
  more?: boolean;
}

const NO_FILES = 4;
const NO_SPACE = 2;

/**
 * What fits the last of `words`. Walks them as the CLI parses them: global options anywhere,
 * an option's value after it (or after `=`), subcommand names (and aliases) before the first
 * positional argument, everything after `--` positional.
 */
export async function complete(root: Node, words: string[], profiles: () => Promise<string[]>, operations: () => Promise<string[]> = faultOperations): Promise<Completion> {
  // PowerShell cannot pass an empty argument everywhere; it sends a space for "nothing typed yet".
  const cur = (words.at(-1) ?? '').trim() === '' ? '' : words.at(-1)!;
  const globals = globalFlags();
  let node = root;
  let pos = 0;
  let ddash = false;
  let valueOf: Flag | undefined;
  const flag = (name: string) => [...node.options, ...globals].find((f) => f.names.includes(name));
  for (const w of words.slice(0, -1)) {
    if (valueOf) {
      valueOf = undefined;
      continue;
    }
    if (!ddash && w === '--') ddash = true;
    else if (!ddash && w.length > 1 && w.startsWith('-')) {
      const f = w.includes('=') ? undefined : flag(w);
      if (f?.value) valueOf = f;
    } else {
      const sub = pos === 0 && !ddash ? node.subs.find((s) => s.spec.name === w || s.spec.aliases?.includes(w)) : undefined;
      if (sub) node = sub;
      else pos++;
    }
  }

  const matching = (candidates: Completion['candidates'], files = false): Completion => ({ candidates: candidates.filter(([v]) => v.startsWith(cur)), files });
  /** The values of an option or an argument, each after `lead` (`--output=`). */
  const values = async (spec: OptSpec | ArgSpec, lead = ''): Promise<Completion> => {
    // --fault OPERATION:STATUS: the operation, then the status is typed after the colon.
    if (spec.complete === 'operations') return { ...matching(['*', ...(await operations())].map((v) => [`${lead}${v}:`])), more: true };
    const closed = spec.complete === 'profiles' ? await profiles() : (spec.choices ?? ('suggest' in spec ? spec.suggest : undefined));
    return matching((closed ?? []).map((v) => [`${lead}${v}`]), !closed);
  };

  if (valueOf) return values(valueOf.spec);
  if (!ddash && /^-[^=]+=/.test(cur)) {
    const name = cur.slice(0, cur.indexOf('='));
    const f = flag(name);
    return f?.value ? values(f.spec, `${name}=`) : matching([]);
  }
  if (!ddash && cur.startsWith('-')) return matching([...node.options, ...globals].flatMap((f) => f.names.map((n): [string, string] => [n, f.spec.description])));
  if (node.subs.length && pos === 0) return matching(node.subs.map((s) => [s.spec.name, s.spec.summary]));
  const last = node.args.at(-1);
  const arg = node.args[pos] ?? (last?.variadic ? last : undefined);
  return arg ? values(arg) : matching([]);
}

/** Local state is never worth an error in the middle of a command line: no profiles then. */
async function storedProfiles(env: NodeJS.ProcessEnv): Promise<string[]> {
  try {
    const { configDir, PROFILE_NAME, profileNames, readConfig } = await import('../config/store.js');
    // A name login would refuse (hand-edited config: `a;touch x`, a newline) is not offered.
    const dir = configDir(env);
    return profileNames(readConfig(dir), dir).filter((n) => PROFILE_NAME.test(n));
  } catch {
    return [];
  }
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The operationIds of `chatcrm openapi`, from the operations table. */
async function faultOperations(): Promise<string[]> {
  const { operationNames } = await import('../describe/tool-names.js');
  // The names map both spellings a --fault accepts; the table's own ids (chat.send) have a dot.
  return [...operationNames().keys()].filter((n) => !n.includes('.')).sort();
}

/** The `__complete` command: the answer for the shell scripts. */
export async function answer(io: IO, words: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { candidates, files, more } = await complete(rootNode(OUTLINE), words, () => storedProfiles(env));
  const lines = candidates.map(([v, d]) => (d ? `${v}\t${oneLine(d)}` : v));
  io.out([...lines, `:${(files ? 0 : NO_FILES) + (more ? NO_SPACE : 0)}`].join('\n'));
  return 0;
}
