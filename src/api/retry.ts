// When a request is sent again, and after how long: only what the server said it did not
// process (or a request that never reached it), with backoff, Retry-After, Ctrl-C and the
// caller's deadline cutting the waits short.
import type { Clock } from '../core/clock.js';
import { InterruptedError } from '../core/errors.js';

export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000);
  // An HTTP-date has a day and a month name; Date.parse alone reads '-1' as a year.
  const at = /[a-z]/i.test(v) ? Date.parse(v) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Exponential backoff with jitter (half fixed, half random); Retry-After wins when the server
 * gives one. No cap here: the command's time budget decides whether a wait is worth it.
 */
export function retryDelay(attempt: number, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const cap = Math.min(8_000, 250 * 2 ** attempt);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** The time one command's request may take, retries and their waits included: --timeout × (retries + 1). */
export class Budget {
  private readonly ms: number;
  private readonly end: number;

  constructor(
    private readonly timeoutMs: number,
    retries: number,
    private readonly clock: Clock,
  ) {
    this.ms = timeoutMs * (retries + 1);
    this.end = clock.now() + this.ms;
  }

  /** The deadline of an attempt starting at `started`: --timeout, or what is left of the budget. */
  limit(started: number): number {
    return Math.min(this.timeoutMs, this.end - started);
  }

  /** A retry is worth it only when its wait leaves the next attempt some time. */
  fits(wait: number): boolean {
    return this.clock.now() + wait + 50 < this.end;
  }

  /** Why no retry was made: `what` would pass the budget. */
  over(what: string): string {
    return `gave up: ${what} would pass the ${secs(this.ms)} this command may take (--timeout × (retries + 1))`;
  }
}

/** Marks the deadline of an attempt: cancels it, and tells the catch what happened. */
export class Deadline extends Error {}

/** The wait before a retry, on `clock`: Ctrl-C (`signal`) and the caller's deadline cut it short. */
export async function backoff(clock: Clock, ms: number, signal?: AbortSignal, deadline?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw new InterruptedError();
  if (deadline?.aborted) throw new Deadline();
  try {
    await clock.sleep(ms, signal && deadline ? AbortSignal.any([signal, deadline]) : (signal ?? deadline));
  } catch (err) {
    throw deadline?.aborted && !signal?.aborted ? new Deadline() : err;
  }
}

/**
 * The server said it did not process the request: 429 (refused), or 503 with a Retry-After
 * ("come back later"). Only then is a request other than a GET sent again; a plain 503 may come
 * from a gateway whose upstream did process it. The batch's row outcomes read answers by it too.
 */
export function notProcessed(status: number, retryAfter: string | string[] | undefined): boolean {
  return status === 429 || (status === 503 && parseRetryAfter(retryAfter) !== undefined);
}

/** Methods that change nothing more when repeated: a lost answer to them is no doubt about the server's state. */
export const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** How many attempts a failure took, when more than one. */
export const attempts = (attempt: number) => (attempt ? ` (after ${attempt + 1} attempts)` : '');

/** Seconds as people write them: 0.5s, 30s, 999999s. */
export const secs = (ms: number) => `${Number((ms / 1000).toFixed(1))}s`;
