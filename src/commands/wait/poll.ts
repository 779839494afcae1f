// The loop under every --wait: poll, pause (backoff from 250 ms doubling to 5 s; a 429's
// Retry-After when longer, never shorter), until the poll says done or --wait-timeout runs out.
// The deadline bounds everything the wait does: a poll still unanswered when it comes is cut
// short. Time comes from a Clock, so the tests of deadlines and pauses run on a fake one.
import { errorMessage } from '../../api/errors-body.js';
import { parseRetryAfter } from '../../api/retry.js';
import type { Clock } from '../../core/clock.js';
import type { Context } from '../../runtime/context.js';
import { ApiError, InterruptedError, withDetail } from '../../core/errors.js';
import type { OperationId } from '../../api/operations.js';
import type { ApiResponse, CallOptions } from '../../api/types.js';

/** The first pause between polls, doubled after each up to the last. */
export const FIRST_POLL_MS = 250;
export const LAST_POLL_MS = 5_000;

/** A poll's answer: true when the wait is over; `{ retryAfterMs }` when the server asked to be asked later. */
export type Poll = boolean | { retryAfterMs: number };

/** One poll; `signal` aborts when the deadline comes first (its requests are to stop then). */
export type Round = (signal: AbortSignal) => Promise<Poll>;

/** What the wait is for (`target`), how long it may take, who may stop it (Ctrl-C), and its clock. */
export interface PollSpec {
  target: string;
  timeoutMs: number;
  signal: AbortSignal;
  clock: Clock;
}

const OUT: unique symbol = Symbol('out of time');

/** The round's answer, or OUT when `ms` pass first (the round is then aborted). Ctrl-C rejects at once. */
async function within(clock: Clock, ms: number, interrupt: AbortSignal, round: Round): Promise<Poll | typeof OUT> {
  const cut = new AbortController();
  const settled = new AbortController();
  const expiry = clock.sleep(ms, AbortSignal.any([interrupt, settled.signal])).then((): typeof OUT => OUT);
  try {
    const r = await Promise.race([round(cut.signal), expiry]);
    if (r === OUT) cut.abort();
    return r;
  } finally {
    settled.abort();
  }
}

/**
 * Poll until `round` says done or the deadline passes. Ctrl-C and a server that fails are
 * thrown as they come, with `done` (what was sent) said in the message: a wait does not undo
 * the sends before it.
 */
export async function pollUntil(d: PollSpec, round: Round, done: string): Promise<{ timedOut: boolean; waitedMs: number }> {
  const { clock } = d;
  const started = clock.now();
  const deadline = started + d.timeoutMs;
  const end = (timedOut: boolean) => ({ timedOut, waitedMs: clock.now() - started });
  let pause = FIRST_POLL_MS;
  try {
    for (;;) {
      const left = deadline - clock.now();
      if (left <= 0) return end(true);
      const r = await within(clock, left, d.signal, round);
      if (r === OUT) return end(true);
      if (r === true) return end(false);
      // Retry-After 0 (or shorter than the backoff) does not make the polls come faster.
      const asked = typeof r === 'object' ? r.retryAfterMs : 0;
      await clock.sleep(Math.min(Math.max(asked, pause), Math.max(0, deadline - clock.now())), d.signal);
      pause = Math.min(pause * 2, LAST_POLL_MS);
    }
  } catch (err) {
    if (err instanceof InterruptedError) throw new InterruptedError(`Stopped waiting for ${d.target} (Ctrl-C): ${done}`);
    throw withDetail(err, `; stopped waiting for ${d.target}: ${done}`);
  }
}

/**
 * A poll's request, cancelled by `signal`: its answer, or the wait a 429 asks for (Retry-After,
 * 0 when it names none: the backoff decides); other errors thrown as the client throws them.
 */
export async function pollCall(ctx: Context, id: OperationId, options: CallOptions, signal: AbortSignal): Promise<ApiResponse | { retryAfterMs: number }> {
  const res = await (await ctx.api()).call(id, { ...options, signal, retries: 0, allowErrors: true });
  if (res.status === 429) return { retryAfterMs: parseRetryAfter(res.headers['retry-after']) ?? 0 };
  if (res.status < 200 || res.status >= 300) {
    // node:http only on this path: `chat send` starts without it.
    const { STATUS_CODES } = await import('node:http');
    throw new ApiError(errorMessage(res.body, res.status, STATUS_CODES[res.status]), res.status, res.body);
  }
  return res;
}
