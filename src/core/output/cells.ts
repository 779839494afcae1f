// A value as the text of one cell, in a table or in csv: one rule for each kind of value.
import { csvText, sanitizeCell } from '../sanitize.js';

/** A value as text: objects as JSON. */
export function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * One rule for lists in a cell, in the table, in `-o csv` and in the export file: a list of plain
 * values is its items joined with `; ` (what `contacts import` splits a tags cell on); a list
 * holding objects stays JSON.
 */
const LIST_SEPARATOR = '; ';
const plainList = (v: unknown): v is unknown[] => Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');
const listOrCell = (v: unknown) => (plainList(v) ? v.map(cell).join(LIST_SEPARATOR) : cell(v));

/** A table cell: lists of plain values joined, control characters made visible. */
export function tableCell(v: unknown): string {
  return sanitizeCell(listOrCell(v));
}

/** A CSV cell: sanitized, formula-defused when it is text (a joined list is text), quoted when needed. */
export const csvCell = (v: unknown): string => csvText(listOrCell(v), typeof v === 'string' || plainList(v));
