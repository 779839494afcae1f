// The gate in front of the inspector page and the /_sandbox/ routes, over raw HTTP (any Host,
// Origin and cookie a hostile page could make a browser send): the token link, the cookie,
// 401 without it, 403 for a foreign Host or Origin, the CSP, and nothing run from another origin.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let port: number;
let cookie: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with exactly these headers (Host included): what a browser or an attacker sends. */
function send(method: string, path: string, headers: Record<string, string | undefined> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: JSON.parse(JSON.stringify({ host: `127.0.0.1:${port}`, ...headers })) }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  sb = await startTestSandbox();
  port = Number(new URL(sb.url).port);
  const r = await send('GET', `/?token=${sb.config.inspectorToken}`);
  cookie = String(r.headers['set-cookie']).split(';')[0];
});
afterAll(() => sb.close());

describe('the inspector token', () => {
  it('the link sets an HttpOnly, SameSite=Strict cookie and redirects to / without the token', async () => {
    expect(sb.inspectorUrl).toBe(`${sb.url}/?token=${sb.config.inspectorToken}`);
    const r = await send('GET', `/?token=${sb.config.inspectorToken}`);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/');
    expect(r.headers['set-cookie']).toEqual([`chatcrm_inspector_${port}=${sb.config.inspectorToken}; Path=/; HttpOnly; SameSite=Strict`]);
  });

  it('without it, / is 401: a one-line page saying where the link is', async () => {
    for (const headers of [{}, { cookie: `chatcrm_inspector_${port}=not-the-token` }]) {
      const r = await send('GET', '/', headers);
      expect(r.status).toBe(401);
      expect(r.body).toMatch(/<p>Open the inspector with the link that <code>chatcrm sandbox<\/code> printed: the line <code>Inspector: http:\/\/…\/\?token=…<\/code>\.<\/p>/);
      expect(r.body).not.toContain(sb.config.inspectorToken);
    }
    const wrong = await send('GET', '/?token=guess');
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // The page's feeds too: neither the key nor the cookie is 401.
    expect((await send('GET', '/_sandbox/inspector')).status).toBe(401);
    expect((await send('GET', '/_sandbox/events')).status).toBe(401);
  });

  it('with the cookie: the page; the feeds answer to the cookie or the API key', async () => {
    const page = await send('GET', '/', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script src="/inspector.js" defer></script>');
    for (const headers of [{ cookie }, { 'x-api-key': sb.config.apiKey }]) {
      const r = await send('GET', '/_sandbox/inspector', headers);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body).data.conversations.length).toBeGreaterThan(0);
    }
    // The cookie opens the /_sandbox/ routes only, not the API.
    expect((await send('GET', '/api/v2/chat/senders', { cookie })).status).toBe(401);
  });
});

describe('safe by construction', () => {
  it('the CSP forbids inline script and every other origin; nosniff; the page has no inline script and loads nothing from elsewhere', async () => {
    for (const path of ['/', '/inspector.js', '/inspector.css']) {
      const r = await send('GET', path, { cookie });
      expect(r.status).toBe(200);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
    }
    const html = (await send('GET', '/', { cookie })).body;
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script src="/inspector.js" defer>']);
    expect(html).not.toMatch(/\son[a-z]+=|https?:\/\/|javascript:/i);
    const css = (await send('GET', '/inspector.css')).body;
    expect(css).not.toMatch(/@import|url\(|@font-face/);
    // The stylesheet is served whole (the light and dark schemes, the phone's layout).
    expect(css).toContain('@media (prefers-color-scheme: dark)');
    expect(css).toContain('@media (max-width: 700px)');
    expect((await send('GET', '/inspector.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('a foreign Host (DNS rebinding) is 403 on the page and the /_sandbox/ routes; localhost and the address are let in', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `localhost.evil.example:${port}`, `127.0.0.2:${port}`]) {
      for (const [path, headers] of [['/', { cookie }], [`/?token=${sb.config.inspectorToken}`, {}], ['/_sandbox/inspector', { 'x-api-key': sb.config.apiKey }], ['/_sandbox/events', { cookie }]] as const) {
        const r = await send('GET', path, { ...headers, host });
        expect(r.status, `${host} ${path}`).toBe(403);
        expect(JSON.parse(r.body).message).toBe("Forbidden: the Host header is not this sandbox's address");
      }
    }
    expect((await send('GET', '/', { cookie, host: `localhost:${port}` })).status).toBe(200);
    expect((await send('GET', '/', { cookie, host: `127.0.0.1:${port}` })).status).toBe(200);
    // The API itself needs the key, which a rebound page does not have: its Host is not checked
    // (an integrator's tunnel or proxy may name the sandbox otherwise).
    expect((await send('GET', '/api/v2/chat/senders', { 'x-api-key': sb.config.apiKey, host: 'tunnel.example' })).status).toBe(200);
  });

  it('a state change from another origin, or from a page without an Origin, is 403 and changes nothing', async () => {
    const sent = await sb.run(['chat', 'send', '--to', '15559990100', '--sender', 'wa_snd_cloud_0001', '--text', 'gate', '--json']);
    const id = JSON.parse(sent.stdout).message_id;
    const body = JSON.stringify({ message_id: id, status: 'read' });
    // The Origin must match whole: with a prefix match, a page on port 40001 (or a name that
    // starts with this address) could drive a sandbox on 4000, since cookies are shared across ports.
    const near = [`http://127.0.0.1:${port}0`, `http://127.0.0.1:${port}.evil.example`].map((origin) => ({ cookie, origin }));
    for (const headers of [{ cookie, origin: 'http://evil.example' }, { cookie, origin: `http://localhost:${port}` }, ...near, { cookie, origin: 'null' }, { cookie }]) {
      const r = await send('POST', '/_sandbox/simulate/status', { ...json, ...headers }, body);
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(r.body).message).toBe('Forbidden: a state change from a browser needs this sandbox as its Origin');
    }
    // Even with the key, a foreign Origin is refused: no web page is meant to drive the sandbox.
    expect((await send('POST', '/_sandbox/simulate/status', { ...json, 'x-api-key': sb.config.apiKey, origin: 'http://evil.example' }, body)).status).toBe(403);
    expect(sb.store.list('messages', (m) => m.message_id === id)[0].status).toBe('sent');
  });
});
