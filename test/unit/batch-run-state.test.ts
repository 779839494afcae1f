// RunState (run-state.ts): the row reports on stderr and their cap, a row's warnings (--strict),
// and the key of a row that has none.
import { describe, expect, it } from 'vitest';
import { RunState } from '../../src/batch/run-state.js';
import type { BatchOptions } from '../../src/batch/types.js';
import { systemClock } from '../../src/core/clock.js';
import { testHost, testIO, type TestIO } from '../helpers/io.js';

type Req = { to: string };

function state(over: Partial<BatchOptions<Req>> = {}): { s: RunState<Req>; io: TestIO } {
  const io = testIO();
  const o: BatchOptions<Req> = {
    file: 'in.csv', timeoutMs: 5_000, clock: systemClock, io, signal: new AbortController().signal, host: testHost({}), label: 'test',
    resultColumns: { key: 'to', id: 'message_id' },
    checkColumns: () => undefined,
    key: (r) => String(r.to),
    build: (r) => ({ to: String(r.to) }),
    render: (req) => req.to,
    send: async () => 'id',
    ...over,
  };
  return { s: new RunState(o), io };
}

const lines = (io: TestIO) => io.stderrText().split('\n').filter(Boolean);

describe('RunState reports', () => {
  it('20 rows are reported, the 21st only as one pointer to the journal, none after', () => {
    const { s, io } = state();
    for (let row = 1; row <= 20; row++) s.report(row, `bad ${row}`);
    expect(lines(io)).toHaveLength(20);
    expect(lines(io)[0]).toBe('row 1: bad 1');
    expect(lines(io)[19]).toBe('row 20: bad 20');
    s.report(21, 'bad 21');
    s.report(22, 'bad 22');
    s.report(23, 'bad 23');
    expect(lines(io).slice(20)).toEqual(['(more rows to report: see the journal, or pass --results FILE)']);
  });

  it('with --results the pointer names the results file', () => {
    const { s, io } = state({ results: 'out.csv' });
    for (let row = 1; row <= 25; row++) s.report(row, 'bad');
    expect(lines(io).slice(20)).toEqual(['(more rows to report: see out.csv)']);
  });

  it('a report is sanitized: server text cannot move the cursor', () => {
    const { s, io } = state();
    s.report(1, 'bad \u001b[2Jthing');
    expect(io.stderrText()).not.toContain('\u001b');
    expect(io.stderrText()).toContain('row 1: bad');
  });
});

describe('RunState build', () => {
  const warns = (record: Record<string, string>, row: number, warn: (m: string) => void): Req => {
    for (const w of String(record.warn ?? '').split('|').filter(Boolean)) warn(w);
    return { to: String(record.to) };
  };

  it('a row with no warning returns none', () => {
    const { s, io } = state({ build: warns });
    expect(s.build({ to: '1' }, 1)).toEqual({ req: { to: '1' }, warning: '' });
    expect(s.summary.warnings).toBe(0);
    expect(io.stderrText()).toBe('');
  });

  it("a row's warnings are counted, reported at its row, and returned joined; the next row starts with none", () => {
    const { s, io } = state({ build: warns });
    expect(s.build({ to: '1', warn: 'empty {{a}}|empty {{b}}' }, 7).warning).toBe('warning: empty {{a}}; warning: empty {{b}}');
    expect(s.summary.warnings).toBe(2);
    expect(lines(io)).toEqual(['row 7: warning: empty {{a}}', 'row 7: warning: empty {{b}}']);
    expect(s.build({ to: '2', warn: 'empty {{c}}' }, 8).warning).toBe('warning: empty {{c}}');
    expect(s.build({ to: '3' }, 9).warning).toBe('');
    expect(s.summary.warnings).toBe(3);
  });

  it('--strict makes a warning an error naming --strict, not counted', () => {
    const { s, io } = state({ build: warns, strict: true });
    expect(() => s.build({ to: '1', warn: 'empty {{a}}' }, 1)).toThrow(/^empty \{\{a\}\} \(--strict\)$/);
    expect(s.summary.warnings).toBe(0);
    expect(io.stderrText()).toBe('');
  });
});

describe('RunState keyOf', () => {
  it('the key, or empty when the command cannot find one', () => {
    const { s } = state({
      key: (r) => {
        if (!r.to) throw new Error('no phone');
        return String(r.to);
      },
    });
    expect(s.keyOf({ to: '111' })).toBe('111');
    expect(s.keyOf({})).toBe('');
  });

  it('8 rows at once unless --concurrency says', () => {
    expect(state().s.concurrency).toBe(8);
    expect(state({ concurrency: 2 }).s.concurrency).toBe(2);
  });
});
