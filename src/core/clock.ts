// Time, as everything that waits sees it: the --wait loop, the HTTP client's backoff and
// Retry-After, its time budget and per-attempt deadline, a download's idle limit, the batch's
// --rate and per-row deadlines. One interface, so their tests run on a fake clock
// (test/helpers/fake-clock.ts) in milliseconds; the context hands out the real one.
import { InterruptedError } from './errors.js';

/** A timer from `Clock.timer`: a plain timer, no AbortSignal (one per request costs a batch a quarter of its rate). */
export interface Timer {
  /** Starts the wait again from now, as long as it was (a download's next chunk); re-arms one that has fired. */
  refresh(): void;
  /** It will not fire; nothing if it has. */
  clear(): void;
}

export interface Clock {
  /** Milliseconds on a clock that only moves forward (differences only: not the time of day). */
  now(): number;
  /** Resolves after `ms`; rejects with InterruptedError when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `fire` once `ms` have passed, unless cleared; `unref`: it does not keep the process alive. */
  timer(ms: number, fire: () => void, o?: { unref?: boolean }): Timer;
}

/** setTimeout, and nothing more: as cheap as the timer it wraps. */
class SystemTimer implements Timer {
  private readonly t: NodeJS.Timeout;

  constructor(ms: number, fire: () => void, unref: boolean) {
    this.t = setTimeout(fire, ms);
    if (unref) this.t.unref();
  }

  refresh(): void {
    this.t.refresh();
  }

  clear(): void {
    clearTimeout(this.t);
  }
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new InterruptedError());
      const onAbort = () => {
        clearTimeout(t);
        reject(new InterruptedError());
      };
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
  timer: (ms, fire, o) => new SystemTimer(ms, fire, o?.unref === true),
};
