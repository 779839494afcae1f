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
 * A plain object and a timer: an AbortSignal per request costs a batch a quarter of its rate.
 */
export class Attempt {
  connected = false;
  reason?: Error;
  private onCancel?: (reason: Error) => void;

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

/** HTTP(S)_PROXY is set: the request goes through undici's EnvHttpProxyAgent (which reads NO_PROXY). */
export const proxyConfigured = (): boolean => ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'].some((k) => process.env[k]);

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
export function proxyAddress(err: unknown, url: URL): string | undefined {
  if (!proxyConfigured()) return undefined;
  let e = err as { address?: string; port?: number; hostname?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as typeof e) {
    const where = e.address ? `${e.address}:${e.port}` : e.hostname;
    if (!where) continue;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return [url.host, url.hostname, `${url.hostname}:${port}`].includes(where) ? undefined : where;
  }
  return undefined;
}
