// The response policy: what an answer the client will not retry means for the caller. Only 2xx is
// success; a redirect is never followed (the key would go along to wherever it points); "no
// content" where the operation promises a body is not the API answering; a 2xx must be what the
// operation returns; an error body is read only up to its head, and becomes an error with the
// server's message.
import { ApiError, AuthError, ResponseError, type CliError } from '../core/errors.js';
import { idleGuard } from './download.js';
import { ERROR_BODY_LIMIT, errorMessage } from './errors-body.js';
import type { ResponseKind } from './operations.js';
import { brokenAnswer, parseBody, redirectTarget, successBody, utf8 } from './response.js';
import { traceResponse } from './trace.js';
import type { Exchange } from './transport.js';
import type { ApiResponse, ClientOptions, RequestOptions } from './types.js';

/** A request as it goes out, attempt after attempt. */
export interface Prepared {
  o: RequestOptions;
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  auth: boolean;
  kind: ResponseKind;
}

/**
 * The answer as the caller gets it, or the error it is. `suffix` completes an error's message
 * (a hint, why no retry was made, how many attempts it took).
 */
export async function answer<T>(opts: ClientOptions, req: Prepared, res: Exchange, started: number, suffix: (status: number) => string): Promise<ApiResponse<T>> {
  const { o, url, kind } = req;
  const { status, headers } = res;
  if (status >= 300 && status < 400) {
    traceResponse(opts, status, headers, undefined, started);
    const flag = o.base === 'mcp' ? '--mcp-url' : '--base-url';
    const to = redirectTarget(headers.location, url);
    throw new ResponseError(to ? `The server redirected to ${to}; check ${flag}` : `The server answered HTTP ${status}, a redirect without a Location; check ${flag}`, status, 'redirect');
  }
  if ((status === 204 || status === 205) && !o.noContent) {
    // A send would otherwise print ✓ Sent for a request nobody confirmed.
    res.stream?.resume();
    traceResponse(opts, status, headers, undefined, started);
    throw brokenAnswer(url, status, kind, `(no content, HTTP ${status})`);
  }
  if (res.stream) {
    opts.verbose && opts.trace(`< ${status} (${Math.round(opts.clock.now() - started)} ms) [streamed body]`);
    return { status, headers, body: undefined as T, stream: idleGuard(res.stream, url, opts.timeoutMs, opts.clock) };
  }
  const raw = res.body ?? Buffer.alloc(0);
  if (status >= 200 && status < 300) {
    let parsed: unknown;
    try {
      parsed = successBody(raw, headers['content-type'], status, kind, url, o.noContent === true);
    } catch (err) {
      // The trace still shows what came back (the error names the body).
      traceResponse(opts, status, headers, undefined, started);
      throw err;
    }
    traceResponse(opts, status, headers, parsed, started);
    return { status, headers, body: parsed as T };
  }
  if (o.allowErrors) {
    const parsed = parseBody(utf8(raw), headers['content-type']);
    traceResponse(opts, status, headers, parsed, started);
    return { status, headers, body: parsed as T };
  }
  throw await errorAnswer(opts, res, raw, started, suffix);
}

/** An error status as an ApiError (an AuthError for 401 and 403) with the server's message. */
async function errorAnswer(opts: ClientOptions, res: Exchange, raw: Buffer, started: number, suffix: (status: number) => string): Promise<CliError> {
  const { status, headers } = res;
  // Only the head of an error body is read: a 400 KB HTML page costs what 64 KiB does.
  const parsed = parseBody(utf8(raw.subarray(0, ERROR_BODY_LIMIT)), headers['content-type']);
  traceResponse(opts, status, headers, parsed, started);
  // node:http is loaded only here: the table of status texts is not needed otherwise.
  const { STATUS_CODES } = await import('node:http');
  const message = errorMessage(parsed, status, STATUS_CODES[status]);
  // A message made from the status alone (empty body) already names it.
  const full = (message.startsWith(`HTTP ${status}`) ? message : `${message} (HTTP ${status})`) + suffix(status);
  return status === 401 || status === 403 ? new AuthError(full, status) : new ApiError(full, status, parsed);
}
