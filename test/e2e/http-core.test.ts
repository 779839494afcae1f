// The HTTP core against a hand-written server: every error shape and status of
// docs/service-api.md 10 maps to its exit code and one line on stderr; retries repeat only
// what is safe to repeat; timeouts, proxies and the http-to-remote refusal. All of it over both
// transports (CHATCRM_HTTP_TRANSPORT: node:http, the one-shot default, and undici).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type RunResult } from '../helpers/cli.js';
import { startProxy } from '../helpers/hostile-server.js';

const KEY = 'http-core-key-5f3a9c0d1e2b4a6f';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

interface TestServer {
  url: string;
  seen: Seen[];
  handler: Handler;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function startServer(): Promise<TestServer> {
  const t: TestServer = { url: '', seen: [], handler: () => undefined, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      t.seen.push(seen);
      t.handler(req, res, seen);
    });
  });
  t.url = `http://127.0.0.1:${await listen(server)}`;
  t.close = () => close(server);
  return t;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};
const text = (status: number, body: string, type = 'text/html; charset=utf-8'): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
};
/** Answer with `first` for the first `times` requests, then with `then`. */
const sequence = (first: Handler, times: number, then: Handler): Handler => {
  let n = 0;
  return (req, res, seen) => (n++ < times ? first(req, res, seen) : then(req, res, seen));
};

const EXPRESS_404 = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /api/auth/profile</pre>\n</body>\n</html>\n';
const PROFILE_OK = json(200, { success: true, user: { _id: '65f1c2a9e4b0a1b2c3d4e5f6', name: 'Ada', email: 'ada@example.com' } });
const SENT_OK = json(201, { success: true, message: 'Message sent', data: { message_id: 'wamid.1', status: 'sent' } });

const GET = ['auth', 'profile'];
const POST = ['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 's'];

describe.each(['node', 'undici'])('over %s', (transport) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(() => srv.close());
  beforeEach(() => {
    srv.seen.length = 0;
    srv.handler = PROFILE_OK;
  });

  function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
    return runCli(['--base-url', srv.url, ...args], { env: { CHATCRM_API_KEY: KEY, CHATCRM_HTTP_TRANSPORT: transport, ...env } });
  }

  function expectOneLine(r: RunResult, message: string | RegExp) {
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr).not.toContain(KEY);
  }

  describe('error statuses and bodies → exit code and one line', () => {
    it.each<[string, string[], Handler, number, string[]]>([
      ['400 {success:false, message, errors}', POST, json(400, { success: false, message: 'Validation error', errors: ['to is required', 'sender_id is required'] }), 5, ['Validation error', 'to is required', 'sender_id is required']],
      ['401 Invalid API key', GET, json(401, { success: false, message: 'Invalid API key' }), 3, ['Invalid API key']],
      ['401 without success', GET, json(401, { message: 'Authorization token missing or malformed' }), 3, ['Authorization token missing or malformed']],
      ['403 plan feature', GET, json(403, { success: false, message: 'Your plan does not include this feature: rest api' }), 3, ['Your plan does not include this feature: rest api']],
      ['404 JSON', GET, json(404, { success: false, message: 'User not found' }), 4, ['User not found']],
      ['404 Express HTML page', GET, text(404, EXPRESS_404), 4, ['Cannot GET /api/auth/profile']],
      ['409 duplicate', POST, json(409, { success: false, message: 'An active subscription already exists' }), 5, ['An active subscription already exists']],
      ['422 {error, details}', POST, json(422, { error: 'Unprocessable entity', details: 'sender_id is not active' }), 5, ['Unprocessable entity', 'sender_id is not active']],
      ['429 after retries', GET, json(429, { success: false, message: 'Too many requests, slow down' }, { 'retry-after': '0' }), 6, ['Too many requests, slow down']],
      ['500 JSON', POST, json(500, { success: false, message: 'Something broke' }), 7, ['Something broke']],
      ['500 empty body', GET, text(500, '', 'text/plain'), 7, ['HTTP 500']],
      ['503 plain text', GET, text(503, 'Service temporarily unavailable', 'text/plain'), 7, ['Service temporarily unavailable']],
    ])('%s', async (_name, args, handler, code, parts) => {
      srv.handler = handler;
      const r = await cli(['--retries', args === GET ? '1' : '0', ...args]);
      expect(r.exitCode).toBe(code);
      for (const p of parts) expectOneLine(r, p);
      expect(srv.seen.length).toBeGreaterThan(0);
    });

    it('500 empty body names the status, not a blank message', async () => {
      srv.handler = text(500, '', 'text/plain');
      const r = await cli(['--retries', '0', ...GET]);
      expectOneLine(r, /^Error: .*HTTP 500 Internal Server Error/);
      expect(r.stderr.match(/HTTP 500/g)).toHaveLength(1);
    });

    it.each<[Handler, number, number, string, string]>([
      [json(404, { success: false, message: 'User not found' }), 4, 404, 'http_404', 'User not found'],
      [json(401, { success: false, message: 'Invalid API key' }), 3, 401, 'auth', 'Invalid API key'],
      [text(404, EXPRESS_404), 4, 404, 'http_404', 'Cannot GET /api/auth/profile'],
      [json(422, { error: 'Unprocessable entity', details: 'sender_id is not active' }), 5, 422, 'http_422', 'sender_id is not active'],
    ])('--json: stderr is {"error": {message, status, code}} (%#)', async (handler, code, status, errCode, message) => {
      srv.handler = handler;
      const r = await cli(['--json', ...GET]);
      expect(r.exitCode).toBe(code);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      const e = JSON.parse(lines[0]);
      expect(Object.keys(e)).toEqual(['error']);
      expect(Object.keys(e.error).sort()).toEqual(['code', 'message', 'status']);
      expect(e.error.status).toBe(status);
      expect(e.error.code).toBe(errCode);
      expect(e.error.message).toContain(message);
    });
  });

  describe('retries', () => {
    // Retry-After to the millisecond, on a fake clock: test/unit/api-client-clock.test.ts. Here the
    // real process, at a small real delay (a fraction of a second, as the client reads it).
    it('GET is retried on 503, honouring Retry-After: 0.3', async () => {
      srv.handler = sequence(json(503, { message: 'busy' }, { 'retry-after': '0.3' }), 1, PROFILE_OK);
      const r = await cli(['--json', ...GET]);
      expect(r.exitCode).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Ada' });
      expect(srv.seen).toHaveLength(2);
      expect(srv.seen[1].at - srv.seen[0].at).toBeGreaterThanOrEqual(290);
    });

    it('GET is retried on a 500 and on a dropped connection', async () => {
      let n = 0;
      srv.handler = (req, res) => {
        n++;
        if (n === 1) return json(500, { message: 'oops' })(req, res, srv.seen[0]);
        if (n === 2) return void req.socket.destroy();
        PROFILE_OK(req, res, srv.seen[0]);
      };
      const r = await cli(GET);
      expect(r.exitCode).toBe(0);
      expect(srv.seen).toHaveLength(3);
    });

    it.each([429, 503])('POST is retried on %i', async (status) => {
      srv.handler = sequence(json(status, { message: 'later' }, { 'retry-after': '0' }), 1, SENT_OK);
      const r = await cli(POST);
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toContain('Sent to 15551234567');
      expect(srv.seen.map((s) => s.method)).toEqual(['POST', 'POST']);
      expect(JSON.parse(srv.seen[1].body)).toEqual({ sender_id: 's', to: '15551234567', message: { type: 'text', text: { body: 'hi' } } });
    });

    it.each([500, 503])('POST is not retried on %i without Retry-After (it may have been processed)', async (status) => {
      srv.handler = json(status, { success: false, message: 'Something broke' });
      const r = await cli(POST);
      expect(r.exitCode).toBe(7);
      expectOneLine(r, /Something broke/);
      expect(srv.seen).toHaveLength(1);
    });

    it('POST is not retried when the connection drops after the request was sent', async () => {
      srv.handler = (req) => req.socket.destroy();
      const r = await cli(POST);
      expect(r.exitCode).toBe(7);
      expectOneLine(r, /Cannot reach|closed|socket/i);
      expect(srv.seen).toHaveLength(1);
    });

    it('--retries 0 gives up after one attempt', async () => {
      srv.handler = json(503, { message: 'busy' }, { 'retry-after': '0' });
      const r = await cli(['--retries', '0', ...GET]);
      expect(r.exitCode).toBe(7);
      expect(srv.seen).toHaveLength(1);
    });

    it('--retries 2 makes three attempts, each with the key', async () => {
      srv.handler = json(429, { message: 'slow down' }, { 'retry-after': '0' });
      const r = await cli(POST);
      expect(r.exitCode).toBe(6);
      expect(srv.seen).toHaveLength(3);
      for (const s of srv.seen) expect(s.headers['x-api-key']).toBe(KEY);
    });

    it('a refused connection is retried (any method), then exit 7', async () => {
      const gone = createServer();
      const port = await listen(gone);
      await close(gone);
      const r = await runCli(['--base-url', `http://127.0.0.1:${port}`, '--verbose', '--retries', '1', ...POST], { env: { CHATCRM_API_KEY: KEY, CHATCRM_HTTP_TRANSPORT: transport } });
      expect(r.exitCode).toBe(7);
      expect(r.stderr.match(/^! Cannot reach .*ECONNREFUSED/gm)).toHaveLength(2);
      expect(r.stderr.match(new RegExp(`^> POST .* \\[${transport === 'node' ? 'node:http' : 'undici'}\\]$`, 'gm'))).toHaveLength(2);
      expect(r.stderr).toMatch(/^Error: Cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED \(after 2 attempts\) \(is the server running\? try `chatcrm doctor`\)$/m);
      expect(r.stderr).not.toContain(KEY);
    });
  });

  describe('timeouts', () => {
    // Where the deadline falls and how a retry shares the budget (a GET timed out is retried; the
    // error gives the attempts and quotes --timeout) is api-client-deadline.test.ts, on a fake
    // clock; here, --timeout reaches the client, and each transport gives way to it.
    it('--timeout 0.5 against a server that never answers: exit 7 "timed out", a POST sent once that may have been processed', async () => {
      // The server never answers: the run ending at all is --timeout at work (runCli guards a hang).
      srv.handler = () => undefined;
      const r = await cli(['--timeout', '0.5', ...POST]);
      expect(r.exitCode).toBe(7);
      // On a busy machine a first attempt can time out before it is written, and is then retried
      // (safe: nothing was sent); the attempt that reached the server is the one reported.
      expectOneLine(r, /^Error: Request timed out after 0\.5s \(--timeout\): POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/chat\/messages; the request may have been processed: check before sending again( \(after 2 attempts\))?$/);
      expect(srv.seen.map((s) => s.method)).toEqual(['POST']);
    });

    it('a 503 after every retry says how many attempts were made', async () => {
      srv.handler = json(503, { message: 'busy' }, { 'retry-after': '0' });
      const r = await cli(['--retries', '2', ...GET]);
      expect(r.exitCode).toBe(7);
      expectOneLine(r, /^Error: busy \(HTTP 503\) \(after 3 attempts\)$/);
      expect(srv.seen).toHaveLength(3);
    });
  });

  describe('the key and proxies', () => {
    it('sends x-api-key on every request', async () => {
      await cli(GET);
      srv.handler = SENT_OK;
      await cli(POST);
      expect(srv.seen).toHaveLength(2);
      for (const s of srv.seen) expect(s.headers['x-api-key']).toBe(KEY);
    });

    it('never proxies a loopback server, whatever NO_PROXY says (remote hosts: test/e2e/proxy.test.ts)', async () => {
      const proxy = await startProxy();
      try {
        for (const NO_PROXY of [undefined, '127.0.0.1', 'example.com']) {
          const r = await cli(['--json', ...GET], { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY, no_proxy: undefined });
          expect(r.exitCode, r.stderr).toBe(0);
          expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Ada' });
        }
        expect(srv.seen).toHaveLength(3);
        expect(proxy.seen).toEqual([]);
      } finally {
        await proxy.close();
      }
    });
  });

  describe('bad input: exit 2, one line, nothing sent', () => {
    it('a proxy that cannot be reached is named in the error, not the server behind it', async () => {
      const proxy = await startProxy();
      const dead = proxy.url;
      await proxy.close();
      const r = await cli(['--base-url', 'https://api.chatcrm.test', '--retries', '0', ...GET], { HTTPS_PROXY: dead, NO_PROXY: undefined, no_proxy: undefined });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toBe(`Error: Cannot reach https://api.chatcrm.test through the proxy at ${new URL(dead).host}: ECONNREFUSED\n`);
      expect(srv.seen).toHaveLength(0);
      // Around the proxy (loopback, NO_PROXY), a server that is down is the one named.
      const down = await runCli(['--base-url', dead, '--retries', '0', ...GET], { env: { CHATCRM_API_KEY: KEY, CHATCRM_HTTP_TRANSPORT: transport, HTTP_PROXY: dead, NO_PROXY: '127.0.0.1', no_proxy: undefined } });
      expect(down.stderr).toBe(`Error: Cannot reach ${dead}: ECONNREFUSED (is the server running? try \`chatcrm doctor\`)\n`);
    });

    it('refuses plain http to a remote host before any network (not even the proxy)', async () => {
      const proxy = await startProxy();
      try {
        const r = await runCli(['--base-url', 'http://example.invalid', ...GET], { env: { CHATCRM_API_KEY: KEY, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url } });
        expect(r.exitCode).toBe(2);
        expectOneLine(r, /plain http.*example\.invalid/);
        expect(proxy.seen).toEqual([]);
      } finally {
        await proxy.close();
      }
    });

    it.each<[string[], RegExp]>([
      [['--timeout', '0', ...GET], /--timeout/],
      [['--timeout', '-1', ...GET], /--timeout/],
      [['--timeout', 'soon', ...GET], /--timeout/],
      [['--retries', '-1', ...GET], /--retries/],
      [['--retries', '1.5', ...POST], /--retries/],
      [['-o', 'xml', ...GET], /--output: must be one of table, json, jsonl, csv, yaml, got "xml"/],
      [['--output', 'xml', ...POST], /--output/],
      [['chat', 'sned'], /unknown command 'sned'.*Did you mean send\?/i],
      [['chat', 'send', '--txt', 'hi'], /unknown option '--txt'.*Did you mean --text\?/i],
      [['--jsno', ...GET], /unknown option '--jsno'.*Did you mean --json\?/i],
      [['chta'], /unknown command 'chta'.*Did you mean chat\?/i],
    ])('%j', async (args, message) => {
      const r = await cli(args);
      expect(r.exitCode).toBe(2);
      expectOneLine(r, message);
      expect(srv.seen).toEqual([]);
    });
  });
});

describe('the transport is chosen by the work', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    server.handler = SENT_OK;
  });
  afterAll(() => server.close());

  const via = (r: RunResult) => [...r.stderr.matchAll(/^> POST \S+ \[(.+)\]$/gm)].map((m) => m[1]);

  it('a one-shot send goes over node:http; the same send through a proxy, and a batch, over undici', async () => {
    const env = { CHATCRM_API_KEY: KEY, NO_PROXY: undefined, no_proxy: undefined };
    const one = await runCli(['--base-url', server.url, '--verbose', ...POST], { env });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(via(one)).toEqual(['node:http']);

    const proxy = await startProxy();
    try {
      const proxied = await runCli(['--base-url', server.url, '--verbose', ...POST], { env: { ...env, HTTP_PROXY: proxy.url, CHATCRM_HTTP_TRANSPORT: 'node' } });
      expect(proxied.exitCode, proxied.stderr).toBe(0);
      expect(via(proxied)).toEqual(['undici']);
      // A loopback server: around the proxy, but still over undici.
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }

    const dir = mkdtempSync(join(tmpdir(), 'chatcrm-via-'));
    writeFileSync(join(dir, 'to.csv'), 'to\n15551234567\n15551234568\n');
    const batch = await runCli(['--base-url', server.url, '--verbose', 'chat', 'send-batch', join(dir, 'to.csv'), '--text', 'hi', '--sender', 's'], { env });
    expect(batch.exitCode, batch.stderr).toBe(0);
    expect(via(batch)).toEqual(['undici', 'undici']);
  });
});
