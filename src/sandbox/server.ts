// `chatcrm sandbox`: the whole API on one loopback port, routed by the operations table.
// Each area's behaviour lives in handlers/<area>.ts; an operation without a handler
// answers 501 naming itself.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { operations, type Operation } from '../api/operations.js';
import { areas } from './handlers/index.js';
import { fail, type ExtraRoute, type Handler, type SandboxConfig, type SandboxEnv, type SandboxReply, type SandboxRequest } from './http.js';
import { parseMultipart } from './multipart.js';
import { SandboxEvents } from './events.js';
import { createInspector } from './inspector.js';
import { Store } from './store.js';

export interface SandboxOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  webhookSecret?: string;
  verifyToken?: string;
  /** The inspector page's token (the banner's `Inspector:` link), random by default. */
  inspectorToken?: string;
  stateFile?: string;
  /** Add this many generated records to every list area (contacts, tags, flows, ...). */
  seedRecords?: number;
  log?: (line: string) => void;
  /** How many received requests to remember (the last ones), default 1,000. */
  keepRequests?: number;
  /** Bodies larger than this are remembered only by size, default 64 KiB. */
  keepBodyBytes?: number;
}

/** What the sandbox received, for tests to assert on. */
export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  form?: SandboxRequest['form'];
  operation?: string;
  status: number;
  /** Body size in bytes; a body over the keep limit is left out of `body` and `form` files. */
  bodyBytes: number;
}

export interface Sandbox {
  url: string;
  /** The inspector page, with its token. */
  inspectorUrl: string;
  config: SandboxConfig;
  store: Store;
  events: SandboxEvents;
  /** The last requests received (see keepRequests). */
  received: Received[];
  /** Every request received since the start. */
  readonly requestCount: number;
  server: Server;
  close(): Promise<void>;
}

interface Route {
  method: string;
  regex: RegExp;
  names: string[];
  handler?: Handler;
  id: string;
  op?: Operation;
  noAuth: boolean;
}

const JSON_LIMIT = 100 * 1024;
const UPLOAD_LIMIT = 17 * 1024 * 1024;
const LINGER_MS = 1000;

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const src = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { regex: new RegExp(`^${src}/?$`), names };
}

function buildRoutes(): Route[] {
  const handlers: Record<string, Handler> = {};
  const extra: ExtraRoute[] = [];
  for (const area of areas) {
    Object.assign(handlers, area.handlers);
    extra.push(...(area.routes ?? []));
  }
  const routes: Route[] = [];
  for (const r of extra) routes.push({ method: r.method, ...compile(r.path), handler: r.handler, id: `${r.method} ${r.path}`, noAuth: Boolean(r.noAuth) });
  // Literal segments win over parameters (/api/automation/statistics before /api/automation/{flow_id}).
  const paramCount = (p: string) => p.split('{').length;
  const ops = Object.entries(operations).sort(([, a], [, b]) => paramCount(a.path) - paramCount(b.path));
  for (const [id, op] of ops) {
    routes.push({ method: op.method, ...compile(op.path), handler: handlers[id], id, op, noAuth: Boolean((op as Operation).noAuth) });
  }
  return routes;
}

const keyMatches = (given: string, key: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

function htmlNotFound(method: string, path: string): SandboxReply {
  const safe = path.replace(/[<>&"]/g, '');
  return {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    raw: `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${safe}</pre>\n</body>\n</html>\n`,
  };
}

/** A path parameter, or undefined when its percent-encoding is malformed (`%zz`). */
function decodeParam(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** What the received log keeps of a body: all of it, or only its size when it is large. */
function keptBody(record: Received, body: unknown, form: SandboxRequest['form'], limit: number): void {
  if (record.bodyBytes <= limit) {
    record.body = body;
    record.form = form;
    return;
  }
  record.body = `(${record.bodyBytes} bytes, not kept)`;
  if (form) record.form = { fields: form.fields, files: Object.fromEntries(Object.entries(form.files).map(([k, f]) => [k, { ...f, data: Buffer.alloc(0) }])) };
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const config: SandboxConfig = {
    apiKey: opts.apiKey ?? randomBytes(32).toString('hex'),
    webhookSecret: opts.webhookSecret ?? randomBytes(16).toString('hex'),
    verifyToken: opts.verifyToken ?? randomBytes(16).toString('hex'),
    inspectorToken: opts.inspectorToken ?? randomBytes(16).toString('hex'),
  };
  let store = opts.stateFile ? Store.load(opts.stateFile) : undefined;
  if (!store) {
    store = new Store(opts.stateFile);
    for (const area of areas) area.seed?.(store);
    if (opts.seedRecords) for (const area of areas) area.bulk?.(store, opts.seedRecords);
    store.save();
  }
  const log = opts.log ?? (() => undefined);
  const events = new SandboxEvents();
  const env: SandboxEnv = { store, config, events, log };
  const inspector = createInspector(env);
  const routes = buildRoutes();
  const received: Received[] = [];
  const keepRequests = opts.keepRequests ?? 1000;
  const keepBodyBytes = opts.keepBodyBytes ?? 64 * 1024;
  let requestCount = 0;

  /** `expectContinue`: the client waits for `100 Continue` before it sends the body. */
  const handle = async (req: IncomingMessage, res: ServerResponse, expectContinue = false) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox');
    } catch {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      return void res.end(JSON.stringify(fail(400, 'Malformed path').body));
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    if (inspector.serve(req, res, method, path, query)) return;
    const route = routes.find((r) => r.method === method && r.regex.test(path));
    const contentType = String(req.headers['content-type'] ?? '');
    const isMultipart = contentType.startsWith('multipart/form-data');
    const record: Received = { method, path, query, headers: req.headers, body: undefined, operation: route?.id, status: 0, bodyBytes: 0 };
    requestCount++;
    received.push(record);
    if (received.length > keepRequests) received.splice(0, received.length - keepRequests);
    /**
     * A reply before the body was read, and the body is never read: claiming the stream stops
     * Node from draining it after the reply, back-pressure then stops the socket, and the
     * connection is dropped once the client had time to read the reply (closing at once, with
     * unread bytes, is a reset that can overtake the reply).
     */
    const refuse = (reply: SandboxReply) => {
      if (!req.complete) {
        req.read(0);
        res.once('finish', () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
      }
      send(reply);
    };
    const send = (reply: SandboxReply) => {
      record.status = reply.status;
      const headers: Record<string, string> = { ...reply.headers };
      let payload: string | Buffer = '';
      if (reply.raw !== undefined) payload = reply.raw;
      else if (reply.body !== undefined) {
        payload = JSON.stringify(reply.body);
        headers['content-type'] ??= 'application/json; charset=utf-8';
      }
      headers['content-length'] = String(Buffer.byteLength(payload));
      res.writeHead(reply.status, headers);
      res.end(payload);
      // The request log, live on the inspector (not its own /_sandbox/ traffic, which would echo).
      if (!path.startsWith('/_sandbox/')) events.emit({ kind: 'request', request: { method, path, operation: record.operation, status: reply.status } });
    };
    const given = req.headers['x-api-key'];
    const keyed = (typeof given === 'string' && given !== '' && keyMatches(given, config.apiKey)) || inspector.admits(req, method, path);
    // An unknown route is read (bounded) only with the key: `chatcrm api` tests echo through one.
    if (!route && !keyed) return refuse(htmlNotFound(method, path));
    if (route && !route.noAuth && !keyed) {
      return refuse(fail(401, typeof given !== 'string' || given === '' ? 'Authorization token missing or malformed' : 'Invalid API key'));
    }
    const values = route ? route.regex.exec(path)!.slice(1).map(decodeParam) : [];
    if (values.some((v) => v === undefined)) return refuse(fail(400, `Malformed path: bad percent-encoding in ${path}`));
    if (expectContinue) res.writeContinue();
    const raw = await readBody(req, isMultipart ? UPLOAD_LIMIT : JSON_LIMIT);
    if (raw === undefined) return refuse(fail(413, 'request entity too large'));
    record.bodyBytes = raw.length;
    let body: unknown;
    let form: SandboxRequest['form'];
    if (isMultipart) {
      form = parseMultipart(raw, contentType);
      if (!form) return send(fail(400, 'Malformed multipart body'));
    } else if (raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        if (contentType.includes('json')) return send(fail(400, 'Invalid JSON body'));
        body = undefined;
      }
    }
    keptBody(record, body, form, keepBodyBytes);
    if (!route) return send(htmlNotFound(method, path));
    if (!route.handler) {
      return send(fail(501, `Not implemented in the sandbox yet: ${route.id} (${method} ${route.op?.path ?? path})`));
    }
    const params = Object.fromEntries(route.names.map((n, i) => [n, values[i]!]));
    const sreq: SandboxRequest = { method, path, params, query, headers: req.headers, rawBody: raw, body, form };
    let reply: SandboxReply;
    try {
      reply = await route.handler(sreq, env);
    } catch (err) {
      log(`sandbox: ${route.id} failed: ${(err as Error).stack}`);
      reply = fail(500, 'Internal server error');
    }
    if (method !== 'GET' && reply.status < 400) {
      store.save();
      events.emit({ kind: 'change' });
    }
    send(reply);
  };

  const serve = (req: IncomingMessage, res: ServerResponse, expectContinue = false) => {
    handle(req, res, expectContinue).catch((err) => {
      log(`sandbox: ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: 'Internal server error' }));
    });
  };
  const server = createServer(serve);
  // Expect: 100-continue — the key and the route are checked before the client sends a byte of body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => serve(req, res, true));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    inspectorUrl: `http://${host}:${addr.port}/?token=${config.inspectorToken}`,
    config,
    store,
    events,
    received,
    get requestCount() {
      return requestCount;
    },
    server,
    close: () =>
      new Promise<void>((resolve) => {
        inspector.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
