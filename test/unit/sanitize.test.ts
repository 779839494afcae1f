import fc from 'fast-check';
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
  it('text: a lone CR, every control but newline and tab escaped, CRLF a newline; text without one is given back as it is (seeded)', () => {
    const hex = (c: string) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    // eslint-disable-next-line no-control-regex
    const rule = (t: string) => t.replace(/\r\n/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, hex);
    const char = fc.oneof(fc.constantFrom('\r', '\n', '\t', '\u0000', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0080', '\u009f', '\u00a0', ' ', 'a', 'ü'), fc.string({ maxLength: 1 }));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 20 }).map((cs) => cs.join('')), (t) => {
        expect(sanitizeText(t)).toBe(rule(t));
        expect(sanitizeText(t)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      }),
      { seed: 44, numRuns: 1000 },
    );
    expect(sanitizeText('x\r')).toBe('x\\x0d');
  });
  it('defuses spreadsheet formulas with a leading quote', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(defuseFormula(f)).toBe(`'${f}`);
    expect(defuseFormula('a=1')).toBe('a=1');
    expect(defuseFormula('')).toBe('');
  });
});
