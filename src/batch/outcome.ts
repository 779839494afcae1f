// What an answer to a send means for the row (docs/chat.md, "Row states"). The rule that keeps
// a recipient from getting two messages: a row is `failed` (sent again by --resume) only when
// the request certainly did not produce one; anything that may have is `uncertain`.
//
//   2xx with a JSON body               sent
//   2xx not JSON (an HTML login page)  uncertain: something answered, not the API
//   3xx                                uncertain: a redirect may come after processing (303)
//   401, 403                           failed, and the run stops (every row would fail alike)
//   other 4xx                          failed: refused before processing
//   503 with Retry-After               failed: "come back later", not processed (retried first)
//   other 5xx (502, 504 gateways, a    uncertain: the upstream may have processed it (not
//   503 without Retry-After)           retried: the ApiClient repeats a send only when notProcessed)
//   connection failed before writing   failed
//   reset, timeout, no answer          uncertain
import { STATUS_CODES } from 'node:http';
import { errorMessage } from '../api/errors-body.js';
import type { ApiResponse } from '../api/types.js';
import { notProcessed } from '../api/retry.js';
import { ApiError, AuthError, CliError, NetworkError, ResponseError } from '../core/errors.js';

export type Verdict = 'F' | 'U';

/** A row that did not end `sent`: failed or uncertain, and whether it stops the run. */
export class RowError extends CliError {
  constructor(
    message: string,
    readonly verdict: Verdict,
    readonly stops?: AuthError,
    /** The server could not be reached (see unreachable()). */
    readonly unreachable = false,
  ) {
    super(message, stops ? stops.exitCode : 5, undefined, verdict === 'U' ? 'uncertain' : 'failed');
  }
}

const statusMessage = (res: ApiResponse) => {
  const m = errorMessage(res.body, res.status, STATUS_CODES[res.status]);
  return m.startsWith(`HTTP ${res.status}`) ? m : `${m} (HTTP ${res.status})`;
};

/** The verdict on a non-2xx status (the ApiClient has done its retries). */
export function statusVerdict(status: number, retryAfter?: string | string[]): Verdict {
  if (status >= 500) return notProcessed(status, retryAfter) ? 'F' : 'U';
  if (status >= 400) return 'F';
  return 'U';
}

/** The body of an accepted send, or a RowError. Use with `allowErrors: true`. */
export function accepted(res: ApiResponse): Record<string, unknown> {
  const { status, body } = res;
  if (status >= 200 && status < 300) {
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
    throw new RowError(`HTTP ${status} answered with ${body === undefined ? 'an empty body' : 'a body that is not the API\u2019s JSON'}: not known to be sent`, 'U');
  }
  const message = statusMessage(res);
  if (status === 401 || status === 403) {
    const auth = new AuthError(message, status);
    throw new RowError(message, 'F', auth);
  }
  if (status >= 300 && status < 400) throw new RowError(`${message}: redirected to ${String(res.headers.location ?? '?')}, not known to be sent`, 'U');
  throw new RowError(message, statusVerdict(status, res.headers['retry-after']));
}

/**
 * The server could not be reached: the connection failed (refused, reset, no route), or timed
 * out before it was made. Not a slow answer: --timeout and --max-errors are for that.
 */
export const unreachable = (err: unknown): err is NetworkError => err instanceof NetworkError && (err.code === 'network' || !err.written);

/** Any error a send threw, as a RowError. */
export function rowError(err: unknown): RowError {
  if (err instanceof RowError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof NetworkError) return new RowError(message, err.written ? 'U' : 'F', undefined, unreachable(err));
  // The client's response policy: a redirect, a 2xx that is not JSON or one past the body cap
  // all came after the server had the request.
  if (err instanceof ResponseError) return new RowError(message, 'U');
  if (err instanceof AuthError) return new RowError(message, 'F', err);
  if (err instanceof ApiError && err.status !== undefined) return new RowError(message, statusVerdict(err.status));
  return new RowError(message, 'F');
}
