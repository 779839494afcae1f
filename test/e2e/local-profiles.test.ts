import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHostile } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let dir: string;
const NO_ENV = { CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined };
/** The CLI with only the config dir: settings come from the profiles. */
const cli = (args: string[], env: Record<string, string | undefined> = {}) => runCli(args, { configDir: dir, env: { ...NO_ENV, ...env } });
const config = () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
const credentials = () => JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8'));

beforeAll(async () => {
  sb = await startTestSandbox();
  dir = join(tempDir(), 'cfg');
  for (const name of ['work', 'home']) {
    const r = await runCli(['login', '--profile', name, '--base-url', sb.url, '--with-key'], { configDir: dir, env: NO_ENV, input: sb.config.apiKey });
    expect(r.exitCode).toBe(0);
  }
});
afterAll(() => sb.close());

describe('profiles', () => {
  it('list shows every profile, the active one marked, and whether a key is set (--json too)', async () => {
    const r = await cli(['profiles', 'list']);
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+ACTIVE\s+BASE-URL\s+MCP-URL\s+DEFAULT-SENDER\s+KEY$/);
    expect(lines[1]).toMatch(new RegExp(`^home\\s+\\*\\s+${sb.url}\\s+\\(base-url\\)\\s+yes$`));
    expect(lines[2]).toMatch(new RegExp(`^work\\s+${sb.url}\\s+\\(base-url\\)\\s+yes$`));
    const json = JSON.parse((await cli(['profiles', 'list', '--json'])).stdout);
    expect(json).toEqual([
      { name: 'home', active: true, 'base-url': sb.url, key: true },
      { name: 'work', active: false, 'base-url': sb.url, key: true },
    ]);
    expect(r.stdout + r.stderr).not.toContain(sb.config.apiKey);
  });

  it('show gives every setting with the key masked, never the key', async () => {
    const r = await cli(['profiles', 'show', 'work', '-o', 'yaml']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('name: work');
    expect(r.stdout).toContain(`base-url: ${sb.url}`);
    expect(r.stdout).toContain('key: set (…cdef)');
    const table = await cli(['profiles', 'show']);
    expect(table.stdout).toMatch(/^NAME\s+home$/m);
    for (const out of [r, table]) expect(out.stdout + out.stderr).not.toContain(sb.config.apiKey);
  });

  it('use switches the active profile; an unknown name exits 2', async () => {
    const ok = await cli(['profiles', 'use', 'work']);
    expect(ok.exitCode).toBe(0);
    expect(ok.stderr).toContain('Profile "work" is now active');
    expect(config().active).toBe('work');
    const bad = await cli(['profiles', 'use', 'nope']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim()).toBe('Error: unknown profile "nope" (profiles: home, work)');
    expect(config().active).toBe('work');
  });

  it('set validates keys and values, applies to --profile or the active profile, and an empty value unsets', async () => {
    expect((await cli(['profiles', 'set', 'default-sender', 'wa_snd_cloud_0001'])).exitCode).toBe(0);
    expect((await cli(['--profile', 'home', 'profiles', 'set', 'mcp-url', 'https://mcp.example.com/'])).exitCode).toBe(0);
    expect((await cli(['profiles', 'set', 'allow-http', 'true', '-p', 'home'])).exitCode).toBe(0);
    expect(config().profiles.work['default-sender']).toBe('wa_snd_cloud_0001');
    expect(config().profiles.home).toMatchObject({ 'mcp-url': 'https://mcp.example.com', 'allow-http': true });

    for (const [args, message] of [
      [['colour', 'red'], 'Error: unknown setting "colour" (settings: base-url, mcp-url, default-sender, business-account, allow-http, output)'],
      [['base-url', 'ftp://example.com'], 'Error: base-url: must be an http(s) URL'],
      [['mcp-url', 'not a url'], 'Error: mcp-url: not a valid URL: not a url'],
      [['allow-http', 'yes'], 'Error: allow-http: must be true or false, got "yes"'],
      [['output', 'xml'], 'Error: output: unknown format "xml" (use table, json, jsonl, csv, yaml)'],
    ] as const) {
      const before = readFileSync(join(dir, 'config.json'), 'utf8');
      const r = await cli(['profiles', 'set', ...args]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim()).toBe(message);
      expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    }

    // The default sender from the profile now answers chat send.
    const send = await cli(['chat', 'send', '--to', '15551234567', '--text', 'hi']);
    expect(send.exitCode).toBe(0);
    expect(sb.calls('chat.send').at(-1)?.body).toMatchObject({ sender_id: 'wa_snd_cloud_0001', to: '15551234567' });

    expect((await cli(['profiles', 'set', 'default-sender', ''])).exitCode).toBe(0);
    expect(config().profiles.work['default-sender']).toBeUndefined();
  });

  it('logout forgets the key (and says so when there is none); the settings stay', async () => {
    const r = await cli(['logout', '--profile', 'home']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('Forgot the key of profile "home"');
    expect(credentials().profiles).toEqual({ work: sb.config.apiKey });
    expect(config().profiles.home['base-url']).toBe(sb.url);
    const again = await cli(['logout', '-p', 'home']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('has no stored key');
    const before = sb.received.length;
    const whoami = await cli(['whoami', '-p', 'home']);
    expect(whoami.exitCode).toBe(3);
    expect(whoami.stderr).toMatch(/No API key for profile "home"/);
    expect(sb.received.length).toBe(before);
  });

  it('remove needs --yes without a terminal (exit 2, nothing removed); --dry-run removes nothing', async () => {
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const refused = await cli(['profiles', 'remove', 'work']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe('Error: Remove profile "work" and its key: refused without confirmation; pass --yes to confirm\n');
    const dry = await cli(['profiles', 'remove', 'work', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stderr).toBe('(dry run: profile "work" was not removed)\n');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    expect(credentials().profiles.work).toBe(sb.config.apiKey);
  });

  it('remove --yes deletes settings and key, unsets active; an unknown name exits 2', async () => {
    const r = await cli(['profiles', 'remove', 'work', '--yes']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/Removed profile "work" and its key; no profile is active now/);
    expect(config().profiles.work).toBeUndefined();
    expect(config().active).toBeUndefined();
    expect(credentials().profiles.work).toBeUndefined();
    const bad = await cli(['profiles', 'remove', 'work', '--yes']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim()).toBe('Error: unknown profile "work" (profiles: home)');
    // Restore a working active profile for the next tests.
    const login = await runCli(['login', '--profile', 'work', '--base-url', sb.url, '--with-key'], { configDir: dir, env: NO_ENV, input: sb.config.apiKey });
    expect(login.exitCode).toBe(0);
  });
});

describe('a profile named by -p or CHATCRM_PROFILE must exist', () => {
  // The environment alone could run the command: a typo must not silently use its credentials.
  const ENV = () => ({ CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey });
  it.each([
    ['-p nope', ['-p', 'nope', 'chat', 'senders'], {}, 'Error: --profile: unknown profile "nope" (profiles: home, work)'],
    ['--profile nope after the command', ['whoami', '--profile', 'nope'], {}, 'Error: --profile: unknown profile "nope" (profiles: home, work)'],
    ['CHATCRM_PROFILE=nope', ['chat', 'senders'], { CHATCRM_PROFILE: 'nope' }, 'Error: CHATCRM_PROFILE: unknown profile "nope" (profiles: home, work)'],
  ])('%s: exit 2 listing the profiles, nothing sent, even with base URL and key in the environment', async (_what, args, env, message) => {
    const before = sb.received.length;
    const r = await cli(args, { ...ENV(), ...env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`${message}\n`);
    expect(r.stdout).toBe('');
    expect(sb.received.length).toBe(before);
  });

  it('login --profile NEW and profiles set on a new profile still create it', async () => {
    const login = await runCli(['login', '--profile', 'fresh', '--base-url', sb.url, '--with-key'], { configDir: dir, env: NO_ENV, input: sb.config.apiKey });
    expect(login.exitCode).toBe(0);
    expect(config()).toMatchObject({ active: 'fresh', profiles: { fresh: { 'base-url': sb.url } } });
    expect((await cli(['profiles', 'use', 'work'])).exitCode).toBe(0);
    expect((await cli(['profiles', 'remove', 'fresh', '--yes'])).exitCode).toBe(0);
    const set = await cli(['-p', 'staging', 'profiles', 'set', 'base-url', 'https://staging.example.com']);
    expect(set.exitCode).toBe(0);
    expect(config().profiles.staging).toEqual({ 'base-url': 'https://staging.example.com' });
    expect((await cli(['profiles', 'remove', 'staging', '--yes'])).exitCode).toBe(0);
  });
});

describe('whoami', () => {
  it('shows the profile, the addresses with where they came from, and the user', async () => {
    const before = sb.calls('auth.profile').length;
    const r = await cli(['whoami']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^PROFILE\s+work \(the active profile\)$/m);
    expect(r.stdout).toMatch(new RegExp(`^BASE-URL\\s+${sb.url} \\(from the profile\\)$`, 'm'));
    expect(r.stdout).toMatch(/^MCP-URL\s+.* \(same as base-url\)$/m);
    expect(r.stdout).toMatch(/^EMAIL\s+owner@sandbox.test$/m);
    expect(sb.calls('auth.profile').length).toBe(before + 1);
  });

  it('a refused key says where it came from: the environment or the profile', async () => {
    const fromEnv = await cli(['whoami'], { CHATCRM_API_KEY: 'wrong-key-0000000000' });
    expect(fromEnv.exitCode).toBe(3);
    expect(fromEnv.stderr).toBe('Error: Invalid API key (HTTP 401) (key from CHATCRM_API_KEY; unset it to use profile "work", or run `chatcrm login`)\n');
    expect(sb.received.at(-1)).toMatchObject({ operation: 'auth.profile', status: 401 });
    const stale = join(tempDir(), 'cfg');
    expect((await runCli(['login', '--profile', 'stale', '--base-url', sb.url, '--with-key', '--no-verify'], { configDir: stale, env: NO_ENV, input: 'stale-key-0000000000' })).exitCode).toBe(0);
    const fromProfile = await runCli(['whoami'], { configDir: stale, env: NO_ENV });
    expect(fromProfile.exitCode).toBe(3);
    expect(fromProfile.stderr).toBe('Error: Invalid API key (HTTP 401) (key from profile "stale"; run `chatcrm login` to replace it)\n');
    expect(sb.received.at(-1)?.headers['x-api-key']).toBe('stale-key-0000000000');
  });

  it('--json gives one object; flags and env win over the profile', async () => {
    const r = await cli(['whoami', '--json', '--mcp-url', 'http://127.0.0.1:9'], { CHATCRM_API_KEY: sb.config.apiKey });
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ profile: 'work', base_url: sb.url, base_url_from: 'profile', mcp_url: 'http://127.0.0.1:9', mcp_url_from: 'flag', key_from: 'env' });
    expect(out.user).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Sandbox Owner', email: 'owner@sandbox.test', role: 'owner' });
  });
});

describe('doctor', () => {
  let closed: Server;
  let closedPort: number;
  beforeAll(async () => {
    // A port that was free a moment ago and is closed now: connections are refused.
    closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
  });

  // The sandbox serves /healthz and has an active Pro subscription: every check is ✓, the plan named with its features.
  it('a healthy profile passes and exits 0', async () => {
    const before = sb.received.length;
    const r = await cli(['doctor']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^✓ config dir/m);
    expect(r.stdout).toMatch(/^✓ key\s+valid: Sandbox Owner <owner@sandbox.test> \(owner\) \(key from profile "work"\)$/m);
    expect(r.stdout).toMatch(/^✓ base url reachable\s+HTTP 200 in \d+ ms$/m);
    expect(r.stdout).toMatch(new RegExp(`^✓ mcp url reachable\\s+${sb.url} answered HTTP 200 in \\d+ ms$`, 'm'));
    expect(r.stdout).toMatch(/^✓ plan\s+Pro; features: contacts, campaigns, rest_api, auto_replies, chatbots, teams, custom_fields$/m);
    expect(r.stdout).not.toMatch(/^[!✗-] /m);
    expect(sb.received.slice(before).map((c) => c.operation)).toEqual(['auth.profile', 'mcp.health', 'subscription.show']);
  });

  it('--json gives the checks as an array', async () => {
    const r = await cli(['doctor', '--json']);
    expect(r.exitCode).toBe(0);
    const checks = JSON.parse(r.stdout);
    expect(checks.map((c: { check: string }) => c.check)).toEqual(['config dir', 'profile', 'base url', 'base url reachable', 'key', 'mcp url reachable', 'plan']);
    expect(checks.find((c: { check: string }) => c.check === 'base url reachable')).toMatchObject({ status: 'ok', latency_ms: expect.any(Number) });
    expect(checks.find((c: { check: string }) => c.check === 'mcp url reachable')).toMatchObject({ status: 'ok', latency_ms: expect.any(Number) });
    expect(checks.find((c: { check: string }) => c.check === 'plan')).toEqual({ check: 'plan', status: 'ok', detail: expect.stringMatching(/^Pro; features: .*rest_api/) });
    expect(checks.map((c: { status: string }) => c.status)).toEqual(Array(7).fill('ok'));
  });

  it('an address where nothing listens exits 7', async () => {
    const r = await cli(['doctor', '--base-url', `http://127.0.0.1:${closedPort}`]);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toMatch(/^✗ base url reachable\s+Cannot reach .*ECONNREFUSED/m);
    expect(r.stderr).toContain('check(s) failed');
  });

  // The sandbox serves the API and /healthz on one port: only a different --mcp-url shows where the probe goes.
  it('the MCP probe goes to --mcp-url: a closed port is ✗ (exit 7), another server gets the /healthz', async () => {
    const before = sb.received.length;
    const closedMcp = `http://127.0.0.1:${closedPort}`;
    const r = await cli(['doctor', '--mcp-url', closedMcp]);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toMatch(new RegExp(`^✗ mcp url reachable\\s+Cannot reach ${closedMcp}: ECONNREFUSED$`, 'm'));
    expect(r.stdout).toMatch(/^✓ base url reachable/m);
    expect(r.stdout).toMatch(/^✓ key\s+valid/m);
    expect(sb.received.slice(before).map((c) => c.operation)).toEqual(['auth.profile', 'subscription.show']);

    const mcp = await startHostile({ 'GET /healthz': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}') });
    try {
      const ok = await cli(['doctor', '--mcp-url', mcp.url]);
      expect(ok.exitCode).toBe(0);
      expect(ok.stdout).toMatch(new RegExp(`^✓ mcp url reachable\\s+${mcp.url} answered HTTP 200 in \\d+ ms$`, 'm'));
      expect(mcp.received.map((q) => [q.method, q.path, q.headers['x-api-key']])).toEqual([['GET', '/healthz', sb.config.apiKey]]);
      expect(sb.received.slice(before).map((c) => c.operation)).toEqual(['auth.profile', 'subscription.show', 'auth.profile', 'subscription.show']);
    } finally {
      await mcp.close();
    }
  });

  it('a wrong key exits 3', async () => {
    const r = await cli(['doctor', '--json'], { CHATCRM_API_KEY: 'wrong-key-0000000000' });
    expect(r.exitCode).toBe(3);
    const key = JSON.parse(r.stdout).find((c: { check: string }) => c.check === 'key');
    expect(key).toEqual({ check: 'key', status: 'fail', detail: 'Invalid API key (key from env CHATCRM_API_KEY)', exit_code: 3 });
    expect(sb.received.at(-1)?.headers['x-api-key']).toBe('wrong-key-0000000000');
  });

  it('no profile and no address exits 2', async () => {
    const empty = join(tempDir(), 'cfg');
    const r = await runCli(['doctor'], { configDir: empty, env: NO_ENV });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toMatch(/^! config dir .* does not exist yet/m);
    expect(r.stdout).toMatch(/^✗ profile\s+"default" not found/m);
    expect(existsSync(empty)).toBe(false);
  });
});
