// The pieces of a resume's check for edited rows (changed-rows.ts): which rows are another message
// to a recipient an earlier run reached, and how the two messages are shown side by side.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedRow, lookAlike, sideBySide } from '../../src/batch/changed-rows.js';
import { identity, IdTable, State } from '../../src/batch/identity.js';

describe('changedRow', () => {
  const table = new IdTable();
  const messaged = new IdTable();
  const sent = identity('111', 'old');
  table.set(table.slot(sent), State.Sent);
  messaged.set(messaged.slot(identity('111', '')), State.Sent, 0);
  const failed = identity('111', 'failed before');
  table.set(table.slot(failed), State.Failed);

  it('the same recipient and request (a skip, or a duplicate): not a change', () => {
    expect(changedRow(table, messaged, sent, '111')).toBeUndefined();
  });
  it('another request to a recipient the journal has as sent: a change, with that state', () => {
    expect(changedRow(table, messaged, identity('111', 'new'), '111')).toBe(State.Sent);
    // A row that failed before is sent again: its recipient had the other message.
    expect(changedRow(table, messaged, failed, '111')).toBe(State.Sent);
  });
  it('a recipient the earlier run never reached: not a change', () => {
    expect(changedRow(table, messaged, identity('222', 'new'), '222')).toBeUndefined();
  });
});

describe('sideBySide', () => {
  it('shows both from a little before where they differ', () => {
    const before = 'chat.send {"sender_id":"s1","to":"15550000001","message":{"type":"text","text":{"body":"Your code is 1111"}}}';
    const now = before.replace('Your code', 'Your new code');
    expect(sideBySide(before, now)).toEqual(['…":"text","text":{"body":"Your code is 1111"}}}', '…":"text","text":{"body":"Your new code is 1111"}}}']);
  });
  it('cuts a long text, and shows no control character', () => {
    const [a, b] = sideBySide(`x\u001b[2J${'a'.repeat(200)}`, `x\u001b[2J${'b'.repeat(200)}`);
    expect(a).toMatch(/^x\\x1b\[2Ja+…$/);
    expect(b).toMatch(/^x\\x1b\[2Jb+…$/);
  });
  it('whatever the texts: one line each, at most a line wide (fuzz, seeded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 400 }), (x, y) => {
        for (const s of sideBySide(x, y)) {
          expect(s).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
          expect([...s.replace(/\\x[0-9a-f]{2}/g, '?')].length).toBeLessThanOrEqual(92);
        }
      }),
      { seed: 30, numRuns: 100 },
    );
  });
});

describe('lookAlike', () => {
  it('é composed (NFC) and decomposed (NFD): where they differ, as code points', () => {
    expect(lookAlike('Caf\u00e9 at 5', 'Cafe\u0301 at 5')).toBe('they look alike but differ at character 4: U+00E9 recorded, U+0065 U+0301 now');
  });
  it('a zero-width space, a no-break space, a fullwidth letter: alike; nothing on one side says so', () => {
    expect(lookAlike('ab', 'a\u200bb')).toBe('they look alike but differ at character 2: (nothing) recorded, U+200B now');
    expect(lookAlike('a b', 'a\u00a0b')).toBe('they look alike but differ at character 2: U+0020 recorded, U+00A0 now');
    expect(lookAlike('A1', '\uff21\uff11')).toBe('they look alike but differ at character 1: U+0041 U+0031 recorded, U+FF21 U+FF11 now');
  });
  it('texts that differ visibly, or not at all: nothing to add', () => {
    expect(lookAlike('Your code', 'Your new code')).toBeUndefined();
    expect(lookAlike('same', 'same')).toBeUndefined();
  });
  it('a long run of differing points is cut after 8', () => {
    const nfc = '\u00e9'.repeat(10);
    expect(lookAlike(nfc, nfc.normalize('NFD'))).toBe(`they look alike but differ at character 1: ${Array(8).fill('U+00E9').join(' ')} … recorded, ${Array(4).fill('U+0065 U+0301').join(' ')} … now`);
  });
});
