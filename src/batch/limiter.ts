// --rate N: at most N requests start in any one-second window at the server, every attempt
// counted (the check before the first send, each send, each retry). Two steps of one pace: a
// row takes its turn before its intent is written (a retry takes one too, ahead of new rows),
// and each attempt goes out a little over 1/N s after the one before it reached the wire. Both
// are measured from when the previous one was let go (not from when it was due): a timer that
// fires late, or a busy event loop, never lets the next ones bunch up to catch up. No burst at
// the start: a token bucket that starts full sent N at once and N more within the first second.
// A 429 holds both steps for everyone.
import type { Pace } from '../api/types.js';
import type { Clock } from '../core/clock.js';
import { InterruptedError } from '../core/errors.js';

/**
 * Added to each second's worth of intervals: N + 1 starts span 1.02 s, not exactly 1 s, so the
 * few milliseconds between a start here and its arrival at the server (the intent's fsync, a
 * connection opened, a busy machine) do not put N + 1 in one of the server's seconds.
 */
export const SLACK_MS = 20;

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
}

export class Pacer implements Pace {
  private readonly interval: number;
  /** When the next turn may be given (a row before its intent, a retry: they keep in step). */
  private next = -Infinity;
  /** When the next request may go out: an interval after the last one did, and after a 429's pause. */
  private nextOut = -Infinity;
  /** Settles once the last attempt let go is on the wire, or over. */
  private onWire = Promise.resolve();
  /** Retries go first: a row that started finishes before a new one starts. Each queue in order. */
  private readonly retries: Waiter[] = [];
  private readonly firsts: Waiter[] = [];
  private serving = false;

  constructor(
    rate: number,
    private readonly clock: Clock,
  ) {
    // Rounded up to the microsecond: N intervals add up to 1000 + SLACK_MS ms or more, never less.
    this.interval = Math.ceil((1000 + SLACK_MS) * (1000 / rate)) / 1000;
    this.begin();
  }

  /**
   * The first request goes out an interval from now, not at once: a run started (or resumed)
   * right after another one ended keeps the pace at the seam (its last request went out before
   * it let go of the journal's lock). A batch begins again once it holds the lock.
   */
  begin(): void {
    this.nextOut = Math.max(this.nextOut, this.clock.now() + this.interval);
  }

  /** A first attempt's turn, before its intent: resolves when it may start; rejects when `signal` aborts first. */
  take(signal?: AbortSignal): Promise<void> {
    return this.enqueue(this.firsts, signal);
  }

  /** A retry's turn, ahead of the first attempts still waiting (the API client calls it). */
  retry(signal?: AbortSignal): Promise<void> {
    return this.enqueue(this.retries, signal);
  }

  /**
   * Right before an attempt goes out (the API client calls it): once the one before it is on the
   * wire (its connection ready), an interval after that. What happens between a turn and the
   * wire (the intent's fsync, the HTTP client loaded, a connection opened) cannot bunch them up.
   * Resolves to what the client calls once its attempt is on the wire, or over.
   */
  async depart(signal?: AbortSignal): Promise<() => void> {
    const before = this.onWire;
    let release!: () => void;
    this.onWire = new Promise<void>((r) => (release = r));
    try {
      await before;
      await this.until(() => this.nextOut, signal);
    } catch (err) {
      void before.then(release);
      throw err;
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.nextOut = Math.max(this.nextOut, this.clock.now() + this.interval);
      release();
    };
  }

  /** The server refused a request for its rate (429): nobody's request starts for `ms` from now. */
  refused(ms: number): void {
    const end = this.clock.now() + ms;
    this.next = Math.max(this.next, end);
    this.nextOut = Math.max(this.nextOut, end);
  }

  private enqueue(queue: Waiter[], signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      queue.push({ resolve, reject, signal });
      void this.serve();
    });
  }

  /** One waiter at a time, each let go once its turn has come. */
  private async serve(): Promise<void> {
    if (this.serving) return;
    this.serving = true;
    for (let w = this.retries.shift() ?? this.firsts.shift(); w; w = this.retries.shift() ?? this.firsts.shift()) {
      try {
        await this.until(() => this.next, w.signal);
        this.next = this.clock.now() + this.interval;
        w.resolve();
      } catch (err) {
        w.reject(err);
      }
    }
    this.serving = false;
  }

  /** Resolves once `at()` has passed; rejects when `signal` aborts first. */
  private async until(at: () => number, signal?: AbortSignal): Promise<void> {
    // A timer may fire a fraction of a millisecond early on this clock, and a 429 may push the
    // time later meanwhile: look again.
    for (let t = this.clock.now(); t < at(); t = this.clock.now()) await this.clock.sleep(at() - t, signal);
    if (signal?.aborted) throw new InterruptedError();
  }
}
