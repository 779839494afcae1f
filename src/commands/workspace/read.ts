// Reading a workspace file (YAML or JSON, `-` for stdin): `${env:CHATCRM_WS_NAME}` filled from
// the environment, then the schema, duplicate keys, fields the server owns and references
// between records, every problem named by file, line and field (a filled-in value shown as the
// file wrote it). parseWorkspace is pure (the unit tests and `validate` use it).
import { LineCounter, parseDocument, isPair, isScalar, isSeq, visit, type Document } from 'yaml';
import type { Context } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import { issuePath } from '../../schemas/problems.js';
import { checkValue, type Found, type Path } from './record-checks.js';
import { Masker } from './mask.js';
import { quickLoad } from './quick-load.js';
import type { WorkspaceFile } from './schema.js';

export interface FileProblem {
  line?: number;
  field: string;
  message: string;
}

export interface Parsed {
  data?: WorkspaceFile;
  problems: FileProblem[];
  /** What the file may hold but sync may refuse: an id no record of the file has (a dump's dangling reference). */
  warnings: FileProblem[];
  /** What may be printed of the values filled in from the environment. */
  masker: Masker;
}


export const problemLine = (file: string, p: FileProblem) => `${file}${p.line ? `:${p.line}` : ''}: ${p.field ? `${p.field}: ` : ''}${p.message}`;

// `${env:NAME}` or `${env:NAME:-default}`.
const ENV_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
/** A file from a pull request must not read the CI's other secrets (decK reads only DECK_*). */
const ENV_PREFIX = 'CHATCRM_WS_';

export function parseWorkspace(text: string, env: NodeJS.ProcessEnv): Parsed {
  const quick = quickLoad(text);
  if (quick) {
    // Lines are found only when there is something to say: then the file is read again, slowly.
    const c = checkValue(quick.value, () => undefined);
    if (c.data && !c.problems.length && !c.warnings.length) return { data: c.data, problems: [], warnings: [], masker: new Masker([]) };
  }
  return parseLocated(text, env);
}

/** The file read with every node's place, so that each problem names its line (the slow path: exported for the tests that compare both). */
export function parseLocated(text: string, env: NodeJS.ProcessEnv): Parsed {
  const lines = new LineCounter();
  // Merge keys (`<<: *base`) are merged, as YAML 1.1 defines them, not passed on as a field.
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, merge: true });
  const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : lines.linePos(offset).line);
  const none = new Masker([]);
  if (doc.errors.length) {
    const e = doc.errors[0];
    return { problems: [{ line: mistakeLine(text, e.pos[0], lineAt), field: '', message: `not valid YAML or JSON: ${yamlMessage(e.message)}` }], warnings: [], masker: none };
  }
  // Nothing but blanks and comments: not a file without `version` (what CI gets from an empty pipe).
  if (doc.contents === null) return { problems: [{ field: '', message: 'the input is empty (a workspace file starts with `version: 1`)' }], warnings: [], masker: none };
  const { refused, filled } = fillEnv(doc, env);
  if (refused) return { problems: [{ line: lineAt(refused.offset), field: '', message: refused.message }], warnings: [], masker: none };
  const where = (path: Path) => lineAt(nodeAt(doc, path)?.[0]);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    // An alias to no anchor, or aliases that would multiply the document (a "billion laughs").
    return { problems: [{ field: '', message: `not valid YAML or JSON: ${(err as Error).message.split('\n')[0]}` }], warnings: [], masker: none };
  }
  const c = checkValue(value, (path) => sourceAt(doc, text, path));
  // A filled-in value as read, and as the schema left it (trimmed, upper-cased).
  const masker = new Masker(filled.map((f) => ({ template: f.template, values: [f.value, ...(c.data ? [valueAt(c.data, f.path)] : [])].filter((v): v is string => typeof v === 'string') })));
  const masked = (p: FileProblem) => ({ ...p, message: masker.text(p.message) });
  const found = (p: Found) => masked({ line: where(p.path), field: issuePath(p.path) || '(top)', message: p.message });
  // Schema problems (and server fields) in the file's order.
  if (!c.data) return { problems: c.problems.map(found).sort((a, b) => (a.line ?? 0) - (b.line ?? 0)), warnings: [], masker };
  return c.problems.length ? { problems: c.problems.map(found), warnings: [], masker } : { data: c.data, problems: [], warnings: c.warnings.map(found), masker };
}

/** The parser's message without its own position and excerpt (` at line 5, column 1:` and the lines after): the line is ours. */
const yamlMessage = (m: string) => m.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '');

/**
 * The line of a parse error. One found at the end of the input (an unclosed `[` or quote) is
 * reported by the parser past the last line: the mistake is on the last line written.
 */
function mistakeLine(text: string, offset: number, lineAt: (offset: number) => number | undefined): number | undefined {
  const written = text.slice(0, offset).trimEnd().length;
  return lineAt(text.slice(offset).trim() === '' && written > 0 ? written - 1 : offset);
}

/** The text of the value at a path as the file writes it (before variables are filled). */
function sourceAt(doc: Document, text: string, path: Path): string | undefined {
  const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  return node?.range && text.slice(node.range[0], node.range[1]);
}

const valueAt = (data: unknown, path: Path) => path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), data);

/** The keys and indexes from the document to a node. */
function keyPath(ancestors: readonly unknown[], node: unknown): Path {
  const chain = [...ancestors, node];
  const out: Path = [];
  chain.forEach((a, i) => {
    if (isPair(a)) out.push(String(isScalar(a.key) ? a.key.value : a.key));
    else if (isSeq(a)) out.push(a.items.indexOf(chain[i + 1] as never));
  });
  return out;
}

interface FilledAt {
  path: Path;
  value: string;
  template: string;
}

/**
 * One text with its `${env:NAME}` filled in (a saved plan's are filled again when it is applied):
 * only CHATCRM_WS_* names, set and not empty unless the text gives a default; else the refusal.
 */
export function fillText(template: string, env: NodeJS.ProcessEnv): string | { refused: string } {
  let refused: string | undefined;
  const value = template.replace(ENV_REF, (ref: string, name: string, fallback: string | undefined) => {
    const v = env[name];
    if (!name.startsWith(ENV_PREFIX)) refused ??= `${ref}: a workspace file reads only variables named ${ENV_PREFIX}* (${name} is not one)`;
    else if (v === undefined && fallback === undefined) refused ??= `${ref}: environment variable ${name} is not set`;
    else if (v === '' && fallback === undefined) refused ??= `${ref}: environment variable ${name} is empty (give a default: \${env:${name}:-default})`;
    return v || fallback || '';
  });
  return refused === undefined ? value : { refused };
}

/**
 * Replace `${env:NAME}` in every string value: only CHATCRM_WS_* names, set and not empty unless
 * the file gives a default. The first refusal, with where it is; each filled value, with its text.
 */
function fillEnv(doc: Document, env: NodeJS.ProcessEnv): { refused?: { message: string; offset?: number }; filled: FilledAt[] } {
  let refused: { message: string; offset?: number } | undefined;
  const filled: FilledAt[] = [];
  visit(doc, {
    Scalar(key, node, ancestors) {
      if (key === 'key' || typeof node.value !== 'string' || !node.value.includes('${env:')) return;
      const template = node.value;
      const value = fillText(template, env);
      if (typeof value !== 'string') {
        refused = { message: value.refused, offset: node.range?.[0] };
        return visit.BREAK;
      }
      node.value = value;
      if (value !== template) filled.push({ path: keyPath(ancestors, node), value, template });
    },
  });
  return { refused, filled };
}

/** The range of the node at a path, or of its nearest parent in the file (a missing field). */
function nodeAt(doc: Document, path: Path): [number, number, number] | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && (isScalar(node) || node.range)) return node.range;
  }
  return undefined;
}

/** The file (or stdin), parsed; the first problem is a usage error (validate prints them all). */
export async function readWorkspace(ctx: Context, source: string): Promise<{ name: string; data: WorkspaceFile; masker: Masker }> {
  const { name, text } = await readSource(ctx, source);
  const { data, problems, masker } = parseWorkspace(text, ctx.env);
  if (!data) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more: see \`chatcrm workspace validate\`)` : '';
    throw new UsageError(`${problemLine(name, problems[0])}${more}`);
  }
  return { name, data, masker };
}

/**
 * The largest workspace file read. Parsing and checking one take ~90 times its size in memory
 * (measured: 8 MiB of short records, 0.8 GB; 32 MiB, 2.8 GB and over a minute).
 */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

const tooLarge = (name: string) => new UsageError(`${name}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB, the most a workspace file may be`);

/** A stream's text, refused as soon as it passes the cap (a pipe or /dev/zero has no size to ask first). */
async function readCapped(stream: AsyncIterable<Buffer | string>, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    const b = Buffer.from(c);
    size += b.length;
    if (size > MAX_FILE_BYTES) throw tooLarge(name);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readSource(ctx: Context, source: string): Promise<{ name: string; text: string }> {
  if (source === '-') return { name: '<stdin>', text: await readCapped(ctx.io.stdin, '<stdin>') };
  try {
    const { createReadStream, readFileSync, statSync } = await import('node:fs');
    const stat = statSync(source);
    if (stat.size > MAX_FILE_BYTES) throw tooLarge(source);
    if (!stat.isFile()) return { name: source, text: await readCapped(createReadStream(source), source) };
    // A file of known size in one read (a stream of 64 KiB chunks waits a turn for each); one
    // that grew since is refused all the same.
    const bytes = readFileSync(source);
    if (bytes.length > MAX_FILE_BYTES) throw tooLarge(source);
    return { name: source, text: bytes.toString('utf8') };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${source}: cannot read: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message}`);
  }
}
