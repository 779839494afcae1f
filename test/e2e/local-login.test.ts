import { existsSync, readFileSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith, hasTmux, runCli, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal } from '../helpers/tmux.js';

/** An address of this machine that is not loopback: plain http to it would carry the key in clear. */
const LAN_IP = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/** Only CHATCRM_CONFIG_DIR: everything else must come from the stored profile. */
const NO_ENV = { CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined };
const mode = (path: string) => statSync(path).mode & 0o777;

describe('login --with-key (non-interactive)', () => {
  it('verifies the key, saves the profile (key only in credentials.json, 0600) and makes it active', async () => {
    const dir = join(tempDir(), 'cfg');
    const before = sb.calls('auth.profile').length;
    const r = await runCli(['login', '--profile', 'ci', '--base-url', sb.url, '--with-key', '--default-sender', 'wa_snd_cloud_0001'], {
      configDir: dir,
      env: NO_ENV,
      input: `  ${sb.config.apiKey}\n`,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Logged in to .* as Sandbox Owner <owner@sandbox.test>; profile "ci" saved and active/);
    expect(r.stdout + r.stderr).not.toContain(sb.config.apiKey);

    const calls = sb.calls('auth.profile').slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['x-api-key']).toBe(sb.config.apiKey);

    const configText = readFileSync(join(dir, 'config.json'), 'utf8');
    expect(configText).not.toContain(sb.config.apiKey);
    expect(JSON.parse(configText)).toEqual({ active: 'ci', profiles: { ci: { 'base-url': sb.url, 'default-sender': 'wa_snd_cloud_0001' } } });
    expect(JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8'))).toEqual({ profiles: { ci: sb.config.apiKey } });
    expect(mode(join(dir, 'credentials.json'))).toBe(0o600);
    expect(mode(dir)).toBe(0o700);

    // The profile alone now drives a real command.
    const senders = await runCli(['chat', 'senders', '-q'], { configDir: dir, env: NO_ENV });
    expect(senders.exitCode).toBe(0);
    expect(senders.stdout.trim().split('\n')).toEqual(['wa_snd_cloud_0001', 'wa_snd_device_0002']);
    expect(sb.calls('chat.senders').at(-1)?.headers['x-api-key']).toBe(sb.config.apiKey);

    // Logging in again to an existing profile (a key rotation) keeps its address and defaults.
    const again = await runCli(['login', '--profile', 'ci', '--with-key'], { configDir: dir, env: NO_ENV, input: sb.config.apiKey });
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.ci).toEqual({ 'base-url': sb.url, 'default-sender': 'wa_snd_cloud_0001' });
  });

  it('refuses a bad key with exit 3 and saves nothing', async () => {
    const dir = join(tempDir(), 'cfg');
    const r = await runCli(['login', '--profile', 'ci', '--base-url', sb.url, '--with-key'], { configDir: dir, env: NO_ENV, input: 'wrong-key-000000000000' });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/key was refused: Invalid API key .*nothing was saved/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(sb.received.at(-1)).toMatchObject({ operation: 'auth.profile', status: 401 });
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    expect(existsSync(join(dir, 'credentials.json'))).toBe(false);
  });

  it.each([
    [['login', '--profile', 'ci', '--with-key'], 'k', /^Error: --base-url: required when not interactive/],
    [['login', '--profile', 'ci', '--base-url', 'http://127.0.0.1:9'], '', /^Error: --with-key: required when not interactive/],
    [['login', '--profile', 'ci', '--base-url', 'http://127.0.0.1:9', '--with-key'], '  \n', /^Error: --with-key: no key on stdin/],
    [['login', '--profile', 'ci', '--base-url', 'ftp://x', '--with-key'], 'k', /^Error: --base-url: must be an http\(s\) URL/],
    [['login', '--profile', 'bad name', '--base-url', 'http://127.0.0.1:9', '--with-key'], 'k', /^Error: --profile: "bad name" is not a valid profile name/],
    [['login', '--base-url', 'http://192.0.2.1', '--with-key'], 'k', /^Error: Refusing to send the API key over plain http/],
  ])('%j exits 2, names the flag and sends nothing', async (args, input, message) => {
    const dir = join(tempDir(), 'cfg');
    const before = sb.received.length;
    const r = await runCli(args, { configDir: dir, env: NO_ENV, input });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(sb.received.length).toBe(before);
    expect(existsSync(join(dir, 'credentials.json'))).toBe(false);
  });

  it('--no-verify saves without a request; --mcp-url is kept when it differs', async () => {
    const dir = join(tempDir(), 'cfg');
    const before = sb.received.length;
    const r = await runCli(['login', '--profile', 'x', '--base-url', 'https://api.example.com/', '--mcp-url', 'https://mcp.example.com', '--with-key', '--no-verify'], {
      configDir: dir,
      env: NO_ENV,
      input: 'some-key-0123456789',
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/key not verified/);
    expect(sb.received.length).toBe(before);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.x).toEqual({ 'base-url': 'https://api.example.com', 'mcp-url': 'https://mcp.example.com' });
  });

  it('--dry-run shows the verification request with the key redacted and saves nothing', async () => {
    const dir = join(tempDir(), 'cfg');
    const before = sb.received.length;
    const r = await runCli(['login', '--dry-run', '--base-url', sb.url, '--with-key', '--verbose'], { configDir: dir, env: NO_ENV, input: sb.config.apiKey });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`GET ${sb.url}/api/auth/profile`);
    expect(r.stdout).toMatch(/^x-api-key: \*\*\*$/m);
    expect(r.stdout + r.stderr).not.toContain(sb.config.apiKey);
    expect(sb.received.length).toBe(before);
    expect(existsSync(join(dir, 'credentials.json'))).toBe(false);
  });
});

describeWith('tmux', hasTmux(), 'login in a real terminal (tmux)', () => {
  const config = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  const credentials = (dir: string) => JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8'));
  /**
   * The n-th key prompt is on the screen: its question lines counted ("? API key", "✔ API key ***"),
   * not every "API key" (a refusal's "Invalid API key" would let a key be typed before its prompt).
   */
  const keyPrompts = (n: number) => new RegExp(`(^\\S+ API key[\\s\\S]*?){${n}}`, 'm');
  const login = (dir: string, args: string[] = []) => openTerminal(['login', ...args], { CHATCRM_CONFIG_DIR: dir });

  it('prompts for every answer, masks the key, offers the senders and saves the profile', async () => {
    const dir = join(tempDir(), 'cfg');
    const t = login(dir);
    await t.waitFor(/Profile name/);
    t.type('tty');
    t.press('Enter');
    await t.waitFor(/Base URL of the API/);
    t.type(sb.url);
    t.press('Enter');
    await t.waitFor(/Tool endpoint \(MCP\) URL/);
    t.press('Enter'); // the default: the base URL
    await t.waitFor(/API key/);
    expect(t.screen()).not.toMatch(/Enter keeps it/);
    t.type(sb.config.apiKey);
    const typed = await t.waitFor(new RegExp(`API key.*\\*{${sb.config.apiKey.length}}`));
    expect(typed).not.toContain(sb.config.apiKey);
    t.press('Enter');
    await t.waitFor(/Default sender[\s\S]*wa_snd_device_0002/);
    t.press('Down');
    t.press('Enter');
    // The accounts the senders and templates reveal are offered; another id can still be typed.
    await t.waitFor(/Default business account[\s\S]*sandbox_waba_0001[\s\S]*\(another id\)[\s\S]*\(none\)/);
    t.press('Down');
    t.press('Enter');
    await t.waitFor(/Default business account id \(optional\)/);
    t.type('ba_777');
    t.press('Enter');

    expect(await t.exitCode()).toBe(0);
    const final = t.screen();
    expect(final).toMatch(/Logged in to .* as Sandbox Owner/);
    expect(final).not.toContain(sb.config.apiKey);

    expect(config(dir)).toEqual({ active: 'tty', profiles: { tty: { 'base-url': sb.url, 'default-sender': 'wa_snd_device_0002', 'business-account': 'ba_777' } } });
    expect(credentials(dir).profiles.tty).toBe(sb.config.apiKey);
    expect(mode(join(dir, 'credentials.json'))).toBe(0o600);
    expect(sb.calls('chat.senders').at(-1)?.headers['x-api-key']).toBe(sb.config.apiKey);
  });

  it('a refused key is asked for again; the answers given so far stand', async () => {
    const dir = join(tempDir(), 'cfg');
    const before = sb.calls('auth.profile').length;
    const t = login(dir, ['--profile', 'retry', '--base-url', sb.url, '--mcp-url', sb.url, '--default-sender', 'wa_snd_cloud_0001', '--business-account', 'ba_1']);
    await t.waitFor(/API key/);
    t.type('typo-key-000000000000');
    t.press('Enter');
    await t.waitFor(/✗ The key was refused: Invalid API key \(HTTP 401\); try again \(2 tries left\)/);
    await t.waitFor(keyPrompts(2));
    t.type(sb.config.apiKey);
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(t.screen()).toMatch(/Logged in to .* as Sandbox Owner/);
    expect(sb.calls('auth.profile').slice(before).map((c) => [c.headers['x-api-key'], c.status])).toEqual([
      ['typo-key-000000000000', 401],
      [sb.config.apiKey, 200],
    ]);
    expect(credentials(dir).profiles.retry).toBe(sb.config.apiKey);
  });

  it('three refused keys end the login (exit 3) and save nothing', async () => {
    const dir = join(tempDir(), 'cfg');
    const before = sb.calls('auth.profile').length;
    const t = login(dir, ['--profile', 'retry', '--base-url', sb.url, '--mcp-url', sb.url]);
    for (let i = 1; i <= 3; i++) {
      await t.waitFor(keyPrompts(i));
      t.type(`typo-key-${i}`);
      t.press('Enter');
      if (i < 3) await t.waitFor(new RegExp(`try again \\(${3 - i} tr(y|ies) left\\)`));
    }
    expect(await t.exitCode()).toBe(3);
    expect(t.screen()).toMatch(/Error: The key was refused: Invalid API key \(HTTP 401\); nothing was saved/);
    // Each key went to its own (masked) prompt: one typed ahead of it would show in clear.
    expect(t.screen()).not.toContain('typo-key');
    expect(sb.calls('auth.profile').length - before).toBe(3);
    expect(existsSync(join(dir, 'credentials.json'))).toBe(false);
  });

  it('on an existing profile the stored key shows masked, and Enter keeps it', async () => {
    const dir = join(tempDir(), 'cfg');
    const first = await runCli(['login', '--profile', 'again', '--base-url', sb.url, '--with-key'], { configDir: dir, env: NO_ENV, input: sb.config.apiKey });
    expect(first.exitCode).toBe(0);
    const before = sb.calls('auth.profile').length;
    const t = login(dir, ['--profile', 'again', '--default-sender', 'wa_snd_cloud_0001', '--business-account', 'ba_2']);
    await t.waitFor(/Base URL of the API/);
    t.press('Enter'); // the stored address is the default
    await t.waitFor(/Tool endpoint/);
    t.press('Enter');
    const prompt = await t.waitFor(/API key \[…cdef; Enter keeps it\]/);
    expect(prompt).not.toContain(sb.config.apiKey);
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(sb.calls('auth.profile').slice(before).map((c) => c.headers['x-api-key'])).toEqual([sb.config.apiKey]);
    expect(credentials(dir).profiles.again).toBe(sb.config.apiKey);
    expect(t.screen()).not.toContain(sb.config.apiKey);
  });

  describe.skipIf(!LAN_IP)('a plain-http address that is not loopback', () => {
    let lan: TestSandbox;
    beforeAll(async () => {
      lan = await startTestSandbox({ host: LAN_IP });
    });
    afterAll(() => lan.close());

    it('is checked when typed: declined, the address is asked again; accepted, allow-http is saved for this profile', async () => {
      const dir = join(tempDir(), 'cfg');
      const t = login(dir, ['--profile', 'lan', '--mcp-url', lan.url, '--default-sender', 'wa_snd_cloud_0001', '--business-account', 'ba_3']);
      // The question may wrap at the pane's edge.
      const allow = new RegExp(`${LAN_IP}:\\d+ is plain http: the key would travel unencrypted\\.\\s+Allow plain http for profile "lan"\\s+\\(--allow-http\\)\\?`);
      await t.waitFor(/Base URL of the API/);
      t.type(lan.url);
      t.press('Enter');
      await t.waitFor(allow);
      t.type('n');
      t.press('Enter');
      await t.waitFor(/Base URL of the API[\s\S]*Base URL of the API/);
      expect(lan.received).toEqual([]);
      t.type(lan.url);
      t.press('Enter');
      await t.waitFor(new RegExp(`(${allow.source}[\\s\\S]*){2}`));
      t.type('y');
      t.press('Enter');
      await t.waitFor(/API key/);
      t.type(lan.config.apiKey);
      t.press('Enter');
      expect(await t.exitCode()).toBe(0);
      expect(lan.calls('auth.profile')).toHaveLength(1);
      expect(config(dir).profiles.lan).toMatchObject({ 'base-url': lan.url, 'allow-http': true });
    });

    it('without a terminal it is refused naming --allow-http (exit 2, nothing sent); with it, allowed and saved', async () => {
      const dir = join(tempDir(), 'cfg');
      const args = ['login', '--profile', 'lan', '--base-url', lan.url, '--with-key'];
      const before = lan.received.length;
      const refused = await runCli(args, { configDir: dir, env: NO_ENV, input: lan.config.apiKey });
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toBe(`Error: Refusing to send the API key over plain http to ${new URL(lan.url).host}: use https, or pass --allow-http to allow it for profile "lan"\n`);
      expect(lan.received.length).toBe(before);
      const allowed = await runCli([...args, '--allow-http'], { configDir: dir, env: NO_ENV, input: lan.config.apiKey });
      expect(allowed.exitCode).toBe(0);
      expect(lan.received.slice(before).map((r) => r.operation)).toEqual(['auth.profile']);
      expect(config(dir).profiles.lan).toMatchObject({ 'allow-http': true });
    });
  });
});
