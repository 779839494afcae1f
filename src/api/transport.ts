// What the client asks of a transport (node:http/https for one-shot requests, undici for batch
// pools and proxies), and the small pieces both share. Everything else — retries, deadlines,
// the response policy, redaction, trace, dry-run, error mapping — stays in client.ts, once.
import type { Readable } from 'node:stream';

export type Headers_ = Record<string, string | string[] | undefined>;

/** One attempt of a request, as a transport sends it. */
export interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer | Readable;
  /** Collect the body up to this many bytes (past it: BodyTooLarge); undefined streams it. */
  maxBody?: number;
  /** Idle limit undici applies between body chunks of a streamed download. */
  timeoutMs: number;
}

/** A response: its whole body, or (downloads) the body as a stream. */
export interface Exchange {
  status: number;
  headers: Headers_;
  body?: Buffer;
  stream?: Readable;
}

export interface Transport {
  /** Shown in the --verbose trace. */
  name: 'node:http' | 'undici';
  send(req: Outgoing, attempt: Attempt): Promise<Exchange>;
  close(): Promise<void>;
}

/**
 * The life of one attempt, shared by the client and the transport: the client's deadline (or
 * Ctrl-C) cancels it at any stage — DNS, connect, proxy CONNECT, TLS, headers, body — and the
 * transport says when the connection was ready, i.e. when the request may have been written.
 * A plain object and a timer (the client's clock's, as cheap as setTimeout): an AbortSignal per
 * request costs a batch a quarter of its rate.
 */
export class Attempt {
  connected = false;
  reason?: Error;
  private onCancel?: (reason: Error) => void;

  /** `onConnect`: told when the connection is ready (the batch's --rate spaces requests from then). */
  constructor(private readonly onConnect?: () => void) {}

  /** The transport's word that the connection is ready: the request goes out now. */
  connect(): void {
    this.connected = true;
    this.onConnect?.();
  }

  /** The transport's way to stop its exchange; called at once when already cancelled. */
  cancelWith(fn: (reason: Error) => void): void {
    if (this.reason) fn(this.reason);
    else this.onCancel = fn;
  }

  cancel(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.onCancel?.(reason);
  }
}

/** The proxy variables of the run's environment (the lower-case name first, as undici reads them). */
export interface ProxyEnv {
  http?: string;
  https?: string;
  noProxy?: string;
}

/** HTTP(S)_PROXY is set: the request goes through undici's EnvHttpProxyAgent (which reads NO_PROXY). */
export const proxyConfigured = (proxy: ProxyEnv | undefined): boolean => Boolean(proxy?.http || proxy?.https);

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/**
 * A loopback host (127.0.0.0/8, ::1, localhost): the key may go there over plain http, and no
 * proxy is ever used for it (Go's net/http rule): a proxy would carry the key of a local
 * server off the machine, and resolve `localhost` itself.
 */
export const isLoopback = (hostname: string): boolean => LOOPBACK.test(hostname);

/**
 * The proxy a request to `url` goes through, as undici's EnvHttpProxyAgent picks it (the
 * lower-case variable first; https falls back to the http proxy): its host:port, never its
 * credentials, and whether it was given any. NO_PROXY is not consulted: asked after a proxy answered.
 */
export function proxyFor(url: URL, proxy: ProxyEnv | undefined): { host: string; credentials: boolean } | undefined {
  const raw = url.protocol === 'https:' ? (proxy?.https ?? proxy?.http) : proxy?.http;
  if (!raw || isLoopback(url.hostname)) return undefined;
  try {
    const p = new URL(raw);
    return { host: `${p.hostname}:${p.port || (p.protocol === 'https:' ? '443' : '80')}`, credentials: p.username !== '' };
  } catch {
    return undefined;
  }
}

/** A body past the cap: the transport stops reading and the client reports it. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`response body over ${limit} bytes`);
  }
}

/** A declared Content-Length already over the cap: no need to read a byte of it. */
export function declaredTooLarge(headers: Headers_, max: number): boolean {
  const n = Number(headers['content-length']);
  return Number.isFinite(n) && n > max;
}

/** Read a stream into a Buffer, stopping (and destroying it) past `max` bytes. */
export async function readCapped(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      throw new BodyTooLarge(max);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The code of a transport error (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT), found in its causes. */
export function errorCode(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as typeof e) if (e.code) return e.code;
  return undefined;
}

/**
 * Where a failed connect went when that was not the request's own host: the proxy's address
 * (`Cannot reach` must not blame a server the CLI never got to).
 */
export function proxyAddress(err: unknown, url: URL, proxy: ProxyEnv | undefined): string | undefined {
  if (!proxyConfigured(proxy) || isLoopback(url.hostname)) return undefined;
  let e = err as { address?: string; port?: number; hostname?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as typeof e) {
    const where = e.address ? `${e.address}:${e.port}` : e.hostname;
    if (!where) continue;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return [url.host, url.hostname, `${url.hostname}:${port}`].includes(where) ? undefined : where;
  }
  return undefined;
}
