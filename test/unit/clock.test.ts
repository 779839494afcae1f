// The system clock's timer (core/clock.ts): setTimeout underneath, so the deadlines that use it
// cost a batch nothing; cleared, it never fires; unref'd, it does not hold the process; refreshed
// after it fired, it fires again (a download's next chunk). Each test waits on a timer's own
// firing, never on a sleep.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const fired = (ms: number) => new Promise<void>((resolve) => systemClock.timer(ms, resolve));

describe('systemClock.timer', () => {
  it('fires once its time has passed, unless cleared first', async () => {
    const calls: string[] = [];
    systemClock.timer(1, () => calls.push('kept'));
    systemClock.timer(1, () => calls.push('cleared')).clear();
    // Timers fire in the order they are due: by the later one's turn both earlier ones have had theirs.
    await fired(5);
    expect(calls).toEqual(['kept']);
  });

  it('unref: it does not keep the process alive; otherwise it does', () => {
    const before = timeouts();
    const held = systemClock.timer(60_000, () => undefined);
    expect(timeouts()).toBe(before + 1);
    const loose = systemClock.timer(60_000, () => undefined, { unref: true });
    expect(timeouts()).toBe(before + 1);
    held.clear();
    loose.clear();
    expect(timeouts()).toBe(before);
  });

  it('refresh re-arms a timer that has fired', async () => {
    let n = 0;
    let again!: () => void;
    const twice = new Promise<void>((r) => (again = r));
    const t = systemClock.timer(0, () => (++n === 2 ? again() : t.refresh()));
    await twice;
    expect(n).toBe(2);
  });
});
