// `chatcrm sandbox --seed FILE` and `--state FILE` as a user runs them: the seed's records and
// credentials served, a bad seed named by line and field (exit 2), the key kept across a
// restart on the same state file, bad emulator flags refused naming the flag.
import { execa, type ResultPromise } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, tempDir } from '../helpers/cli.js';

const NO_ENV = { CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined };
const running: ResultPromise[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

async function start(args: string[]) {
  const child = execa('node', [BIN, 'sandbox', '--port', '0', ...args], { env: cleanEnv(NO_ENV), extendEnv: false, reject: false, timeout: 60_000 });
  running.push(child);
  let stdout = '';
  const stderr = { text: '', waiters: [] as Array<() => void> };
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr.text += chunk.toString();
    stderr.waiters.splice(0).forEach((w) => w());
  });
  /** Resolve once stderr holds `text`. */
  const stderrHas = async (text: string) => {
    while (!stderr.text.includes(text)) await new Promise<void>((r) => stderr.waiters.push(r));
    return stderr.text;
  };
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/--with-key\n/.test(stdout)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}) before its banner`)));
  });
  const url = /listening on (\S+)/.exec(stdout)![1];
  const key = /^API key: (\S+)$/m.exec(stdout)![1];
  const secret = /^Webhook secret: (\S+)$/m.exec(stdout)![1];
  return { child, url, key, secret, stderrHas, env: { CHATCRM_BASE_URL: url, CHATCRM_API_KEY: key } };
}

const SEED = `# a seed for the demo
api_key: seeded-key-0123456789
webhook_secret: seeded-secret-42
senders:
  - sender_id: snd_shop
    name: Shop line
    phone_number: "15550009999"
    capabilities: { group_messaging: false }
contacts:
  - phone_number: "15557000001"
    name: Grace Hopper
    tags: [vip]
tags:
  - name: vip
    color: "#FF0000"
templates:
  - template_name: welcome
    message_body: Hello {{1}}
flows:
  - name: Opening hours
    keyword: hours
    status: active
plan_features: [contacts, rest_api]
`;

describe('chatcrm sandbox --seed and --state', () => {
  it('--seed: the file\'s key, secret and records are served in place of the samples', async () => {
    const dir = tempDir('chatcrm-seed-');
    const file = join(dir, 'seed.yaml');
    writeFileSync(file, SEED);
    const sb = await start(['--seed', file]);
    expect(sb.key).toBe('seeded-key-0123456789');
    expect(sb.secret).toBe('seeded-secret-42');
    const senders = JSON.parse((await runCli(['chat', 'senders', '--json'], { env: sb.env })).stdout);
    expect(senders.map((s: { sender_id: string }) => s.sender_id)).toEqual(['snd_shop']);
    const contacts = JSON.parse((await runCli(['contacts', 'list', '--all', '--json'], { env: sb.env })).stdout);
    expect(contacts).toMatchObject([{ phone_number: '15557000001', name: 'Grace Hopper', tags: ['vip'] }]);
    const flows = JSON.parse((await runCli(['flows', 'list', '--json'], { env: sb.env })).stdout);
    expect(flows).toMatchObject([{ name: 'Opening hours', status: 'active', is_active: true }]);
    // plan features: auto_replies is not in the seeded plan (the gate answers 403).
    const bots = await runCli(['api', 'GET', '/api/message-bots'], { env: sb.env });
    expect(bots.stderr).toMatch(/does not include this feature: auto replies/);
    sb.child.kill('SIGTERM');
    await sb.child;
  }, 60_000);

  it.each([
    ['senders:\n  - name: no id\n', /^Error: --seed: .*seed\.yaml:2: senders\[0\]\.sender_id: is required$/],
    ['tags:\n  - name: ok\nsendrs: []\n', /^Error: --seed: .*seed\.yaml:3: sendrs: unknown field \(expected one of api_key, /],
    // The key's line, not its value's (on the next lines).
    ['tags:\n  - name: ok\nsendrs:\n  - sender_id: x\n', /^Error: --seed: .*seed\.yaml:3: sendrs: unknown field \(expected one of api_key, /],
    ['contacts:\n  - phone_number: "12"\n', /^Error: --seed: .*seed\.yaml:2: contacts\[0\]\.phone_number: must be 6 to 15 digits/],
    ['tags: [\n', /^Error: --seed: .*seed\.yaml:\d+: not valid YAML or JSON/],
    ['{"flows": [{"name": "x", "status": "on"}]}', /^Error: --seed: .*seed\.yaml:1: flows\[0\]\.status: /],
    // An alias bomb: each line's aliases repeat the line above ten times.
    [
      'plan_features: &a [x, x, x, x, x, x, x, x, x, x]\ntags: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nflows: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n',
      /^Error: --seed: .*seed\.yaml:2: tags: not a seed file: Excessive alias count/,
    ],
    ['- just a list\n', /^Error: --seed: .*seed\.yaml:1: \(top\): /],
  ])('a bad seed file is exit 2 naming the line and field: %j', async (text, message) => {
    const dir = tempDir('chatcrm-seed-bad-');
    writeFileSync(join(dir, 'seed.yaml'), text);
    const r = await runCli(['sandbox', '--seed', join(dir, 'seed.yaml')], { env: NO_ENV });
    expect(r.stderr.trim()).toMatch(message);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('--state keeps the key, the secret and the verify token across a restart (a saved profile keeps working)', async () => {
    const dir = tempDir('chatcrm-state-key-');
    const state = join(dir, 'state.json');
    const first = await start(['--state', state]);
    const configDir = join(dir, 'cfg');
    expect((await runCli(['login', '--profile', 'sb', '--base-url', first.url, '--with-key'], { configDir, env: NO_ENV, input: `${first.key}\n` })).exitCode).toBe(0);
    first.child.kill('SIGTERM');
    expect((await first.child).exitCode).toBe(143);
    expect(readFileSync(state, 'utf8')).toContain(first.key);
    // The verify token is not printed: the one the first run saved must answer the second's challenge.
    const token = JSON.parse(readFileSync(state, 'utf8')).meta.config.verifyToken as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const again = await start(['--state', state]);
    expect(again.key).toBe(first.key);
    expect(again.secret).toBe(first.secret);
    const challenge = await fetch(`${again.url}/webhook/chat?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=kept`);
    expect([challenge.status, await challenge.text()]).toEqual([200, 'kept']);
    // The profile saved against the first run works against the second (at its new port).
    const r = await runCli(['tags', 'list', '-q', '--base-url', again.url], { configDir, env: NO_ENV });
    expect(r.exitCode, r.stderr).toBe(0);
    again.child.kill('SIGINT');
    await again.child;
  }, 60_000);

  it('without --api-key or --state, the banner says how to keep the key', async () => {
    const sb = await start([]);
    const stderr = await sb.stderrHas('Press Ctrl-C to stop.');
    expect(stderr).toContain('A new key each start: keep one with --api-key KEY, or --state FILE');
    sb.child.kill('SIGTERM');
    await sb.child;
  }, 60_000);

  it.each([
    [['--fault', 'nope:500'], /^Error: --fault: unknown operation "nope"/],
    [['--fault', 'chat_send:700'], /^Error: --fault: STATUS must be/],
    [['--latency', 'slow'], /^Error: --latency: must be milliseconds/],
    [['--auto-status', 'seen'], /^Error: --auto-status: must be delivered, read/],
    [['--fail-rate', '2'], /^Error: --fail-rate: must be a number from 0 to 1/],
    [['--status-delay', 'soon'], /^Error: --status-delay: must be a duration/],
    [['--forward-to', 'ftp://x'], /^Error: --forward-to: must be an http or https URL/],
    [['--random-seed', '-1'], /^Error: --random-seed: must be a whole number/],
  ])('%j is exit 2 naming the flag', async (args, message) => {
    const r = await runCli(['sandbox', ...args], { env: NO_ENV });
    expect(r.stderr.trim()).toMatch(message);
    expect(r.exitCode).toBe(2);
  });
});
