// The batch's per-row deadlines (batch/deadline.ts) on a fake clock: rows that start within one
// 100 ms slice share one deadline, --timeout after the slice ends (a slice late at most, never
// early), and a row in the next slice gets the next. The run's wiring (a dripping server's row
// ends uncertain) is e2e/chat-batch-crash.test.ts.
import { describe, expect, it } from 'vitest';
import { Deadlines } from '../../src/batch/deadline.js';
import type { Clock } from '../../src/core/clock.js';
import { NetworkError } from '../../src/core/errors.js';
import { fakeClock } from '../helpers/fake-clock.js';

describe('per-row deadlines (--timeout 1 s), one a 100 ms slice', () => {
  it('rows within a slice share its deadline, at 1000 + 100 ms from its start and not before; the next slice has the next', () => {
    const clock = fakeClock();
    const deadlines = new Deadlines(1000, clock);
    const first = deadlines.current();
    clock.advance(99);
    expect(deadlines.current()).toBe(first);
    clock.advance(1);
    const second = deadlines.current();
    expect(second).not.toBe(first);
    expect(deadlines.current()).toBe(second);

    clock.advance(999); // 1099
    expect(first.aborted).toBe(false);
    clock.advance(1); // 1100
    expect(first.aborted).toBe(true);
    expect(first.reason).toBeInstanceOf(NetworkError);
    expect(first.reason).toMatchObject({ exitCode: 7, code: 'timeout', written: true, message: 'Request timed out after 1s (--timeout)' });
    expect(second.aborted).toBe(false);
    clock.advance(99); // 1199
    expect(second.aborted).toBe(false);
    clock.advance(1); // 1200
    expect(second.aborted).toBe(true);
    expect(clock.pending()).toBe(0);
  });

  it('a slice starts with the first row after a quiet spell, not on a fixed grid', () => {
    const clock = fakeClock();
    const deadlines = new Deadlines(1000, clock);
    deadlines.current();
    clock.advance(250);
    const late = deadlines.current();
    clock.advance(1099);
    expect(late.aborted).toBe(false);
    clock.advance(1);
    expect(late.aborted).toBe(true);
  });

  it("its timer does not keep the process alive (a request still waiting holds its own socket)", () => {
    const asked: ({ unref?: boolean } | undefined)[] = [];
    const clock = fakeClock();
    const watching: Clock = { ...clock, timer: (ms, fire, o) => (asked.push(o), clock.timer(ms, fire, o)) };
    new Deadlines(1000, watching).current();
    expect(asked).toEqual([{ unref: true }]);
  });
});
