// The inspector's live deltas (inspector/live.ts): each event becomes what the page applies —
// the message with its thread, a status's fields, a request row, a delivery, the record tables —
// masked by the sandbox's mask, and bounded (a huge body is cut as the feed cuts it).
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SandboxEvents, type SandboxEvent } from '../../src/sandbox/events.js';
import type { SandboxEnv } from '../../src/sandbox/http.js';
import type { Retention } from '../../src/sandbox/inspector/serve.js';
import { createLive, deltaOf, eventText, feedRequest, MAX_EVENT, MAX_REQUEST_TEXT, type LiveSources } from '../../src/sandbox/inspector/live.js';
import { MAX_TEXT } from '../../src/sandbox/inspector/views.js';
import { maskFor } from '../../src/sandbox/mask.js';
import type { Received } from '../../src/sandbox/request.js';
import { Store } from '../../src/sandbox/store.js';

const KEY = 'live-secret-key-0123456789';
const mask = maskFor({ apiKey: KEY, webhookSecret: 'whsec-live', verifyToken: 'vt-live', inspectorToken: 'insp-live' });
const retention: Retention = { messages: { limit: 10, kept: 3, dropped: 1 }, requests: { limit: 10, kept: 1, dropped: 0 }, deliveries: { limit: 10, kept: 0, dropped: 0 } };

function setup() {
  const store = new Store();
  store.insert('contacts', { phone_number: '15550000001', name: 'Ada' });
  const out = (id: string, to: string, body: string) =>
    store.insert('messages', { message_id: id, to, sender_id: 'snd', direction: 'outbound', status: 'sent', type: 'text', message: { type: 'text', text: { body } }, sent_at: '2026-01-01T12:00:00.000Z' });
  const received: Received[] = [];
  const sources: LiveSources = { received, retention: () => retention };
  // The delta as a plain record: the tests read its fields whatever its kind.
  return { store, out, received, sources, delta: (e: SandboxEvent): Record<string, unknown> => deltaOf(e, store, mask, sources) };
}

const request = (seq: number, body: unknown): Received => ({ seq, at: '2026-01-01T12:00:00.000Z', method: 'POST', path: '/api/v2/chat/messages', query: {}, headers: { 'x-api-key': KEY }, body, operation: 'chat.send', status: 200, duration_ms: 3, bodyBytes: 10 });

describe('the live delta of each event', () => {
  it('a message: its view as the feed draws it, its thread (named from the contact), the retention', () => {
    const { out, delta } = setup();
    const d = delta({ kind: 'message', message: out('w1', '15550000001', 'Hello') });
    expect(d).toEqual({
      kind: 'message',
      thread: { key: 'contact:15550000001', id: '15550000001', kind: 'contact', title: 'Ada', phone: '15550000001', sender_id: 'snd', last_at: '2026-01-01T12:00:00.000Z', messages: [] },
      message: expect.objectContaining({ id: 'w1', direction: 'outbound', status: 'sent', content: { text: 'Hello' }, reactions: [] }),
      retention,
    });
  });

  it('a message with a secret in its body: masked in the delta', () => {
    const { out, delta } = setup();
    const d = delta({ kind: 'message', message: out('w1', '15550000001', `my key is ${KEY}, the hook's whsec-live`) });
    expect(JSON.stringify(d)).not.toContain(KEY);
    expect(JSON.stringify(d)).not.toContain('whsec-live');
    expect((d.message as { content: { text: string } }).content.text).toBe("my key is ***, the hook's ***");
  });

  it('a body of MAX_TEXT characters is whole; one more is cut, saying how many went', () => {
    const { out, delta } = setup();
    const at = (d: Record<string, unknown>) => (d.message as { content: { text: string } }).content.text;
    expect(at(delta({ kind: 'message', message: out('w1', '1555', 'x'.repeat(MAX_TEXT)) }))).toBe('x'.repeat(MAX_TEXT));
    expect(at(delta({ kind: 'message', message: out('w2', '1555', 'x'.repeat(MAX_TEXT + 1)) }))).toBe(`${'x'.repeat(MAX_TEXT)}… (1 more characters)`);
    const huge = delta({ kind: 'message', message: out('w3', '1555', 'y'.repeat(100_000)) });
    expect(JSON.stringify(huge).length).toBeLessThan(MAX_TEXT + 2000);
  });

  it('mentions: the first 50 shown, each whole when short, a long one cut', () => {
    const { store, delta } = setup();
    const names = Array.from({ length: 51 }, (_, i) => (i === 1 ? 'm'.repeat(MAX_TEXT + 2) : `name${i}`));
    const doc = store.insert('messages', { message_id: 'w1', to: 'g', direction: 'outbound', status: 'sent', type: 'text', message: { type: 'text', text: { body: 'hi' }, mentions: names } });
    const mentions = (delta({ kind: 'message', message: doc }).message as { content: { mentions: string[] } }).content.mentions;
    expect(mentions).toHaveLength(50);
    expect(mentions[0]).toBe('name0');
    expect(mentions[1]).toBe(`${'m'.repeat(MAX_TEXT)}… (2 more characters)`);
    expect(mentions[49]).toBe('name49');
  });

  it('a reaction belongs to the thread of the message it reacts to', () => {
    const { store, out, delta } = setup();
    out('w1', '15550000001', 'Hello');
    const reaction = store.insert('messages', { message_id: 'w2', from: '15550000009', direction: 'inbound', type: 'reaction', message: { type: 'reaction', reaction: { message_id: 'w1', emoji: '👍' } }, received_at: '2026-01-01T12:01:00.000Z' });
    const d = delta({ kind: 'message', message: reaction });
    expect(d.thread).toMatchObject({ key: 'contact:15550000001', last_at: '2026-01-01T12:01:00.000Z' });
    expect(d.message).toMatchObject({ id: 'w2', direction: 'inbound', content: { reaction: { emoji: '👍', message_id: 'w1' } } });
  });

  it('a status: the message id, status, reason and times alone, no content', () => {
    const { store, out, delta } = setup();
    const m = out('w1', '15550000001', 'Hello');
    const failed = store.update('messages', m._id, { status: 'failed', error: `refused for ${KEY}` })!;
    expect(delta({ kind: 'status', message: failed })).toEqual({ kind: 'status', thread: 'contact:15550000001', message: { id: 'w1', status: 'failed', error: 'refused for ***' } });
  });

  it('a request: the log entry with its number, masked, a long body cut like a long text', () => {
    const { received, delta } = setup();
    received.push(request(7, { note: KEY }), request(8, { note: 'z'.repeat(10_000) }));
    expect(delta({ kind: 'request', request: { seq: 7 } })).toEqual({ kind: 'request', request: feedRequest(received[0], mask), retention });
    expect(delta({ kind: 'request', request: { seq: 7 } }).request).toMatchObject({ seq: 7, path: '/api/v2/chat/messages', body: { note: '***' } });
    const long = (delta({ kind: 'request', request: { seq: 8 } }).request as { body: string }).body;
    expect(long).toMatch(/^\{"note":"z+… \(\d+ more characters\)$/);
    expect(long.length).toBeLessThan(MAX_REQUEST_TEXT + 100);
    // Just inside the limit: whole, as it was.
    received.push(request(9, { note: 'z'.repeat(MAX_REQUEST_TEXT - '{"note":""}'.length) }));
    expect(delta({ kind: 'request', request: { seq: 9 } }).request).toMatchObject({ body: { note: 'z'.repeat(MAX_REQUEST_TEXT - 11) } });
  });

  it('a request the log has dropped already: its kind alone (the number still counts)', () => {
    const { delta } = setup();
    expect(delta({ kind: 'request', request: { seq: 99 } })).toEqual({ kind: 'request' });
  });

  it('a delivery, masked; a record change, the tables; a reset, itself', () => {
    const { store, delta } = setup();
    expect(delta({ kind: 'delivery', delivery: { id: 'd1', url: `https://u:${KEY}@app.example/hook` } })).toEqual({ kind: 'delivery', delivery: { id: 'd1', url: 'https://u:***@app.example/hook' } });
    const change = delta({ kind: 'change', collection: 'contacts.create' });
    expect((change.records as { name: string; count: number }[]).find((t) => t.name === 'contacts')).toMatchObject({ count: 1, rows: [['Ada', '15550000001', '', '', '']] });
    store.insert('contacts', { phone_number: '1', name: KEY });
    expect(JSON.stringify(delta({ kind: 'change' }))).not.toContain(KEY);
    expect(delta({ kind: 'reset' })).toEqual({ kind: 'reset' });
  });
});

describe('an event on the stream', () => {
  it('names its kind and carries its number; a delta past MAX_EVENT goes as stale', () => {
    expect(eventText(3, { kind: 'reset' })).toBe('event: reset\ndata: {"seq":3,"kind":"reset"}\n\n');
    const fits = { kind: 'change', records: 'r'.repeat(MAX_EVENT - 40) };
    expect(eventText(4, fits)).toContain('"records"');
    expect(JSON.stringify({ seq: 4, ...fits }).length).toBeLessThanOrEqual(MAX_EVENT);
    const over = { kind: 'change', records: 'r'.repeat(MAX_EVENT) };
    expect(eventText(5, over)).toBe('event: change\ndata: {"seq":5,"kind":"change","stale":true}\n\n');
  });

  it('is stale past 128 KB by number, not only by the constant: a 200,000-character delta is, a 130,000-character one is not', () => {
    expect(eventText(6, { kind: 'change', records: 'r'.repeat(200_000) })).toBe('event: change\ndata: {"seq":6,"kind":"change","stale":true}\n\n');
    expect(eventText(7, { kind: 'change', records: 'r'.repeat(130_000) })).toContain('"records"');
  });

  it('whatever a message holds, its event is one well-formed SSE event, bounded, with no secret (seeded)', () => {
    const { store, delta } = setup();
    const text = fc.oneof(fc.string({ maxLength: 200 }), fc.constant(KEY), fc.string({ maxLength: 50 }).map((s) => `${s}${KEY}${s}`), fc.constant('\n\ndata: x\n\n'));
    const message = fc.record({ type: fc.constantFrom('text', 'image', 'location', 'reaction', 'template', 'odd'), body: text, n: fc.integer(), long: fc.nat({ max: 3 }) });
    let i = 0;
    fc.assert(
      fc.property(message, ({ type, body, n, long }) => {
        const b = body.repeat(long * 500 + 1);
        const doc = store.insert('messages', { message_id: `m${i++}`, to: b, name: b, direction: n % 2 ? 'inbound' : 'outbound', from: b, type, error: b, message: { type, [type]: { body: b, caption: b, url: b, name: b, address: b, emoji: b, message_id: b, latitude: n } } });
        const line = eventText(i, delta({ kind: 'message', message: doc }));
        expect(line).not.toContain(KEY);
        expect(line.length).toBeLessThanOrEqual(MAX_EVENT + 100);
        // One event: its data is one line of JSON, whatever newlines the message held.
        const [head, data, ...rest] = line.split('\n');
        expect(head).toBe('event: message');
        expect(rest).toEqual(['', '']);
        expect(JSON.parse(data.slice('data: '.length)).seq).toBe(i);
      }),
      { seed: 36, numRuns: 200 },
    );
  });
});

describe('the streams', () => {
  /** A stream that records what it was sent, holding `unread` bytes its reader has not taken yet. */
  const stream = (unread: number) => {
    const sent: string[] = [];
    const res = { writableLength: unread, writeHead: () => res, write: (t: string) => sent.push(t), end: () => undefined };
    return { sent, res: res as unknown as ServerResponse, req: new EventEmitter() as IncomingMessage };
  };

  it('each event numbered once for every stream; one read too slowly (over 1 MiB unread) skips it, the next number shows the gap', () => {
    const { store, sources } = setup();
    const events = new SandboxEvents();
    const live = createLive({ store, mask, events } as unknown as SandboxEnv, sources, {});
    const quick = stream(0);
    const slow = stream(1024 * 1024 + 1);
    const full = stream(1024 * 1024);
    for (const s of [quick, slow, full]) live.stream(s.req, s.res);
    events.emit({ kind: 'reset' });
    expect(live.seq()).toBe(1);
    expect(quick.sent).toEqual(['retry: 1000\n\n', 'event: reset\ndata: {"seq":1,"kind":"reset"}\n\n']);
    // Just at the limit: still sent.
    expect(full.sent).toEqual(quick.sent);
    expect(slow.sent).toEqual(['retry: 1000\n\n']);
    // A stream closed is sent nothing more; the numbers go on.
    quick.req.emit('close');
    events.emit({ kind: 'reset' });
    expect(quick.sent).toHaveLength(2);
    expect(full.sent.at(-1)).toBe('event: reset\ndata: {"seq":2,"kind":"reset"}\n\n');
    live.close();
  });

  it('with no page connected nothing is built (a load test pays only the count); the first page gets the next number', () => {
    const { store, out, sources } = setup();
    const events = new SandboxEvents();
    let masked = 0;
    const counting = (value: unknown) => (masked++, mask(value));
    const live = createLive({ store, mask: counting, events } as unknown as SandboxEnv, sources, {});
    events.emit({ kind: 'message', message: out('w1', '15550000001', 'Hello') });
    events.emit({ kind: 'request', request: { seq: 1 } });
    expect(live.seq()).toBe(2);
    expect(masked).toBe(0);
    const page = stream(0);
    live.stream(page.req, page.res);
    events.emit({ kind: 'message', message: out('w2', '15550000001', 'Again') });
    expect(masked).toBeGreaterThan(0);
    expect(page.sent.at(-1)).toMatch(/^event: message\ndata: \{"seq":3,/);
    live.close();
  });
});
