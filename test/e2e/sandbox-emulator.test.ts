// The sandbox as an emulator: the simulators (routes and commands), --auto-status,
// --fail-rate with --random-seed, --forward-to (signed, retried, in order), --fault,
// --latency and reset. Each test waits on the sandbox's events or the receiver's requests.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxEvent } from '../../src/sandbox/events.js';
import { verify } from '../../src/webhook/signature.js';
import { startSandbox } from '../../src/sandbox/public.js';
import { HANG_MS, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const x of open.splice(0)) await x.close();
});

async function sandbox(opts: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  const sb = await startTestSandbox({ webhookSecret: 'forward-secret-0123', ...opts });
  open.push(sb);
  return sb;
}

/** Resolve with the first `n` events that `match`. */
function events(sb: TestSandbox, n: number, match: (e: SandboxEvent) => boolean): Promise<SandboxEvent[]> {
  const got: SandboxEvent[] = [];
  return new Promise((resolve) => {
    const off = sb.events.on((e) => {
      if (match(e)) got.push(e);
      if (got.length === n) (off(), resolve(got));
    });
  });
}

interface Hit {
  body: string;
  signature: string;
  at: number;
}

/** A receiver that answers each request with the next status of `answers` (then 200). */
async function receiver(answers: number[] = []) {
  const hits: Hit[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ body, signature: String(req.headers['x-hub-signature-256']), at: Date.now() });
      res.writeHead(answers.shift() ?? 200).end('ok');
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  open.push({ close: () => new Promise((r) => server.close(r)) });
  const until = async (n: number) => {
    while (hits.length < n) await new Promise<void>((r) => waiters.push(r));
    return hits;
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits, until };
}

const send = (sb: TestSandbox, to = '15551230001') => sb.run(['chat', 'send', '--sender', 'wa_snd_cloud_0001', '--to', to, '--text', 'hello', '-q']);

describe('simulators', () => {
  it('sandbox inbound stores an inbound message (the route and the command), which outbound views ignore', async () => {
    const sb = await sandbox();
    const r = await sb.run(['sandbox', 'inbound', '--from', '15557654321', '--name', 'Ada', '--text', 'Where is my order?', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const msg = JSON.parse(r.stdout);
    expect(msg).toMatchObject({ direction: 'inbound', from: '15557654321', name: 'Ada', sender_id: 'wa_snd_cloud_0001', message: { type: 'text', text: { body: 'Where is my order?' } } });
    expect(sb.calls('sandbox.inbound')[0].body).toEqual({ from: '15557654321', name: 'Ada', message: { type: 'text', text: { body: 'Where is my order?' } } });
    expect(sb.store.list('messages', (m) => m.message_id === msg.message_id)).toHaveLength(1);
    // The contact was made, and the status routes do not see it as a sent message.
    expect(sb.store.list('contacts', (c) => c.phone_number === '15557654321')).toHaveLength(1);
    const status = await sb.run(['message-status', 'get', msg.message_id, '--json']);
    expect(status.exitCode).toBe(4);
    // --data: any message object.
    const loc = await sb.run(['sandbox', 'inbound', '--from', '15557654321', '--data', '{"type":"location","location":{"latitude":1,"longitude":2}}', '--json']);
    expect(JSON.parse(loc.stdout).message.type).toBe('location');
  });

  it('bad input is exit 2 naming the flag, nothing sent', async () => {
    const sb = await sandbox();
    await sb.refused(['sandbox', 'inbound', '--from', '123', '--text', 'x'], /--from: must be 6 to 15 digits/);
    await sb.refused(['sandbox', 'inbound', '--from', '15557654321'], /--text or --data: required/);
    await sb.refused(['sandbox', 'inbound', '--from', '15557654321', '--data', '{"text":1}'], /--data/);
    await sb.refused(['sandbox', 'status', 'wamid.x', 'seen'], /STATUS: must be delivered, read or failed/);
  });

  it('sandbox status moves a sent message forward only; failed carries its reason', async () => {
    const sb = await sandbox();
    const id = (await send(sb)).stdout.trim();
    const read = await sb.run(['sandbox', 'status', id, 'read', '--json']);
    expect(read.exitCode, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ status: 'read' });
    expect(JSON.parse((await sb.run(['message-status', 'get', id, '--json'])).stdout)[0]).toMatchObject({ status: 'read' });
    const back = await sb.run(['sandbox', 'status', id, 'delivered']);
    expect(back.exitCode).toBe(5);
    expect(back.stderr).toMatch(/already read: statuses only move forward/);
    const other = (await send(sb)).stdout.trim();
    const failed = await sb.run(['sandbox', 'status', other, 'failed', '--error', 'Number not on the channel', '--json']);
    expect(JSON.parse(failed.stdout)).toMatchObject({ status: 'failed', error: 'Number not on the channel' });
    // Only a sent message can fail: not one already delivered (each later status refused on its own).
    const third = (await send(sb)).stdout.trim();
    expect((await sb.run(['sandbox', 'status', third, 'delivered'])).exitCode).toBe(0);
    const late = await sb.run(['sandbox', 'status', third, 'failed', '--error', 'Too late']);
    expect(late.exitCode).toBe(5);
    expect(late.stderr).toMatch(/already delivered: only a sent message can fail/);
    expect(sb.store.list('messages', (m) => m.message_id === third)[0]).toMatchObject({ status: 'delivered' });
    expect((await sb.run(['sandbox', 'status', 'wamid.nope', 'read'])).exitCode).toBe(4);
  });

  it('sandbox reset: back to the seed, the request log emptied', async () => {
    const sb = await sandbox();
    const before = sb.store.list('tags').length;
    expect((await sb.run(['tags', 'create', '--name', 'gone-after-reset', '--color', '#123456'])).exitCode).toBe(0);
    await sb.run(['sandbox', 'inbound', '--from', '15557654321', '--text', 'hi']);
    expect(sb.store.list('tags')).toHaveLength(before + 1);
    const r = await sb.run(['sandbox', 'reset']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.store.list('tags')).toHaveLength(before);
    expect(sb.store.list('messages', (m) => m.direction === 'inbound')).toHaveLength(0);
    const log = JSON.parse((await sb.run(['api', 'GET', '/_sandbox/requests', '--json'])).stdout);
    expect(log.data.map((x: { path: string }) => x.path)).toEqual(['/_sandbox/requests']);
  });

  it('the request log masks the key in bodies; /_sandbox/ routes need the key', async () => {
    const sb = await sandbox();
    await sb.run(['api', 'POST', '/api/tags', '-f', `name=${sb.config.apiKey}`, '-f', 'color=#123456']);
    const log = JSON.parse((await sb.run(['api', 'GET', '/_sandbox/requests', '--json'])).stdout);
    expect(JSON.stringify(log)).not.toContain(sb.config.apiKey);
    expect(log.data[1]).toMatchObject({ method: 'POST', path: '/api/tags', operation: 'tags.create', status: 201, body: { name: '***' } });
    const res = await fetch(`${sb.url}/_sandbox/requests`);
    expect(res.status).toBe(401);
  });
});

describe('lifecycle', () => {
  it('--auto-status delivered,read moves every sent message, in order, after the delay', async () => {
    const sb = await sandbox({ autoStatus: ['delivered', 'read'], statusDelayMs: 50 });
    const moves = events(sb, 2, (e) => e.kind === 'status');
    const t0 = Date.now();
    const id = (await send(sb)).stdout.trim();
    const [a, b] = (await moves) as Array<Extract<SandboxEvent, { kind: 'status' }>>;
    expect([a.message.message_id, b.message.message_id]).toEqual([id, id]);
    expect(sb.store.list('messages', (m) => m.message_id === id)[0]).toMatchObject({ status: 'read' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(100);
  });

  it('--fail-rate with --random-seed fails the same sends each run, with a reason', async () => {
    const failedOf = async () => {
      const sb = await sandbox({ autoStatus: ['delivered'], statusDelayMs: 1, failRate: 0.5, randomSeed: 42 });
      const moves = events(sb, 8, (e) => e.kind === 'status');
      for (let i = 0; i < 8; i++) await send(sb, `1555123000${i}`);
      const done = (await moves) as Array<Extract<SandboxEvent, { kind: 'status' }>>;
      return done.filter((e) => e.message.status === 'failed').map((e) => [e.message.to, e.message.error]).sort();
    };
    const one = await failedOf();
    expect(one.length).toBeGreaterThan(0);
    expect(one.length).toBeLessThan(8);
    expect(one[0][1]).toMatch(/--fail-rate/);
    expect(await failedOf()).toEqual(one);
  });
});

describe('--forward-to', () => {
  it('500 then 200: two attempts logged in order, the same signed bytes; events to one URL in order', async () => {
    const app = await receiver([500]);
    const sb = await sandbox({ forwardTo: [app.url], forwardBackoffMs: [20, 20, 20, 20] });
    await sb.run(['sandbox', 'inbound', '--from', '15557654321', '--name', 'Ada', '--text', 'first']);
    await sb.run(['sandbox', 'inbound', '--from', '15557654321', '--text', 'second']);
    const hits = await app.until(3);
    // Each request is signed over its exact bytes with the sandbox's webhook secret.
    for (const h of hits) expect(verify('forward-secret-0123', Buffer.from(h.body), h.signature)).toBe(true);
    const texts = hits.map((h) => JSON.parse(h.body).entry[0].changes[0].value.messages[0].text.body);
    expect(texts).toEqual(['first', 'first', 'second']);
    const event = JSON.parse(hits[0].body);
    expect(event).toMatchObject({ object: 'chat_business_account', entry: [{ changes: [{ field: 'messages', value: { contacts: [{ wa_id: '15557654321', profile: { name: 'Ada' } }], messages: [{ from: '15557654321', type: 'text' }] } }] }] });
    await sb.forwarder.idle();
    const list = JSON.parse((await sb.run(['sandbox', 'deliveries', '--json'])).stdout);
    expect(list.map((d: { attempt: number; status_code: number; ok: boolean }) => [d.attempt, d.status_code, d.ok])).toEqual([
      [1, 200, true],
      [2, 200, true],
      [1, 500, false],
    ]);
    expect(list[2].event_id).toBe(list[1].event_id);
    // A forwarded event is what /webhook/chat accepts: replayed there with its signature, it is taken.
    const replay = await fetch(`${sb.url}/webhook/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': hits[0].signature }, body: hits[0].body });
    expect(replay.status).toBe(200);
  });

  it('a status change is forwarded as a statuses event; a refused connection is retried up to 5 attempts; retry sends again', async () => {
    const app = await receiver();
    const sb = await sandbox({ forwardTo: [app.url, 'http://127.0.0.1:1/refused'], forwardBackoffMs: [1, 1, 1, 1] });
    const id = (await send(sb)).stdout.trim();
    expect((await sb.run(['sandbox', 'status', id, 'failed', '--error', 'Blocked'])).exitCode).toBe(0);
    const [hit] = await app.until(1);
    expect(JSON.parse(hit.body).entry[0].changes[0].value.statuses[0]).toMatchObject({ id, status: 'failed', recipient_id: '15551230001', errors: [{ title: 'Blocked' }] });
    await sb.forwarder.idle();
    const refused = sb.deliveries.filter((d) => d.url.includes('refused'));
    expect(refused.map((d) => [d.attempt, d.error])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 'connection refused']));
    const again = await sb.run(['api', 'POST', `/_sandbox/deliveries/${sb.deliveries.find((d) => d.ok)!.id}/retry`]);
    expect(again.exitCode, again.stderr).toBe(0);
    await app.until(2);
    expect(app.hits[1].body).toBe(app.hits[0].body);
  });
});

describe('--forward-to, from a signed /webhook/chat event', () => {
  it('webhook send (a message, then a status of a sent message) is forwarded as received', async () => {
    const app = await receiver();
    const sb = await sandbox({ forwardTo: [app.url] });
    const env = { CHATCRM_WEBHOOK_SECRET: 'forward-secret-0123' };
    expect((await sb.run(['webhook', 'send', '--event', 'message', '--from', '15557654321', '--text', 'via the webhook'], { env })).exitCode).toBe(0);
    const id = (await send(sb)).stdout.trim();
    expect((await sb.run(['webhook', 'send', '--event', 'status', '--message-id', id, '--status', 'delivered'], { env })).exitCode).toBe(0);
    const hits = await app.until(2);
    expect(JSON.parse(hits[0].body).entry[0].changes[0].value.messages[0]).toMatchObject({ from: '15557654321', text: { body: 'via the webhook' } });
    expect(JSON.parse(hits[1].body).entry[0].changes[0].value.statuses[0]).toMatchObject({ id, status: 'delivered' });
  });
});

describe('faults and latency', () => {
  it('--fault chat_send:503 answers sends with 503 (the CLI exits 7), other routes as usual', async () => {
    const sb = await sandbox({ faults: [{ operation: 'chat.send', status: 503, rate: 1 }] });
    const r = await send(sb);
    expect(r.exitCode).toBe(7);
    expect(sb.calls('chat.send').every((c) => c.status === 503)).toBe(true);
    expect((await sb.run(['tags', 'list', '-q'])).exitCode).toBe(0);
  });

  it('--fault *:reset drops the connection', async () => {
    const sb = await sandbox({ faults: [{ operation: '*', status: 'reset', rate: 1 }] });
    const r = await sb.run(['tags', 'list', '--retries', '0']);
    expect(r.exitCode).toBe(7);
    // The sandbox's own routes are spared: the simulators still work.
    expect((await sb.run(['sandbox', 'inbound', '--from', '15557654321', '--text', 'still here'])).exitCode).toBe(0);
  });

  it('--latency delays every answer', async () => {
    const sb = await sandbox({ latency: { min: 300, max: 300 } });
    const t0 = Date.now();
    await fetch(`${sb.url}/api/tags`, { headers: { 'x-api-key': sb.config.apiKey } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  it('--latency spares the sandbox\'s own routes: simulate/inbound answers at once, not after the delay', async () => {
    // 10 s: far above any busy machine's answer time, far below the delay it would have.
    const sb = await sandbox({ latency: { min: 10_000, max: 10_000 } });
    const t0 = Date.now();
    const res = await fetch(`${sb.url}/_sandbox/simulate/inbound`, {
      method: 'POST',
      headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ from: '15557654321', message: { type: 'text', text: { body: 'now' } } }),
    });
    expect(res.status).toBe(201);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});

describe('chatcrm/sandbox (startSandbox), as an integrator\'s test suite uses it', () => {
  it('simulate.status(id, "failed", reason) answers with the message, its reason included', async () => {
    const sb = await startSandbox();
    open.push(sb);
    const res = await fetch(`${sb.url}/api/v2/chat/messages`, {
      method: 'POST',
      headers: { 'x-api-key': sb.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ sender_id: 'wa_snd_cloud_0001', to: '15551230009', message: { type: 'text', text: { body: 'hi' } } }),
    });
    const id = ((await res.json()) as { data: { message_id: string } }).data.message_id;
    expect(await sb.simulate.status(id, 'failed', 'Blocked')).toMatchObject({ message_id: id, status: 'failed', error: 'Blocked' });
  });

  it('close() saves the state file: it holds a tag posted just before', async () => {
    const state = join(tempDir('chatcrm-public-state-'), 'state.json');
    const sb = await startSandbox({ state });
    const res = await fetch(`${sb.url}/api/tags`, { method: 'POST', headers: { 'x-api-key': sb.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'saved-on-close', color: '#123456' }) });
    expect(res.status).toBe(201);
    await sb.close();
    const saved = JSON.parse(readFileSync(state, 'utf8')) as { collections: { tags: Array<{ name: string }> } };
    expect(saved.collections.tags.map((t) => t.name)).toContain('saved-on-close');
  });
});

describe('the inspector\'s event stream', () => {
  it('carries status changes and resets to an open page, not only new messages', { timeout: 2 * HANG_MS }, async () => {
    const sb = await sandbox();
    const id = (await send(sb)).stdout.trim();
    // The stream never ends by itself: a missing event fails at the hang guard, not never.
    const res = await fetch(`${sb.url}/_sandbox/events`, { headers: { 'x-api-key': sb.config.apiKey }, signal: AbortSignal.timeout(HANG_MS) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    /** Read the stream until it has said `line`. */
    const until = async (line: string) => {
      while (!text.includes(`${line}\n`)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await until('retry: 1000'); // the stream is open: its first line came
    expect((await sb.run(['sandbox', 'status', id, 'delivered'])).exitCode).toBe(0);
    await until('event: status');
    expect((await sb.run(['sandbox', 'reset'])).exitCode).toBe(0);
    await until('event: reset');
    await reader.cancel();
  });
});
