// The HTTP core: one client for every command. The key, deadlines, retries that never repeat a
// request that may have been processed, the response policy (only 2xx is success), the body
// cap, the redacted --verbose trace and --dry-run live here, once, above two transports:
// node:http(s) for one-shot requests, undici for batch pools and proxies (transport.ts).
import { PassThrough, type Readable } from 'node:stream';
import { ApiError, AuthError, InterruptedError, NetworkError, ResponseError, UsageError } from '../core/errors.js';
import { redactBody, redactHeaders } from '../core/redact.js';
import { sanitizeCell } from '../core/sanitize.js';
import { ERROR_BODY_LIMIT, errorMessage } from './errors-body.js';
import { buildPath, getOperation, type Method, type OperationId, type ResponseKind } from './operations.js';
import type { MultipartBody } from './multipart.js';
import { nodeTransport } from './transport-node.js';
import { Attempt, BodyTooLarge, type Exchange, type Outgoing, proxyConfigured, readCapped, type Transport } from './transport.js';

/** Largest response body read into memory unless CHATCRM_MAX_BODY says otherwise. */
export const DEFAULT_MAX_BODY = 32 * 1024 * 1024;

export interface ClientOptions {
  baseUrl?: string;
  mcpUrl?: string;
  apiKey: () => string;
  /** The deadline of one attempt; the command's budget is timeoutMs × (retries + 1). */
  timeoutMs: number;
  retries: number;
  allowHttp: boolean;
  verbose: boolean;
  dryRun: boolean;
  /** Writes the trace (stderr) and the dry-run description (stdout). */
  trace: (line: string) => void;
  dryRunOut: (req: DryRunRequest) => void;
  signal?: AbortSignal;
  /** Batches: undici's warm pool, and V8's optimising wasm tier for its parser. */
  longRunning?: boolean;
  userAgent?: string;
  /** Largest body read into memory (default 32 MiB); downloads stream and are not capped. */
  maxBody?: number;
  /** Force a transport (tests, CHATCRM_HTTP_TRANSPORT); otherwise chosen by the work. A proxy always means undici. */
  transport?: 'node' | 'undici';
}

export interface RequestOptions {
  method: Method | string;
  /** Either a path on base/mcp, or an absolute URL. */
  path: string;
  base?: 'api' | 'mcp';
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: MultipartBody;
  /** Raw bytes sent as they are (webhook payloads). */
  raw?: Buffer;
  auth?: boolean;
  /**
   * What a 2xx answer must be: `json` (anything else is an error), `text` (JSON when it is
   * JSON, else the text; the default of raw requests) or `file` (a stream for the caller).
   */
  response?: ResponseKind;
  /** Do not throw on error statuses (the `api` command shows them as they are). */
  allowErrors?: boolean;
  /** A 2xx may have no body (204, 205): the operation's `noContent`; raw requests set it themselves. */
  noContent?: boolean;
  /** Retries for this call, overriding the client's. */
  retries?: number;
  /** Aborts this call, reported as a timeout (the batch engine's per-row deadline). */
  signal?: AbortSignal;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  /** The body of a `file` answer, not yet read. */
  stream?: Readable;
  /** Set when --dry-run stopped the request. */
  dryRun?: boolean;
}

export interface DryRunRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface CallOptions extends Omit<RequestOptions, 'method' | 'path' | 'base' | 'form' | 'response' | 'noContent'> {
  params?: Record<string, string>;
  form?: MultipartBody;
}

/** The body as text, without a UTF-8 byte order mark. */
function utf8(body: Buffer): string {
  return body.toString('utf8', body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0);
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** The key would cross the network unencrypted: plain http to an address other than loopback. */
export function keyInClear(url: URL): boolean {
  return url.protocol === 'http:' && !LOOPBACK.test(url.hostname);
}

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

/** Marks the deadline of an attempt: cancels it, and tells the catch what happened. */
class Deadline extends Error {}

/** The wait before a retry: Ctrl-C (`signal`) and the caller's deadline cut it short. */
const sleep = (ms: number, signal?: AbortSignal, deadline?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError());
    if (deadline?.aborted) return reject(new Deadline());
    const end = (err?: Error) => {
      clearTimeout(t);
      signal?.removeEventListener('abort', onAbort);
      deadline?.removeEventListener('abort', onDeadline);
      if (err) reject(err);
      else resolve();
    };
    const onAbort = () => end(new InterruptedError());
    const onDeadline = () => end(new Deadline());
    const t = setTimeout(end, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    deadline?.addEventListener('abort', onDeadline, { once: true });
  });

function errorCode(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as typeof e) if (e.code) return e.code;
  return undefined;
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
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** How many attempts a failure took, when more than one. */
const attempts = (attempt: number) => (attempt ? ` (after ${attempt + 1} attempts)` : '');

/** Seconds as people write them: 0.5s, 30s, 999999s. */
const secs = (ms: number) => `${Number((ms / 1000).toFixed(1))}s`;

/** The first printable characters of a body, for a one-line message. */
function snippet(text: string, max = 80): string {
  // eslint-disable-next-line no-control-regex
  const one = text.slice(0, 4 * max).replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return one === '' ? '(an empty body)' : one.length > max ? `${one.slice(0, max)}…` : one;
}

/** Where a redirect points, absolute and without userinfo, safe to print. */
function redirectTarget(location: string | string[] | undefined, from: URL): string | undefined {
  const v = Array.isArray(location) ? location[0] : location;
  if (!v) return undefined;
  try {
    const to = new URL(v, from);
    to.username = '';
    to.password = '';
    return sanitizeCell(to.toString()).slice(0, 300);
  } catch {
    return sanitizeCell(v).slice(0, 300);
  }
}


export class ApiClient {
  /** A request other than GET was sent (something may have changed on the server). */
  wrote = false;
  /** Built with this client's options (batch or one-shot, its timeout), on first use. */
  private undici?: Promise<Transport>;

  constructor(readonly opts: ClientOptions) {}

  /** Call an operation of the table by id. */
  call<T = unknown>(id: OperationId, o: CallOptions = {}): Promise<ApiResponse<T>> {
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
      this.traceRequest(method, url, headers, o, attempt, transport.name);
      const started = Date.now();
      const limit = Math.min(timeoutMs, end - started);
      const out: Outgoing = { url, method, headers, body: o.form ? o.form.stream() : body, maxBody: kind === 'file' ? undefined : this.maxBody, timeoutMs };
      const state = new Attempt();
      let res: Exchange;
      try {
        res = await this.exchange(transport, out, state, limit, o.signal);
      } catch (err) {
        if (err instanceof InterruptedError) throw err;
        if (err instanceof BodyTooLarge) throw this.tooLarge(url);
        const code = errorCode(err);
        const timedOut = err instanceof Deadline || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
        // The configured --timeout, even when the budget cut this attempt shorter: that is the knob to turn.
        let message = timedOut ? `Request timed out after ${secs(timeoutMs)} (--timeout): ${method} ${url.origin}${url.pathname}` : `Cannot reach ${url.origin}: ${code ?? (err as Error).message}`;
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
        this.traceResponse(status, resHeaders, undefined, started);
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
        this.traceResponse(status, resHeaders, undefined, started);
        throw this.broken(url, status, kind, `(no content, HTTP ${status})`);
      }
      if (res.stream) {
        this.opts.verbose && this.opts.trace(`< ${status} (${Date.now() - started} ms) [streamed body]`);
        return { status, headers: resHeaders, body: undefined as T, stream: this.idleGuard(res.stream, url) };
      }
      const raw = res.body ?? Buffer.alloc(0);
      if (status >= 200 && status < 300) {
        let parsed: unknown;
        try {
          parsed = this.success(raw, resHeaders['content-type'], status, kind, url, o.noContent === true);
        } catch (err) {
          // The trace still shows what came back (the error names the body).
          this.traceResponse(status, resHeaders, undefined, started);
          throw err;
        }
        this.traceResponse(status, resHeaders, parsed, started);
        return { status, headers: resHeaders, body: parsed as T };
      }
      if (o.allowErrors) {
        const parsed = parseBody(utf8(raw), resHeaders['content-type']);
        this.traceResponse(status, resHeaders, parsed, started);
        return { status, headers: resHeaders, body: parsed as T };
      }
      // Only the head of an error body is read: a 400 KB HTML page costs what 64 KiB does.
      const parsed = parseBody(utf8(raw.subarray(0, ERROR_BODY_LIMIT)), resHeaders['content-type']);
      this.traceResponse(status, resHeaders, parsed, started);
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

  /** A 2xx body as the operation promises it; an answer that breaks the promise is an error. */
  private success(raw: Buffer, contentType: string | string[] | undefined, status: number, kind: ResponseKind, url: URL, noContent: boolean): unknown {
    // Reached only where the request allows no content: whatever came along is not a body.
    if (status === 204 || status === 205) return undefined;
    const text = utf8(raw);
    if (kind === 'text' || (noContent && text === '')) return parseBody(text, contentType);
    const type = String(contentType ?? '');
    // The MCP client splits the stream into its messages.
    if (kind === 'rpc' && /^text\/event-stream\b/i.test(type)) return text;
    if ((type !== '' && !/[/+]json\b/i.test(type)) || text.trim() === '') throw this.broken(url, status, kind, snippet(text));
    try {
      return JSON.parse(text);
    } catch {
      throw this.broken(url, status, kind, snippet(text));
    }
  }

  /** A 2xx without the body the operation promises; `shown` is what came instead. */
  private broken(url: URL, status: number, kind: ResponseKind, shown: string): ResponseError {
    if (kind === 'json' || kind === 'rpc') return new ResponseError(`The server at ${url.origin} did not answer JSON: ${shown}`, status, 'not_json');
    return new ResponseError(`The server at ${url.origin} did not ${kind === 'file' ? 'send the file' : 'answer'}: ${shown}`, status, 'no_content');
  }

  private tooLarge(url: URL): ResponseError {
    const mib = this.maxBody / 1024 / 1024;
    return new ResponseError(
      `The server at ${url.origin} sent a body over ${Number.isInteger(mib) ? `${mib} MiB` : `${this.maxBody} bytes`}; stopped reading (raise the limit with CHATCRM_MAX_BODY)`,
      undefined,
      'too_large',
    );
  }

  /**
   * A download's body: after the headers, the deadline becomes an idle limit (no data for
   * --timeout), so a large file may take as long as it needs but a stalled one ends, as a
   * NetworkError (exit 7) the command reports in one line.
   */
  private idleGuard(source: Readable, url: URL): Readable {
    const { timeoutMs } = this.opts;
    const out = new PassThrough();
    const stalled = () => new NetworkError(`Download stalled: no data for ${secs(timeoutMs)} from ${url.origin}${url.pathname}`, true, 'timeout');
    const timer = setTimeout(() => out.destroy(stalled()), timeoutMs);
    source.on('data', (chunk: Buffer) => {
      timer.refresh();
      if (!out.write(chunk)) source.pause();
    });
    out.on('drain', () => (timer.refresh(), source.resume()));
    source.on('end', () => (clearTimeout(timer), out.end()));
    source.on('error', (err) => {
      const code = errorCode(err);
      out.destroy(code === 'UND_ERR_BODY_TIMEOUT' ? stalled() : new NetworkError(`Download interrupted: ${code ?? err.message} from ${url.origin}`, true, 'network'));
    });
    out.on('close', () => (clearTimeout(timer), source.destroy()));
    return out;
  }

  private traceRequest(method: string, url: URL, headers: Record<string, string>, o: RequestOptions, attempt: number, via: string) {
    if (!this.opts.verbose) return;
    const t = this.opts.trace;
    t(`> ${method} ${url}${attempt ? ` (retry ${attempt})` : ''} [${via}]`);
    for (const [k, v] of Object.entries(redactHeaders(headers))) t(`> ${k}: ${v}`);
    if (o.json !== undefined) t(`> ${truncate(JSON.stringify(redactBody(o.json)))}`);
    else if (o.form) t(`> ${truncate(JSON.stringify(o.form.describe()))}`);
    else if (o.raw) t(`> [${o.raw.length} bytes]`);
  }

  private traceResponse(status: number, headers: ApiResponse['headers'], body: unknown, started: number) {
    if (!this.opts.verbose) return;
    const t = this.opts.trace;
    t(`< ${status} (${Date.now() - started} ms)`);
    for (const [k, v] of Object.entries(redactHeaders(headers))) t(`< ${k}: ${v}`);
    if (body !== undefined && body !== '') t(`< ${truncate(typeof body === 'string' ? body : JSON.stringify(redactBody(body)))}`);
  }
}

function lower(h: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

function truncate(s: string, max = 2000): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
}

/** A body as the `api` command and error messages want it: JSON when it is JSON, else the text. */
export function parseBody(text: string, contentType?: string | string[]): unknown {
  const ct = String(contentType ?? '');
  if (text === '') return undefined;
  if (ct.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
