// Renders a result in the chosen format. stdout carries only the result; the server's
// message and pagination go to stderr in human (table) mode.
import { Styled, type IO, type Part } from '../io.js';
import { sanitizeCell } from '../sanitize.js';
import type { OutputFormat } from '../../config/settings.js';
import { shapeOf, recordId, pickFields, getPath, type Shape } from './shape.js';

export interface View {
  /** Table columns (dot paths) for list answers; inferred when absent. */
  columns?: string[];
  /** The field -q prints (default: _id, id, or the first *_id). */
  id?: string;
  /** Print this instead of the envelope's message on success (table mode, stderr). */
  success?: string;
}

export interface PrintOptions {
  format: OutputFormat;
  fields?: string[];
  quiet?: boolean;
}

export function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const csvCell = (v: unknown) => {
  const s = cell(v);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function inferColumns(records: Record<string, unknown>[]): string[] {
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

export async function printResult(io: IO, body: unknown, opts: PrintOptions, view: View = {}): Promise<void> {
  const shape: Shape = shapeOf(body);
  const fields = opts.fields;
  if (opts.quiet) {
    const items = shape.records ?? (shape.item !== undefined ? [shape.item] : []);
    for (const r of items) {
      const id = view.id ? getPath(r, view.id) : recordId(r);
      if (id !== undefined && id !== null) io.out(String(id));
    }
    return;
  }
  const payload: unknown = shape.records ?? shape.item;
  const project = (r: unknown) => (fields ? pickFields(r, fields) : r);

  switch (opts.format) {
    case 'json':
      io.data(JSON.stringify(shape.records ? shape.records.map(project) : payload === undefined ? {} : project(payload), null, 2));
      return;
    case 'jsonl':
      for (const r of shape.records ?? (payload === undefined ? [] : [payload])) io.data(JSON.stringify(project(r)));
      return;
    case 'yaml': {
      const { stringify } = await loadYaml();
      const v = shape.records ? shape.records.map(project) : project(payload ?? {});
      io.data(stringify(v).trimEnd());
      return;
    }
    case 'csv': {
      const records = shape.records ?? (payload && typeof payload === 'object' ? [payload as Record<string, unknown>] : [{ value: payload }]);
      const cols = fields ?? view.columns ?? inferColumns(records);
      io.out(cols.join(','));
      for (const r of records) io.out(cols.map((c) => csvCell(getPath(r, c))).join(','));
      return;
    }
    case 'table':
      await printTable(io, shape, fields, view);
  }
}

async function printTable(io: IO, shape: Shape, fields: string[] | undefined, view: View): Promise<void> {
  const note = view.success ?? shape.message;
  if (shape.records) {
    const cols = fields ?? view.columns ?? inferColumns(shape.records);
    if (shape.records.length === 0) io.err('No results.');
    else io.out(await renderTable(io, cols, shape.records.map((r) => cols.map((c) => cell(getPath(r, c))))));
    const p = shape.pagination;
    if (p && (p.totalPages ?? 1) > 1) io.err(`Page ${p.page ?? 1} of ${p.totalPages}${p.total !== undefined ? ` (${p.total} in all)` : ''}; use --page to see more.`);
    return;
  }
  if (note) io.err(io.paint(32, '✓'), ' ', note);
  const item = shape.item;
  if (item === undefined || item === null) return;
  if (typeof item !== 'object') return io.out(String(item));
  const entries = fields ? fields.map((f) => [f, getPath(item, f)] as const) : Object.entries(item).filter(([k]) => k !== '__v');
  io.out(await renderTable(io, null, entries.map(([k, v]) => [k, cell(v)])));
}

/**
 * A table that fits the terminal: long cells are cut with an ellipsis. Plain text without a TTY.
 * Cells are sanitized first, so the bold of a TTY header is the only terminal control in it.
 */
async function renderTable(io: IO, rawHead: string[] | null, rawRows: string[][]): Promise<Part> {
  const head = rawHead?.map(sanitizeCell) ?? null;
  const rows = rawRows.map((r) => r.map(sanitizeCell));
  const width = Math.max(40, io.columns);
  const ncol = head?.length ?? 2;
  const natural = Array.from({ length: ncol }, (_, i) => Math.max(head ? head[i].length : 0, ...rows.map((r) => (r[i] ?? '').length)));
  const widths = fit(natural, width - (io.stdoutIsTTY ? 3 * ncol + 1 : 2 * (ncol - 1)));
  const clip = (s: string, w: number) => (s.length > w ? `${s.slice(0, Math.max(1, w - 1))}…` : s);
  if (!io.stdoutIsTTY) {
    const lines = (head ? [head.map((h) => h.toUpperCase()), ...rows] : rows).map((r) =>
      r.map((c, i) => (i === ncol - 1 ? clip(c, widths[i]) : clip(c, widths[i]).padEnd(widths[i]))).join('  ').trimEnd(),
    );
    return lines.join('\n');
  }
  const { default: Table } = await import('cli-table3');
  const chalk = io.color ? (await import('chalk')).default : undefined;
  const table = new Table({
    head: head ? head.map((h) => (chalk ? chalk.bold(h) : h)) : [],
    style: { head: [], border: [] },
    colWidths: widths.map((w) => w + 2),
    wordWrap: false,
  });
  for (const r of rows) table.push(r.map((c, i) => clip(c, widths[i])));
  return new Styled(table.toString());
}

/** Shrink the widest columns first until the sum fits. */
export function fit(natural: number[], total: number): number[] {
  const w = natural.map((n) => Math.max(1, n));
  while (w.reduce((a, b) => a + b, 0) > total) {
    const max = Math.max(...w);
    if (max <= 6) break;
    w[w.indexOf(max)] = max - 1;
  }
  return w;
}
