// Renders a result in the chosen format. stdout carries only the result; the server's
// message, the pagination note and warnings go to stderr. Lists go through a sink that
// writes jsonl, csv and json page by page (so `--all` keeps memory flat) and collects only
// for table and yaml. Server text in table and csv cells is sanitized (controls visible, csv
// formulas defused); the machine formats (json, jsonl, yaml, csv) go out through io.data, the
// server's text as it is but for the CLI's own secrets; the table through io.out, which also
// hides URL userinfo.
import { once } from 'node:events';
import { Styled, type IO } from '../io.js';
import type { OutputFormat } from './formats.js';
import { UsageError } from '../errors.js';
import { sanitizeCell } from '../sanitize.js';
import { csvCell, tableCell } from './cells.js';
import { unknownField } from './fields.js';
import { shapeOf, recordId, pickFields, getPath, isObj, morePages, pageCount, type Pagination, type Shape } from './shape.js';
import { isIdField, renderColumns, renderKeyValue, type Column } from './table.js';
import type { SummaryKind } from './summaries.js';

export interface View {
  /** Table columns (dot paths) for list answers; inferred when absent. */
  columns?: string[];
  /** Columns a narrow terminal drops first, in this order (every list view declares them). */
  drop?: string[];
  /** Text columns a narrow terminal shortens (after dropping) before any other. */
  cut?: string[];
  /** The field -q prints (default: _id, id, or the first *_id). */
  id?: string;
  /** Print this instead of the envelope's message on success (table mode, stderr); `{field}` is filled from the record. */
  success?: string;
  /** The request was done but what it waited for was not: that note is marked ✗ (failed) or … (still pending), not ✓. */
  mark?: 'failed' | 'pending';
  /**
   * A state change: table mode prints this one ✓ line instead of the record (which --json and
   * the other formats still print). `{field}` is filled as in `success`; `{flag?yes|no}` words a boolean.
   */
  state?: string;
  /** A readable summary (or a drawing, on a TTY) instead of the key/value view in table mode. */
  summary?: SummaryKind;
}

export interface PrintOptions {
  format: OutputFormat;
  fields?: string[];
  quiet?: boolean;
  /** JMESPath expression applied to the records (or the record) before printing. */
  query?: string;
  /**
   * The command sent a request other than GET (something may have changed): the server's
   * message is worth a ✓ line, and an unknown --fields name must not turn a done request into
   * "exit 2, nothing sent" (a warning, not an error). After reads, neither.
   */
  wrote?: boolean;
}

/** The header row: field names can be the server's keys, so they are cells like any other. */
const csvRow = (names: string[]) => names.map(csvCell).join(',');

export function inferColumns(records: Record<string, unknown>[]): string[] {
  const keys: string[] = [];
  for (const r of records.slice(0, 50)) for (const k of Object.keys(r)) if (!keys.includes(k) && k !== '__v') keys.push(k);
  const id = keys.find((k) => k === '_id' || k === 'id');
  const scalar = keys.filter((k) => k !== id && records.some((r) => r[k] !== null && typeof r[k] !== 'object'));
  return [...(id ? [id] : []), ...scalar].slice(0, 8);
}

/** yaml is CommonJS: its namespace arrives as `default` when bundled. */
export async function loadYaml(): Promise<typeof import('yaml')> {
  const m = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') };
  return m.default ?? m;
}

/** One line on stderr when more pages exist (or the page asked for is past the end). */
export function pageNote(p: Pagination | undefined, shown: number): string | undefined {
  if (!p) return undefined;
  const page = p.page ?? 1;
  const pages = pageCount(p);
  if (shown === 0 && pages !== undefined && page > 1 && page > pages) {
    return `No records on page ${page} of ${pages}${p.total !== undefined ? ` (${p.total} in all)` : ''}; --page ${pages} is the last`;
  }
  if (!morePages(p, shown)) return undefined;
  const of = p.total !== undefined ? ` of ${p.total}` : '';
  const where = page > 1 || !of ? ` (page ${page}${pages !== undefined ? ` of ${pages}` : ''})` : '';
  return `Showing ${shown}${of}${where}; --all for every page, --page ${page + 1} for the next`;
}

export interface ListSink {
  /** Print (or keep, for table and yaml) one page of records. */
  add(records: Record<string, unknown>[]): Promise<void>;
  /** Close the output (json's `]`, the table, csv's header when there was nothing). */
  end(): Promise<void>;
}

/**
 * Write (json/jsonl/yaml/csv `exact`, through io.data; text through io.out, sanitized), then wait
 * while the reader of stdout catches up: memory stays flat on long lists.
 */
async function write(io: IO, text: string, exact = false): Promise<void> {
  if (exact) io.data(text);
  else io.out(text);
  if (io.stdout.writableNeedDrain) await once(io.stdout, 'drain');
}

/** The printer of a list. */
export function listSink(io: IO, opts: PrintOptions, view: View = {}, emptyNote = 'No results.'): ListSink {
  const fields = opts.fields;
  const project = (r: unknown) => (fields ? pickFields(r, fields) : r);
  const declared = fields ?? view.columns;
  const kept: Record<string, unknown>[] = [];
  let cols: string[] | undefined;
  let pending: string | undefined;
  let count = 0;
  const check = (records: Record<string, unknown>[]) => {
    if (count > 0 || !fields || !records.length) return;
    const problem = unknownField(records, fields, view.columns);
    if (problem) throw new UsageError(problem);
  };
  return {
    async add(records) {
      check(records);
      const first = count === 0;
      count += records.length;
      if (!records.length) return;
      if (opts.quiet) {
        const ids = records.map((r) => (view.id ? getPath(r, view.id) : recordId(r))).filter((id) => id !== undefined && id !== null);
        if (ids.length) await write(io, ids.map(String).join('\n'));
        return;
      }
      switch (opts.format) {
        case 'jsonl':
          return write(io, records.map((r) => JSON.stringify(project(r))).join('\n'), true);
        case 'json': {
          // The last record waits for the next page: its comma depends on what follows.
          const parts = records.map((r) => JSON.stringify(project(r), null, 2).replace(/^/gm, '  '));
          const ready = [...(pending === undefined ? [] : [pending]), ...parts.slice(0, -1)].map((p) => `${p},`);
          pending = parts[parts.length - 1];
          const text = [...(first ? ['['] : []), ...ready].join('\n');
          return text ? write(io, text, true) : undefined;
        }
        case 'csv': {
          const head = !cols;
          cols ??= declared ?? inferColumns(records);
          const lines = records.map((r) => cols!.map((c) => csvCell(getPath(r, c))).join(','));
          return write(io, (head ? [csvRow(cols), ...lines] : lines).join('\n'), true);
        }
        default:
          for (const r of records) kept.push(r);
      }
    },
    async end() {
      if (opts.quiet) return;
      switch (opts.format) {
        case 'json':
          return write(io, count ? `${pending}\n]` : '[]', true);
        case 'csv':
          if (!cols && declared) await write(io, csvRow(declared), true);
          return;
        case 'yaml': {
          const { stringify } = await loadYaml();
          return write(io, stringify(kept.map(project)).trimEnd(), true);
        }
        case 'table':
          if (!kept.length) return void (emptyNote && io.err(emptyNote));
          return printTable(io, kept, fields ?? view.columns ?? inferColumns(kept), view);
      }
    },
  };
}

async function printTable(io: IO, records: Record<string, unknown>[], columns: string[], view: View): Promise<void> {
  const cols: Column[] = columns.map((key) => ({ key, keep: isIdField(key) || key === view.id }));
  const bold = io.color ? (await import('chalk')).default.bold : undefined;
  const rows = records.map((r) => columns.map((c) => tableCell(getPath(r, c))));
  // Columns without a declared order (--query's, inferred ones) go from the right.
  const text = renderColumns(io, cols, rows, { drop: view.drop ?? columns.slice(2).reverse().filter((c) => !isIdField(c)), cut: view.cut, bold });
  // Cells and headers are sanitized already: the bold of the header is the only control in it.
  io.out(bold ? new Styled(text) : text);
  if (view.summary && io.stdoutIsTTY) {
    const { drawList } = await import('./summaries.js');
    const drawing = drawList(view.summary, records, io);
    if (drawing) io.out(`\n${drawing}`);
  }
}

/** A record's values by dot path, nested objects two levels deep (deeper ones stay whole). */
function leaves(obj: Record<string, unknown>, prefix = '', depth = 0, out: [string, unknown][] = []): [string, unknown][] {
  for (const [k, v] of Object.entries(obj)) {
    if (k === '__v') continue;
    const key = prefix ? `${prefix}.${k}` : k;
    if (isObj(v) && depth < 2 && Object.keys(v).length) leaves(v, key, depth + 1, out);
    else out.push([key, v]);
  }
  return out;
}

/** A record as `field value` rows (renderKeyValue labels the fields): its leaves, a list of records as its size and where to see it. */
function keyValueRows(obj: Record<string, unknown>): [string, string][] {
  return leaves(obj).map(([path, v]) => [path, Array.isArray(v) && v.some(isObj) ? `(${v.length} item${v.length === 1 ? '' : 's'}: --fields ${sanitizeCell(path)} or --json to see them)` : tableCell(v)]);
}

async function runQuery(io: IO, value: unknown, expr: string): Promise<unknown> {
  const { applyQuery, idHint } = await import('./query.js');
  const out = await applyQuery(value, expr);
  const hint = await idHint(value, expr);
  if (hint) io.err(hint);
  return out;
}

export async function printResult(io: IO, body: unknown, opts: PrintOptions, view: View = {}): Promise<void> {
  const shape = shapeOf(body);
  // Whatever --query makes of the page, the reader still learns that more pages exist.
  const note = pageNote(shape.pagination, shape.records?.length ?? 0);
  await printShape(io, shape, opts, view, note);
  if (note) io.err(note);
}

async function printShape(io: IO, shape: Shape, opts: PrintOptions, view: View, note: string | undefined): Promise<void> {
  let records = shape.records;
  let item = shape.item;
  let message = shape.message;
  if (opts.query) {
    const value = await runQuery(io, records ?? item, opts.query);
    if (opts.format === 'json' || opts.format === 'jsonl' || opts.format === 'yaml') return printExact(io, value, opts);
    ({ records, item } = Array.isArray(value) ? { records: shapeOf(value).records, item: undefined } : { records: undefined, item: value });
    // What --query makes has its own fields: the view's columns, drop order and summary, and the
    // envelope's message, speak of the answer (its records keep their id).
    view = { id: view.id, success: view.success, mark: view.mark };
    message = undefined;
  }
  if (records) {
    // Past the last page, the note says so instead of "No results.".
    const sink = listSink(io, opts, view, note ? '' : undefined);
    await sink.add(records);
    return sink.end();
  }
  const fields = opts.fields;
  if (fields && item !== undefined) {
    const problem = unknownField([item], fields);
    if (problem && !opts.wrote) throw new UsageError(problem);
    if (problem) io.err(`Warning: ${problem}; shown as null`);
  }
  if (opts.quiet) {
    const id = view.id ? getPath(item, view.id) : recordId(item);
    if (id !== undefined && id !== null) io.out(String(id));
    return;
  }
  const project = (r: unknown) => (fields ? pickFields(r, fields) : r);
  switch (opts.format) {
    case 'json':
    case 'jsonl':
    case 'yaml':
      return printExact(io, item === undefined ? {} : project(item), { ...opts, fields: undefined });
    case 'csv': {
      const record = isObj(item) ? item : { value: item };
      // One row, every leaf a dot-path column (names --fields accepts): a summary of objects still says something.
      const cols = fields ?? view.columns ?? leaves(record).map(([path]) => path);
      io.data([csvRow(cols), cols.map((c) => csvCell(getPath(record, c))).join(',')].join('\n'));
      return;
    }
    case 'table':
      return printItem(io, item, opts.wrote ? message : undefined, fields, view);
  }
}

/** json/jsonl/yaml of any value, exactly (jsonl: one line per element of an array). */
async function printExact(io: IO, value: unknown, opts: PrintOptions): Promise<void> {
  const fields = opts.fields;
  const project = (r: unknown) => (fields && isObj(r) ? pickFields(r, fields) : r);
  const v = Array.isArray(value) ? value.map(project) : project(value ?? null);
  if (opts.format === 'yaml') {
    const { stringify } = await loadYaml();
    io.data(stringify(v).trimEnd());
  } else if (opts.format === 'jsonl' && Array.isArray(v)) {
    if (v.length) io.data(v.map((x) => JSON.stringify(x)).join('\n'));
  } else io.data(JSON.stringify(v, null, opts.format === 'json' ? 2 : 0));
}

/** A record as key/value rows, after the command's success note or the server's message (writes only). */
async function printItem(io: IO, item: unknown, message: string | undefined, fields: string[] | undefined, view: View): Promise<void> {
  const fill = (s: string) =>
    s.replace(/\{(\w+)(?:\?([^|}]*)\|([^}]*))?\}/g, (m, k: string, yes?: string, no?: string) => {
      const v = isObj(item) ? item[k] : undefined;
      if (yes !== undefined) return v === true ? yes : v === false ? no! : m;
      return v !== undefined && v !== null ? String(v) : m;
    });
  const state = view.state !== undefined && !fields && isObj(item);
  const note = state ? fill(view.state!) : view.success === undefined ? message : fill(view.success);
  if (note) io.err(view.mark === 'failed' ? io.paint(31, '✗') : view.mark === 'pending' ? io.paint(33, '…') : io.paint(32, '✓'), ' ', sanitizeCell(note));
  if (state || item === undefined || item === null) return;
  if (typeof item !== 'object') return io.out(sanitizeCell(String(item)));
  if (view.summary && !fields) {
    const { summarize } = await import('./summaries.js');
    const text = summarize(view.summary, item as Record<string, unknown>, io);
    if (text !== undefined) return io.out(text);
  }
  const entries = fields ? fields.map((f): [string, string] => [f, tableCell(getPath(item, f))]) : keyValueRows(item as Record<string, unknown>);
  if (entries.length) io.out(renderKeyValue(io, entries));
}
