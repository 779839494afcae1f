// The HTTP core: one client for every command. The key, deadlines, retries that never repeat a
// request that may have been processed, the response policy (only 2xx is success), the body
// cap, the redacted --verbose trace and --dry-run live here, once, above two transports:
// node:http(s) for one-shot requests, undici for batch pools and proxies (transport.ts).
import { ApiError, AuthError, InterruptedError, NetworkError, ResponseError, UsageError } from '../core/errors.js';
import { redactBody, redactHeaders } from '../core/redact.js';
import { idleGuard } from './download.js';
import { ERROR_BODY_LIMIT, errorMessage } from './errors-body.js';
import { buildPath, getOperation, type OperationId, type SandboxOperationId } from './operations.js';
import { brokenAnswer, parseBody, redirectTarget, successBody, tooLarge, utf8 } from './response.js';
import { attempts, Deadline, IDEMPOTENT, notProcessed, parseRetryAfter, retryDelay, secs, sleep } from './retry.js';
import { traceRequest, traceResponse } from './trace.js';
import type { ApiResponse, CallOptions, ClientOptions, RequestOptions } from './types.js';
import { nodeTransport } from './transport-node.js';
import { Attempt, BodyTooLarge, errorCode, type Exchange, type Outgoing, proxyAddress, proxyConfigured, readCapped, type Transport } from './transport.js';

/** Largest response body read into memory unless CHATCRM_MAX_BODY says otherwise. */
export const DEFAULT_MAX_BODY = 32 * 1024 * 1024;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** The key would cross the network unencrypted: plain http to an address other than loopback. */
export function keyInClear(url: URL): boolean {
  return url.protocol === 'http:' && !LOOPBACK.test(url.hostname);
}

export class ApiClient {
  /** A request other than GET was sent (something may have changed on the server). */
  wrote = false;
  /** Built with this client's options (batch or one-shot, its timeout), on first use. */
  private undici?: Promise<Transport>;

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
    const method = o.method.toUpperCase();

    if (this.opts.dryRun) {
      if (auth) headers['x-api-key'] = 'REDACTED';
      this.opts.dryRunOut({
        method,
        url: url.toString(),
        headers: redactHeaders(headers),
        body: o.form ? o.form.describe() : o.json !== undefined ? redactBody(o.json) : o.raw?.toString('utf8'),
      });
      return { status: 0, headers: {}, body: undefined as T, dryRun: true };
    }
    if (auth) headers['x-api-key'] = this.opts.apiKey();
    if (method !== 'GET') this.wrote = true;

    const transport = await this.transport();
    const kind = o.response ?? 'text';
    const retries = o.retries ?? this.opts.retries;
    const { timeoutMs } = this.opts;
    const budget = timeoutMs * (retries + 1);
    const end = Date.now() + budget;
    // A retry is worth it only when its wait leaves the next attempt some time.
    const fits = (wait: number) => Date.now() + wait + 50 < end;
    const overBudget = (what: string) => `gave up: ${what} would pass the ${secs(budget)} this command may take (--timeout × (retries + 1))`;
    for (let attempt = 0; ; attempt++) {
      traceRequest(this.opts, method, url, headers, o, attempt, transport.name);
      const started = Date.now();
      const limit = Math.min(timeoutMs, end - started);
      const out: Outgoing = { url, method, headers, body: o.form ? o.form.stream() : body, maxBody: kind === 'file' ? undefined : this.maxBody, timeoutMs };
      const state = new Attempt();
      let res: Exchange;
      try {
        res = await this.exchange(transport, out, state, limit, o.signal);
      } catch (err) {
        if (err instanceof InterruptedError) throw err;
        if (err instanceof BodyTooLarge) throw tooLarge(url, this.maxBody);
        const code = errorCode(err);
        const timedOut = err instanceof Deadline || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
        // The configured --timeout, even when the budget cut this attempt shorter: that is the knob to turn.
        const proxy = proxyAddress(err, url);
        let message = timedOut
          ? `Request timed out after ${secs(timeoutMs)} (--timeout): ${method} ${url.origin}${url.pathname}`
          : `Cannot reach ${url.origin}${proxy ? ` through the proxy at ${proxy}` : ''}: ${code ?? (err as Error).message}`;
        this.opts.verbose && this.opts.trace(`! ${message}`);
        // Nothing can have been written before the connection was ready: any method may retry.
        // Not once the caller's deadline has passed.
        if (attempt < retries && (!state.connected || method === 'GET') && !o.signal?.aborted) {
          const wait = retryDelay(attempt);
          if (fits(wait)) {
            await this.pause(wait, o.signal, method, url);
            continue;
          }
          message += `; ${overBudget(`another attempt in ${secs(wait)}`)}`;
        }
        if (state.connected && !IDEMPOTENT.has(method)) message += '; the request may have been processed: check before sending again';
        throw new NetworkError(message + attempts(attempt), state.connected, timedOut ? 'timeout' : 'network');
      }
      const { status, headers: resHeaders } = res;
      if (status >= 300 && status < 400) {
        // Never followed: the key would go along to wherever it points.
        traceResponse(this.opts, status, resHeaders, undefined, started);
        const flag = o.base === 'mcp' ? '--mcp-url' : '--base-url';
        const to = redirectTarget(resHeaders.location, url);
        throw new ResponseError(to ? `The server redirected to ${to}; check ${flag}` : `The server answered HTTP ${status}, a redirect without a Location; check ${flag}`, status, 'redirect');
      }
      let gaveUp = '';
      const again = method === 'GET' ? status === 429 || status >= 500 : notProcessed(status, resHeaders['retry-after']);
      if (again && attempt < retries) {
        const asked = parseRetryAfter(resHeaders['retry-after']);
        const wait = retryDelay(attempt, asked);
        if (fits(wait)) {
          this.opts.verbose && this.opts.trace(`< ${status} (${Date.now() - started} ms), retrying in ${wait} ms`);
          await this.pause(wait, o.signal, method, url);
          continue;
        }
        gaveUp = overBudget(asked === undefined ? `another attempt in ${secs(wait)}` : `waiting the ${secs(wait)} the server asked for (Retry-After)`);
      }
      if ((status === 204 || status === 205) && !o.noContent) {
        // "No content" where the operation promises a body: not the API answering (a send
        // would otherwise print ✓ Sent for a request nobody confirmed).
        res.stream?.resume();
        traceResponse(this.opts, status, resHeaders, undefined, started);
        throw brokenAnswer(url, status, kind, `(no content, HTTP ${status})`);
      }
      if (res.stream) {
        this.opts.verbose && this.opts.trace(`< ${status} (${Date.now() - started} ms) [streamed body]`);
        return { status, headers: resHeaders, body: undefined as T, stream: idleGuard(res.stream, url, this.opts.timeoutMs) };
      }
      const raw = res.body ?? Buffer.alloc(0);
      if (status >= 200 && status < 300) {
        let parsed: unknown;
        try {
          parsed = successBody(raw, resHeaders['content-type'], status, kind, url, o.noContent === true);
        } catch (err) {
          // The trace still shows what came back (the error names the body).
          traceResponse(this.opts, status, resHeaders, undefined, started);
          throw err;
        }
        traceResponse(this.opts, status, resHeaders, parsed, started);
        return { status, headers: resHeaders, body: parsed as T };
      }
      if (o.allowErrors) {
        const parsed = parseBody(utf8(raw), resHeaders['content-type']);
        traceResponse(this.opts, status, resHeaders, parsed, started);
        return { status, headers: resHeaders, body: parsed as T };
      }
      // Only the head of an error body is read: a 400 KB HTML page costs what 64 KiB does.
      const parsed = parseBody(utf8(raw.subarray(0, ERROR_BODY_LIMIT)), resHeaders['content-type']);
      traceResponse(this.opts, status, resHeaders, parsed, started);
      // node:http is loaded only here: the table of status texts is not needed otherwise.
      const { STATUS_CODES } = await import('node:http');
      const message = errorMessage(parsed, status, STATUS_CODES[status]);
      // A message made from the status alone (empty body) already names it.
      let full = message.startsWith(`HTTP ${status}`) ? message : `${message} (HTTP ${status})`;
      if (o.base === 'mcp') full += this.mcpUrlHint(status);
      if (gaveUp) full += `; ${gaveUp}`;
      full += attempts(attempt);
      if (status === 401 || status === 403) throw new AuthError(full, status);
      throw new ApiError(full, status, parsed);
    }
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
    if (this.undici) await (await this.undici).close();
  }

  /**
   * The wait before the next attempt. The caller's deadline passing meanwhile ends the request:
   * a timeout, of a request that was not processed (only such a request is retried).
   */
  private async pause(ms: number, deadline: AbortSignal | undefined, method: string, url: URL): Promise<void> {
    try {
      await sleep(ms, this.opts.signal, deadline);
    } catch (err) {
      if (!(err instanceof Deadline)) throw err;
      throw new NetworkError(`Request timed out while waiting to retry ${method} ${url.origin}${url.pathname}`, false, 'timeout');
    }
  }

  private get maxBody(): number {
    return this.opts.maxBody ?? DEFAULT_MAX_BODY;
  }

  /** node:http for one-shot requests; undici (loaded now, not at start-up) for batches and proxies. */
  private transport(): Promise<Transport> {
    // node:http has no proxy support: a configured proxy wins over a forced transport.
    const kind = proxyConfigured() ? 'undici' : (this.opts.transport ?? (this.opts.longRunning ? 'undici' : 'node'));
    if (kind === 'node') return Promise.resolve(nodeTransport);
    return (this.undici ??= import('./transport-undici.js').then((m) => m.undiciTransport(Boolean(this.opts.longRunning), this.opts.timeoutMs)));
  }

  /**
   * One attempt under one deadline, which covers DNS, connect, proxy CONNECT, TLS, headers
   * and the body (for a download: up to the headers, then idleGuard). Ctrl-C cancels it too.
   */
  private async exchange(transport: Transport, out: Outgoing, state: Attempt, limit: number, deadline?: AbortSignal): Promise<Exchange> {
    const { signal } = this.opts;
    if (signal?.aborted) throw new InterruptedError();
    if (deadline?.aborted) throw new Deadline();
    const timer = setTimeout(() => state.cancel(new Deadline()), limit);
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
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      deadline?.removeEventListener('abort', onDeadline);
    }
  }

}

function lower(h: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

