// Masking on values, not text (issue 29): the sandbox's secrets (key, webhook secret, verify
// token, inspector token, a --forward-to URL's password) never show in the request log, the
// deliveries or the page's feed — in bodies, paths and query strings — and what is shown is
// always valid JSON, whatever a secret looks like.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const KEY = '12345678';
const SECRETS = { apiKey: KEY, webhookSecret: 'whsec-abcdef', verifyToken: 'verify-tok-123', inspectorToken: 'insp-tok-456' };
const PASSWORD = 'p%40ss-word';

let sb: TestSandbox;
let app: Server;

beforeAll(async () => {
  app = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  const port = (app.address() as AddressInfo).port;
  sb = await startTestSandbox({ ...SECRETS, forwardTo: [`http://hook-user:${PASSWORD}@127.0.0.1:${port}/hook`], forwardBackoffMs: [] });
});
afterAll(async () => {
  await sb?.close();
  app?.close();
});

const call = (path: string, body?: unknown) =>
  fetch(`${sb.url}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

/** A route's answer as text (to look for secrets in) and parsed (it must be JSON). */
async function shown(path: string): Promise<{ text: string; body: any }> {
  const res = await call(path);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { text, body: JSON.parse(text) };
}

const leaks = (text: string) => [...Object.values(SECRETS), PASSWORD, 'p@ss-word'].filter((s) => text.includes(s));

describe('secrets in what the sandbox shows', () => {
  beforeAll(async () => {
    // A body holding the key as a number, as a key, inside text; the key in a path; the verify token and the inspector token in query strings.
    await call('/api/tags', { name: `tag ${KEY}`, color: Number(KEY), extra: { [KEY]: [Number(KEY), 'whsec-abcdef'] } });
    await call(`/api/tags/${KEY}`);
    await fetch(`${sb.url}/webhook/chat?hub.mode=subscribe&hub.verify_token=${SECRETS.verifyToken}&hub.challenge=42`);
    await call(`/_sandbox/requests?token=${SECRETS.inspectorToken}&limit=1`);
    // An inbound message is forwarded: a delivery to the URL with a password.
    expect((await call('/_sandbox/simulate/inbound', { from: '15550001111', message: { type: 'text', text: { body: 'hi' } } })).status).toBe(201);
    await sb.forwarder.idle();
    expect(sb.deliveries).toHaveLength(1);
  });

  it('the request log is valid JSON without any secret: bodies (numbers too), paths and query strings', async () => {
    const { text, body } = await shown('/_sandbox/requests?limit=100');
    expect(leaks(text)).toEqual([]);
    const rows = body.data as any[];
    expect(rows.find((r) => r.method === 'POST' && r.path === '/api/tags').body).toEqual({ name: 'tag ***', color: '***', extra: { '***': ['***', '***'] } });
    expect(rows.some((r) => r.path === '/api/tags/***')).toBe(true);
    expect(rows.find((r) => r.path === '/webhook/chat').query).toEqual({ 'hub.mode': 'subscribe', 'hub.verify_token': '***', 'hub.challenge': '42' });
    expect(rows.filter((r) => r.path === '/_sandbox/requests').map((r) => r.query)).toContainEqual({ token: '***', limit: '1' });
  });

  it('the deliveries show the forward URL without its password', async () => {
    const { text, body } = await shown('/_sandbox/deliveries');
    expect(leaks(text)).toEqual([]);
    expect(body.data[0].url).toMatch(/^http:\/\/hook-user:\*\*\*@127\.0\.0\.1:\d+\/hook$/);
  });

  it("the page's feed shows neither", async () => {
    const { text, body } = await shown('/_sandbox/inspector');
    expect(leaks(text)).toEqual([]);
    expect(body.data.deliveries[0].url).toContain('hook-user:***@');
    expect(body.data.requests.length).toBeGreaterThan(4);
  });
});
