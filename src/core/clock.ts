// Time, as everything that waits sees it: the --wait loop, the HTTP client's backoff and
// Retry-After, its time budget, the batch's --rate. One interface, so their tests run on a fake
// clock (test/helpers/fake-clock.ts) in milliseconds; the context hands out the real one.
import { InterruptedError } from './errors.js';

export interface Clock {
  /** Milliseconds on a clock that only moves forward (differences only: not the time of day). */
  now(): number;
  /** Resolves after `ms`; rejects with InterruptedError when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
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
};
