// The ApiClient's request path against a local server, over both transports (node:http for
// one-shot requests, undici for batches and proxies): bodies in pieces, a byte order mark,
// retries, deadlines, dropped connections, Ctrl-C, the body cap and the response policy.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { ClientOptions } from '../../src/api/types.js';
import { ApiError, InterruptedError, NetworkError, ResponseError } from '../../src/core/errors.js';
import { testClientOptions } from '../helpers/api-client.js';
import { startSilent } from '../helpers/hostile-server.js';

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes: Record<string, Route> = {};
const hits: Record<string, number> = {};
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      hits[path] = (hits[path] ?? 0) + 1;
      routes[path](req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // undici's dispatcher is one per process (as in a CLI run): closed once, at the end.
  await makeClient({ transport: 'undici' }).close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  for (const k of Object.keys(hits)) delete hits[k];
});

function makeClient(o: Partial<ClientOptions> = {}): ApiClient {
  return new ApiClient(testClientOptions({ baseUrl: base, apiKey: () => 'secret-key', longRunning: true, ...o }));
}

describe.each(['node', 'undici'] as const)('ApiClient.request over %s', (transport) => {
  const client = (o: Partial<ClientOptions> = {}) => makeClient({ transport, ...o });

  it('collects a body sent in pieces (chunked) and parses it; sends the key and the JSON body', async () => {
    let seen: { key?: string; type?: string; body?: string } = {};
    routes['/pieces'] = (req, res, body) => {
      seen = { key: req.headers['x-api-key'] as string, type: req.headers['content-type'], body };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":{"message_id":');
      setTimeout(() => res.end(`"${'x'.repeat(70_000)}"}}`), 20);
    };
    const api = client();
    const res = await api.request<{ data: { message_id: string } }>({ method: 'POST', path: '/pieces', json: { to: '15550001' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body.data.message_id).toHaveLength(70_000);
    expect(seen).toEqual({ key: 'secret-key', type: 'application/json', body: '{"to":"15550001"}' });
  });

  it.each(['DELETE', 'PATCH', 'PUT'])('a %s sends its JSON body, with its length', async (method) => {
    let seen: { method?: string; length?: string; body?: string } = {};
    routes['/ids'] = (req, res, body) => {
      seen = { method: req.method, length: req.headers['content-length'], body };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    };
    await client().request({ method, path: '/ids', json: { ids: ['a1', 'é'] } });
    expect(seen).toEqual({ method, length: String(Buffer.byteLength('{"ids":["a1","é"]}')), body: '{"ids":["a1","é"]}' });
  });

  it('reads the body without a UTF-8 byte order mark', async () => {
    routes['/bom'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"ok":"é"}')]));
    };
    const api = client();
    expect((await api.request({ method: 'GET', path: '/bom' })).body).toEqual({ ok: 'é' });
  });

  it('retries a POST answered 429 with Retry-After, then returns the answer', async () => {
    routes['/busy'] = (_req, res) => {
      if (hits['/busy'] === 1) res.writeHead(429, { 'retry-after': '0' }).end('{"message":"slow down"}');
      else res.writeHead(201, { 'content-type': 'application/json' }).end('{"data":{"_id":"a1"}}');
    };
    const api = client();
    const res = await api.request({ method: 'POST', path: '/busy', json: {} });
    expect(res).toMatchObject({ status: 201, body: { data: { _id: 'a1' } } });
    expect(hits['/busy']).toBe(2);
  });

  it('a POST answered 503 is retried only with a Retry-After: a plain 503 (a gateway\'s) may have been processed', async () => {
    routes['/gw'] = (_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"upstream timed out"}');
    const err = await client().request({ method: 'POST', path: '/gw', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, message: 'upstream timed out (HTTP 503)' });
    expect(hits['/gw']).toBe(1);
    routes['/later'] = (_req, res) => res.writeHead(503, { 'retry-after': '0', 'content-type': 'application/json' }).end('{"message":"later"}');
    await client().request({ method: 'POST', path: '/later', json: {} }).catch(() => undefined);
    expect(hits['/later']).toBe(3);
    await client().request({ method: 'GET', path: '/gw' }).catch(() => undefined);
    expect(hits['/gw']).toBe(4);
  });

  it('a POST whose connection drops after it was sent is not retried and may have been processed', async () => {
    routes['/drop'] = (req) => req.socket.destroy();
    const api = client();
    const err = await api.request({ method: 'POST', path: '/drop', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ written: true, message: expect.stringContaining('Cannot reach') });
    expect(hits['/drop']).toBe(1);
  });

  it('a server that never answers times out; the POST is sent once and may have been processed', async () => {
    routes['/silent'] = () => undefined;
    // 0.5 s: time enough, on a busy machine, to connect and write before the deadline. Where the
    // deadline falls, to the millisecond, is api-client-deadline.test.ts (a fake clock): here, the
    // real transports give way to it.
    const api = client({ timeoutMs: 500 });
    const err = await api.request({ method: 'POST', path: '/silent', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ written: true, message: expect.stringContaining('timed out after 0.5s') });
    expect(hits['/silent']).toBe(1);
  });

  it('a body that stops half-way times out too', async () => {
    routes['/stall'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":');
    };
    const api = client({ timeoutMs: 500 });
    const err = await api.request({ method: 'POST', path: '/stall', json: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ written: true, message: expect.stringContaining('timed out') });
  });

  it('a refused connection was never written: retried, then reported as such', async () => {
    const api = client({ baseUrl: 'http://127.0.0.1:1', retries: 1 });
    const err = await api.request({ method: 'POST', path: '/x', json: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ written: false, message: expect.stringContaining('ECONNREFUSED') });
  });

  it("the caller's signal (Ctrl-C) aborts a request in flight", async () => {
    const ac = new AbortController();
    // Aborted once the request has arrived: in flight, whatever the machine's speed.
    routes['/wait'] = () => ac.abort();
    const api = client({ signal: ac.signal });
    await expect(api.request({ method: 'GET', path: '/wait' })).rejects.toBeInstanceOf(InterruptedError);
  });
  it('reads no more than the body cap: past it the request is aborted (chunked and declared lengths)', async () => {
    let wrote = 0;
    routes['/flood'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (wrote < 50 * 1024 * 1024 && !res.destroyed) {
          wrote += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (wrote = Number.POSITIVE_INFINITY));
      pump();
    };
    routes['/declared'] = (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) }).end();
    const api = client({ maxBody: 1024 * 1024 });
    const err = await api.request({ method: 'GET', path: '/flood', response: 'json' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect(err).toMatchObject({ code: 'too_large', exitCode: 7, message: expect.stringContaining('over 1 MiB') });
    const declared = await api.request({ method: 'GET', path: '/declared', response: 'json' }).catch((e: unknown) => e);
    expect(declared).toMatchObject({ code: 'too_large' });
  });

  it('a redirect is an error naming the Location, never followed', async () => {
    routes['/moved'] = (_req, res) => res.writeHead(302, { location: 'https://login.example.test/portal?next=1' }).end();
    routes['/portal'] = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const err = await client().request({ method: 'POST', path: '/moved', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect(err).toMatchObject({ status: 302, exitCode: 7, message: 'The server redirected to https://login.example.test/portal?next=1; check --base-url' });
    expect(hits['/moved']).toBe(1);
    expect(hits['/portal']).toBeUndefined();
  });

  it.each<[string, string | undefined, string, RegExp]>([
    ['text/plain', 'text/plain', 'Welcome to the hotel wifi', /did not answer JSON: Welcome to the hotel wifi$/],
    ['truncated JSON', 'application/json', '{"data":[{"_id":"a1"},{"_id":', /did not answer JSON: \{"data":\[\{"_id":"a1"\},\{"_id":$/],
    ['HTML without a type', undefined, '<html><body>Sign in</body></html>', /did not answer JSON: <html><body>Sign in/],
    ['an empty 200', 'application/json', '', /did not answer JSON: \(an empty body\)$/],
  ])('a 2xx that should be JSON and is not (%s) is an error', async (_name, type, body, message) => {
    routes['/notjson'] = (_req, res) => res.writeHead(200, type ? { 'content-type': type } : {}).end(body);
    const err = await client().request({ method: 'GET', path: '/notjson', response: 'json' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect(err).toMatchObject({ status: 200, exitCode: 7, code: 'not_json', message: expect.stringMatching(message) });
    expect((err as Error).message).toContain(`The server at ${base} did not answer JSON`);
  });

  it('a 204 is a success only where the request allows no content; free-form answers stay as they are', async () => {
    routes['/none'] = (_req, res) => res.writeHead(204).end();
    routes['/text'] = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('1234567');
    for (const [response, message] of [
      ['json', 'did not answer JSON: (no content, HTTP 204)'],
      ['text', 'did not answer: (no content, HTTP 204)'],
      ['file', 'did not send the file: (no content, HTTP 204)'],
    ] as const) {
      const err = await client().request({ method: 'DELETE', path: '/none', response }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResponseError);
      expect(err).toMatchObject({ status: 204, exitCode: 7, message: `The server at ${base} ${message}` });
    }
    expect((await client().request({ method: 'DELETE', path: '/none', response: 'json', noContent: true })).body).toBeUndefined();
    expect((await client().request({ method: 'GET', path: '/text', response: 'text' })).body).toBe('1234567');
  });

  it('a JSON-RPC answer (rpc) is JSON or an event stream; an empty 202 only where no content is allowed', async () => {
    routes['/rpc-json'] = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}');
    routes['/rpc-sse'] = (_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end('event: message\ndata: {"id":1}\n\n');
    routes['/rpc-html'] = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>');
    routes['/rpc-accepted'] = (_req, res) => res.writeHead(202).end();
    const rpc = (path: string, noContent = true) => client().request({ method: 'POST', path, json: {}, response: 'rpc', noContent });
    expect((await rpc('/rpc-json')).body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect((await rpc('/rpc-sse')).body).toBe('event: message\ndata: {"id":1}\n\n');
    expect((await rpc('/rpc-accepted')).body).toBeUndefined();
    await expect(rpc('/rpc-accepted', false)).rejects.toMatchObject({ code: 'not_json', message: `The server at ${base} did not answer JSON: (an empty body)` });
    await expect(rpc('/rpc-html')).rejects.toMatchObject({ code: 'not_json', exitCode: 7, message: `The server at ${base} did not answer JSON: <html>Sign in</html>` });
  });

  it('stops retrying when the wait the server asks for (Retry-After) would pass the time budget', async () => {
    routes['/later'] = (_req, res) => res.writeHead(429, { 'retry-after': '999999', 'content-type': 'application/json' }).end('{"message":"slow down"}');
    // A budget of 30 s (10 s x 3 attempts): giving up at once is far inside it, even on a busy machine.
    const started = Date.now();
    const err = await client({ timeoutMs: 10_000 }).request({ method: 'POST', path: '/later', json: {} }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ exitCode: 6, message: expect.stringMatching(/slow down \(HTTP 429\); gave up: waiting the 999999s the server asked for \(Retry-After\) would pass the 30s/) });
    expect(hits['/later']).toBe(1);
  });

  it('a body that drips forever ends at the deadline', async () => {
    routes['/drip'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(t));
    };
    // The drip never ends: the request ending at all is the deadline (the bound is wide, a hang guard).
    const started = Date.now();
    const err = await client({ timeoutMs: 500, retries: 0 }).request({ method: 'GET', path: '/drip' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'timeout', written: true, message: expect.stringContaining('timed out after 0.5s') });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a TLS handshake that never completes ends at the deadline; nothing was written, so a POST is retried within the budget', async () => {
    const silent = await startSilent();
    try {
      const port = silent.port;
      const started = Date.now();
      const err = await client({ baseUrl: `https://127.0.0.1:${port}`, timeoutMs: 500, retries: 1 }).request({ method: 'POST', path: '/x', json: {} }).catch((e: unknown) => e);
      const took = Date.now() - started;
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).toMatchObject({ code: 'timeout', written: false });
      expect(silent.connections()).toBe(2);
      // Two attempts and a backoff inside the 1 s budget, with room for a busy machine (an
      // attempt without a deadline never ends: the silent server says nothing).
      expect(took).toBeGreaterThanOrEqual(500);
      expect(took).toBeLessThan(1000 + 4000);
    } finally {
      await silent.close();
    }
  });

  it('a download streams uncapped; one that stalls mid-body ends with a NetworkError after --timeout of silence', async () => {
    routes['/file'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(Buffer.alloc(3 * 1024 * 1024, 0x61));
    };
    routes['/stalled-file'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('a,b\n');
    };
    const api = client({ maxBody: 1024 * 1024, timeoutMs: 500 });
    const ok = await api.request({ method: 'GET', path: '/file', response: 'file' });
    let size = 0;
    for await (const c of ok.stream!) size += (c as Buffer).length;
    expect(size).toBe(3 * 1024 * 1024);

    const res = await api.request({ method: 'GET', path: '/stalled-file', response: 'file' });
    const read = (async () => {
      for await (const _ of res.stream!) void _;
    })();
    await expect(read).rejects.toMatchObject({ exitCode: 7, code: 'timeout', message: expect.stringContaining('Download stalled: no data for 0.5s') });
  });
});
