// What the client is given and what it answers: its options, one request's options, a response,
// a dry run's description. (The client is in client.ts; these types are shared with its callers.)
import type { Readable } from 'node:stream';
import type { Clock } from '../core/clock.js';
import type { MultipartBody } from './multipart.js';
import type { Method, ResponseKind } from './operations.js';
import type { ProxyEnv, Transport } from './transport.js';

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
  /**
   * Force a transport (CHATCRM_HTTP_TRANSPORT); otherwise chosen by the work, and a proxy always
   * means undici. A Transport object is a test's own, used as it is.
   */
  transport?: 'node' | 'undici' | Transport;
  /** What the retries' waits (backoff, Retry-After), the time budget, an attempt's deadline and a download's idle limit are timed on. */
  clock: Clock;
  /** HTTP(S)_PROXY and NO_PROXY; none when absent. */
  proxy?: ProxyEnv;
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
  /** The batch's --rate: each retry waits its turn there, and a 429 slows it for every row. */
  pace?: Pace;
  /** The operation only reads, whatever its method: its timeout is no doubt about what the server did. */
  readOnly?: boolean;
}

/**
 * Paces requests (the batch's --rate, src/batch/limiter.ts). The caller takes the first
 * attempt's turn itself, before its journal's intent; the client takes each retry's, and waits
 * before each attempt goes out.
 */
export interface Pace {
  /** Resolves when a retry may start; rejects when `signal` aborts first. */
  retry(signal?: AbortSignal): Promise<void>;
  /**
   * Resolves when an attempt may go out, to what to call once it is on the wire (its connection
   * ready) or over; rejects when `signal` aborts first.
   */
  depart(signal?: AbortSignal): Promise<() => void>;
  /** The server refused a request for its rate (429): no request starts for `ms` from now. */
  refused(ms: number): void;
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

export interface CallOptions extends Omit<RequestOptions, 'method' | 'path' | 'base' | 'form' | 'response' | 'noContent' | 'readOnly'> {
  params?: Record<string, string>;
  form?: MultipartBody;
}
