// Retention: the sandbox keeps the newest messages (--max-messages, default 10,000), requests
// (--max-requests, default 1,000) and deliveries (1,000); records are never dropped. Each limit
// at N and N+1, 0 keeping all, and a dropped message's 404 saying why.
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { Forwarder, KEEP_DELIVERIES } from '../../src/sandbox/forward.js';
import { startSandbox as startPublic } from '../../src/sandbox/public.js';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const x of open.splice(0)) await x.close();
});

async function sandbox(opts: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  const sb = await startTestSandbox(opts);
  open.push(sb);
  return sb;
}

/** Send `n` text messages over HTTP; their message ids, in order. */
async function send(sb: { url: string; store: TestSandbox['store'] }, key: string, n: number, to = '15550001111'): Promise<string[]> {
  const sender = String(sb.store.list('senders')[0].sender_id);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${sb.url}/api/v2/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ sender_id: sender, to, message: { type: 'text', text: { body: `hello ${i}` } } }),
    });
    expect(res.status).toBe(200);
    ids.push(((await res.json()) as { data: { message_id: string } }).data.message_id);
  }
  return ids;
}

const messageIds = (sb: TestSandbox) => sb.store.all('messages').map((m) => m.message_id);

describe('retention of messages (--max-messages)', () => {
  it('at N keeps every message; at N+1 drops the oldest alone, and its status lookup is a 404 saying it was dropped', async () => {
    const sb = await sandbox({ maxMessages: 5 });
    const seeded = sb.store.all('messages').length;
    expect(seeded).toBeLessThan(5);
    const contacts = sb.store.all('contacts').length;
    const before = [...messageIds(sb)];
    const ids = await send(sb, sb.config.apiKey, 5 - seeded);
    expect(messageIds(sb)).toEqual([...before, ...ids]);
    expect(sb.retention().messages).toEqual({ limit: 5, kept: 5, dropped: 0 });

    const [next] = await send(sb, sb.config.apiKey, 1);
    const oldest = [...before, ...ids][0] as string;
    expect(messageIds(sb)).toEqual([...before, ...ids, next].slice(1));
    expect(sb.retention().messages).toEqual({ limit: 5, kept: 5, dropped: 1 });
    expect(sb.store.all('contacts')).toHaveLength(contacts);

    const gone = await sb.run(['message-status', 'delivery', oldest]);
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toContain(`Message ${oldest} not found: dropped, the sandbox keeps the newest 5 messages (--max-messages; 0 keeps all) and has dropped 1 older ones`);
    const unknown = await sb.run(['message-status', 'delivery', 'wamid.never-sent']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('Message wamid.never-sent not found (the sandbox keeps the newest 5 messages');
    expect(unknown.stderr).not.toContain('dropped, the sandbox');
    // A kept message still answers.
    expect((await sb.run(['message-status', 'delivery', next])).exitCode).toBe(0);
  });

  it('0 keeps every message; reset forgets what was dropped', async () => {
    const sb = await sandbox({ maxMessages: 0 });
    const seeded = sb.store.all('messages').length;
    await send(sb, sb.config.apiKey, 12);
    expect(sb.retention().messages).toEqual({ limit: 0, kept: seeded + 12, dropped: 0 });

    const small = await sandbox({ maxMessages: 4 });
    await send(small, small.config.apiKey, 3);
    expect(small.retention().messages.dropped).toBeGreaterThan(0);
    small.reset();
    expect(small.retention().messages.dropped).toBe(0);
  });

  it("startSandbox() from 'chatcrm/sandbox' takes maxMessages and maxRequests", async () => {
    const sb = await startPublic({ apiKey: 'public-key-0123456789', maxMessages: 1, maxRequests: 2 });
    open.push(sb);
    const inner = { url: sb.url, store: { list: () => [{ sender_id: 'wa_snd_cloud_0001' }] } as unknown as TestSandbox['store'] };
    await send(inner, sb.apiKey, 3);
    expect(sb.received.map((r) => r.path)).toHaveLength(2);
  });

  it('a bad --max-messages or --max-requests is a usage error naming the flag', async () => {
    for (const [flag, value] of [['--max-messages', '-1'], ['--max-requests', 'lots']]) {
      const r = await execa('node', [BIN, 'sandbox', flag, value], { env: cleanEnv({}), extendEnv: false, reject: false, timeout: 60_000 });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^Error: ${flag}: must be a whole number from 0 to`));
      expect(r.stdout).toBe('');
    }
  });
});

describe('retention of the request log (--max-requests) and the deliveries', () => {
  it('at N keeps every request; at N+1 drops the oldest; 0 keeps all', async () => {
    const sb = await sandbox({ maxRequests: 3 });
    await send(sb, sb.config.apiKey, 3);
    expect(sb.received.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(sb.retention().requests).toEqual({ limit: 3, kept: 3, dropped: 0 });
    await send(sb, sb.config.apiKey, 1);
    expect(sb.received.map((r) => r.seq)).toEqual([2, 3, 4]);
    expect(sb.retention().requests).toEqual({ limit: 3, kept: 3, dropped: 1 });

    const all = await sandbox({ maxRequests: 0 });
    await send(all, all.config.apiKey, 5);
    expect(all.received).toHaveLength(5);
  });

  it(`the deliveries keep the last ${KEEP_DELIVERIES}: one more drops the oldest`, async () => {
    const forwarder = new Forwarder({ urls: ['http://127.0.0.1:9/hook'], secret: () => 's', post: async () => ({ status: 200, body: '' }) });
    for (let i = 0; i < KEEP_DELIVERIES; i++) forwarder.send('message', `m${i}`, {});
    await forwarder.idle();
    expect(forwarder.deliveries).toHaveLength(KEEP_DELIVERIES);
    expect(forwarder.dropped).toBe(0);
    forwarder.send('message', 'last', {});
    await forwarder.idle();
    expect(forwarder.deliveries).toHaveLength(KEEP_DELIVERIES);
    expect(forwarder.deliveries[0].message_id).toBe('m1');
    expect(forwarder.dropped).toBe(1);
  });
});

describe('the command says what it keeps and when it starts dropping', () => {
  it('the banner names the limits; the log says once that the oldest messages are dropped', async () => {
    const child = execa('node', [BIN, 'sandbox', '--api-key', 'banner-key-0123456789', '--max-messages', '4', '--max-requests', '0'], { env: cleanEnv({}), extendEnv: false, reject: false, timeout: 60_000 });
    open.push({ close: () => child.kill('SIGKILL') });
    let out = '';
    let err = '';
    const url = await new Promise<string>((resolve, reject) => {
      const ready = () => {
        const m = /listening on (\S+)/.exec(out);
        if (m && err.includes('Press Ctrl-C')) resolve(m[1]);
      };
      child.stdout!.on('data', (c: Buffer) => ((out += c), ready()));
      child.stderr!.on('data', (c: Buffer) => ((err += c), ready()));
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    expect(err).toContain('Keeps the newest 4 messages (--max-messages), every request (--max-requests) and the newest 1,000 deliveries; older ones are dropped, records never.');
    const store = { list: () => [{ sender_id: 'wa_snd_cloud_0001' }] } as unknown as TestSandbox['store'];
    expect(err).not.toContain('the oldest are dropped');
    const dropping = new Promise<void>((resolve) => child.stderr!.on('data', () => err.includes('the oldest are dropped') && resolve()));
    await send({ url, store }, 'banner-key-0123456789', 3);
    await dropping;
    expect(err.match(/more than 4 messages: the oldest are dropped from now on \(--max-messages 0 keeps all\)/g)).toHaveLength(1);
  });
});
