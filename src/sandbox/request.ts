// One request through the sandbox, in named steps: find the route and log the request, check
// who is calling (access.ts), play a fault or latency (faults.ts), read the body, run the
// handler, answer. Writes are announced (`change`) and the state saved after.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasKey, isSandboxPath, sandboxRouteAllowed } from './access.js';
import { MAX_DEPTH, tooDeep } from './depth.js';
import { delayOf, pickFault, type Fault, type Latency } from './faults.js';
import { fail, type SandboxEnv, type SandboxReply, type SandboxRequest } from './http.js';
import { parseMultipart } from './multipart.js';
import type { Random } from './random.js';
import type { Route } from './routes.js';

/** What the sandbox received, for tests to assert on (and the request log). */
export interface Received {
  /** 1 for the first request since the start. */
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  form?: SandboxRequest['form'];
  operation?: string;
  status: number;
  duration_ms: number;
  /** Body size in bytes; a body over the keep limit is left out of `body` and `form` files. */
  bodyBytes: number;
}

export interface Pipeline {
  routes: Route[];
  env: SandboxEnv;
  received: Received[];
  /** The log keeps the last `maxRequests` (0: all); `dropped` counts the older ones let go. */
  maxRequests: number;
  dropped: { requests: number };
  keepBodyBytes: number;
  faults: Fault[];
  latency?: Latency;
  random: Random;
  /** Called after each successful write (the state is saved, off the request path). */
  written(): void;
  /** The number of the next request. */
  next(): number;
}

const JSON_LIMIT = 100 * 1024;
const UPLOAD_LIMIT = 17 * 1024 * 1024;
const LINGER_MS = 1000;

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

/** The body as JSON or a multipart form, or the 400 to answer (bad JSON, or nested past MAX_DEPTH). */
function parseBody(raw: Buffer, contentType: string): { body?: unknown; form?: SandboxRequest['form'] } | SandboxReply {
  if (contentType.startsWith('multipart/form-data')) {
    const form = parseMultipart(raw, contentType);
    return form ? { form } : fail(400, 'Malformed multipart body');
  }
  if (!raw.length) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return contentType.includes('json') ? fail(400, 'Invalid JSON body') : {};
  }
  const deep = tooDeep(body);
  return deep === undefined ? { body } : fail(400, `JSON body nested deeper than ${MAX_DEPTH} levels (at ${deep})`);
}

/** Who may call: undefined to go on, else the reply (an unknown route without the key is a bare 404). */
function authorize(p: Pipeline, req: IncomingMessage, route: Route | undefined, method: string, path: string): SandboxReply | undefined {
  const keyed = hasKey(req, p.env.config);
  // An unknown route is read (bounded) only with the key: `chatcrm api` tests echo through one.
  if (!route) return keyed ? undefined : htmlNotFound(method, path);
  if (route.noAuth) return undefined;
  if (isSandboxPath(path) ? sandboxRouteAllowed(req, p.env.config) : keyed) return undefined;
  const given = req.headers['x-api-key'];
  return fail(401, typeof given !== 'string' || given === '' ? 'Authorization token missing or malformed' : 'Invalid API key');
}

/**
 * A reply's JSON. A list holding a record without JSON (a cycle or a BigInt, put there by code:
 * the wire cannot) still answers with the others, that one as a placeholder naming its id.
 */
function replyJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (err) {
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw err;
    const shown = data.map((item) => {
      try {
        JSON.stringify(item);
        return item;
      } catch (why) {
        return { _id: (item as { _id?: unknown })?._id ?? null, unshown: `this record cannot be shown (${(why as Error).message})` };
      }
    });
    return JSON.stringify({ ...(body as object), data: shown });
  }
}

/** Answer with a reply; `record` gets its status and time. */
function answer(res: ServerResponse, record: Received, started: number, reply: SandboxReply): void {
  record.status = reply.status;
  record.duration_ms = Date.now() - started;
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | Buffer = '';
  if (reply.raw !== undefined) payload = reply.raw;
  else if (reply.body !== undefined) {
    payload = replyJson(reply.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}

/**
 * A reply before the body was read, and the body is never read: claiming the stream stops
 * Node from draining it after the reply, back-pressure then stops the socket, and the
 * connection is dropped once the client had time to read the reply (closing at once, with
 * unread bytes, is a reset that can overtake the reply).
 */
function refuse(req: IncomingMessage, res: ServerResponse, send: (r: SandboxReply) => void, reply: SandboxReply): void {
  if (!req.complete) {
    req.read(0);
    // The socket may be gone by then (the client hung up): `?.`, or the timer throws and stops the process.
    res.once('finish', () => setTimeout(() => req.socket?.destroy(), LINGER_MS).unref());
  }
  send(reply);
}

/** --fault and --latency: true when a fault took the request (answered, dropped or left hanging). */
async function misbehave(p: Pipeline, req: IncomingMessage, route: Route | undefined, send: (r: SandboxReply) => void): Promise<boolean> {
  const delay = delayOf(p.latency, p.random);
  if (delay) await new Promise((r) => setTimeout(r, delay));
  const fault = pickFault(p.faults, route?.id, p.random);
  if (!fault) return false;
  if (fault.status === 'reset') req.socket.resetAndDestroy();
  else if (fault.status !== 'timeout') send(fail(fault.status, `Injected fault (--fault): ${fault.status}`));
  return true;
}

/** Log the request, keeping the last `maxRequests`. */
function logRequest(p: Pipeline, req: IncomingMessage, url: URL, route: Route | undefined): Received {
  const record: Received = {
    seq: p.next(),
    at: new Date().toISOString(),
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
    body: undefined,
    operation: route?.id,
    status: 0,
    duration_ms: 0,
    bodyBytes: 0,
  };
  p.received.push(record);
  while (p.maxRequests && p.received.length > p.maxRequests) {
    p.received.shift();
    p.dropped.requests++;
  }
  return record;
}

/**
 * Run the route's handler, all or nothing: a throw undoes its writes and drops its events (the
 * page, forwarding and the state file never see half a request); a write that succeeded is
 * announced and saved.
 */
function runHandler(p: Pipeline, route: Route, sreq: SandboxRequest): SandboxReply {
  const { handler } = route;
  if (!handler) return fail(501, `Not implemented in the sandbox yet: ${route.id} (${sreq.method} ${route.op?.path ?? sreq.path})`);
  let reply: SandboxReply;
  try {
    reply = p.env.events.held(() => p.env.store.atomically(() => handler(sreq, p.env)));
  } catch (err) {
    p.env.log(`sandbox: ${route.id} failed: ${(err as Error).stack}`);
    reply = fail(500, 'Internal server error');
  }
  if (sreq.method !== 'GET' && reply.status < 400) {
    p.env.events.emit({ kind: 'change', collection: route.id });
    p.written();
  }
  return reply;
}

/** The request's URL, or undefined when its path cannot be one (answered 400 by `handle`). */
export function requestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://sandbox');
  } catch {
    return undefined;
  }
}

/** `url`: from requestUrl; `expectContinue`: the client waits for `100 Continue` before it sends the body. */
export async function handle(p: Pipeline, req: IncomingMessage, res: ServerResponse, url: URL | undefined, expectContinue = false): Promise<void> {
  const started = Date.now();
  if (!url) {
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    return void res.end(JSON.stringify(fail(400, 'Malformed path').body));
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;
  const route = p.routes.find((r) => r.method === method && r.regex.test(path));
  const record = logRequest(p, req, url, route);
  const send = (reply: SandboxReply) => {
    answer(res, record, started, reply);
    p.env.events.emit({ kind: 'request', request: { seq: record.seq, at: record.at, method, path, operation: record.operation, status: record.status, duration_ms: record.duration_ms } });
  };
  const denied = authorize(p, req, route, method, path);
  if (denied) return refuse(req, res, send, denied);
  const values = route ? route.regex.exec(path)!.slice(1).map(decodeParam) : [];
  if (values.some((v) => v === undefined)) return refuse(req, res, send, fail(400, `Malformed path: bad percent-encoding in ${path}`));
  // The sandbox's own routes (simulators, inspector) keep working whatever --fault says.
  // No --fault or --latency: no promise to wait for (a turn of the event loop less a request).
  if (!isSandboxPath(path) && (p.latency || p.faults.length) && (await misbehave(p, req, route, (r) => refuse(req, res, send, r)))) return;
  if (expectContinue) res.writeContinue();
  const contentType = String(req.headers['content-type'] ?? '');
  const raw = await readBody(req, contentType.startsWith('multipart/form-data') ? UPLOAD_LIMIT : JSON_LIMIT);
  if (raw === undefined) return refuse(req, res, send, fail(413, 'request entity too large'));
  record.bodyBytes = raw.length;
  const parsed = parseBody(raw, contentType);
  if ('status' in parsed) return send(parsed);
  keptBody(record, parsed.body, parsed.form, p.keepBodyBytes);
  if (!route) return send(htmlNotFound(method, path));
  const params = Object.fromEntries(route.names.map((n, i) => [n, values[i]!]));
  send(runHandler(p, route, { method, path, params, query: record.query, headers: req.headers, rawBody: raw, body: parsed.body, form: parsed.form }));
}
