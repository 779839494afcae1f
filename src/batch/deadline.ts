// Per-row deadlines (--timeout) for a batch: a dripping server must not hold a row, or the run,
// for ever. A row past its deadline is aborted and ends uncertain (NetworkError, written).
import { setMaxListeners } from 'node:events';
import type { Clock } from '../core/clock.js';
import { NetworkError } from '../core/errors.js';

/** Rows that start within the same slice of time share one deadline (a slice later at most). */
const SLICE_MS = 100;

/**
 * Per-row deadlines without a timer and an AbortController per row (a few µs each,
 * at thousands of rows a second): one signal and one timer per slice of time, on the run's
 * clock (the context's), so the slices are a unit test on a fake one.
 */
export class Deadlines {
  private slice?: { signal: AbortSignal; ends: number };

  constructor(
    private readonly ms: number,
    private readonly clock: Clock,
  ) {}

  current(): AbortSignal {
    const now = this.clock.now();
    if (!this.slice || now >= this.slice.ends) {
      const ac = new AbortController();
      setMaxListeners(0, ac.signal);
      // Unreferenced: a request still waiting holds its own socket, and the process with it.
      this.clock.timer(this.ms + SLICE_MS, () => ac.abort(new NetworkError(`Request timed out after ${this.ms / 1000}s (--timeout)`, true, 'timeout')), { unref: true });
      this.slice = { signal: ac.signal, ends: now + SLICE_MS };
    }
    return this.slice.signal;
  }
}

/**
 * A send that ends when its signal aborts, whether or not the command passed the signal on.
 * The listener goes when the send settles: nothing stays attached to a signal that lives for
 * the whole --timeout (a race against a long-lived promise would keep every row until then).
 */
export function untilAborted<T>(send: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    send.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e) => (signal.removeEventListener('abort', onAbort), reject(e)),
    );
  });
}
