// Every list command: one page (with a note on stderr when more exist), or with --all every
// page, followed in any response shape shapeOf() knows. jsonl, csv and json stream page by
// page; table and yaml (and --query, which sees every record) collect. A page that repeats
// the previous one (a server ignoring `page`) ends the loop with a warning. A 2xx that is not a
// list, or says `success: false`, is an error naming the request (exit 7), never an empty list.
import type { Context } from '../runtime/context.js';
import type { OptsOf } from '../runtime/options.js';
import type { PAGE_OPTIONS } from '../runtime/option-lists.js';
import { ResponseError, UsageError } from '../core/errors.js';
import { MAX_LIMIT, morePages, notAList, pageCount, recordId, shapeOf, type Shape } from '../core/output/shape.js';
import type { View } from '../core/output/print.js';
import type { OutputFormat } from '../config/settings.js';

export interface PageFlags {
  page?: number;
  limit?: number;
  all: boolean;
  maxItems?: number;
}

export interface ListSource {
  /** The request, as an answer that is not a list names it: `GET /api/tags`, `tool list_contacts`. */
  what: string;
  /** Any answer is printed as it came, a list or not (`api --paginate`, a raw request). */
  anyShape?: boolean;
  /** The body of one page; undefined after --dry-run. */
  fetch(page: number | undefined, limit: number | undefined): Promise<unknown>;
  view?: View;
  /** Adds derived fields to each record (flows: `state`). */
  map?: (r: Record<string, unknown>) => void;
  /** The format, when the command has its own default (`api`: json). */
  format?: OutputFormat;
  /** The server picks the page size (`api --paginate` sends no limit of its own). */
  serverLimit?: boolean;
}

function whole(v: unknown, flag: string, min: number, max?: number): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  const n = Number(s);
  if (!/^\d+$/.test(s) || n < min || (max !== undefined && n > max)) {
    throw new UsageError(`${flag}: must be a whole number ${max !== undefined ? `from ${min} to ${max}` : `of at least ${min}`}, got "${s}"`);
  }
  return n;
}

/** The flags of PAGE_OPTIONS, as a command that declares them receives them. */
export type PageOpts = OptsOf<typeof PAGE_OPTIONS>;

/** --page, --limit (1–100), --all, --max-items (which implies --all). */
export function pageFlags(opts: PageOpts): PageFlags {
  const maxItems = whole(opts.maxItems, '--max-items', 1);
  return {
    page: whole(opts.page, '--page', 1),
    limit: whole(opts.limit, '--limit', 1, MAX_LIMIT),
    all: Boolean(opts.all) || maxItems !== undefined,
    maxItems,
  };
}

/** Enough of a page to tell it from the next: a server ignoring `page` sends the same again. */
export function pageKey(records: Record<string, unknown>[]): string {
  const id = (r: Record<string, unknown> | undefined) => (r === undefined ? '' : (recordId(r) ?? JSON.stringify(r)));
  return `${records.length}:${id(records[0])}:${id(records[records.length - 1])}`;
}

/** The shape of a list answer; one that is not a list is an error naming the request (and the page past the first). */
export function listShape(what: string, body: unknown, page: number | undefined, status?: number): Shape {
  const why = notAList(body);
  if (why) throw new ResponseError(`the answer to ${what}${page && page > 1 ? ` (page ${page})` : ''} is not a list: ${why}`, status, 'bad_answer');
  return shapeOf(body);
}

const pageShape = (src: ListSource, body: unknown, page: number | undefined) => (src.anyShape ? shapeOf(body) : listShape(src.what, body, page));

export async function runList(ctx: Context, opts: PageOpts, src: ListSource): Promise<void> {
  const flags = pageFlags(opts);
  if (!flags.all) {
    const body = await src.fetch(flags.page, flags.limit);
    if (body === undefined) return;
    const shape = pageShape(src, body, flags.page);
    if (src.map) for (const r of shape.records ?? []) src.map(r);
    return ctx.print(body, src.view);
  }
  return fetchAll(ctx, src, flags);
}

async function fetchAll(ctx: Context, src: ListSource, flags: PageFlags): Promise<void> {
  const { io } = ctx;
  const { listSink, printResult } = await import('../core/output/print.js');
  const options = { ...ctx.printOptions(), ...(src.format ? { format: src.format } : {}) };
  const collect = options.query !== undefined;
  const sink = collect ? undefined : listSink(io, options, src.view);
  const kept: Record<string, unknown>[] = [];
  const progress = io.stderrIsTTY ? (line: string) => io.redraw(line) : undefined;
  const limit = flags.limit ?? MAX_LIMIT;
  const start = flags.page ?? 1;
  let page = start;
  let got = 0;
  let previous: string | undefined;
  let firstSize: number | undefined;
  try {
    for (;;) {
      const body = await src.fetch(page, limit);
      if (body === undefined) return;
      const shape = pageShape(src, body, page);
      // Not a list after all (a raw request), or nothing on the first page (past the end, say): show it as one page.
      if (!shape.records || (page === start && !shape.records.length)) {
        if (page === start) return printResult(io, body, options, src.view);
        break;
      }
      const key = pageKey(shape.records);
      if (key === previous) {
        progress?.('');
        io.err(`Warning: page ${page} repeats page ${page - 1} (the server seems to ignore "page"); stopped after ${got} records`);
        break;
      }
      previous = key;
      let records = shape.records;
      if (src.map) records.forEach(src.map);
      if (flags.maxItems !== undefined && got + records.length > flags.maxItems) records = records.slice(0, flags.maxItems - got);
      if (sink) {
        progress?.('');
        await sink.add(records);
      } else kept.push(...records);
      got += records.length;
      const more = morePages(shape.pagination, shape.records.length);
      const pages = pageCount(shape.pagination);
      const total = shape.pagination?.total;
      firstSize ??= shape.records.length;
      if (more !== false) progress?.(`Fetched ${got}${total !== undefined ? ` of ${total}` : ''} records (page ${page}${pages !== undefined ? ` of ${pages}` : ''})…`);
      if (flags.maxItems !== undefined && got >= flags.maxItems) break;
      // Without a word on pages, a page shorter than a full one is the last: a full page is the
      // server's stated limit, else the one asked for (api --paginate asks none: its first page).
      const full = shape.pagination?.limit ?? (src.serverLimit ? firstSize : limit);
      if (more === false || !shape.records.length || (more === undefined && shape.records.length < full)) break;
      page++;
    }
  } catch (err) {
    // What was written stays valid output (json closes its array) before the error exits.
    if (got > 0) await sink?.end();
    throw err;
  } finally {
    progress?.('');
  }
  if (sink) await sink.end();
  else await printResult(io, kept, options, src.view);
}
