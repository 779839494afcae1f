// Reading a workspace file (YAML or JSON, `-` for stdin): `${env:NAME}` filled from the
// environment, then the schema, duplicate keys and references between records, every problem
// named by file, line and field. parseWorkspace is pure (the unit tests and `validate` use it).
import { LineCounter, parseDocument, isScalar, visit, type Document } from 'yaml';
import type { Context } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import { issuePath } from '../../schemas/problems.js';
import { checkFlow } from '../../schemas/flows.js';
import { AREA, AREAS, references, type AreaName } from './areas.js';
import { workspaceFileSchema, type WorkspaceFile } from './schema.js';

export interface FileProblem {
  line?: number;
  field: string;
  message: string;
}

export interface Parsed {
  data?: WorkspaceFile;
  problems: FileProblem[];
}

type Path = (string | number)[];

export const problemLine = (file: string, p: FileProblem) => `${file}${p.line ? `:${p.line}` : ''}: ${p.field ? `${p.field}: ` : ''}${p.message}`;

const ENV_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function parseWorkspace(text: string, env: NodeJS.ProcessEnv): Parsed {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : lines.linePos(offset).line);
  if (doc.errors.length) {
    const e = doc.errors[0];
    return { problems: [{ line: lineAt(e.pos[0]), field: '', message: `not valid YAML or JSON: ${e.message.split('\n')[0]}` }] };
  }
  const unset = fillEnv(doc, env);
  if (unset) return { problems: [{ line: lineAt(unset.offset), field: '', message: `\${env:${unset.name}}: environment variable ${unset.name} is not set` }] };
  const where = (path: Path) => lineAt(nodeAt(doc, path)?.[0]);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    // An alias to no anchor, or aliases that would multiply the document (a "billion laughs").
    return { problems: [{ field: '', message: `not valid YAML or JSON: ${(err as Error).message.split('\n')[0]}` }] };
  }
  const r = workspaceFileSchema.safeParse(value, { reportInput: true });
  if (!r.success) {
    return {
      problems: r.error.issues.map((i) => {
        const keys = i.code === 'unrecognized_keys' ? i.keys : [];
        const path = [...i.path, ...keys.slice(0, 1)].map((p) => (typeof p === 'number' ? p : String(p)));
        const message = keys.length ? `unknown field (expected version or one of ${AREAS.join(', ')})` : i.code === 'invalid_type' && i.input === undefined ? 'is required' : i.message;
        return { line: where(path), field: issuePath(path) || '(top)', message };
      }),
    };
  }
  const problems = [...duplicates(r.data), ...oneDefault(r.data), ...dangling(r.data), ...flowProblems(r.data)].map((p) => ({ line: where(p.path), field: issuePath(p.path), message: p.message }));
  return problems.length ? { problems } : { data: r.data, problems };
}

/** Replace `${env:NAME}` in every string value; the first unset name, with where it is. */
function fillEnv(doc: Document, env: NodeJS.ProcessEnv): { name: string; offset?: number } | undefined {
  let unset: { name: string; offset?: number } | undefined;
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string' || !node.value.includes('${env:')) return;
      node.value = node.value.replace(ENV_REF, (_m, name: string) => {
        const v = env[name];
        if (v === undefined) unset ??= { name, offset: node.range?.[0] };
        return v ?? '';
      });
      if (unset) return visit.BREAK;
    },
  });
  return unset;
}

/** The range of the node at a path, or of its nearest parent in the file (a missing field). */
function nodeAt(doc: Document, path: Path): [number, number, number] | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && (isScalar(node) || node.range)) return node.range;
  }
  return undefined;
}

interface Found {
  path: Path;
  message: string;
}

const norm = (v: unknown) => String(v).trim().toLowerCase();

const areaRecords = (data: WorkspaceFile, area: AreaName) => (data[area] ?? []) as Record<string, unknown>[];

/** Two records of an area with one natural key (compared as the service compares names: in any case). */
function duplicates(data: WorkspaceFile): Found[] {
  const out: Found[] = [];
  for (const area of AREAS) {
    const key = AREA[area].key;
    const seen = new Map<string, number>();
    areaRecords(data, area).forEach((r, i) => {
      const k = norm(r[key]);
      const first = seen.get(k);
      if (first !== undefined) out.push({ path: [area, i, key], message: `duplicate: ${area}[${first}] has the same ${key} "${String(r[key])}"` });
      else seen.set(k, i);
    });
  }
  return out;
}

/** The service keeps exactly one default currency. */
function oneDefault(data: WorkspaceFile): Found[] {
  const defaults = (data.currencies ?? []).flatMap((c, i) => (c.is_default === true ? [i] : []));
  return defaults.slice(1).map((i) => ({ path: ['currencies', i, 'is_default'], message: `a second default currency (currencies[${defaults[0]}] is the default; there is one)` }));
}

/** A reference to an area the file lists must name one of its records. */
function dangling(data: WorkspaceFile): Found[] {
  const out: Found[] = [];
  for (const area of AREAS) {
    areaRecords(data, area).forEach((r, i) => {
      for (const ref of references(r, [area, i])) {
        if (data[ref.area] === undefined) continue;
        const known = new Set(areaRecords(data, ref.area).map((x) => norm(x[AREA[ref.area].key])));
        const missing = ref.names.filter((n) => !known.has(norm(n)));
        if (missing.length) out.push({ path: ref.path, message: `no ${ref.area} record named "${missing[0]}" in the file` });
      }
    });
  }
  return out;
}

/** A flow's screens and gotos, checked as `flows validate` checks them. */
function flowProblems(data: WorkspaceFile): Found[] {
  return (data.flows ?? []).flatMap((f, i) => {
    const { status: _status, ...definition } = f;
    return checkFlow(definition).problems.map((p) => ({ path: [`flows`, i, ...pathParts(p.path)], message: p.message }));
  });
}

const pathParts = (p: string): Path => p.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** The file (or stdin), parsed; the first problem is a usage error (validate prints them all). */
export async function readWorkspace(ctx: Context, source: string): Promise<{ name: string; data: WorkspaceFile }> {
  const { name, text } = await readSource(ctx, source);
  const { data, problems } = parseWorkspace(text, ctx.env);
  if (!data) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more: see \`chatcrm workspace validate\`)` : '';
    throw new UsageError(`${problemLine(name, problems[0])}${more}`);
  }
  return { name, data };
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
    const { createReadStream, statSync } = await import('node:fs');
    if (statSync(source).size > MAX_FILE_BYTES) throw tooLarge(source);
    return { name: source, text: await readCapped(createReadStream(source), source) };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${source}: cannot read: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message}`);
  }
}
