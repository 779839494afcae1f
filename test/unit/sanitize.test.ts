import { describe, expect, it } from 'vitest';
import { defuseFormula, sanitizeCell, sanitizeText } from '../../src/core/sanitize.js';

describe('sanitize', () => {
  it('shows ESC, BEL, OSC 52 and C1 controls as visible escapes', () => {
    const osc = '\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;aGk=\u0007\u009b31m';
    expect(sanitizeCell(osc)).toBe('\\x1b]0;pwned\\x07\\x1b[2J\\x1b]52;c;aGk=\\x07\\x9b31m');
    expect(sanitizeText(osc)).toBe(sanitizeCell(osc));
    expect(sanitizeCell(osc)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
  it('cells show newlines as ⏎; text keeps newlines and tabs', () => {
    expect(sanitizeCell('a\nb\r\nc\td')).toBe('a⏎b⏎c\\x09d');
    expect(sanitizeText('a\nb\r\nc\td')).toBe('a\nb\nc\td');
    expect(sanitizeCell('plain — ünïcode ✓')).toBe('plain — ünïcode ✓');
  });
  it('defuses spreadsheet formulas with a leading quote', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(defuseFormula(f)).toBe(`'${f}`);
    expect(defuseFormula('a=1')).toBe('a=1');
    expect(defuseFormula('')).toBe('');
  });
});
