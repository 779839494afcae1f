// `chatcrm sandbox` itself, started as a user starts it: a free port, --state FILE. The banner
// says how to use it, the CLI works against it, SIGTERM stops it cleanly, and the state file
// keeps what was done (a restart on the same file serves it again).
import { execa, type ResultPromise } from 'execa';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, tempDir } from '../helpers/cli.js';

const NO_ENV = { CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined };
const running: ResultPromise[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** Start the command; resolve once its banner (up to the `login` line) is on stdout. */
async function startCommand(args: string[]) {
  const child = execa('node', [BIN, 'sandbox', ...args], { env: cleanEnv(NO_ENV), extendEnv: false, reject: false, timeout: 60_000 });
  running.push(child);
  let stdout = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/--with-key\n/.test(stdout)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}) before its banner; stdout: ${stdout}`)));
  });
  const [, listening, port] = stdout.match(/^chatcrm sandbox listening on (http:\/\/\S+:(\d+))$/m) ?? [];
  const [, key] = stdout.match(/^API key: (\S+)$/m) ?? [];
  const [, secret] = stdout.match(/^Webhook secret: (\S+)$/m) ?? [];
  const [, verifyToken] = stdout.match(/^Webhook verify token: (\S+)$/m) ?? [];
  const [, inspector] = stdout.match(/^Inspector: (\S+)$/m) ?? [];
  // What the banner tells a user to export, read back by a shell.
  const exports = /^Use it: {2}(export .*)$/m.exec(stdout)?.[1] ?? '';
  const env = JSON.parse(execFileSync('sh', ['-c', `${exports}; node -p 'JSON.stringify({ url: process.env.CHATCRM_BASE_URL, key: process.env.CHATCRM_API_KEY, secret: process.env.CHATCRM_WEBHOOK_SECRET })'`], { encoding: 'utf8' }));
  return { child, stdout, listening, url: env.url as string, port: Number(port), key, secret, verifyToken, inspector, env };
}

describe('chatcrm sandbox, the command', () => {
  it('its banner names what is active: forward URLs (password masked), faults, latency, auto status, fail rate, the state file', async () => {
    const state = join(tempDir('chatcrm-sandbox-cmd-'), 'state.json');
    const { stdout } = await startCommand([
      '--port', '0', '--state', state,
      '--forward-to', 'http://bot:hunter2@127.0.0.1:9/hook', '--forward-to', 'https://example.test/in',
      '--fault', 'chat_send:503:0.5', '--fault', '*:timeout',
      '--latency', '100-300', '--auto-status', 'delivered,read', '--status-delay', '2s', '--fail-rate', '0.25',
    ]);
    const lines = stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Webhook verify token: '));
    expect(lines.slice(at + 1, at + 7)).toEqual([
      'Forwarding to: http://***@127.0.0.1:9/hook, https://example.test/in',
      'Faults: chat.send:503:0.5, *:timeout',
      'Latency: 100-300 ms',
      'Auto status: delivered, read after 2000 ms',
      'Fail rate: 0.25',
      `State file: ${state}`,
    ]);
    expect(stdout).not.toContain('hunter2');
  });

  it('a plain start names nothing active', async () => {
    const { stdout } = await startCommand(['--port', '0']);
    expect(stdout).toMatch(/^Webhook verify token: \S+\nUse it:/m);
  });

  it('on a free port with --state: banner, the CLI against it, SIGTERM, the state file, a restart', async () => {
    const dir = tempDir('chatcrm-sandbox-cmd-');
    const state = join(dir, 'state.json');
    const { child, stdout, url, port, key, secret, verifyToken, inspector, env } = await startCommand(['--port', '0', '--state', state]);
    expect(port).toBeGreaterThan(0);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    // Random by default: a page on the web cannot guess its way to a challenge answer.
    expect(verifyToken).toMatch(/^[0-9a-f]{32}$/);
    expect(inspector).toMatch(new RegExp(`^${url}/\\?token=[0-9a-f]{32}$`));
    expect(env).toEqual({ url, key, secret });
    expect(stdout.split('\n')).toEqual([
      `chatcrm sandbox listening on ${url}`,
      `Inspector: ${inspector}`,
      `API key: ${key}`,
      `Webhook secret: ${secret}`,
      `Webhook verify token: ${verifyToken}`,
      `State file: ${state}`,
      `Use it:  export CHATCRM_BASE_URL='${url}' CHATCRM_API_KEY='${key}' CHATCRM_WEBHOOK_SECRET='${secret}'`,
      `   or:  echo "$CHATCRM_API_KEY" | chatcrm login --profile sandbox-${port} --base-url '${url}' --with-key`,
      '',
    ]);
    // The seed is on disk before the first request.
    expect(JSON.parse(readFileSync(state, 'utf8')).collections.flows.length).toBeGreaterThan(0);

    // Follow the banner's login line, then work through the stored profile.
    const configDir = join(dir, 'cfg');
    const login = await runCli(['login', '--profile', `sandbox-${port}`, '--base-url', url, '--with-key'], { configDir, env: NO_ENV, input: `${key}\n` });
    expect(login.exitCode, login.stderr).toBe(0);
    const made = await runCli(['tags', 'create', '--name', 'kept-on-disk', '--color', '#123456', '-q'], { configDir, env: NO_ENV });
    expect(made.exitCode, made.stderr).toBe(0);
    const id = made.stdout.trim();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await runCli(['tags', 'list', '-q'], { configDir, env: NO_ENV })).stdout.split('\n')).toContain(id);

    child.kill('SIGTERM');
    const stopped = await child;
    expect(stopped.exitCode).toBe(143);
    expect(String(stopped.stderr)).toBe('Keeps the newest 10,000 messages (--max-messages), the newest 1,000 requests (--max-requests) and the newest 1,000 deliveries; older ones are dropped, records never.\nPress Ctrl-C to stop.\nsandbox stopped');
    expect(String(stopped.stdout)).not.toContain('Error');

    // Written atomically: the file and nothing beside it (no temp file left behind).
    expect(readdirSync(dir).sort()).toEqual(['cfg', 'state.json']);
    const saved = JSON.parse(readFileSync(state, 'utf8'));
    expect(saved.collections.tags.find((t: { _id: string }) => t._id === id)).toMatchObject({ name: 'kept-on-disk', color: '#123456' });

    // A restart on the same file serves what was done; the port is now whatever is free.
    const again = await startCommand(['--state', state, '--api-key', 'restart-key-0123456789']);
    expect(again.key).toBe('restart-key-0123456789');
    const listed = await runCli(['tags', 'list', '-q'], { env: { CHATCRM_BASE_URL: again.url, CHATCRM_API_KEY: again.key } });
    expect(listed.stdout.split('\n')).toContain(id);
    again.child.kill('SIGINT');
    expect((await again.child).exitCode).toBe(130);
   });

  it('two sandboxes: both banners\' lines, copied into one shell, keep two profiles, each with its own address and key', async () => {
    const [a, b] = await Promise.all([startCommand(['--port', '0']), startCommand(['--port', '0'])]);
    const configDir = tempDir('chatcrm-sandbox-two-');
    // Each banner's `Use it:` and `or:` lines as a user pastes them, one banner after the other.
    const pasted = [a, b].flatMap((s) => s.stdout.split('\n').filter((l) => /^(Use it| {3}or):/.test(l)).map((l) => l.replace(/^[^:]+: {2}/, ''))).join('\n');
    const shell = await execa('sh', ['-c', pasted.replaceAll('chatcrm ', `node '${BIN}' `)], { env: cleanEnv(NO_ENV, configDir), extendEnv: false, reject: false });
    expect(shell.exitCode, String(shell.stderr)).toBe(0);
    for (const s of [a, b]) {
      const shown = await runCli(['profiles', 'show', `sandbox-${s.port}`, '--json'], { configDir, env: NO_ENV });
      expect(shown.exitCode, shown.stderr).toBe(0);
      expect(JSON.parse(shown.stdout)).toMatchObject({ 'base-url': s.url });
      // The profile's key is that sandbox's own: it answers with it.
      expect((await runCli(['-p', `sandbox-${s.port}`, 'tags', 'list', '-q'], { configDir, env: NO_ENV })).exitCode).toBe(0);
    }
    expect(a.port).not.toBe(b.port);
  });

  it('webhook send works against the default sandbox with the exported secret', async () => {
    const { child, url, key, secret } = await startCommand(['--port', '0']);
    const env = { CHATCRM_BASE_URL: url, CHATCRM_API_KEY: key, CHATCRM_WEBHOOK_SECRET: secret };
    const before = JSON.parse((await runCli(['notifications', 'list', '--all', '--json'], { env })).stdout).length;
    const sent = await runCli(['webhook', 'send', '--event', 'message', '--from', '15557654321', '--text', 'Hi there'], { env });
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sent.stderr).toBe('✓ The endpoint accepted the event\n');
    expect(sent.stdout).toMatch(/^MESSAGES {2,}1$/m);
    // The sandbox took it as an inbound message: a new notification.
    const after = JSON.parse((await runCli(['notifications', 'list', '--all', '--json'], { env })).stdout);
    expect(after.length).toBe(before + 1);
    // Without the sandbox's secret the signature is refused.
    const wrong = await runCli(['webhook', 'send', '--event', 'message'], { env: { ...env, CHATCRM_WEBHOOK_SECRET: 'not-the-secret' } });
    expect(wrong.exitCode).toBe(3);
    child.kill('SIGINT');
    expect((await child).exitCode).toBe(130);
  });

  const ipv6 = Object.values(networkInterfaces()).some((addrs) => addrs?.some((a) => a.address === '::1'));
  it.each([
    ['0.0.0.0', /^http:\/\/0\.0\.0\.0:\d+$/, '127.0.0.1'],
    ...(ipv6
      ? [
          ['::', /^http:\/\/\[::\]:\d+$/, '127.0.0.1'],
          ['::1', /^http:\/\/\[::1\]:\d+$/, '[::1]'],
          ['[::1]', /^http:\/\/\[::1\]:\d+$/, '[::1]'],
        ]
      : []),
  ] as [string, RegExp, string][])('--host %s: listens there; the lines to use it name an address to connect to, quoted for the shell, which works', async (host, listening, reach) => {
    const s = await startCommand(['--port', '0', '--host', host]);
    expect(s.listening).toMatch(listening);
    expect(s.url).toBe(`http://${reach}:${s.port}`);
    expect(s.stdout).toContain(`--base-url '${s.url}' --with-key`);
    const r = await runCli(['tags', 'list', '-q'], { env: { CHATCRM_BASE_URL: s.url, CHATCRM_API_KEY: s.key } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').length).toBeGreaterThan(0);
    s.child.kill('SIGINT');
    const done = await s.child;
    expect(done.exitCode).toBe(130);
    // Every address but loopback is reachable from other machines: said on stderr.
    const warning = `Warning: --host ${host} is reachable from other machines; anyone who can reach it gets a sandbox whose key and tokens are printed above`;
    expect(String(done.stderr).split('\n').includes(warning)).toBe(!host.includes('::1'));
  });

  it('a port in use is exit 2, one line naming --port', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as { port: number }).port;
    try {
      const r = await runCli(['sandbox', '--port', String(port)], { env: NO_ENV });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim()).toBe(`Error: --port: ${port} is already in use`);
      expect(r.stdout).toBe('');
    } finally {
      await new Promise<void>((r) => busy.close(() => r()));
    }
  });
});
