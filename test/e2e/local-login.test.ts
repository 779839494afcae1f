import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, hasTmux, runCli, tempDir, describeWith } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

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
  // A private tmux server: other tmux users on the machine are not disturbed, nor is their environment inherited.
  const socket = `chatcrm-test-${process.pid}-${Date.now()}`;
  const session = 'login';
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  const screen = () => tmux('capture-pane', '-p', '-t', session);
  const type = (text: string) => tmux('send-keys', '-t', session, '-l', text);
  const press = (...keys: string[]) => tmux('send-keys', '-t', session, ...keys);
  /** Each wait polls the pane for up to WAIT ms; the test's limit covers every wait of it. */
  const WAIT = 15_000;
  const WAITS = 8;
  async function waitFor(pattern: RegExp, ms = WAIT): Promise<string> {
    const until = Date.now() + ms;
    for (;;) {
      const text = screen();
      if (pattern.test(text)) return text;
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}; screen:\n${text}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  afterAll(() => {
    try {
      tmux('kill-server');
    } catch {
      // Already gone.
    }
  });

  it('prompts for every answer, masks the key, offers the senders and saves the profile', { timeout: WAIT * WAITS + 15_000 }, async () => {
    const dir = join(tempDir(), 'cfg');
    // CI (set by the test environment) would forbid prompts; CHATCRM_* must not answer them.
    const unset = ['CI', 'CHATCRM_BASE_URL', 'CHATCRM_API_KEY', 'CHATCRM_PROFILE', 'CHATCRM_MCP_URL', 'NO_COLOR'].map((v) => `-u ${v}`).join(' ');
    const command = `env ${unset} CHATCRM_CONFIG_DIR='${dir}' node '${BIN}' login; echo EXIT=$?`;
    // remain-on-exit keeps the pane (and its last screen) after the command ends.
    tmux('-f', '/dev/null', 'new-session', '-d', '-s', session, '-x', '120', '-y', '40', command, ';', 'set-option', '-t', session, 'remain-on-exit', 'on');

    await waitFor(/Profile name/);
    type('tty');
    press('Enter');
    await waitFor(/Base URL of the API/);
    type(sb.url);
    press('Enter');
    await waitFor(/Tool endpoint \(MCP\) URL/);
    press('Enter'); // the default: the base URL
    await waitFor(/API key/);
    type(sb.config.apiKey);
    const typed = await waitFor(new RegExp(`API key.*\\*{${sb.config.apiKey.length}}`));
    expect(typed).not.toContain(sb.config.apiKey);
    press('Enter');
    await waitFor(/Default sender[\s\S]*wa_snd_device_0002/);
    press('Down');
    press('Enter');
    await waitFor(/business account/);
    type('ba_777');
    press('Enter');

    const final = await waitFor(/^EXIT=\d+$/m);
    expect(final).toMatch(/^EXIT=0$/m);
    expect(final).toMatch(/Logged in to .* as Sandbox Owner/);
    expect(final).not.toContain(sb.config.apiKey);

    const cfg = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(cfg).toEqual({ active: 'tty', profiles: { tty: { 'base-url': sb.url, 'default-sender': 'wa_snd_device_0002', 'business-account': 'ba_777' } } });
    expect(JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8')).profiles.tty).toBe(sb.config.apiKey);
    expect(mode(join(dir, 'credentials.json'))).toBe(0o600);
    expect(sb.calls('chat.senders').at(-1)?.headers['x-api-key']).toBe(sb.config.apiKey);
  });
});
