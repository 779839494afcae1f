// Server text is untrusted: before it reaches a terminal or a text format (table, csv, plain,
// errors, progress, prompts) every control character becomes a visible escape, so a record name
// cannot retitle the terminal, clear the screen or write the clipboard (OSC 52). json/jsonl/yaml
// stay exact (their encoders escape control characters themselves).

// C0 controls, DEL and C1 controls (U+0080–U+009F, where 8-bit CSI/OSC live).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE_TAB = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const hex = (c: string) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** One table/CSV cell or one-line field: newlines show as ⏎, every other control as `\xNN`. */
export function sanitizeCell(text: string): string {
  return text.replace(CONTROL, (c) => (c === '\n' ? '⏎' : c === '\r' ? '' : hex(c)));
}

// The same controls, to ask whether a text has any (a CR is one of them).
// eslint-disable-next-line no-control-regex
const ANY_CONTROL_BUT_NEWLINE_TAB = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Free text printed as lines (messages, errors): newlines and tabs kept, every other control as `\xNN`. */
export function sanitizeText(text: string): string {
  // Most text has none: one look, no replacing (a plan of 10,000 records is ~28,000 lines).
  if (!ANY_CONTROL_BUT_NEWLINE_TAB.test(text)) return text;
  return text.replace(/\r\n/g, '\n').replace(CONTROL_BUT_NEWLINE_TAB, hex);
}

/**
 * A CSV cell a spreadsheet would evaluate (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`
 * (OWASP's rule for CSV injection), so it is shown as text.
 */
export function defuseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * One CSV cell of text that came from a server: controls visible, a formula defused (unless the
 * value was not text: numbers stay numbers), quoted when a reader would otherwise split or trim it.
 */
export function csvText(text: string, defuse = true): string {
  const s = defuse ? defuseFormula(sanitizeCell(text)) : sanitizeCell(text);
  return /[",]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// eslint-disable-next-line no-control-regex
const C1 = /[\u007f-\u009f]/g;

/**
 * JSON and YAML encoders escape C0 controls but leave DEL and C1 (8-bit CSI, OSC) raw inside
 * quoted strings; as `\u00XX` they read back as the same character and cannot drive a terminal.
 */
export function escapeC1(encoded: string): string {
  return encoded.replace(C1, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}
