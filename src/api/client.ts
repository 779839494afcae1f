// The HTTP core: undici, x-api-key, timeouts, retries that never repeat a request that may
// have been processed, env proxies, redacted --verbose trace, --dry-run.
import { setFlagsFromString } from 'node:v8';
import type { Readable } from 'node:stream';
import { ApiError, AuthError, InterruptedError, NetworkError, UsageError } from '../core/errors.js';
import { redactBody, redactHeaders } from '../core/redact.js';
import { errorMessage } from './errors-body.js';
import { buildPath, getOperation, type Method, type OperationId } from './operations.js';
import type { MultipartBody } from './multipart.js';

export interface ClientOptions {
  baseUrl?: string;
  mcpUrl?: string;
  apiKey: () => string;
  timeoutMs: number;
  retries: number;
  allowHttp: boolean;
  verbose: boolean;
  dryRun: boolean;
  /** Writes the trace (stderr) and the dry-run description (stdout). */
  trace: (line: string) => void;
  dryRunOut: (req: DryRunRequest) => void;
  signal?: AbortSignal;
  /** Long-running commands (batches) keep V8's optimising wasm tier for undici's parser. */
  longRunning?: boolean;
  userAgent?: string;
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
  /** Return the body as a stream instead of parsing it (downloads). */
  stream?: boolean;
  /** Do not throw on error statuses (the `api` command shows them as they are). */
  allowErrors?: boolean;
  /** Retries for this call, overriding the client's. */
  retries?: number;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
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

export interface CallOptions extends Omit<RequestOptions, 'method' | 'path' | 'base' | 'form'> {
  params?: Record<string, string>;
  form?: MultipartBody;
}

type Headers_ = Record<string, string | string[] | undefined>;

interface DispatchOptions {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer | Readable;
  headersTimeout: number;
  bodyTimeout: number;
}

interface DispatchHandler {
  onConnect(abort: (reason?: unknown) => void): void;
  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean;
  onData(chunk: Buffer): boolean;
  onComplete(): void;
  onError(err: Error): void;
}

type Undici = {
  request: (this: unknown, opts: DispatchOptions & { signal?: AbortSignal }) => Promise<{
    statusCode: number;
    headers: Headers_;
    body: Readable & { text(): Promise<string> };
  }>;
  dispatcher: { dispatch(opts: DispatchOptions, handler: DispatchHandler): boolean; close(): Promise<void> };
  parseHeaders: (raw: Buffer[]) => Headers_;
};

/** A response: its whole body, or (downloads) the body as a stream. */
interface Exchange {
  statusCode: number;
  headers: Headers_;
  body?: Buffer;
  stream?: Readable & { text(): Promise<string> };
}

let undici: Promise<Undici> | undefined;

/**
 * Only the dispatcher and the request API of undici: its index also loads fetch,
 * websockets, caches and mocks (~100 ms at start-up on a small machine).
 */
function loadUndici(longRunning: boolean): Promise<Undici> {
  undici ??= (async () => {
    // A short-lived CLI exits right after one request; TurboFan compiling undici's wasm
    // HTTP parser in the background then delays the exit by ~100 ms for no benefit.
    if (!longRunning) setFlagsFromString('--liftoff-only');
    const [{ default: EnvHttpProxyAgent }, { default: Agent }, { default: api }, { default: Dispatcher }, { default: util }] = await Promise.all([
      import('undici/lib/dispatcher/env-http-proxy-agent.js'),
      import('undici/lib/dispatcher/agent.js'),
      import('undici/lib/api/index.js'),
      import('undici/lib/dispatcher/dispatcher.js'),
      import('undici/lib/core/util.js'),
    ]);
    // What undici's index does: the proxy agent opens its CONNECT tunnel with `.connect()`
    // of this API, so without it every proxied request fails.
    Object.assign(Dispatcher.prototype, api);
    // With no proxy configured the env agent sends everything through a plain Agent anyway,
    // after re-reading NO_PROXY and parsing the origin on every request (~3 µs each).
    const proxied = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'].some((k) => process.env[k]);
    const dispatcher = proxied ? new EnvHttpProxyAgent({ connections: 128 }) : new Agent({ connections: 128 });
    return { request: api.request, dispatcher, parseHeaders: util.parseHeaders } as unknown as Undici;
  })();
  return undici;
}

/**
 * One request with its whole response body collected into a Buffer, through undici's dispatch
 * API: `request()` wraps every response in a Readable stream and an async resource, which for
 * API answers of a few hundred bytes costs about as much CPU as the HTTP exchange itself.
 * Same options, errors and abort behaviour as `request()`.
 */
export function collect(u: Pick<Undici, 'dispatcher' | 'parseHeaders'>, opts: DispatchOptions, signal?: AbortSignal): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    let abort: ((reason?: unknown) => void) | undefined;
    const onAbort = () => abort?.(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let statusCode = 0;
    let headers: Headers_ = {};
    const chunks: Buffer[] = [];
    u.dispatcher.dispatch(opts, {
      onConnect(a) {
        if (signal?.aborted) a(signal.reason);
        else abort = a;
      },
      onHeaders(status, raw) {
        // 1xx answers are informational: the real one follows.
        if (status >= 200) {
          statusCode = status;
          headers = u.parseHeaders(raw);
        }
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        signal?.removeEventListener('abort', onAbort);
        resolve({ statusCode, headers, body: Buffer.concat(chunks) });
      },
      onError(err) {
        signal?.removeEventListener('abort', onAbort);
        // A multipart body still being read from disk must not keep its file open.
        if (opts.body && typeof opts.body === 'object' && 'destroy' in opts.body) opts.body.destroy();
        reject(err);
      },
    });
  });
}

/** The body as text, as undici's `.text()` reads it: UTF-8 without a byte order mark. */
function utf8(body: Buffer): string {
  return body.toString('utf8', body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0);
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Codes of failures that happen before a request is written: safe to retry any method. */
const UNWRITTEN = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ECONNABORTED']);

export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000);
  // An HTTP-date has a day and a month name; Date.parse alone reads '-1' as a year.
  const at = /[a-z]/i.test(v) ? Date.parse(v) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with jitter (half fixed, half random); Retry-After wins when the server gives one. */
export function retryDelay(attempt: number, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, 120_000);
  const cap = Math.min(8_000, 250 * 2 ** attempt);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError());
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(new InterruptedError())), { once: true });
  });

function errorCode(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as typeof e) if (e.code) return e.code;
  return undefined;
}

export class ApiClient {
  /** A request other than GET was sent (something may have changed on the server). */
  wrote = false;

  constructor(readonly opts: ClientOptions) {}

  /** Call an operation of the table by id. */
  call<T = unknown>(id: OperationId, o: CallOptions = {}): Promise<ApiResponse<T>> {
    const op = getOperation(id);
    // Not `{ ...o, method, ... }`: V8 builds a spread followed by more properties on a slow
    // path (~4 µs, and a dictionary-mode object that makes every later read slower).
    return this.request<T>(Object.assign({}, o, { method: op.method, path: buildPath(op.path, o.params), base: op.base ?? 'api', auth: o.auth ?? !op.noAuth }));
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
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    return url;
  }

  async request<T = unknown>(o: RequestOptions): Promise<ApiResponse<T>> {
    const url = this.url(o.path, o.base, o.query);
    const auth = o.auth ?? true;
    if (auth && url.protocol === 'http:' && !LOOPBACK.test(url.hostname) && !this.opts.allowHttp) {
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

    const u = await loadUndici(Boolean(this.opts.longRunning));
    const retries = o.retries ?? this.opts.retries;
    for (let attempt = 0; ; attempt++) {
      this.traceRequest(method, url, headers, o, attempt);
      const started = Date.now();
      // Without a caller's signal (the batch engine's client), undici's own headers and body
      // timeouts below bound the request: AbortSignal.timeout costs ~50 µs a request, a
      // quarter of a batch's throughput.
      const signal = this.opts.signal ? AbortSignal.any([this.opts.signal, AbortSignal.timeout(this.opts.timeoutMs)]) : undefined;
      const req: DispatchOptions = {
        origin: url.origin,
        path: url.pathname + url.search,
        method,
        headers,
        body: o.form ? o.form.stream() : body,
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
      };
      let res: Exchange;
      try {
        res = o.stream ? await this.streamed(u, req, signal) : await collect(u, req, signal);
      } catch (err) {
        if (this.opts.signal?.aborted) throw new InterruptedError();
        const code = errorCode(err);
        const timedOut = Boolean(signal?.aborted) || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
        const written = !UNWRITTEN.has(code ?? '');
        const message = timedOut
          ? `Request timed out after ${this.opts.timeoutMs / 1000}s: ${method} ${url.origin}${url.pathname}`
          : `Cannot reach ${url.origin}: ${code ?? (err as Error).message}`;
        this.opts.verbose && this.opts.trace(`! ${message}`);
        if (attempt < retries && (!written || method === 'GET')) {
          await sleep(retryDelay(attempt), this.opts.signal);
          continue;
        }
        throw new NetworkError(message, written, timedOut ? 'timeout' : 'network');
      }
      const { statusCode: status, headers: resHeaders } = res;
      const retryable = status === 429 || status === 503 || (method === 'GET' && status >= 500);
      if (retryable && attempt < retries) {
        await res.stream?.text().catch(() => '');
        const wait = retryDelay(attempt, parseRetryAfter(resHeaders['retry-after']));
        this.opts.verbose && this.opts.trace(`< ${status} (${Date.now() - started} ms), retrying in ${wait} ms`);
        await sleep(wait, this.opts.signal);
        continue;
      }
      if (res.stream && status < 400) {
        this.opts.verbose && this.opts.trace(`< ${status} (${Date.now() - started} ms) [streamed body]`);
        return { status, headers: resHeaders, body: undefined as T, stream: res.stream };
      }
      const text = res.body ? utf8(res.body) : await res.stream!.text();
      const parsed = parseBody(text, resHeaders['content-type']);
      this.traceResponse(status, resHeaders, parsed, started);
      if (status >= 400 && !o.allowErrors) {
        // node:http is loaded only here: it costs start-up time on every request otherwise.
        const { STATUS_CODES } = await import('node:http');
        const message = errorMessage(parsed, status, STATUS_CODES[status]);
        // A message made from the status alone (empty body) already names it.
        const full = message.startsWith(`HTTP ${status}`) ? message : `${message} (HTTP ${status})`;
        if (status === 401 || status === 403) throw new AuthError(full, status);
        throw new ApiError(full, status, parsed);
      }
      return { status, headers: resHeaders, body: parsed as T };
    }
  }

  /** A download: the body stays a stream (undici's `request()`), read by the caller. */
  private async streamed(u: Undici, req: DispatchOptions, signal?: AbortSignal): Promise<Exchange> {
    const res = await u.request.call(u.dispatcher, { ...req, signal });
    return { statusCode: res.statusCode, headers: res.headers, stream: res.body };
  }

  async close(): Promise<void> {
    if (undici) await (await undici).dispatcher.close().catch(() => undefined);
  }

  private traceRequest(method: string, url: URL, headers: Record<string, string>, o: RequestOptions, attempt: number) {
    if (!this.opts.verbose) return;
    const t = this.opts.trace;
    t(`> ${method} ${url}${attempt ? ` (retry ${attempt})` : ''}`);
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
