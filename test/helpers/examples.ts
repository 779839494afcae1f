// Every example a user can copy: the `examples` of the command tree (as --help and
// docs/commands.md print them) and the `chatcrm …` lines of README.md and docs/*.md. The
// conventions (markers, placeholders, fixture files) are documented in README's Development
// section; test/e2e/examples-*.test.ts run them against the sandbox.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadCommands } from '../../src/manifest/index.js';
import type { CmdSpec } from '../../src/manifest/types.js';

const commands = await loadCommands();

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Example {
  /** Where it is written: `chatcrm teams get --help` or `docs/chat.md:42`. */
  source: string;
  /** The shell command line, without its comment. */
  cmd: string;
  /** The exit code it shows (0 unless marked). */
  exit: number;
  /** Why it cannot run as a one-shot command (a server, a prompt, a system path). */
  notRun?: string;
  /**
   * A docs line that starts a sandbox on a port (`chatcrm sandbox --port 4010 ...`): the runner
   * starts one in-process instead (with the line's --api-key), and `http://127.0.0.1:4010` in the
   * block's later lines is its address.
   */
  serves?: { port: number; apiKey?: string };
}

/** `chatcrm sandbox --port N [--api-key K] ...`, the server itself (not one of its subcommands). */
export function servesOf(cmd: string): Example['serves'] {
  if (!/^chatcrm sandbox\s+-/.test(cmd)) return undefined;
  const port = /\s--port\s+(\d+)/.exec(cmd);
  return port ? { port: Number(port[1]), apiKey: /\s--api-key\s+(\S+)/.exec(cmd)?.[1] } : undefined;
}

/** Examples that run in order against one fresh sandbox, in one folder. */
export interface ExampleGroup {
  name: string;
  examples: Example[];
}

/** Split a shell line at its comment: a `#` that starts a word outside quotes. */
export function splitComment(line: string): { cmd: string; comment?: string } {
  let quote: string | undefined;
  let wordStart = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '#' && wordStart) return { cmd: line.slice(0, i).trimEnd(), comment: line.slice(i + 1).trim() };
    else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    wordStart = !quote && /\s/.test(c);
  }
  return { cmd: line.trimEnd() };
}

/** The marker at the start of a line's comment: `# exit 2: why` or (in docs) `# not run: why`. */
export function marker(comment = ''): Pick<Example, 'exit' | 'notRun'> {
  const exit = /^exit (\d+)\b/.exec(comment);
  if (exit) return { exit: Number(exit[1]) };
  const notRun = /^not run:\s*(.*)$/.exec(comment);
  return notRun ? { exit: 0, notRun: notRun[1].trim() } : { exit: 0 };
}

/**
 * One group per top-level command with subcommands, and one for the others (login, logout,
 * whoami, api, ...: they share the profiles login makes); examples depth first, in the order
 * --help lists them.
 */
export function manifestGroups(tree: CmdSpec[] = commands): ExampleGroup[] {
  const walk = (spec: CmdSpec, path: string[]): Example[] => [
    ...(spec.examples ?? []).map((e): Example => {
      const source = `chatcrm ${path.join(' ')} --help`;
      if (typeof e !== 'string') return { source, cmd: e.cmd, exit: 0, notRun: e.notRun };
      const { cmd, comment } = splitComment(e);
      return { source, cmd, ...marker(comment) };
    }),
    ...(spec.subcommands ?? []).flatMap((s) => walk(s, [...path, s.name])),
  ];
  const leaves = tree.filter((c) => !c.subcommands);
  const groups = tree.filter((c) => c.subcommands).map((c) => ({ name: `chatcrm ${c.name}`, examples: walk(c, [c.name]) }));
  groups.push({ name: `chatcrm ${leaves.map((c) => c.name).join(', ')}`, examples: leaves.flatMap((c) => walk(c, [c.name])) });
  return groups.filter((g) => g.examples.length);
}

/** The markdown files whose examples are run: README.md and docs/*.md but the generated reference. */
export const DOC_FILES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'commands.md').sort().map((f) => `docs/${f}`)];

const SHELL_BLOCKS = new Set(['sh', 'bash', 'shell']);
/** A command line that runs chatcrm: `chatcrm …`, or a pipeline into it (`printf … | chatcrm …`). */
const RUNS_CHATCRM = /^chatcrm(\s|$)|\|\s*chatcrm\s/;

interface Block {
  lang: string;
  /** `file=NAME` in the info string: the block is the content of NAME for the examples. */
  file?: string;
  start: number;
  lines: string[];
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let open: Block | undefined;
  text.split('\n').forEach((line, i) => {
    const fence = /^```(\S*)\s*(.*)$/.exec(line);
    if (!fence) return void open?.lines.push(line);
    if (open) {
      out.push(open);
      open = undefined;
    } else open = { lang: fence[1], file: /(?:^|\s)file=(\S+)/.exec(fence[2])?.[1], start: i + 2, lines: [] };
  });
  return out;
}

/**
 * The examples of a markdown file, a group per code block (each block is one story, run
 * against its own sandbox): in ```sh blocks every line that runs chatcrm (with or without a
 * `$ ` prompt), in plain ``` blocks (transcripts) the `$ ` lines. A line ending in `\` goes
 * on on the next.
 */
export function docGroupsOf(file: string, text = readFileSync(join(ROOT, file), 'utf8')): ExampleGroup[] {
  const out: ExampleGroup[] = [];
  for (const b of blocks(text)) {
    if (b.file || !(b.lang === '' || SHELL_BLOCKS.has(b.lang))) continue;
    const examples: Example[] = [];
    for (let i = 0; i < b.lines.length; i++) {
      const at = b.start + i;
      let line = b.lines[i];
      while (line.endsWith('\\') && i + 1 < b.lines.length) line = line.slice(0, -1) + b.lines[++i].trimStart();
      const prompted = line.startsWith('$ ');
      if (b.lang === '' && !prompted) continue;
      const { cmd, comment } = splitComment(prompted ? line.slice(2) : line);
      const m = marker(comment);
      // A server marked `not run:` is only shown; one that is not is started for the block.
      if (RUNS_CHATCRM.test(cmd)) examples.push({ source: `${file}:${at}`, cmd, ...m, serves: m.notRun === undefined ? servesOf(cmd) : undefined });
    }
    if (examples.length) out.push({ name: `${file}:${b.start - 1}`, examples });
  }
  return out;
}

export const docGroups = (): ExampleGroup[] => DOC_FILES.flatMap((f) => docGroupsOf(f));

/** Files the docs show in full (```yaml file=flow.yaml): name → content. */
export function docFixtures(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of DOC_FILES) {
    for (const b of blocks(readFileSync(join(ROOT, f), 'utf8'))) if (b.file) out[b.file] = `${b.lines.join('\n')}\n`;
  }
  return out;
}
