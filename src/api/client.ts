// The HTTP core: one client for every command. The key, deadlines, retries that never repeat a
// request that may have been processed, the response policy (only 2xx is success), the body
// cap, the redacted --verbose trace and --dry-run live here, once, above two transports:
// node:http(s) for one-shot requests, undici for batch pools and proxies (transport.ts).
import { InterruptedError, NetworkError, UsageError } from '../core/errors.js';
import { redactBody, redactHeaders } from '../core/redact.js';
import { answer, type Prepared } from './answer.js';
import { buildPath, getOperation, type OperationId, type SandboxOperationId } from './operations.js';
import { tooLarge } from './response.js';
import { attempts, backoff, Budget, Deadline, IDEMPOTENT, notProcessed, parseRetryAfter, retryDelay, secs } from './retry.js';
import { traceRequest } from './trace.js';
import type { ApiResponse, CallOptions, ClientOptions, RequestOptions } from './types.js';
import { nodeTransport } from './transport-node.js';
import { Attempt, BodyTooLarge, errorCode, type Exchange, isLoopback, type Outgoing, proxyAddress, proxyConfigured, readCapped, type Transport } from './transport.js';

/** Largest response body read into memory unless CHATCRM_MAX_BODY says otherwise. */
export const DEFAULT_MAX_BODY = 32 * 1024 * 1024;

/** retryStatus: the answer said to come back, and the wait is over. */
const RETRY = Symbol('retry');

/** The key would cross the network unencrypted: plain http to an address other than loopback (never proxied). */
export function keyInClear(url: URL): boolean {
  return url.protocol === 'http:' && !isLoopback(url.hostname);
}

export class ApiClient {
  /** A request other than GET was sent (something may have changed on the server). */
  wrote = false;
  /** Built with this client's options (batch or one-shot, its timeout), on first use. */
  private undici?: Promise<Transport>;
  /** node:http's, with connections of its own (transport-node.ts), on first use. */
  private node?: Transport;

  constructor(readonly opts: ClientOptions) {}

  /** Call an operation of the table by id. */
  call<T = unknown>(id: OperationId | SandboxOperationId, o: CallOptions = {}): Promise<ApiResponse<T>> {
    const op = getOperation(id);
    // Not `{ ...o, method, ... }`: V8 builds a spread followed by more properties on a slow
    // path (~4 µs, and a dictionary-mode object that makes every later read slower).
    return this.request<T>(
      Object.assign({}, o, {
        method: op.method,
        path: buildPath(op.path, o.params),
        base: op.base ?? 'api',
        auth: o.auth ?? !op.noAuth,
        response: op.response ?? 'json',
        noContent: op.noContent === true,
        readOnly: op.readOnly === true,
      }),
    );
  }

  url(path: string, base: 'api' | 'mcp' = 'api', query?: RequestOptions['query']): URL {
    let url: URL;
    if (/^https?:\/\//i.test(path)) url = new URL(path);
    else {
      const root = base === 'mcp' ? this.opts.mcpUrl : this.opts.baseUrl;
      if (!root) {
        throw new UsageError(
          base === 'mcp'
            ? 'No tool endpoint address: pass --mcp-url, set CHATCRM_MCP_URL, or run `chatcrm login`'
            : 'No API address: pass --base-url, set CHATCRM_BASE_URL, or run `chatcrm login`',
        );
      }
      url = new URL(root.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
    }
    // Userinfo (https://user:pass@host) is never sent, so it never reaches a trace or a dry run.
    url.username = '';
    url.password = '';
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    return url;
  }

  async request<T = unknown>(o: RequestOptions): Promise<ApiResponse<T>> {
    const req = this.prepare(o);
    if (this.opts.dryRun) return this.dryRunAnswer(req);
    if (req.auth) req.headers['x-api-key'] = this.opts.apiKey();
    if (req.method !== 'GET') this.wrote = true;
    return this.attempts<T>(req, await this.transport());
  }

  /** The request as it goes out: its address (the key never in clear to a remote host), headers and body. */
  private prepare(o: RequestOptions): Prepared {
    const url = this.url(o.path, o.base, o.query);
    const auth = o.auth ?? true;
    if (auth && keyInClear(url) && !this.opts.allowHttp) {
      throw new UsageError(
        `Refusing to send the API key over plain http to ${url.host}: use https, or allow it with \`chatcrm profiles set allow-http true\``,
      );
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.opts.userAgent ?? 'chatcrm',
      ...lower(o.headers),
    };
    let body: string | Buffer | undefined;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] ??= 'application/json';
    } else if (o.raw) {
      body = o.raw;
    } else if (o.form) {
      headers['content-type'] = o.form.contentType;
      headers['content-length'] = String(o.form.length);
    }
    return { o, url, method: o.method.toUpperCase(), headers, body, auth, kind: o.response ?? 'text' };
  }

  /** --dry-run: the request described (the key redacted), nothing sent. */
  private dryRunAnswer<T>({ o, url, method, headers, auth }: Prepared): ApiResponse<T> {
    if (auth) headers['x-api-key'] = 'REDACTED';
    this.opts.dryRunOut({
      method,
      url: url.toString(),
      headers: redactHeaders(headers),
      body: o.form ? o.form.describe() : o.json !== undefined ? redactBody(o.json) : o.raw?.toString('utf8'),
    });
    return { status: 0, headers: {}, body: undefined as T, dryRun: true };
  }

  /**
   * Attempt after attempt within the command's budget, each traced: a failed one is retried only
   * when it cannot have been processed (retryFailure, retryStatus); the last answer goes through
   * the response policy (answer.ts).
   */
  private async attempts<T>(req: Prepared, transport: Transport): Promise<ApiResponse<T>> {
    const retries = req.o.retries ?? this.opts.retries;
    const budget = new Budget(this.opts.timeoutMs, retries, this.opts.clock);
    for (let attempt = 0; ; attempt++) {
      const { pace } = req.o;
      const onWire = pace && (await this.waiting(() => pace.depart(req.o.signal), req, 'for its turn (--rate) to send'));
      traceRequest(this.opts, req.method, req.url, req.headers, req.o, attempt, transport.name);
      const started = this.opts.clock.now();
      const out: Outgoing = { url: req.url, method: req.method, headers: req.headers, body: req.o.form ? req.o.form.stream() : req.body, maxBody: req.kind === 'file' ? undefined : this.maxBody, timeoutMs: this.opts.timeoutMs };
      const state = new Attempt(onWire);
      let res: Exchange;
      try {
        res = await this.exchange(transport, out, state, budget.limit(started), req.o.signal);
      } catch (err) {
        // It never reached the wire, or did (the transport said so, and this counts once): the next may go.
        onWire?.();
        await this.retryFailure(err, req, state, attempt < retries ? budget : undefined, attempt);
        continue;
      }
      const gaveUp = await this.retryStatus(res, req, attempt < retries ? budget : undefined, started, attempt);
      if (gaveUp === RETRY) continue;
      const suffix = (status: number) => (req.o.base === 'mcp' ? this.mcpUrlHint(status) : '') + (gaveUp ? `; ${gaveUp}` : '') + attempts(attempt);
      return answer<T>(this.opts, req, res, started, suffix);
    }
  }

  /**
   * An attempt with no answer: waits and returns when it may be tried again (`budget` given
   * while retries are left), else throws the NetworkError (exit 7) saying what happened.
   */
  private async retryFailure(err: unknown, req: Prepared, state: Attempt, budget: Budget | undefined, attempt: number): Promise<void> {
    const { o, url, method } = req;
    if (err instanceof InterruptedError) throw err;
    if (err instanceof BodyTooLarge) throw tooLarge(url, this.maxBody);
    const code = errorCode(err);
    const timedOut = err instanceof Deadline || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
    // The configured --timeout, even when the budget cut this attempt shorter: that is the knob to turn.
    const proxy = proxyAddress(err, url, this.opts.proxy);
    let message = timedOut
      ? `Request timed out after ${secs(this.opts.timeoutMs)} (--timeout): ${method} ${url.origin}${url.pathname}`
      : `Cannot reach ${url.origin}${proxy ? ` through the proxy at ${proxy}` : ''}: ${code ?? (err as Error).message}`;
    this.opts.verbose && this.opts.trace(`! ${message}`);
    // Nothing can have been written before the connection was ready: any method may retry.
    // Not once the caller's deadline has passed.
    if (budget && (!state.connected || method === 'GET') && !o.signal?.aborted) {
      const wait = retryDelay(attempt);
      if (budget.fits(wait)) return this.pause(wait, req);
      message += `; ${budget.over(`another attempt in ${secs(wait)}`)}`;
    }
    if (state.connected && !IDEMPOTENT.has(method) && !o.readOnly) message += '; the request may have been processed: check before sending again';
    throw new NetworkError(message + attempts(attempt), state.connected, timedOut ? 'timeout' : 'network');
  }

  /**
   * An answer that says to come back (a GET's 429 or 5xx; for other methods only what was not
   * processed): RETRY after the wait (`budget` given while retries are left), or why the budget
   * left no time for one ('' when none was due). A 429 pauses the caller's pace, retried or not.
   */
  private async retryStatus({ status, headers }: Exchange, req: Prepared, budget: Budget | undefined, started: number, attempt: number): Promise<string | typeof RETRY> {
    const { o, method } = req;
    const again = method === 'GET' ? status === 429 || status >= 500 : notProcessed(status, headers['retry-after']);
    if (!again) return '';
    const asked = parseRetryAfter(headers['retry-after']);
    const wait = retryDelay(attempt, asked);
    // The server's rate is every row's: none starts before this one would come back.
    if (status === 429) o.pace?.refused(wait);
    if (!budget) return '';
    if (!budget.fits(wait)) return budget.over(asked === undefined ? `another attempt in ${secs(wait)}` : `waiting the ${secs(wait)} the server asked for (Retry-After)`);
    this.opts.verbose && this.opts.trace(`< ${status} (${Math.round(this.opts.clock.now() - started)} ms), retrying in ${wait} ms`);
    await this.pause(wait, req);
    return RETRY;
  }

  /**
   * A 404 from the tool endpoint when --mcp-url already ends in /mcp (a common paste: the
   * client adds /mcp itself): how to fix it, to append to the error; otherwise ''.
   */
  mcpUrlHint(status: number): string {
    const url = this.opts.mcpUrl;
    if (status !== 404 || !url || !/\/mcp$/i.test(url)) return '';
    return `; --mcp-url is the base address (chatcrm adds /mcp and /healthz): try --mcp-url ${url.replace(/\/mcp$/i, '')}`;
  }

  async close(): Promise<void> {
    await this.node?.close();
    if (this.undici) await (await this.undici).close();
  }

  /**
   * The wait before the next attempt, then its turn in the caller's pace (--rate counts retries
   * too). Ctrl-C (the client's signal) cuts it short.
   */
  private pause(ms: number, req: Prepared): Promise<void> {
    const { signal: deadline, pace } = req.o;
    return this.waiting(async () => {
      await backoff(this.opts.clock, ms, this.opts.signal, deadline);
      await pace?.retry(deadline);
    }, req, 'to retry');
  }

  /**
   * A wait before an attempt. The caller's deadline passing meanwhile ends the request: a
   * timeout, of a request that was not processed (only such a request is retried or waits).
   */
  private async waiting<T>(wait: () => Promise<T>, { o, method, url }: Prepared, what: string): Promise<T> {
    try {
      return await wait();
    } catch (err) {
      if (!(err instanceof Deadline) && !o.signal?.aborted) throw err;
      throw new NetworkError(`Request timed out while waiting ${what} ${method} ${url.origin}${url.pathname}`, false, 'timeout');
    }
  }

  private get maxBody(): number {
    return this.opts.maxBody ?? DEFAULT_MAX_BODY;
  }

  /** node:http for one-shot requests; undici (loaded now, not at start-up) for batches and proxies; a test's own. */
  private transport(): Promise<Transport> {
    if (typeof this.opts.transport === 'object') return Promise.resolve(this.opts.transport);
    // node:http has no proxy support: a configured proxy wins over a forced transport.
    const kind = proxyConfigured(this.opts.proxy) ? 'undici' : (this.opts.transport ?? (this.opts.longRunning ? 'undici' : 'node'));
    if (kind === 'node') return Promise.resolve((this.node ??= nodeTransport()));
    return (this.undici ??= import('./transport-undici.js').then((m) => m.undiciTransport(Boolean(this.opts.longRunning), this.opts.timeoutMs, this.opts.proxy)));
  }

  /**
   * One attempt under one deadline, which covers DNS, connect, proxy CONNECT, TLS, headers
   * and the body (for a download: up to the headers, then idleGuard). Ctrl-C cancels it too.
   * The deadline is a timer on the client's clock (a plain timer: see Attempt), so its
   * boundary is a unit test on a fake one.
   */
  private async exchange(transport: Transport, out: Outgoing, state: Attempt, limit: number, deadline?: AbortSignal): Promise<Exchange> {
    const { signal } = this.opts;
    if (signal?.aborted) throw new InterruptedError();
    if (deadline?.aborted) throw new Deadline();
    const timer = this.opts.clock.timer(limit, () => state.cancel(new Deadline()));
    const onAbort = () => state.cancel(new InterruptedError());
    const onDeadline = () => state.cancel(new Deadline());
    signal?.addEventListener('abort', onAbort, { once: true });
    deadline?.addEventListener('abort', onDeadline, { once: true });
    try {
      const res = await transport.send(out, state);
      if (res.stream && (res.status < 200 || res.status >= 300)) {
        // An error answer to a download is read like any other, under the same deadline.
        const stream = res.stream;
        state.cancelWith((reason) => stream.destroy(reason));
        return { status: res.status, headers: res.headers, body: await readCapped(stream, this.maxBody) };
      }
      return res;
    } catch (err) {
      throw state.reason ?? err;
    } finally {
      timer.clear();
      signal?.removeEventListener('abort', onAbort);
      deadline?.removeEventListener('abort', onDeadline);
    }
  }

}

function lower(h: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

