// The ApiClient's request path (undici dispatch, body collected into a Buffer) against a local
// server: bodies in pieces, a byte order mark, retries, timeouts, dropped connections, Ctrl-C.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { InterruptedError, NetworkError } from '../../src/core/errors.js';

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
  await client().close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function client(o: Partial<ClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl: base,
    apiKey: () => 'secret-key',
    timeoutMs: 5000,
    retries: 2,
    allowHttp: false,
    verbose: false,
    dryRun: false,
    trace: () => undefined,
    dryRunOut: () => undefined,
    longRunning: true,
    ...o,
  });
}

describe('ApiClient.request', () => {
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
    const api = client({ timeoutMs: 300 });
    const err = await api.request({ method: 'POST', path: '/silent', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ written: true, message: expect.stringContaining('timed out after 0.3s') });
    expect(hits['/silent']).toBe(1);
  });

  it('a body that stops half-way times out too', async () => {
    routes['/stall'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":');
    };
    const api = client({ timeoutMs: 300 });
    const err = await api.request({ method: 'POST', path: '/stall', json: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ written: true, message: expect.stringContaining('timed out') });
  });

  it('a refused connection was never written: retried, then reported as such', async () => {
    const api = client({ baseUrl: 'http://127.0.0.1:1', retries: 1 });
    const err = await api.request({ method: 'POST', path: '/x', json: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ written: false, message: expect.stringContaining('ECONNREFUSED') });
  });

  it("the caller's signal (Ctrl-C) aborts a request in flight", async () => {
    routes['/wait'] = () => undefined;
    const ac = new AbortController();
    const api = client({ signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    await expect(api.request({ method: 'GET', path: '/wait' })).rejects.toBeInstanceOf(InterruptedError);
  });
});
