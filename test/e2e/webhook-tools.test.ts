// webhook sign/verify/send/challenge against an independent HMAC and the sandbox's
// signed /webhook/chat.
import { createHmac } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const SECRET = 'app-secret-for-tests-42';
let sb: TestSandbox;
let dir: string;
const env = { CHATCRM_WEBHOOK_SECRET: SECRET };
const hmac = (body: Buffer | string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

beforeAll(async () => {
  sb = await startTestSandbox({ webhookSecret: SECRET, verifyToken: 'verify-me' });
  dir = tempDir();
});
afterAll(() => sb.close());

describe('the webhook secret kept in the profile', () => {
  const payload = Buffer.from('{"object":"chat_business_account","entry":[]}');
  it('login --webhook-secret-file stores it 0600 beside the key; sign, verify and send use it after the env and --secret-file', async () => {
    const cfg = join(tempDir(), 'cfg');
    const secretFile = join(dir, 'app-secret.txt');
    writeFileSync(secretFile, `${SECRET}\n`);
    const noEnv = { CHATCRM_WEBHOOK_SECRET: undefined, CHATCRM_API_KEY: undefined };
    const login = await runCli(['login', '--profile', 'hooks', '--base-url', sb.url, '--with-key', '--webhook-secret-file', secretFile], { configDir: cfg, input: sb.config.apiKey, env: noEnv });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/profile "hooks" saved and active, with its webhook secret/);
    const creds = JSON.parse(readFileSync(join(cfg, 'credentials.json'), 'utf8'));
    expect(creds).toEqual({ profiles: { hooks: sb.config.apiKey }, webhook_secrets: { hooks: SECRET } });
    expect(statSync(join(cfg, 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(cfg, 'config.json'), 'utf8')).not.toContain(SECRET);

    const run = (args: string[], env: Record<string, string | undefined> = noEnv) => runCli(args, { configDir: cfg, input: payload, env });
    const signed = await run(['webhook', 'sign']);
    expect(signed.exitCode, signed.stderr).toBe(0);
    expect(signed.stdout.trim()).toBe(hmac(payload));
    expect((await run(['webhook', 'verify', '--signature', hmac(payload)])).exitCode).toBe(0);
    // The environment, then --secret-file, come first.
    const other = await run(['webhook', 'sign'], { ...noEnv, CHATCRM_WEBHOOK_SECRET: 'another' });
    expect(other.stdout.trim()).toBe(`sha256=${createHmac('sha256', 'another').update(payload).digest('hex')}`);
    // --secret-file wins over both the stored secret and the environment.
    const flagFile = join(dir, 'flag-secret.txt');
    writeFileSync(flagFile, 'from-the-flag\n');
    const flag = await run(['webhook', 'sign', '--secret-file', flagFile], { ...noEnv, CHATCRM_WEBHOOK_SECRET: 'another' });
    expect(flag.stdout.trim()).toBe(`sha256=${createHmac('sha256', 'from-the-flag').update(payload).digest('hex')}`);
    const before = sb.calls('webhook.event').length;
    const sent = await runCli(['webhook', 'send', '--file', '-'], { configDir: cfg, input: payload, env: noEnv });
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sb.calls('webhook.event').slice(before).map((c) => c.headers['x-hub-signature-256'])).toEqual([hmac(payload)]);
    expect(signed.stderr + sent.stdout + sent.stderr + login.stdout + login.stderr).not.toContain(SECRET);

    // logout forgets it with the key.
    const out = await runCli(['logout'], { configDir: cfg, env: noEnv });
    expect(out.stderr).toBe('✓ Forgot the key and webhook secret of profile "hooks"\n');
    expect(JSON.parse(readFileSync(join(cfg, 'credentials.json'), 'utf8'))).toEqual({ profiles: {} });
  });
});

describe('webhook sign and verify', () => {
  // Odd spacing and a non-ASCII character: the signature must cover these exact bytes.
  const payload = Buffer.from('{ "object":"chat_business_account",  "entry":[] , "note":"caf\u00e9" }\n');

  it('signs the exact bytes of a file and of stdin, like an independent HMAC', async () => {
    const file = join(dir, 'p.json');
    writeFileSync(file, payload);
    const a = await sb.run(['webhook', 'sign', '--file', file], { env });
    expect(a.exitCode).toBe(0);
    expect(a.stdout.trim()).toBe(hmac(payload));
    const b = await sb.run(['webhook', 'sign'], { env, input: payload });
    expect(b.stdout.trim()).toBe(hmac(payload));
    const c = await sb.run(['webhook', 'sign', '--secret-file', join(dir, 's.txt')], { input: payload, env: { CHATCRM_WEBHOOK_SECRET: undefined } }).then(async (r) => {
      expect(r.exitCode).toBe(2);
      writeFileSync(join(dir, 's.txt'), `${SECRET}\n`);
      return sb.run(['webhook', 'sign', '--secret-file', join(dir, 's.txt')], { input: payload });
    });
    expect(c.stdout.trim()).toBe(hmac(payload));
    expect(a.stdout + a.stderr + b.stderr + c.stderr).not.toContain(SECRET);
  });

  it('verify exits 0 on a match and 1 on a mismatch', async () => {
    const ok = await sb.run(['webhook', 'verify', '--signature', hmac(payload)], { env, input: payload });
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout.trim()).toBe('valid');
    const upper = await sb.run(['webhook', 'verify', '--signature', hmac(payload).toUpperCase().replace('SHA256=', 'sha256=')], { env, input: payload });
    expect(upper.exitCode).toBe(0);
    const tampered = await sb.run(['webhook', 'verify', '--signature', hmac(payload)], { env, input: Buffer.concat([payload, Buffer.from(' ')]) });
    expect(tampered.exitCode).toBe(1);
    expect(tampered.stdout.trim()).toBe('invalid');
  });

  it.each([
    [['webhook', 'sign'], { CHATCRM_WEBHOOK_SECRET: undefined }, /no webhook secret: set CHATCRM_WEBHOOK_SECRET, pass --secret-file FILE, or keep it in the profile with `chatcrm login --webhook-secret-file FILE`/],
    [['webhook', 'sign', '--secret', 'shh'], {}, /--secret: secrets are not accepted on the command line/],
    [['webhook', 'sign', '--file', '/nonexistent/p.json'], {}, /--file: cannot read \/nonexistent\/p.json: no such file/],
    [['webhook', 'verify', '--signature', 'md5=abc'], {}, /--signature: expected sha256=/],
    [['webhook', 'send', '--file', '/nonexistent/p.json'], {}, /--file: cannot read/],
    [['webhook', 'send'], {}, /--file: give --file FILE/],
    [['webhook', 'send', '--event', 'status'], {}, /--message-id: required/],
    [['webhook', 'send', '--event', 'message', '--secret', 'shh'], {}, /--secret: secrets are not accepted/],
  ])('%j: exit 2, one line, nothing sent, no secret shown', async (args, extra, message) => {
    const before = sb.received.length;
    const r = await sb.run(args, { env: { ...env, ...extra }, input: '{}' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(sb.received.length).toBe(before);
  });
});

describe('webhook send to the sandbox', () => {
  it('posts exactly the signed bytes of a file; an inbound message creates the contact and a notification', async () => {
    const body = Buffer.from(
      `{"object":"chat_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{"contacts":[{"profile":{"name":"Grace"},"wa_id":"15559990001"}],"messages":[{"from":"15559990001","id":"wamid.in1","timestamp":"1700000000","type":"text","text":{"body":"Hi!"}}]}}]}]}   \n`,
    );
    const file = join(dir, 'event.json');
    writeFileSync(file, body);
    const r = await sb.run(['webhook', 'send', '--file', file, '--json'], { env });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ messages: 1, statuses: 0, ignored: 0 });
    const [call] = sb.calls('webhook.event').slice(-1);
    expect(call.headers['x-hub-signature-256']).toBe(hmac(body));
    expect(call.headers['x-api-key']).toBeUndefined();
    expect(sb.store.list('contacts', (c) => c.phone_number === '15559990001')[0]).toMatchObject({ name: 'Grace', source: 'chat' });
    expect(sb.store.list('notifications').at(-1)).toMatchObject({ title: 'New message from Grace', message: 'Hi!', from: '15559990001' });
  });

  it('a sample status event moves a sent message to read', async () => {
    const sent = await sb.run(['chat', 'send', '--to', '15551112222', '--text', 'hello', '--sender', 'wa_snd_cloud_0001', '--json']);
    const { message_id } = JSON.parse(sent.stdout) as { message_id: string };
    const r = await sb.run(['webhook', 'send', '--event', 'status', '--message-id', message_id, '--status', 'read', '--json'], { env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ messages: 0, statuses: 1, ignored: 0 });
    const msg = sb.store.list('messages').find((m) => m.message_id === message_id)!;
    expect(msg.status).toBe('read');
    expect(msg.read_at).toEqual(expect.any(String));
    expect(msg.delivered_at).toEqual(expect.any(String));
    const [call] = sb.calls('webhook.event').slice(-1);
    const raw = JSON.stringify(call.body);
    expect(call.headers['x-hub-signature-256']).toBe(hmac(raw));
    expect(call.body).toMatchObject({ object: 'chat_business_account', entry: [{ changes: [{ value: { statuses: [{ id: message_id, status: 'read' }] } }] }] });
  });

  it('the sandbox refuses a tampered body (401) and stores nothing', async () => {
    const body = '{"object":"chat_business_account","entry":[{"changes":[{"value":{"messages":[{"from":"15558887777","id":"x","type":"text","text":{"body":"evil"}}]}}]}]}';
    const contacts = sb.store.list('contacts').length;
    const notes = sb.store.list('notifications').length;
    const res = await fetch(`${sb.url}/webhook/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hmac(body) },
      body: body.replace('evil', 'evil!'),
    });
    expect(res.status).toBe(401);
    expect(sb.store.list('contacts').length).toBe(contacts);
    expect(sb.store.list('notifications').length).toBe(notes);
    // The CLI signing with the wrong secret gets the same refusal (exit 3).
    const r = await sb.run(['webhook', 'send', '--event', 'message'], { env: { CHATCRM_WEBHOOK_SECRET: 'not-the-secret' } });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/Invalid signature \(HTTP 401\)/);
    expect(sb.store.list('contacts').length).toBe(contacts);
  });
});

describe('webhook challenge', () => {
  it('passes with the right token (the echo is checked) and fails with a wrong one (403, exit 3)', async () => {
    const ok = await sb.run(['webhook', 'challenge', '--verify-token', 'verify-me', '--challenge', '1158201444', '--json']);
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ verified: true, challenge: '1158201444' });
    const [call] = sb.calls('webhook.challenge').slice(-1);
    expect(call.query).toEqual({ 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-me', 'hub.challenge': '1158201444' });
    const random = await sb.run(['webhook', 'challenge', '--verify-token', 'verify-me', '--json']);
    expect(random.exitCode).toBe(0);
    expect(JSON.parse(random.stdout).challenge).toBe(sb.calls('webhook.challenge').at(-1)!.query['hub.challenge']);
    const bad = await sb.run(['webhook', 'challenge', '--verify-token', 'wrong']);
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/403/);
  });
});
