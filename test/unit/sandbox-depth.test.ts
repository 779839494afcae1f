// How deep a value may nest to get into the sandbox (issue 43, item 1): the limit at its edge,
// where the error points, and a walk that costs no deep stack whatever the depth.
import { describe, expect, it } from 'vitest';
import { flowTooDeep, MAX_DEPTH, tooDeep } from '../../src/sandbox/depth.js';

const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
const nested = (n: number): unknown => JSON.parse(arrays(n));

describe('tooDeep', () => {
  it('takes 64 levels and refuses 65, pointing at the path', () => {
    expect(MAX_DEPTH).toBe(64);
    expect(tooDeep({ a: nested(63) })).toBeUndefined();
    expect(tooDeep({ a: nested(64) })).toBe('a[0][0][0][0][0]…');
    expect(tooDeep({ entry: [{ changes: nested(63) }] })).toBe('entry[0].changes[0][0][0]…');
    expect(tooDeep([[1]], 1)).toBe('[0]');
    expect(tooDeep('text')).toBeUndefined();
  });

  it('walks 100,000 levels and 100,000 keys without a deep stack', () => {
    expect(tooDeep(nested(100_000))).toMatch(/^\[0\]/);
    expect(tooDeep(JSON.parse(`{"a":${'{"a":'.repeat(99_999)}1${'}'.repeat(100_000)}`))).toBe('a.a.a.a.a.a…');
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    expect(tooDeep(wide)).toBeUndefined();
  });
});

describe('flowTooDeep (YAML or JSON text, before the parser sees it)', () => {
  it('takes 64 nested brackets and refuses 65 on the line it opens', () => {
    expect(flowTooDeep(`x: ${arrays(64)}`)).toBeUndefined();
    expect(flowTooDeep(`a: 1\nx: ${arrays(65)}`)).toBe(2);
    expect(flowTooDeep(`x: ${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).toBe(1);
    expect(flowTooDeep(arrays(100_000))).toBe(1);
  });

  it('does not count brackets in quoted text or comments, and a word with an apostrophe quotes nothing', () => {
    expect(flowTooDeep(`x: "${'['.repeat(100)}"\ny: '${'{'.repeat(100)}'\n# ${'['.repeat(100)}`)).toBeUndefined();
    expect(flowTooDeep(`name: O'Brien\nx: ${arrays(65)}`)).toBe(2);
  });
});
