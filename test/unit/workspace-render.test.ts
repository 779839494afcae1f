// The plan as a reviewer reads it (issue 44 item 3): a long text changed is a line diff, not
// both versions whole; the marks take colour from the IO alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Styled } from '../../src/core/io.js';
import { paintedLine, planLines } from '../../src/commands/workspace/render.js';
import { diffOps, LONG_TEXT, textDiff, textLines } from '../../src/commands/workspace/text-diff.js';
import type { Plan } from '../../src/commands/workspace/plan.js';

const plan = (changes: Plan['changes']): Plan => ({ changes, templates: { inFile: 0, missing: [] }, notComparable: [] });
const update = (old: unknown, next: unknown): Plan => plan([{ action: 'update', area: 'quick_replies', key: 'Hours', id: 'q1', changes: [{ field: 'message', old, new: next }] }]);

describe('a long text in the plan', () => {
  it('a changed line of a multi-line text: that line removed and added, the rest around it unchanged', () => {
    const old = 'We are open 9-17.\nClosed on Sundays.\nCall us.';
    expect(planLines(update(old, old.replace('9-17', '9-18')))).toEqual([
      'quick_replies',
      '  ~ Hours',
      '      message:',
      '        - We are open 9-17.',
      '        + We are open 9-18.',
      '          Closed on Sundays.',
      '          Call us.',
      'Plan: 0 to create, 1 to update, 0 to delete.',
    ]);
  });

  it('unchanged lines far from a change are counted, not shown', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i}.`);
    const next = [...lines.slice(0, 9), 'line 9, changed.'];
    expect(textDiff(lines.join('\n'), next.join('\n'))).toEqual(['… 7 unchanged lines', '  line 7.', '  line 8.', '- line 9.', '+ line 9, changed.']);
    expect(textDiff(lines.slice(0, 4).join('\n'), ['line 0, changed.', ...lines.slice(1, 4)].join('\n'))).toEqual(['- line 0.', '+ line 0, changed.', '  line 1.', '  line 2.', '… 1 unchanged line']);
  });

  it(`one line: ${LONG_TEXT} characters quoted stays on one line, whole (old → new); one more, split after its sentences, is a diff`, () => {
    const at = (n: number) => `${'Open. '.repeat(20)}`.slice(0, n - 1) + 'x';
    const short = at(LONG_TEXT - 2);
    expect(JSON.stringify(short)).toHaveLength(LONG_TEXT);
    expect(planLines(update(short, `${short.slice(0, -1)}y`))[2]).toBe(`      message: ${JSON.stringify(short)} → ${JSON.stringify(`${short.slice(0, -1)}y`)}`);
    const long = at(LONG_TEXT - 1);
    const shown = planLines(update(long, long.replace(/^Open\./, 'Shut.')));
    expect(shown.slice(2, 5)).toEqual(['      message:', '        - Open.', '        + Shut.']);
    // The long line is not shown whole on both sides, nor cut: every sentence once.
    expect(shown.filter((l) => l.includes('Open. Open.'))).toEqual([]);
    expect(textLines(long).join(' ')).toBe(long);
  });

  it('a long text of a new record is its lines, each added; a text that stops being long is a diff to the short one', () => {
    const created = planLines(plan([{ action: 'create', area: 'quick_replies', key: 'Hours', record: { title: 'Hours', message: 'a\nb' } }]));
    expect(created.slice(1, 5)).toEqual(['  + Hours', '      message:', '        + a', '        + b']);
    expect(planLines(update('a\nb', 'a')).slice(2, 6)).toEqual(['      message:', '          a', '        - b', 'Plan: 0 to create, 1 to update, 0 to delete.']);
    // A text against a value that is not one (a number) stays old → new.
    expect(planLines(update('a\nb', 3))[2]).toBe('      message: "a\\nb" → 3');
  });

  it('the line diff takes both texts back whole and keeps the most lines unchanged (any texts, seeded)', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'Open 9-17.', '');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), (a, b) => {
        const ops = diffOps(a, b);
        expect(ops.filter((o) => o.mark !== '+').map((o) => o.line)).toEqual(a);
        expect(ops.filter((o) => o.mark !== '-').map((o) => o.line)).toEqual(b);
        // Minimal: as many kept lines as the longest common subsequence has.
        const lcs = (i: number, j: number): number => (i === a.length || j === b.length ? 0 : a[i] === b[j] ? 1 + lcs(i + 1, j + 1) : Math.max(lcs(i + 1, j), lcs(i, j + 1)));
        if (a.length + b.length <= 14) expect(ops.filter((o) => o.mark === ' ').length).toBe(lcs(0, 0));
      }),
      { seed: 44, numRuns: 300 },
    );
  });
});

describe('references in the plan', () => {
  it('name the records they point at, a record the plan creates marked (new); a delete has none', () => {
    const lines = planLines(
      plan([
        { action: 'create', area: 'tags', key: 'gold', record: { name: 'gold' } },
        { action: 'create', area: 'segments', key: 'Metals', record: { name: 'Metals', filters: { tag_ids: ['Gold', 'silver'] } } },
        { action: 'update', area: 'flows', key: 'Hi', id: 'f1', changes: [{ field: 'segment_id', old: 'Old', new: 'Metals' }] },
        { action: 'delete', area: 'segments', key: 'Old', id: 's1' },
      ]),
    );
    expect(lines).toContain('      refers to: tags/Gold (new), tags/silver');
    expect(lines).toContain('      refers to: segments/Metals (new)');
    expect(lines.filter((l) => l.includes('refers to'))).toHaveLength(2);
    // A record without references says nothing of them.
    expect(planLines(plan([{ action: 'create', area: 'tags', key: 'gold', record: { name: 'gold' } }]))).not.toContainEqual(expect.stringContaining('refers to'));
  });
});

describe('paintedLine', () => {
  const paint = (color: number, text: string) => new Styled(`<${color}>${text}</>`);
  const shown = (line: string) => paintedLine(line, paint).map((p) => (typeof p === 'string' ? p : p.text)).join('');

  it('paints a change\'s mark (+ green, - red, ~ yellow) and a text diff\'s', () => {
    expect(shown('  + gold')).toBe('  <32>+</> gold');
    expect(shown('  - old')).toBe('  <31>-</> old');
    expect(shown('  ~ vip')).toBe('  <33>~</> vip');
    expect(shown('        - We are open 9-17.')).toBe('        <31>-</> We are open 9-17.');
    expect(shown('        + We are open 9-18.')).toBe('        <32>+</> We are open 9-18.');
  });

  it('leaves the rest alone: a field, an area, an unchanged line that starts with a dash, a record named "+"', () => {
    for (const line of ['tags', '      color: "#FFD700"', '          - a list item in a text', '   + three spaces', 'Plan: 1 to create, 0 to update, 0 to delete.']) expect(shown(line)).toBe(line);
    // The name is text, never part of the paint (the IO sanitizes text, not paint).
    expect(paintedLine('  + \u001b[2Jname', paint)[2]).toBe(' \u001b[2Jname');
  });
});

describe('a name that could draw plan lines of its own', () => {
  it('a key or field with a line break, a control character or surrounding space is quoted; a plain one is not', () => {
    const fake = 'gold\n  - vip';
    const lines = planLines(
      plan([
        { action: 'delete', area: 'tags', key: fake, id: 't1' },
        { action: 'update', area: 'tags', key: ' calm', id: 't2', changes: [{ field: 'color\r', old: '#000000', new: '#111111' }] },
        { action: 'create', area: 'tags', key: 'plain name', record: { name: 'plain name', color: '#222222' } },
      ]),
    );
    expect(lines).toEqual([
      'tags',
      '  - "gold\\n  - vip"',
      '  ~ " calm"',
      '      "color\\r": "#000000" → "#111111"',
      '  + plain name',
      '      color: "#222222"',
      'Plan: 1 to create, 1 to update, 1 to delete.',
    ]);
  });

  it('whatever the names, every line of the plan is one line, and only the plan\'s own changes start with a mark (seeded)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { minLength: 1, maxLength: 5 }), (keys) => {
        const lines = planLines(plan(keys.map((key, i) => ({ action: 'delete' as const, area: 'tags' as const, key, id: `t${i}` }))));
        for (const l of lines) expect(l).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(lines.filter((l) => /^ {2}[-+~] /.test(l))).toHaveLength(keys.length);
      }),
      { seed: 41, numRuns: 200 },
    );
  });
});
