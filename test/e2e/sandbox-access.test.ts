// Who may call what (src/sandbox/access.ts), over raw HTTP: the API key at the edges of a wrong
// one (empty, one character short or long, the same length), the inspector's cookie on the
// /_sandbox/ routes only, and which paths are the sandbox's own (issue 31's mutation audit:
// MUTATE=src/sandbox/access.ts npm run mutate:e2e).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let port: number;
let cookie: string;

function send(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}
const message = (r: { body: string }) => JSON.parse(r.body).message as string;

beforeAll(async () => {
  // Every API operation fails: the sandbox's own routes must not.
  sb = await startTestSandbox({ faults: [{ operation: '*', status: 503, rate: 1 }] });
  port = Number(new URL(sb.url).port);
  const r = await new Promise<string>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/?token=${sb.config.inspectorToken}`, headers: { host: `127.0.0.1:${port}` } }, (res) => (res.resume(), resolve(String(res.headers['set-cookie'])))).on('error', reject).end();
  });
  cookie = r.split(';')[0];
});
afterAll(() => sb.close());

describe('the API key', () => {
  const key = () => sb.config.apiKey;

  it('none, or empty: 401 "missing or malformed"', async () => {
    for (const headers of [{}, { 'x-api-key': '' }] as Record<string, string>[]) {
      const r = await send('GET', '/_sandbox/requests', headers);
      expect(r.status).toBe(401);
      expect(message(r)).toBe('Authorization token missing or malformed');
    }
  });

  it('one character short or long, or another of the same length: 401 "Invalid API key"', async () => {
    const k = key();
    for (const wrong of [k.slice(0, -1), `${k}x`, `${k.slice(0, -1)}${k.endsWith('x') ? 'y' : 'x'}`]) {
      const r = await send('GET', '/_sandbox/requests', { 'x-api-key': wrong });
      expect(r.status, wrong).toBe(401);
      expect(message(r)).toBe('Invalid API key');
    }
  });

  it('the key opens the /_sandbox/ routes, which no --fault reaches', async () => {
    const r = await send('GET', '/_sandbox/requests', { 'x-api-key': key() });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).success).toBe(true);
    // The API behind the same key is where the fault plays.
    expect((await send('GET', '/api/v2/chat/senders', { 'x-api-key': key() })).status).toBe(503);
  });
});

describe('a sandbox started with an empty key', () => {
  it('admits no one by an empty x-api-key: empty is never a key', async () => {
    const open = await startTestSandbox({ apiKey: '' });
    try {
      const r = await fetch(`${open.url}/_sandbox/requests`, { headers: { 'x-api-key': '' } });
      expect(r.status).toBe(401);
    } finally {
      await open.close();
    }
  });
});

describe('the inspector cookie', () => {
  it('opens the /_sandbox/ routes but not the API, nor a path that only contains /_sandbox/', async () => {
    const own = await send('GET', '/_sandbox/deliveries', { cookie });
    expect(own.status).toBe(200);
    const api = await send('GET', '/api/v2/chat/senders', { cookie });
    expect(api.status).toBe(401);
    expect(message(api)).toBe('Authorization token missing or malformed');
    // Unknown routes without the key are a bare 404, whatever is in their path.
    expect((await send('GET', '/api/v2/_sandbox/requests', { cookie })).status).toBe(404);
  });

  it('a wrong cookie opens nothing', async () => {
    expect((await send('GET', '/_sandbox/deliveries', { cookie: `${cookie.split('=')[0]}=not-the-token` })).status).toBe(401);
  });
});
