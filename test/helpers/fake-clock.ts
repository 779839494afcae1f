// A clock for the tests of waits: time stands still while anything else can run, and jumps to
// the next sleep's or timer's end only when nothing else can (no real time passes; a 5-minute
// wait runs in milliseconds), or when the test moves it (advance). Sleeps and timers end in
// the order they were due, exactly at their time, never before.
import { InterruptedError } from '../../src/core/errors.js';
import type { Clock, Timer } from '../../src/core/clock.js';

interface Due {
  at: number;
  seq: number;
  wake: () => void;
}

export interface FakeClock extends Clock {
  /** Runs `p` to its end, moving time forward whenever everything else is waiting on it. */
  run<T>(p: Promise<T>): Promise<T>;
  /** Moves time `ms` forward, ending every sleep and firing every timer due by then, in order. */
  advance(ms: number): void;
  /** Sleeps and timers not yet ended or cleared (a timer left behind holds its closure). */
  pending(): number;
}

export function fakeClock(start = 0): FakeClock {
  let now = start;
  let seq = 0;
  const due: Due[] = [];
  const idle = () => new Promise<void>((r) => setImmediate(r));
  const remove = (d: Due) => {
    const i = due.indexOf(d);
    if (i >= 0) due.splice(i, 1);
  };
  /** The next sleep or timer to end, taken off the list; time moves to its end. */
  const next = (): Due => {
    due.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const d = due.shift()!;
    now = Math.max(now, d.at);
    return d;
  };
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new InterruptedError());
        const onAbort = () => {
          remove(d);
          reject(new InterruptedError());
        };
        const d: Due = { at: now + Math.max(0, ms), seq: seq++, wake: () => (signal?.removeEventListener('abort', onAbort), resolve()) };
        due.push(d);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    timer(ms, fire): Timer {
      const d: Due = { at: now + Math.max(0, ms), seq: seq++, wake: fire };
      due.push(d);
      return {
        refresh: () => {
          remove(d);
          Object.assign(d, { at: now + Math.max(0, ms), seq: seq++ });
          due.push(d);
        },
        clear: () => remove(d),
      };
    },
    advance(ms) {
      const to = now + ms;
      while (due.some((d) => d.at <= to)) next().wake();
      now = to;
    },
    pending: () => due.length,
    async run<T>(p: Promise<T>): Promise<T> {
      let outcome: { value: T } | { error: unknown } | undefined;
      p.then((value) => (outcome = { value }), (error: unknown) => (outcome = { error }));
      for (;;) {
        await idle();
        if (outcome && 'value' in outcome) return outcome.value;
        if (outcome) throw outcome.error;
        if (!due.length) throw new Error('fake clock: the promise waits on something other than the clock');
        next().wake();
      }
    },
  };
}
