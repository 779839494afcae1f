// "Trust no server" (issue 10, items 2–6 and the download timeout of 8), against a hostile
// loopback server: only 2xx is success, bodies are capped, every deadline bounds the command,
// error pages are read in linear time, and ids cannot change the route.
import { execa } from 'execa';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, HANG_MS, cleanEnv, runCli, tempDir, type RunResult, describeWith } from '../helpers/cli.js';
import { startHostile, startProxy, startSilent, type HostileServer } from '../helpers/hostile-server.js';

const KEY = 'hostile-key-9c1e5a7b3d2f4e6a';
const SEND = ['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 's'];
/**
 * Room for a busy machine on top of a deadline, timed from the command's first request (its
 * start-up left out): wide, as what these tests catch takes 90 s, minutes or forever.
 */
const SLACK_MS = 8000;

let srv: HostileServer;
beforeAll(async () => {
  srv = await startHostile();
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.received.length = 0;
});

function cli(args: string[], env: Record<string, string | undefined> = {}, input?: string): Promise<RunResult> {
  return runCli(['--base-url', srv.url, ...args], { env: { CHATCRM_API_KEY: KEY, ...env }, input });
}

/** One line on stderr matching `message`, nothing on stdout, no stack, no key. */
function expectOneLine(r: RunResult, message: RegExp) {
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(r.stderr).not.toContain(KEY);
}

/** The result of `f`, and its time from the first request the server received during it to its end. */
async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const before = srv.received.length;
  const r = await f();
  const ended = Date.now();
  return [r, ended - (srv.received[before]?.at ?? ended)];
}

describe('only 2xx is success', () => {
  it('a 302 to a send: exit 7 naming the Location, not "Sent", not followed', async () => {
    srv.route('POST /api/v2/chat/messages', (_req, res) => void res.writeHead(302, { location: '/captive/login' }).end());
    const r = await cli(SEND);
    expect(r.exitCode).toBe(7);
    expectOneLine(r, new RegExp(`^Error: The server redirected to ${srv.url}/captive/login; check --base-url$`));
    expect(r.stderr).not.toMatch(/Sent/);
    expect(srv.received.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/v2/chat/messages']);
  });

  it('login answered 200 text/plain: exit 7, and no key is saved', async () => {
    srv.route('GET /api/auth/profile', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'));
    const dir = tempDir('chatcrm-cfg-');
    const r = await runCli(['login', '--profile', 'ci', '--base-url', srv.url, '--with-key'], { configDir: dir, input: KEY });
    expect(r.exitCode).toBe(7);
    expectOneLine(r, new RegExp(`^Error: The server at ${srv.url} did not answer JSON: OK$`));
    expect(srv.received.map((q) => q.path)).toEqual(['/api/auth/profile']);
    const saved = await runCli(['profiles', 'list', '--json'], { configDir: dir });
    expect(saved.stdout).not.toContain('ci');
    expect(readdirSync(dir).join(' ')).not.toMatch(/cred|secret|key/i);
  });

  it('doctor against a server answering 200 text/plain: the key is not reported valid (exit 7)', async () => {
    srv.route('/api/auth/profile', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'));
    srv.route('/api/subscription/my-subscription', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('active'));
    const r = await cli(['doctor']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toMatch(/✗ base url reachable +The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: OK/);
    expect(r.stdout).not.toMatch(/✓ (key|plan)/);
  });

  it('a profile answer without a user proves no key: doctor fails the key check (exit 7), whoami and login exit 7', async () => {
    const json = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    srv.route('GET /api/auth/profile', json('{"success":true}'));
    srv.route('GET /api/subscription/my-subscription', json('{"success":true,"data":{"plan":{"name":"Pro"}}}'));
    const noUser = `The server answered GET /api/auth/profile (HTTP 200) without a user; is ${srv.url} the chatcrm API?`;
    const r = await cli(['doctor']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toContain(`✗ key                 ${noUser} (key from env CHATCRM_API_KEY)\n`);
    expect(r.stdout).not.toMatch(/✓ (key|plan)/);
    expect(srv.received.map((q) => q.path)).toEqual(['/api/auth/profile', '/healthz']);
    const who = await cli(['whoami']);
    expect(who.exitCode).toBe(7);
    expectOneLine(who, new RegExp(`^Error: ${noUser.replace(/[.?()/]/g, '\\$&')} \\(key from CHATCRM_API_KEY; correct it, or unset it and run \`chatcrm login\`\\)$`));
    const dir = tempDir('chatcrm-cfg-');
    const login = await runCli(['login', '--profile', 'ci', '--base-url', srv.url, '--with-key'], { configDir: dir, input: KEY });
    expect(login.exitCode).toBe(7);
    expectOneLine(login, /without a user/);
    expect(readdirSync(dir).join(' ')).not.toMatch(/cred/);
  });

  it.each<[string, string, string, RegExp]>([
    ['200 text/plain', 'text/plain; charset=utf-8', 'Service is up', /did not answer JSON: Service is up$/],
    ['truncated JSON', 'application/json', '{"success":true,"data":[{"sender_id":"wa_snd_1","name":"Sup', /did not answer JSON: \{"success":true,"data":\[\{"sender_id":"wa_snd_1","name":"Sup$/],
    ['an HTML login page', 'text/html', '<!doctype html><title>Hotel WiFi</title><form>Sign in</form>', /did not answer JSON: <!doctype html><title>Hotel WiFi/],
  ])('chat senders answered %s: exit 7 with the first printable characters', async (_name, type, body, message) => {
    srv.route('GET /api/v2/chat/senders', (_req, res) => void res.writeHead(200, { 'content-type': type }).end(body));
    const r = await cli(['chat', 'senders']);
    expect(r.exitCode).toBe(7);
    expectOneLine(r, message);
  });
});

describe('a 2xx that is not JSON is not the service, even when its body parses as JSON', () => {
  const plainJson = (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('{"success":true}');
  const NOT_JSON = /^Error: The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: \{"success":true\}$/;

  it('a send answered 200 text/plain {"success":true}: exit 7, not "Sent"', async () => {
    srv.route('POST /api/v2/chat/messages', plainJson);
    const r = await cli(SEND);
    expect(r.exitCode).toBe(7);
    expectOneLine(r, NOT_JSON);
    expect(srv.received.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/v2/chat/messages']);
  });

  it('in a batch, each such row is uncertain (it may have been sent), sent once, and the run exits 5', async () => {
    srv.route('GET /api/v2/chat/senders', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}'));
    srv.route('POST /api/v2/chat/messages', plainJson);
    const dir = tempDir('chatcrm-batch-');
    const file = join(dir, 'r.csv');
    writeFileSync(file, 'to\n15550000001\n15550000002\n');
    const out = join(dir, 'out.csv');
    const r = await cli(['chat', 'send-batch', file, '--sender', 's1', '--text', 'hi', '--results', out, '--json']);
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 2, sent: 0, uncertain: 2, failed: 0 });
    expect(r.stderr).toMatch(/row 1: uncertain: The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: \{"success":true\}/);
    const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').slice(1, 3));
    expect(rows).toEqual([['15550000001', 'uncertain'], ['15550000002', 'uncertain']]);
    expect(srv.received.filter((q) => q.method === 'POST').map((q) => JSON.parse(q.body).to).sort()).toEqual(['15550000001', '15550000002']);
  });
});

describe('a 204 is a success only where the operations table says so', () => {
  const NO_CONTENT = /^Error: The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: \(no content, HTTP 204\)$/;
  const noContent = (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(204).end();

  it('a send answered 204: exit 7, not "Sent"', async () => {
    srv.route('POST /api/v2/chat/messages', noContent);
    const r = await cli(SEND);
    expect(r.exitCode).toBe(7);
    expectOneLine(r, NO_CONTENT);
    expect(srv.received.map((q) => `${q.method} ${q.path} ${q.body}`)).toEqual(['POST /api/v2/chat/messages {"sender_id":"s","to":"15551234567","message":{"type":"text","text":{"body":"hi"}}}']);
  });

  it('login answered 204: exit 7, and no key is saved', async () => {
    srv.route('GET /api/auth/profile', noContent);
    const dir = tempDir('chatcrm-cfg-');
    const r = await runCli(['login', '--profile', 'ci', '--base-url', srv.url, '--with-key'], { configDir: dir, input: KEY });
    expect(r.exitCode).toBe(7);
    expectOneLine(r, NO_CONTENT);
    expect(srv.received.map((q) => [q.path, q.headers['x-api-key']])).toEqual([['/api/auth/profile', KEY]]);
    expect(readdirSync(dir).join(' ')).not.toMatch(/cred|secret|key/i);
    const saved = await runCli(['profiles', 'list', '--json'], { configDir: dir });
    expect(saved.stdout).not.toContain('ci');
  });

  it('doctor against a server answering 204 to everything: no ✓ key, no ✓ plan; /healthz may answer 204', async () => {
    for (const path of ['/api/auth/profile', '/api/subscription/my-subscription', '/healthz']) srv.route(path, noContent);
    const r = await cli(['doctor']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toMatch(/✗ base url reachable +The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: \(no content, HTTP 204\)/);
    expect(r.stdout).toMatch(/- key +service not reachable/);
    expect(r.stdout).toMatch(/✓ mcp url reachable +http:\/\/127\.0\.0\.1:\d+ answered HTTP 204/);
    expect(r.stdout).not.toMatch(/✓ (key|plan)/);
    expect(srv.received.map((q) => q.path)).toEqual(['/api/auth/profile', '/healthz']);
  });

  it.each<[string[], string, RegExp]>([
    // whoami names where the key came from, even when it fails (issue 12).
    [['whoami'], 'GET /api/auth/profile', /^Error: The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: \(no content, HTTP 204\) \(key from env CHATCRM_API_KEY\)$/],
    [['tags', 'create', '--name', 'vip', '--color', '#FF8800'], 'POST /api/tags', NO_CONTENT],
    [['subscription', 'cancel', 'sub1', '--yes'], 'POST /api/subscription/sub1/cancel', NO_CONTENT],
  ])('%j answered 204: exit 7', async (args, request, message) => {
    srv.route(request, noContent);
    const r = await cli(args);
    expect(r.exitCode).toBe(7);
    expectOneLine(r, message);
    expect(srv.received.map((q) => `${q.method} ${q.path}`)).toEqual([request]);
  });

  it('a download answered 204: exit 7, no empty file', async () => {
    srv.route('GET /api/contacts/export/download/contacts.csv', noContent);
    const dir = tempDir('chatcrm-dl-');
    const r = await cli(['contacts', 'export-download', 'contacts.csv', '-O', dir]);
    expect(r.exitCode).toBe(7);
    expectOneLine(r, /^Error: The server at http:\/\/127\.0\.0\.1:\d+ did not send the file: \(no content, HTTP 204\)$/);
    expect(readdirSync(dir)).toEqual([]);
    expect(srv.received.map((q) => q.path)).toEqual(['/api/contacts/export/download/contacts.csv']);
  });

  it('the webhook challenge answered with nothing: exit 5, one line (not a crash)', async () => {
    srv.route('GET /webhook/chat', (_req, res) => void res.writeHead(200).end());
    const r = await cli(['webhook', 'challenge', '--verify-token', 'tok', '--challenge', '42']);
    expect(r.exitCode).toBe(5);
    expectOneLine(r, /^Error: The endpoint answered "" instead of the challenge 42$/);
    expect(srv.received.map((q) => q.path)).toEqual(['/webhook/chat']);
  });
});

describe('the tool endpoint follows the same response policy', () => {
  it.each([
    ['mcp', 'tools'],
    ['mcp', 'call', 'list_contacts'],
  ])('%s %s answered by a 2xx HTML page: exit 7, "did not answer JSON" with its first printable characters', async (...args) => {
    srv.route('POST /mcp', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Hotel \u001b]0;x\u0007WiFi</title><form>Sign in</form>'));
    const r = await cli(args);
    expect(r.exitCode).toBe(7);
    expectOneLine(r, /^Error: The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: <!doctype html><title>Hotel ]0;x WiFi<\/title><form>Sign in<\/form>$/);
    // `mcp call` reads the tool's schema first: the first answer already ends it.
    expect(srv.received.map((q) => `${q.method} ${q.path} ${JSON.parse(q.body).method}`)).toEqual(['POST /mcp tools/list']);
  });
});

/**
 * Loaded into the CLI's process (node --import): at exit, it writes the process's own peak RSS
 * (kB, what `/usr/bin/time -v` reports) to $RSS_REPORT. No tool to install, so it always runs.
 */
const REPORT_RSS = `data:text/javascript,${encodeURIComponent("import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.RSS_REPORT, String(process.resourceUsage().maxRSS)));")}`;

/** Peak RSS (kB) of the CLI run, with its exit code and stderr. */
async function runMeasured(args: string[], env: Record<string, string | undefined>): Promise<{ exitCode: number; stderr: string; maxRssKb: number; ms: number }> {
  const report = join(tempDir('chatcrm-rss-'), 'max-rss');
  const started = Date.now();
  const r = await execa('node', ['--import', REPORT_RSS, BIN, ...args], { env: cleanEnv({ ...env, RSS_REPORT: report }), extendEnv: false, reject: false, timeout: 60_000 });
  const maxRssKb = Number(readFileSync(report, 'utf8'));
  expect(maxRssKb).toBeGreaterThan(10 * 1024);
  return { exitCode: r.exitCode ?? -1, stderr: String(r.stderr), maxRssKb, ms: Date.now() - started };
}

describe('the body cap', () => {
  /** A body of `total` bytes (Infinity: endless), written as fast as the client reads it. */
  function flood(total: number, sent: { bytes: number; done: boolean }) {
    return (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      res.write('[');
      const pump = () => {
        while (sent.bytes < total && !res.destroyed) {
          sent.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end(']');
      };
      res.on('close', () => (sent.done = true));
      pump();
    };
  }

  it.each([
    ['a 300 MB body', 300 * 1024 * 1024],
    ['an endless body', Number.POSITIVE_INFINITY],
  ])('%s: exit 7 at 32 MiB, RSS bounded, the stream cut off', async (_name, total) => {
    const sent = { bytes: 0, done: false };
    srv.route('GET /api/v2/chat/senders', flood(total, sent));
    const r = await runMeasured(['--base-url', srv.url, 'chat', 'senders'], { CHATCRM_API_KEY: KEY });
    expect(r.exitCode).toBe(7);
    expect(r.stderr.trim()).toMatch(/^Error: The server at http:\/\/127\.0\.0\.1:\d+ sent a body over 32 MiB; stopped reading \(raise the limit with CHATCRM_MAX_BODY\)$/);
    // Node itself is ~50 MB; 32 MiB of body on top, and nothing like the 300 MB.
    expect(r.maxRssKb).toBeLessThan(200 * 1024);
    // The client hung up: the server stopped with a few socket buffers past the cap.
    expect(sent.done).toBe(true);
    expect(sent.bytes).toBeLessThan(48 * 1024 * 1024);
    expect(r.ms).toBeLessThan(45_000);
  });

  it('CHATCRM_MAX_BODY changes the cap; an invalid value is exit 2 with nothing sent', async () => {
    srv.route('GET /api/v2/chat/senders', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ name: 'x'.repeat(4096) }] })));
    const small = await cli(['chat', 'senders'], { CHATCRM_MAX_BODY: '1k' });
    expect(small.exitCode).toBe(7);
    expectOneLine(small, /sent a body over 1024 bytes/);
    const big = await cli(['chat', 'senders', '--json'], { CHATCRM_MAX_BODY: '64k' });
    expect(big.exitCode).toBe(0);
    srv.received.length = 0;
    const bad = await cli(['chat', 'senders'], { CHATCRM_MAX_BODY: 'lots' });
    expect(bad.exitCode).toBe(2);
    expectOneLine(bad, /^Error: CHATCRM_MAX_BODY: must be a size in bytes/);
    const transport = await cli(['chat', 'senders'], { CHATCRM_HTTP_TRANSPORT: 'curl' });
    expect(transport.exitCode).toBe(2);
    expectOneLine(transport, /^Error: CHATCRM_HTTP_TRANSPORT: must be node or undici, got "curl"$/);
    expect(srv.received).toEqual([]);
  });
});

/**
 * Far longer than the ~20 ms a process needs to exit after its last line, even on a busy
 * machine; far shorter than a pending socket's own timeout (10 s and more, or never).
 */
const LINGER_MS = 3000;

/**
 * The CLI's time from its first connection (`firstAt`) to its end, and how long the process
 * lived after its first line on stderr (its error): a process that lingers holds a socket or a
 * timer it should have let go.
 */
async function lingering(args: string[], env: Record<string, string | undefined>, firstAt: () => number | undefined): Promise<RunResult & { ms: number; lingerMs: number }> {
  let said: number | undefined;
  const child = execa('node', [BIN, ...args], { env: cleanEnv({ CHATCRM_API_KEY: KEY, ...env }), extendEnv: false, reject: false, input: '', timeout: HANG_MS });
  child.stderr?.once('data', () => (said = Date.now()));
  const r = await child;
  const ended = Date.now();
  return { stdout: String(r.stdout), stderr: String(r.stderr), exitCode: r.exitCode ?? -1, ms: ended - (firstAt() ?? ended), lingerMs: ended - (said ?? ended) };
}

describe('deadlines bound the whole command: timeout × (retries + 1)', () => {
  // The arithmetic (where each deadline falls, the budget cutting the last attempt short) is
  // api-client-deadline.test.ts, on a fake clock; here, each stage of a real exchange gives way to
  // the deadline, and the process ends with it. 1 s an attempt: room, on a busy machine, for the
  // second attempt to connect (through a proxy too).
  const TIMEOUT = ['--timeout', '1', '--retries', '1'];
  const BUDGET_MS = 2000;

  it('headers that never come', async () => {
    srv.route('GET /api/automation', () => undefined);
    const [r, ms] = await timed(() => cli([...TIMEOUT, 'flows', 'list']));
    expect(r.exitCode).toBe(7);
    expectOneLine(r, /timed out after/);
    expect(srv.received).toHaveLength(2);
    expect(ms).toBeLessThan(BUDGET_MS + SLACK_MS);
  });

  it('a body that drips a byte at a time', async () => {
    srv.route('GET /api/automation', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(t));
    });
    const [r, ms] = await timed(() => cli([...TIMEOUT, 'flows', 'list']));
    expect(r.exitCode).toBe(7);
    expectOneLine(r, /timed out after/);
    expect(ms).toBeLessThan(BUDGET_MS + SLACK_MS);
  });

  it.each(['node', 'undici', 'a proxy'] as const)('a TLS handshake that is never answered, over %s (a POST may retry: nothing was written); the process ends with its error', async (via) => {
    const silent = await startSilent();
    // Loopback is never proxied: through the proxy, a name it resolves itself.
    const proxy = via === 'a proxy' ? await startProxy({ hosts: { 'silent.chatcrm.test': '127.0.0.1' } }) : undefined;
    try {
      const env = proxy ? { HTTPS_PROXY: proxy.url, NO_PROXY: undefined, no_proxy: undefined } : { CHATCRM_HTTP_TRANSPORT: via };
      const r = await lingering(['--base-url', `https://${proxy ? 'silent.chatcrm.test' : '127.0.0.1'}:${silent.port}`, ...TIMEOUT, ...SEND], env, silent.firstAt);
      expect(r.exitCode).toBe(7);
      expectOneLine(r, /timed out after/);
      expect(silent.connections()).toBe(2);
      if (proxy) expect(proxy.seen).toEqual([`CONNECT silent.chatcrm.test:${silent.port}`, `CONNECT silent.chatcrm.test:${silent.port}`]);
      expect(r.ms).toBeLessThan(BUDGET_MS + SLACK_MS);
      expect(r.lingerMs).toBeLessThan(LINGER_MS);
    } finally {
      await proxy?.close();
      await silent.close();
    }
  });

  it('a proxy that never answers CONNECT; the process ends with its error', async () => {
    const silent = await startSilent();
    try {
      const proxy = `http://127.0.0.1:${silent.port}`;
      const r = await lingering(['--base-url', 'https://api.chatcrm.test', ...TIMEOUT, 'flows', 'list'], { HTTP_PROXY: proxy, HTTPS_PROXY: proxy, NO_PROXY: undefined, no_proxy: undefined }, silent.firstAt);
      expect(r.exitCode).toBe(7);
      expectOneLine(r, /timed out after/);
      expect(silent.connections()).toBeGreaterThanOrEqual(1);
      expect(srv.received).toEqual([]);
      expect(r.ms).toBeLessThan(BUDGET_MS + SLACK_MS);
      expect(r.lingerMs).toBeLessThan(LINGER_MS);
    } finally {
      await silent.close();
    }
  });

  it('Retry-After: 999999 gives up at once, saying why (exit 6)', async () => {
    srv.route('POST /api/v2/chat/messages', (_req, res) => void res.writeHead(429, { 'retry-after': '999999', 'content-type': 'application/json' }).end('{"success":false,"message":"Too many requests"}'));
    const [r, ms] = await timed(() => cli(SEND));
    expect(r.exitCode).toBe(6);
    expectOneLine(r, /^Error: Too many requests \(HTTP 429\); gave up: waiting the 999999s the server asked for \(Retry-After\) would pass the 90s this command may take/);
    expect(srv.received).toHaveLength(1);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('a download that stalls: one clear line, exit 7, no file left behind', async () => {
    srv.route('GET /api/contacts/export/download/contacts.csv', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('phone,name\n');
    });
    const dir = tempDir('chatcrm-dl-');
    // Where the idle limit falls, chunk by chunk, is api-client-deadline.test.ts (a fake clock).
    const [r, ms] = await timed(() => cli(['--timeout', '0.5', 'contacts', 'export-download', 'contacts.csv', '-O', dir]));
    expect(r.exitCode).toBe(7);
    expectOneLine(r, /^Error: Download stalled: no data for 0\.5s from http:\/\/127\.0\.0\.1:\d+\/api\/contacts\/export\/download\/contacts\.csv$/);
    expect(readdirSync(dir)).toEqual([]);
    expect(ms).toBeLessThan(500 + SLACK_MS);
  });

  it.each(['0', '3601', '1e9'])('--timeout %s is refused (exit 2, nothing sent)', async (t) => {
    const r = await cli(['--timeout', t, 'flows', 'list']);
    expect(r.exitCode).toBe(2);
    expectOneLine(r, /--timeout: .*at most 3600/);
    expect(srv.received).toEqual([]);
  });
});

describe('error pages', () => {
  it('a 400 KB HTML error page costs milliseconds, and its title is the message', async () => {
    // Unclosed tags by the thousand: what made a backtracking regex quadratic.
    const page = `<!DOCTYPE html><html><head><title>Upstream exploded</title></head><body>${'<pre <h1 '.repeat(45_000)}</body></html>`;
    expect(page.length).toBeGreaterThan(400_000);
    const small = '<!DOCTYPE html><html><head><title>Upstream exploded</title></head><body></body></html>';
    let body = small;
    srv.route('GET /api/automation', (_req, res) => void res.writeHead(500, { 'content-type': 'text/html' }).end(body));
    // Each timed from its request (start-up left out); the small page is the baseline.
    const [base, baseMs] = await timed(() => cli(['--retries', '0', 'flows', 'list']));
    expect(base.exitCode).toBe(7);
    body = page;
    const [r, ms] = await timed(() => cli(['--retries', '0', 'flows', 'list']));
    expect(r.exitCode).toBe(7);
    expectOneLine(r, /^Error: HTTP 500 Internal Server Error: Upstream exploded \(HTML page\)$/);
    expect(ms - baseMs).toBeLessThan(3000);
  });
});

describe('ids are path segments: "." and ".." (and empty) never change the route', () => {
  it.each<[string[], RegExp]>([
    [['flows', 'get', '..'], /^Error: FLOW_ID: "\.\." is not a valid id$/],
    [['flows', 'get', '.'], /^Error: FLOW_ID: "\." is not a valid id$/],
    [['subscription', 'cancel', '..', '--yes'], /^Error: SUBSCRIPTION_ID: "\.\." is not a valid id$/],
    [['chat', 'groups', 'members', '..', '--sender', 's'], /^Error: GROUP_ID: "\.\." is not a valid id$/],
    [['flows', 'toggle', ''], /^Error: FLOW_ID: must not be empty$/],
  ])('%j: exit 2, nothing sent', async (args, message) => {
    const r = await cli(args);
    expect(r.exitCode).toBe(2);
    expectOneLine(r, message);
    expect(srv.received).toEqual([]);
  });

  it('an id that only looks like a path is encoded into one segment', async () => {
    srv.route('GET /api/automation/..%2F..%2Fapi%2Fsubscription', (_req, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"message":"Flow not found"}'));
    const r = await cli(['flows', 'get', '../../api/subscription']);
    expect(r.exitCode).toBe(4);
    expect(srv.received.map((q) => q.path)).toEqual(['/api/automation/..%2F..%2Fapi%2Fsubscription']);
  });
});

describe('--dry-run and --verbose keep URL userinfo out', () => {
  it('user:pass@ in --base-url is never printed nor sent', async () => {
    srv.route('GET /api/automation', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}'));
    const withUser = srv.url.replace('http://', 'http://ada:hunter2@');
    const dry = await runCli(['--base-url', withUser, '--dry-run', 'flows', 'list'], { env: { CHATCRM_API_KEY: KEY } });
    expect(dry.exitCode).toBe(0);
    const verbose = await runCli(['--base-url', withUser, '--verbose', 'flows', 'list'], { env: { CHATCRM_API_KEY: KEY } });
    expect(verbose.exitCode).toBe(0);
    for (const out of [dry.stdout, dry.stderr, verbose.stdout, verbose.stderr]) {
      expect(out).not.toContain('hunter2');
      expect(out).not.toContain(KEY);
    }
    expect(verbose.stderr).toContain(`> GET ${srv.url}/api/automation`);
    expect(srv.received).toHaveLength(1);
    expect(srv.received[0].headers.authorization).toBeUndefined();
  });
});

describeWith('openssl', existsSync('/usr/bin/openssl'), 'TLS verification is always on', () => {
  it.each(['node', 'undici'])('over %s, a self-signed certificate is refused even with NODE_TLS_REJECT_UNAUTHORIZED=0', async (transport) => {
    const dir = tempDir('chatcrm-tls-');
    await execa('/usr/bin/openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]);
    let requests = 0;
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}');
    });
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await runCli(['--base-url', url, '--retries', '0', 'flows', 'list'], { env: { CHATCRM_API_KEY: KEY, CHATCRM_HTTP_TRANSPORT: transport, NODE_TLS_REJECT_UNAUTHORIZED: '0' } });
      expect(r.exitCode).toBe(7);
      // Node itself warns about the variable (its warning, not ours); then our one line.
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^Error: Cannot reach https:\/\/127\.0\.0\.1:\d+: DEPTH_ZERO_SELF_SIGNED_CERT$/);
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
