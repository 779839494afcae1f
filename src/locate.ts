// Where the command is in argv, read from the outline (data, no commander): what main.ts answers
// itself (root and group help) and what program.ts builds.
import { GLOBAL_FLAGS, GLOBAL_VALUE_FLAGS } from './manifest/types.js';
import { OUTLINE } from './manifest/outline-data.js';
import { findSub, type Outline } from './manifest/outline.js';
import { renderHelp } from './manifest/help.js';

/** Where in argv the first word that is not a global option or its value is: the command. */
export function commandIndex(argv: string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return i + 1 < argv.length ? i + 1 : undefined;
    if (!a.startsWith('-') || a === '-') return i;
    if (GLOBAL_VALUE_FLAGS.has(a)) i++;
  }
  return undefined;
}

/**
 * `help chat send` is `chat send --help`, and a group named without a subcommand (`chatcrm chat`,
 * `chatcrm --json`) shows its help: both become --help, which prints on stdout and exits 0. An
 * option that is not a global one stays an error (`chatcrm chat --bogus`).
 */
export function helpArgv(argv: string[]): string[] {
  let words = argv;
  let help = false;
  let level: Outline[] | undefined = OUTLINE;
  let group = true;
  let from = 0;
  while (level) {
    const rel = commandIndex(words.slice(from));
    if (rel === undefined) {
      help ||= group;
      break;
    }
    const at = from + rel;
    const spec: Outline | undefined = findSub(level, words[at]);
    if (!spec && words[at] === 'help' && !help) {
      words = [...words.slice(0, at), ...words.slice(at + 1)];
      help = true;
      from = at;
      continue;
    }
    // An unknown word: commander says so (`help nope` is not the root's help).
    if (!spec) return words;
    group = !spec.runnable;
    level = group ? spec.subcommands : undefined;
    from = at + 1;
  }
  const options = words.slice(from).filter((w) => w.startsWith('-') && w !== '-' && w !== '--');
  const known = options.every((w) => GLOBAL_FLAGS.has(w.split('=')[0]) || w === '-h' || w === '--help');
  return help && known ? [...words, '--help'] : words;
}

const isHelpFlag = (w: string) => w === '-h' || w === '--help';

/**
 * The help commander would print for these words when they are group names and help flags alone
 * (`--help`, `chat --help`, `chat groups -h`); undefined for anything else (options, a command
 * that runs, an unknown word), which commander handles.
 */
export function groupHelp(words: string[], width: number): string | undefined {
  const flags = words.findIndex(isHelpFlag);
  if (flags < 0 || !words.slice(flags).every(isHelpFlag)) return undefined;
  const path: string[] = [];
  let spec: Outline | undefined;
  let level = OUTLINE;
  for (const w of words.slice(0, flags)) {
    spec = findSub(level, w);
    if (!spec?.subcommands || spec.runnable) return undefined;
    path.push(spec.name);
    level = spec.subcommands;
  }
  return renderHelp(path, spec, level, width);
}
