// Plain aligned columns, gh's style: no borders, headers in capitals. Without a TTY nothing is
// ever cut (scripts get whole ids and values); on a TTY the table fits the width by dropping
// the view's low-value columns first, then cutting long text, never an id.
import type { IO } from '../io.js';
import { sanitizeCell } from '../sanitize.js';

export interface Column {
  /** The field (dot path) the column shows. */
  key: string;
  /** Never cut (ids). */
  keep?: boolean;
}

/** Header of a field: `_id` → `ID`, `created_at` → `CREATED AT`, `owner.email` → `OWNER EMAIL`. */
export const label = (key: string) => key.replace(/^_+/, '').replace(/[._]+/g, ' ').trim().toUpperCase() || key.toUpperCase();

/** A field that holds an id: never cut, never dropped. */
export const isIdField = (key: string) => /(^|[._])id$/i.test(key);

// East Asian wide and emoji ranges take two cells; combining marks and zero-width ones none.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO = /[\u0300-\u036f\u200b-\u200f\ufe00-\ufe0f]/u;

/** Terminal cells a string takes. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += ZERO.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return w;
}

/** Cut to `width` cells with an ellipsis. */
export function clip(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = ZERO.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

const pad = (s: string, width: number) => s + ' '.repeat(Math.max(0, width - displayWidth(s)));

const GAP = 2;
const MIN_CUT = 8;

/**
 * Which columns to show and how wide, for a terminal `width` cells wide: drop the columns
 * named in `drop` (in that order) while too wide, then shrink the widest of the text columns
 * named in `cut`, and only when that is not enough the widest of any other (never a `keep` one).
 */
export function fitColumns(cols: Column[], natural: number[], width: number, drop: string[] = [], cut: string[] = []): { shown: number[]; widths: number[] } {
  let shown = cols.map((_, i) => i);
  const total = () => shown.reduce((a, i) => a + widths[i], 0) + GAP * (shown.length - 1);
  const widths = [...natural];
  for (const key of drop) {
    if (total() <= width || shown.length <= 1) break;
    shown = shown.filter((i) => cols[i].key !== key);
  }
  const shrink = (may: (i: number) => boolean) => {
    while (total() > width) {
      const cuttable = shown.filter((i) => may(i) && !cols[i].keep && widths[i] > Math.max(MIN_CUT, Math.min(natural[i], label(cols[i].key).length)));
      if (!cuttable.length) return;
      const widest = cuttable.reduce((a, b) => (widths[b] > widths[a] ? b : a));
      widths[widest]--;
    }
  };
  shrink((i) => cut.includes(cols[i].key));
  shrink(() => true);
  return { shown, widths };
}

/** Rows of cells (already sanitized) under a header, as aligned lines. */
export function renderColumns(io: IO, cols: Column[], rows: string[][], opts: { drop?: string[]; cut?: string[]; bold?: (s: string) => string } = {}): string {
  // Inferred columns are the server's keys: as untrusted as its values.
  const head = cols.map((c) => sanitizeCell(label(c.key)));
  const natural = cols.map((_, i) => Math.max(displayWidth(head[i]), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const { shown, widths } = io.stdoutIsTTY ? fitColumns(cols, natural, Math.max(20, io.columns), opts.drop, opts.cut) : { shown: cols.map((_, i) => i), widths: natural };
  const line = (cells: string[], header: boolean) =>
    shown
      .map((i, n) => {
        const text = io.stdoutIsTTY && !cols[i].keep ? clip(cells[i] ?? '', widths[i]) : (cells[i] ?? '');
        const padded = n === shown.length - 1 ? text : pad(text, widths[i]);
        return header && opts.bold ? opts.bold(padded) : padded;
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  return [line(head, true), ...rows.map((r) => line(r, false))].join('\n');
}

/**
 * A single record as `LABEL  value` lines, each field labelled as a table header is (`_id` →
 * `ID`); on a TTY long values are cut to the width, never an id.
 */
export function renderKeyValue(io: IO, entries: [field: string, value: string][]): string {
  const labels = entries.map(([k]) => sanitizeCell(label(k)));
  const kw = Math.max(0, ...labels.map(displayWidth));
  const room = Math.max(10, io.columns - kw - GAP);
  return entries
    .map(([k, v], i) => `${pad(labels[i], kw)}${' '.repeat(GAP)}${io.stdoutIsTTY && !isIdField(k) ? clip(v, room) : v}`.trimEnd())
    .join('\n');
}
