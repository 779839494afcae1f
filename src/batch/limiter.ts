// --rate N: at most N sends start in any one-second window, from the first. Sends are paced
// evenly, 1/N s apart, measured from when the previous one was let go (not from when it was
// due): a timer that fires late, or a busy event loop, never lets the next ones bunch up to
// catch up. N+1 starts then span at least a second. No burst at the start: a token bucket that
// starts full sent N at once and N more within the first second.
import { sleep } from '../api/retry.js';
import { InterruptedError } from '../core/errors.js';

/** Wait `ms`; rejects when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export class Pacer {
  private readonly interval: number;
  /** When the next send may start (ms on `now`'s clock). */
  private next = -Infinity;
  /** Waiters go one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    rate: number,
    private readonly now = () => performance.now(),
    private readonly wait: Sleep = sleep,
  ) {
    // Rounded up to the microsecond: N intervals add up to a second or more, never 999.9999.
    this.interval = Math.ceil(1_000_000 / rate) / 1000;
  }

  /** Resolves when a send may start; rejects when `signal` aborts first. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.turn(signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async turn(signal?: AbortSignal): Promise<void> {
    // A timer may fire a fraction of a millisecond early on this clock: look again.
    for (let t = this.now(); t < this.next; t = this.now()) await this.wait(this.next - t, signal);
    if (signal?.aborted) throw new InterruptedError();
    this.next = this.now() + this.interval;
  }
}
