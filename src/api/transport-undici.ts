// Batch pools and proxies over undici: a warm pool of 128 connections reaches about twice
// node:http's keep-alive throughput, and EnvHttpProxyAgent honours HTTP(S)_PROXY / NO_PROXY.
// Loaded only by the commands that use it: its parser and dispatcher cost a one-shot start.
import { setFlagsFromString } from 'node:v8';
import type { Socket } from 'node:net';
import type { buildConnector as Connector } from 'undici';
import { Readable } from 'node:stream';
import { type Attempt, BodyTooLarge, declaredTooLarge, type Exchange, type Headers_, isLoopback, proxyConfigured, proxyFor, type ProxyEnv, type Transport } from './transport.js';

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

interface Dispatcher {
  dispatch(opts: DispatchOptions, handler: DispatchHandler): boolean;
  close(): Promise<void>;
  destroy(): Promise<void>;
}

interface Undici {
  request: (this: Dispatcher, opts: DispatchOptions & { signal?: AbortSignal }) => Promise<{ statusCode: number; headers: Headers_; body: Readable }>;
  dispatcher: Dispatcher;
  /** The proxy variables it was made with. */
  proxy: ProxyEnv | undefined;
  parseHeaders: (raw: Buffer[]) => Headers_;
  /** Every socket the dispatcher opened and that is still open. */
  sockets: Set<Socket>;
}

/**
 * Only the dispatcher and the request API of undici: its index also loads fetch,
 * websockets, caches and mocks (~100 ms at start-up on a small machine).
 */
async function loadUndici(longRunning: boolean, timeoutMs: number, proxy: ProxyEnv | undefined): Promise<Undici> {
  // A short-lived CLI exits right after its request; TurboFan compiling undici's wasm
  // HTTP parser in the background then delays the exit by ~100 ms for no benefit.
  if (!longRunning) setFlagsFromString('--liftoff-only');
  const [{ default: EnvHttpProxyAgent }, { default: Agent }, { default: Pool }, { default: api }, { default: DispatcherBase }, { default: util }, { default: buildConnector }] = await Promise.all([
    import('undici/lib/dispatcher/env-http-proxy-agent.js'),
    import('undici/lib/dispatcher/agent.js'),
    import('undici/lib/dispatcher/pool.js'),
    import('undici/lib/api/index.js'),
    import('undici/lib/dispatcher/dispatcher.js'),
    import('undici/lib/core/util.js'),
    import('undici/lib/core/connect.js'),
  ]);
  // What undici's index does: the proxy agent opens its CONNECT tunnel with `.connect()`
  // of this API, so without it every proxied request fails.
  Object.assign(DispatcherBase.prototype, api);
  // The client's deadline ends an attempt on time; these bound what undici keeps doing after
  // it (a connect, a TLS handshake or a proxy CONNECT still pending) to the same length.
  // rejectUnauthorized is explicit so NODE_TLS_REJECT_UNAUTHORIZED=0 cannot turn it off.
  const tls = { timeout: timeoutMs, rejectUnauthorized: true };
  // undici knows a socket only once it is connected: destroying the dispatcher leaves a TCP
  // connect or TLS handshake in progress (and the process) alive until its own timeout fires.
  // Every socket goes through here, so that a one-shot command can end them (onEarlyCancel).
  // Through a proxy that is the socket to the proxy, which the tunnel's TLS runs on.
  const sockets = new Set<Socket>();
  const tracked =
    (connect: Connector.connector): Connector.connector =>
    (opts, callback) => {
      const socket = connect(opts, callback) as unknown as Socket;
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      return socket as never;
    };
  const options = {
    connections: 128,
    connect: tracked(buildConnector(tls)),
    requestTls: tls,
    proxyTls: tls,
    clientFactory: (origin: URL, o: { connect: Connector.connector }) =>
      new Pool(origin, { ...o, connect: tracked(o.connect), headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
  };
  // With no proxy configured the env agent sends everything through a plain Agent anyway,
  // after re-reading NO_PROXY and parsing the origin on every request (~3 µs each).
  const plain = new Agent(options) as unknown as Dispatcher;
  // The variables of the run's environment, not the process's (an empty one means none to undici).
  const proxied = () => new EnvHttpProxyAgent({ ...options, httpProxy: proxy?.http ?? '', httpsProxy: proxy?.https ?? '', noProxy: proxy?.noProxy ?? '' });
  const dispatcher = proxyConfigured(proxy) ? bypassLoopback(proxied() as unknown as Dispatcher, plain) : plain;
  return { request: api.request, dispatcher, proxy, parseHeaders: util.parseHeaders, sockets } as unknown as Undici;
}

/** Loopback origins go straight to `plain`, whatever HTTP(S)_PROXY and NO_PROXY say (see isLoopback). */
function bypassLoopback(proxied: Dispatcher, plain: Dispatcher): Dispatcher {
  const both = (f: (d: Dispatcher) => Promise<void>) => Promise.all([f(proxied), f(plain)]).then(() => undefined);
  return {
    dispatch: (opts, handler) => (isLoopback(new URL(opts.origin).hostname) ? plain : proxied).dispatch(opts, handler),
    close: () => both((d) => d.close()),
    destroy: () => both((d) => d.destroy()),
  };
}

/**
 * undici's words for a proxy that refused the tunnel (`Proxy response (407) !== 200 ...`),
 * said as the CLI says it: the client's message names the proxy (host:port, never its
 * credentials) from `hostname`, and this says what it wants.
 */
function proxyRefusal(err: Error, origin: string, proxy: ProxyEnv | undefined): Error {
  const status = /^Proxy response \((\d{3})\)/.exec(err?.message ?? '')?.[1];
  const via = status && proxyFor(new URL(origin), proxy);
  if (!via) return err;
  const why =
    status !== '407'
      ? `the proxy refused the tunnel (HTTP ${status})`
      : via.credentials
        ? 'the proxy did not accept the credentials in the proxy URL (HTTP 407 Proxy Authentication Required)'
        : 'the proxy asks for credentials (HTTP 407 Proxy Authentication Required): give the user and password in the proxy variable (HTTPS_PROXY or HTTP_PROXY)';
  return Object.assign(new Error(why), { hostname: via.host });
}

/**
 * One request with its whole response body collected into a Buffer, through undici's dispatch
 * API: `request()` wraps every response in a Readable stream and an async resource, which for
 * API answers of a few hundred bytes costs about as much CPU as the HTTP exchange itself.
 */
function collect(u: Undici, opts: DispatchOptions, max: number, attempt: Attempt, onEarlyCancel: () => void): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    let abort: ((reason?: unknown) => void) | undefined;
    let status = 0;
    let headers: Headers_ = {};
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (err: Error) => {
      // A multipart body still being read from disk must not keep its file open.
      if (opts.body instanceof Readable) opts.body.destroy();
      reject(err);
    };
    // Before onConnect there is nothing of ours to abort (a connect, TLS or CONNECT pending):
    // the attempt ends now all the same, and the caller decides what to do with the dispatcher.
    attempt.cancelWith((reason) => {
      fail(reason);
      if (abort) abort(reason);
      else onEarlyCancel();
    });
    u.dispatcher.dispatch(opts, {
      onConnect(a) {
        attempt.connect();
        if (attempt.reason) a(attempt.reason);
        else abort = a;
      },
      onHeaders(code, raw) {
        // 1xx answers are informational: the real one follows.
        if (code < 200) return true;
        status = code;
        headers = u.parseHeaders(raw);
        if (declaredTooLarge(headers, max)) abort?.(new BodyTooLarge(max));
        return true;
      },
      onData(chunk) {
        size += chunk.length;
        if (size > max) abort?.(new BodyTooLarge(max));
        else chunks.push(chunk);
        return true;
      },
      onComplete() {
        resolve({ status, headers, body: Buffer.concat(chunks) });
      },
      onError: (err) => fail(proxyRefusal(err, opts.origin, u.proxy)),
    });
  });
}

export function undiciTransport(longRunning: boolean, timeoutMs: number, proxy: ProxyEnv | undefined): Transport {
  let undici: Promise<Undici> | undefined;
  const get = () => (undici ??= loadUndici(longRunning, timeoutMs, proxy));
  // A one-shot command ends soon after a failed attempt: a connect or CONNECT still pending in
  // the pool would hold the process open until undici's own timers fire. A batch keeps its pool
  // (other rows are in flight) and lets those timers, set to the same deadline, clean up.
  const onEarlyCancel = () => {
    if (longRunning || !undici) return;
    const stale = undici;
    undici = undefined;
    void stale
      .then((u) => {
        for (const socket of u.sockets) socket.destroy();
        return u.dispatcher.destroy();
      })
      .catch(() => undefined);
  };
  return {
    name: 'undici',
    async send(o, attempt) {
      const u = await get();
      const req: DispatchOptions = {
        origin: o.url.origin,
        path: o.url.pathname + o.url.search,
        method: o.method,
        headers: o.headers,
        body: o.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      };
      if (o.maxBody !== undefined) return collect(u, req, o.maxBody, attempt, onEarlyCancel);
      // A download: the body stays a stream (undici's `request()`), read by the caller.
      const ac = new AbortController();
      const res = await Promise.race([
        u.request.call(u.dispatcher, { ...req, signal: ac.signal }).catch((err: Error) => Promise.reject(proxyRefusal(err, req.origin, u.proxy))),
        new Promise<never>((_, reject) => attempt.cancelWith((reason) => (ac.abort(reason), onEarlyCancel(), reject(reason)))),
      ]);
      attempt.connect();
      return { status: res.statusCode, headers: res.headers, stream: res.body };
    },
    async close() {
      if (undici) await (await undici).dispatcher.close().catch(() => undefined);
    },
  };
}
