// A clock for the tests of waits: time stands still while anything else can run, and jumps to
// the next sleep's end only when nothing else can (no real time passes; a 5-minute wait runs
// in milliseconds). Sleeps end in the order they were due.
import { InterruptedError } from '../../src/core/errors.js';
import type { Clock } from '../../src/core/clock.js';

interface Timer {
  at: number;
  seq: number;
  wake: () => void;
}

export interface FakeClock extends Clock {
  /** Runs `p` to its end, moving time forward whenever everything else is waiting on it. */
  run<T>(p: Promise<T>): Promise<T>;
}

export function fakeClock(start = 0): FakeClock {
  let now = start;
  let seq = 0;
  const timers: Timer[] = [];
  const idle = () => new Promise<void>((r) => setImmediate(r));
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new InterruptedError());
        const onAbort = () => {
          timers.splice(timers.indexOf(timer), 1);
          reject(new InterruptedError());
        };
        const timer: Timer = { at: now + Math.max(0, ms), seq: seq++, wake: () => (signal?.removeEventListener('abort', onAbort), resolve()) };
        timers.push(timer);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    async run<T>(p: Promise<T>): Promise<T> {
      let outcome: { value: T } | { error: unknown } | undefined;
      p.then((value) => (outcome = { value }), (error: unknown) => (outcome = { error }));
      for (;;) {
        await idle();
        if (outcome && 'value' in outcome) return outcome.value;
        if (outcome) throw outcome.error;
        if (!timers.length) throw new Error('fake clock: the promise waits on something other than the clock');
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers.shift()!;
        now = Math.max(now, next.at);
        next.wake();
      }
    },
  };
}
