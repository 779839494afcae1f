// api METHOD PATH: a raw request (gh api style) for areas without a command. The body of
// the answer goes to stdout as it is; an error status also gives a one-line error and the
// exit code of that status.
import { readFile, stat } from 'node:fs/promises';
import { errorMessage } from '../../api/errors-body.js';
import type { RequestOptions } from '../../api/types.js';
import type { Part } from '../../api/multipart.js';
import type { Context } from '../../runtime/context.js';
import { ApiError, UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { API_OPTIONS } from './options.js';
import { nestFields, parseField, parseHeader, queryString, type Field } from './api-args.js';

type Opts = OptsOf<typeof API_OPTIONS>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Methods whose -f fields go in the query string (they rarely carry a body). */
const QUERY_METHODS = new Set(['GET', 'DELETE']);

/** A path on the configured service, or a full URL on the same origin: the key goes nowhere else. */
function checkPath(ctx: Context, path: string, mcp: boolean): string {
  if (path.startsWith('/')) return path;
  if (!/^https?:\/\//i.test(path)) throw new UsageError(`PATH: must start with / (or be a full URL on the service), got "${path}"`);
  const root = mcp ? ctx.settings.mcpUrl : ctx.settings.baseUrl;
  let url: URL;
  try {
    url = new URL(path);
  } catch {
    throw new UsageError(`PATH: not a valid URL: ${path}`);
  }
  if (!root || url.origin !== new URL(root).origin) {
    throw new UsageError(`PATH: ${url.origin} is not the configured ${mcp ? 'tool endpoint' : 'API'} (${root ?? 'none'}); the key is only sent there`);
  }
  return url.toString();
}

async function fileParts(args: string[]): Promise<Part[]> {
  const parts: Part[] = [];
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new UsageError(`-F, --file-field: expected key=@file or key=value, got "${arg}"`);
    const name = arg.slice(0, eq);
    const value = arg.slice(eq + 1);
    if (!value.startsWith('@')) {
      parts.push({ name, value });
      continue;
    }
    const path = value.slice(1);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new UsageError(`-F, --file-field: ${name}: ${info ? 'not a file' : 'no such file'}: ${path}`);
    parts.push({ name, path });
  }
  return parts;
}

async function readInput(ctx: Context, input: string): Promise<Buffer> {
  if (input === '-') return Buffer.from(await ctx.readStdin());
  try {
    return await readFile(input);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`--input: cannot read ${input}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message}`);
  }
}

/** The request body (and where fields go) from -f, -F and --input. */
async function body(ctx: Context, method: string, path: string, opts: Opts, headers: Record<string, string>): Promise<Partial<RequestOptions> & { path: string }> {
  const fields: Field[] = (opts.field ?? []).map((f) => parseField(f));
  const files = opts.fileField ?? [];
  const { input } = opts;
  if (input !== undefined && (fields.length || files.length)) throw new UsageError('--input: cannot be combined with -f/--field or -F/--file-field');
  if (files.length) {
    const plain = fields.map(({ key, value }) => ({ name: key, value: typeof value === 'string' ? value : JSON.stringify(value) }));
    const { multipart } = await import('../../api/multipart.js');
    return { path, form: multipart([...plain, ...(await fileParts(files))]) };
  }
  if (input !== undefined) {
    const raw = await readInput(ctx, input);
    if (!raw.length) return { path };
    try {
      return { path, json: JSON.parse(raw.toString('utf8')) };
    } catch {
      headers['content-type'] ??= 'application/octet-stream';
      return { path, raw };
    }
  }
  if (!fields.length) return { path };
  if (QUERY_METHODS.has(method)) {
    nestFields(fields); // the same checks as for a body
    return { path: `${path}${path.includes('?') ? '&' : '?'}${queryString(fields)}` };
  }
  return { path, json: nestFields(fields) };
}

function failed(res: { status: number; body: unknown }): ApiError {
  const message = errorMessage(res.body, res.status);
  return new ApiError(message.startsWith(`HTTP ${res.status}`) ? message : `${message} (HTTP ${res.status})`, res.status, res.body);
}

/** `path` with `page` (and `limit`, when given) set in its query string. */
export function pagePath(path: string, page: number | undefined, limit: number | undefined): string {
  const url = new URL(path, 'http://placeholder');
  if (page !== undefined) url.searchParams.set('page', String(page));
  if (limit !== undefined && !url.searchParams.has('limit')) url.searchParams.set('limit', String(limit));
  return /^https?:\/\//i.test(path) ? url.toString() : url.pathname + url.search;
}

/**
 * --paginate: every page of a GET, its records printed as one list (json by default; -o
 * jsonl/csv stream). `-f page=N` starts there; the server's own page size is kept unless
 * `-f limit=N` says otherwise.
 */
async function paginate(ctx: Context, path: string, headers: Record<string, string>, mcp: boolean): Promise<void> {
  const start = new URL(path, 'http://placeholder').searchParams.get('page');
  const api = await ctx.api();
  const { runList } = await import('../list.js');
  await runList(ctx, { all: true, page: start ?? undefined }, {
    what: `GET ${path}`,
    anyShape: true,
    format: apiFormat(ctx),
    serverLimit: true,
    fetch: async (page) => {
      const res = await api.request({ method: 'GET', path: pagePath(path, page, undefined), base: mcp ? 'mcp' : 'api', headers, allowErrors: true });
      if (res.dryRun) return undefined;
      if (res.status >= 400) {
        if (res.body !== undefined) showRaw(ctx, res.body);
        throw failed(res);
      }
      return res.body;
    },
  });
}

export const run: Run<Opts> = async (ctx, { args, opts }) => {
  const method = String(args.METHOD).toUpperCase();
  if (!METHODS.includes(method)) throw new UsageError(`METHOD: must be one of ${METHODS.join(', ')}, got "${String(args.METHOD)}"`);
  if (opts.paginate && method !== 'GET') throw new UsageError(`--paginate: follows the pages of a GET, not ${method}`);
  const mcp = Boolean(opts.mcp);
  const headers = Object.fromEntries((opts.header ?? []).map(parseHeader));
  if ('x-api-key' in headers) {
    throw new UsageError('-H, --header: the key is never given as a flag (shell history and the process list would show it); it comes from the profile or CHATCRM_API_KEY');
  }
  const req = await body(ctx, method, checkPath(ctx, String(args.PATH), mcp), opts, headers);
  if (opts.paginate) return paginate(ctx, req.path, headers, mcp);
  const api = await ctx.api();
  // Any answer is shown as it came, a 204 included.
  const res = await api.request({ ...req, method, base: mcp ? 'mcp' : 'api', headers, allowErrors: true, noContent: true });
  if (res.dryRun) return;
  if (res.status >= 400) {
    // An error body is shown as it came: --fields and --query describe the answer hoped for.
    if (res.body !== undefined) showRaw(ctx, res.body);
    throw failed(res);
  }
  if (res.body !== undefined) await printBody(ctx, res.body);
};

/** A body as it came: text sanitized, JSON exact. */
const showRaw = (ctx: Context, body: unknown) => (typeof body === 'string' ? ctx.io.out(body) : ctx.io.data(JSON.stringify(body, null, 2)));

/** api prints JSON unless -o names another format on the command line. */
const apiFormat = (ctx: Context) => (ctx.flags.output === undefined ? 'json' : ctx.settings.output);

/**
 * The body as it is, unless --query, -o, -q or --fields ask for more: then what --query makes
 * of it (or, without one, the records found in it, as any command prints them) in that form.
 */
async function printBody(ctx: Context, value: unknown): Promise<void> {
  const s = ctx.settings;
  const format = apiFormat(ctx);
  const shaped = format !== 'json' || s.quiet || s.fields !== undefined;
  if (typeof value === 'string' || (s.query === undefined && !shaped)) return showRaw(ctx, value);
  let result = value;
  if (s.query !== undefined) {
    const { applyQuery } = await import('../../core/output/query.js');
    result = await applyQuery(value, s.query);
    if (!shaped) return ctx.io.data(JSON.stringify(result, null, 2));
    result = Array.isArray(result) ? result : { data: result };
  }
  const { printResult } = await import('../../core/output/print.js');
  await printResult(ctx.io, result, { ...ctx.printOptions(), format, query: undefined });
}
