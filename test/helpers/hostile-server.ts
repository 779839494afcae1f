// A purpose-built misbehaving server on a loopback port for "trust no server" tests: each test
// registers the routes it needs (a handler per METHOD /path or /path), the server records what it
// received, and close() destroys every socket so a dripping or stalled route never outlives its test.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** When it arrived (Date.now()): a command's time measured from here leaves its start-up out. */
  at: number;
  /** When it arrived on this process's monotonic clock (performance.now()): for gaps between requests. */
  t: number;
}

export type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

export interface HostileServer {
  url: string;
  received: Received[];
  /** Add or replace routes while the server runs. */
  route(key: string, handler: Route): void;
  close(): Promise<void>;
}

/** Body reads stop at 1 MiB: a test server must not be the thing that floods. */
const MAX_READ = 1 << 20;

export async function startHostile(routes: Record<string, Route> = {}): Promise<HostileServer> {
  const table = new Map(Object.entries(routes));
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const at = Date.now();
    const t = performance.now();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_READ) chunks.push(c);
    });
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', path, headers: req.headers, body, at, t });
      const handler = table.get(`${req.method} ${path}`) ?? table.get(path);
      if (!handler) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"message":"no such test route"}');
        return;
      }
      Promise.resolve(handler(req, res, body)).catch(() => res.destroy());
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    route: (key, handler) => void table.set(key, handler),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A TCP server that accepts connections and never says a word (no TLS ServerHello, no CONNECT answer). */
export async function startSilent(): Promise<{ port: number; connections: () => number; firstAt: () => number | undefined; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let n = 0;
  let firstAt: number | undefined;
  const server = createTcpServer((s) => {
    n++;
    firstAt ??= Date.now();
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => n,
    firstAt: () => firstAt,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export interface ProxyOptions {
  /** Names the proxy resolves itself (as a real one does): `api.chatcrm.test` → `127.0.0.1`. */
  hosts?: Record<string, string>;
  /** Answer every request and CONNECT with this status instead (407: it wants credentials). */
  status?: number;
}

/**
 * A forward proxy that records what it is asked for (absolute-form requests and CONNECT
 * tunnels, with their Proxy-Authorization) and every byte a client sent through it.
 */
export async function startProxy(opts: ProxyOptions = {}): Promise<{ url: string; seen: string[]; auth: (string | undefined)[]; bytes(): string; close(): Promise<void> }> {
  const seen: string[] = [];
  const auth: (string | undefined)[] = [];
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const resolve = (host: string) => opts.hosts?.[host] ?? host;
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    auth.push(req.headers['proxy-authorization']);
    chunks.push(Buffer.from(JSON.stringify(req.headers)));
    req.on('data', (c: Buffer) => chunks.push(c));
    if (opts.status) return void res.writeHead(opts.status, { 'proxy-authenticate': 'Basic realm="test"' }).end();
    const target = new URL(req.url ?? '');
    const up = httpRequest({ host: resolve(target.hostname), port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    auth.push(req.headers['proxy-authorization']);
    if (opts.status) {
      client.on('error', () => undefined);
      return void client.end(`HTTP/1.1 ${opts.status} Refused\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n`);
    }
    const [host, port] = (req.url ?? '').split(':');
    const up = connect(Number(port), resolve(host), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    chunks.push(head);
    client.on('data', (c: Buffer) => chunks.push(c));
    for (const s of [up, client]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    auth,
    bytes: () => Buffer.concat(chunks).toString('latin1'),
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
