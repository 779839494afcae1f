// Whatever arrives, the sandbox answers and stays up (issue 29): seeded, property-based shapes
// of every oddity (objects for strings, toString traps, huge and empty values, bad
// percent-encoding, unknown types) through /webhook/chat (signed), the simulators and every
// REST route with a body; then every feed answers 200 and the page draws it all without a
// script error. Issue 43 adds depth (arrays and objects nested up to 100,000 levels), width
// (up to 100,000 keys) and each area's update and delete paths on live records; then a
// restart from --state holds the store as it was, record for record. A failure prints its
// seed and path: FUZZ_SEED=... replays it.
import { rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../src/api/operations.js';
import { sign, SIGNATURE_HEADER } from '../../src/webhook/signature.js';
import { hasChromium, openBrowser } from '../helpers/browser.js';
import { describeWith, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const SEED = Number(process.env.FUZZ_SEED ?? 290029);
// Each run sends one request of a few dozen odd values; a few hundred runs stay within seconds.
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const KEY = '12345678';
const SECRET = 'fuzz-webhook-secret';

const odd: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.constant({ toString: 1 }),
  fc.constant({ toString: 1, valueOf: 1 }),
  fc.constant(''),
  fc.constant('x'.repeat(20_000)),
  fc.constantFrom('https://cdn.example.com/photo%E0%A4%A.jpg', '%zz', '%', 'https://x.example/%E0%A4%A', '15551230001', Number(KEY), KEY),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.constant({ toString: 1 })), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.constant({ toString: 1 })), { maxKeys: 4 }),
);
const kind = fc.oneof(fc.constantFrom('text', 'image', 'video', 'audio', 'document', 'location', 'template', 'reaction', 'interactive', 'no-such-type'), odd);
const message = fc.record(
  {
    type: kind,
    text: fc.oneof(fc.record({ body: odd }), odd),
    image: fc.record({ url: odd, caption: odd, file: fc.oneof(fc.record({ size: odd, mime_type: odd, filename: odd }), odd) }, { requiredKeys: [] }),
    document: fc.record({ url: odd, filename: odd }, { requiredKeys: [] }),
    location: fc.record({ latitude: odd, longitude: odd, name: odd, address: odd }, { requiredKeys: [] }),
    template: fc.record({ template_id: odd, body_variables: odd, language_code: odd, header_media: odd }, { requiredKeys: [] }),
    reaction: fc.record({ emoji: odd, message_id: odd }, { requiredKeys: [] }),
    mentions: odd,
  },
  { requiredKeys: ['type'] },
);
const phone = fc.oneof(fc.constantFrom('15551230001', '15550009999'), odd);

/** `live`: the path's `{id}` and a body's `ids` name a record of the area that exists (picked when sent). */
type Shot = { method: string; path: string; body?: unknown; raw?: string; signed?: boolean; live?: { area: string; pick: number } };

/** Each area's records, by the prefix of its operation ids: what its update and delete paths name. */
const COLLECTIONS: Record<string, string> = {
  tags: 'tags', segments: 'segments', flows: 'flows', customFields: 'custom_fields', currencies: 'currencies', teams: 'teams', taxes: 'taxes',
  quickReplies: 'quick_replies', chatbots: 'chatbots', notifications: 'notifications', campaigns: 'campaigns', subscription: 'subscriptions',
  replyMaterials: 'reply_materials', messageStatus: 'messages', contacts: 'contacts',
};

const webhook = fc
  .record({
    messages: fc.array(fc.record({ from: phone, id: odd, timestamp: odd, ...{} }).chain((head) => message.map((m) => ({ ...m, ...head }))), { maxLength: 3 }),
    contacts: fc.array(fc.record({ wa_id: phone, profile: fc.oneof(fc.record({ name: odd }), odd) }), { maxLength: 2 }),
    statuses: fc.array(fc.record({ id: odd, status: fc.oneof(fc.constantFrom('delivered', 'read', 'failed'), odd), timestamp: odd, errors: odd }), { maxLength: 2 }),
    metadata: odd,
  })
  .map((value): Shot => ({ method: 'POST', path: '/webhook/chat', signed: true, body: { object: 'chat_business_account', entry: [{ id: 'x', changes: [{ field: 'messages', value }] }] } }));
const inbound = fc.record({ from: phone, name: odd, sender_id: odd, message: fc.oneof(message, odd) }, { requiredKeys: ['message'] }).map((body): Shot => ({ method: 'POST', path: '/_sandbox/simulate/inbound', body }));
const status = fc.record({ message_id: odd, status: odd, error: odd }, { requiredKeys: [] }).map((body): Shot => ({ method: 'POST', path: '/_sandbox/simulate/status', body }));
const restOps = (Object.values(operations) as Operation[]).filter((o) => o.body && !o.multipart && !o.noAuth && o.base !== 'mcp');
const rest = fc
  .record({ op: fc.constantFrom(...restOps), id: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('%E0%A4%A', '%zz', KEY)), body: fc.oneof(fc.dictionary(fc.string({ maxLength: 12 }), odd, { maxKeys: 6 }), odd) })
  .map(({ op, id, body }): Shot => ({ method: op.method, path: op.path.replace(/\{[^}]+\}/g, () => (/%/.test(id) ? id : encodeURIComponent(id) || 'x')), body }));
const garbage = fc.constantFrom('{', '[1,', '"\\ud800"', '{"a":', 'null', '1e999999').map((raw): Shot => ({ method: 'POST', path: '/api/tags', raw }));

// Updates and deletes of records that exist: every write route of an area, with fields that may pass.
const writeOps = (Object.entries(operations) as Array<[string, Operation]>).filter(([id, o]) => o.method !== 'GET' && !o.multipart && !o.noAuth && o.base !== 'mcp' && id.split('.')[0] in COLLECTIONS);
const plausible = fc.dictionary(
  fc.constantFrom('name', 'title', 'message', 'color', 'rate', 'code', 'symbol', 'type', 'status', 'keyword', 'is_recurring', 'recurring_pattern', 'confirm', 'message_ids', 'contact_ids'),
  fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 50 }), fc.constantFrom('#12AB34', 'GBP', true, 'text', 'weekly', 'read', 'customer'), odd),
  { maxKeys: 4 },
);
const live = fc
  .record({ op: fc.constantFrom(...writeOps), pick: fc.nat(), body: fc.oneof(plausible, plausible, fc.dictionary(fc.string({ maxLength: 12 }), odd, { maxKeys: 4 })) })
  .map(({ op: [id, op], pick, body }): Shot => ({ method: op.method, path: op.path, body: op.body === 'common.ids' ? { ids: [] } : body, live: { area: id.split('.')[0], pick } }));

/** `depth` arrays (or objects) one in another around `leaf`, as JSON text. */
const nested = (depth: number, kind: 'array' | 'object', leaf: string) => (kind === 'array' ? '['.repeat(depth) + leaf + ']'.repeat(depth) : '{"a":'.repeat(depth) + leaf + '}'.repeat(depth));
const wide = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;
// Around the limit (64) and far past it, up to 100,000 levels (over the 100 KiB limit: 413) and 100,000 keys.
const depth = fc.oneof(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 70, max: 100_000 }));
const width = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: 100_000 }));
const big = fc.oneof(
  fc.record({ depth, kind: fc.constantFrom('array' as const, 'object' as const) }).map(({ depth, kind }) => nested(depth, kind, '"x"')),
  width.map(wide),
);
const bigShot = fc.record({ value: big, door: fc.nat(3), n: fc.nat(99_999) }).map(({ value, door, n }): Shot => {
  if (door === 0) return { method: 'POST', path: '/api/tags', raw: `{"name":"big-${n}","color":"#123456","extra":${value}}` };
  if (door === 1) return { method: 'POST', path: '/_sandbox/simulate/inbound', raw: `{"from":"1555000${String(n).padStart(4, '0')}","message":{"type":"text","text":{"body":"big"},"extra":${value}}}` };
  if (door === 2) return { method: 'POST', path: '/webhook/chat', signed: true, raw: `{"object":"chat_business_account","entry":[{"id":"x","changes":[{"field":"messages","value":{"messages":[{"from":"15550001111","id":"wamid.big${n}","type":"text","text":{"body":"big"},"x":${value}}]}}]}]}` };
  return { method: 'PUT', path: '/api/tags/{tag_id}', raw: `{"color":"#654321","extra":${value}}`, live: { area: 'tags', pick: n } };
});
const shot = fc.oneof(webhook, webhook, inbound, inbound, status, rest, rest, garbage, live, live, live, bigShot, bigShot);

let sb: TestSandbox;
let app: Server;
let dir: string;
const logged: string[] = [];

beforeAll(async () => {
  app = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  const hook = `http://u:p%40ss@127.0.0.1:${(app.address() as AddressInfo).port}/hook`;
  // The test helper keeps every body; here the defaults are used, as a user's sandbox has them.
  dir = tempDir('chatcrm-fuzz-');
  sb = await startTestSandbox({ apiKey: KEY, webhookSecret: SECRET, forwardTo: [hook], forwardBackoffMs: [], maxRequests: 1000, keepBodyBytes: 64 * 1024, stateFile: `${dir}/state.json`, log: (l) => logged.push(l) });
});
afterAll(async () => {
  await sb?.close();
  app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A live shot's path and `ids` with a record of its area that exists now (or a made-up id when it has none). */
function resolved(s: Shot): Shot {
  if (!s.live) return s;
  const docs = sb.store.list(COLLECTIONS[s.live.area]);
  const doc = docs[s.live.pick % Math.max(1, docs.length)];
  const id = String((s.live.area === 'messageStatus' ? doc?.message_id : doc?._id) ?? 'none');
  const body = s.body && typeof s.body === 'object' && 'ids' in s.body ? { ids: [id] } : s.body;
  return { ...s, path: s.path.replace(/\{[^}]+\}/g, id), body };
}

/** One request on its own connection (a refused one is closed under the sender: no reuse may race it); its status. */
function fire(shot: Shot): Promise<number> {
  const s = resolved(shot);
  const raw = Buffer.from(s.raw ?? JSON.stringify(s.body));
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(raw.length) };
  if (s.signed) headers[SIGNATURE_HEADER] = sign(SECRET, raw);
  else headers['x-api-key'] = KEY;
  return new Promise((resolve, reject) => {
    const req = request(`${sb.url}${s.path}`, { method: s.method, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // A body over the 100 KiB limit is answered 413 before it is read, and may be cut off while it is still being sent.
    req.on('error', (err) => (raw.length > 100 * 1024 ? resolve(413) : reject(err)));
    req.end(raw);
  });
}

/** How many updates and deletes of live records were taken and refused: both must happen. */
const lives = { passed: 0, refused: 0 };

describe('odd shapes through every door', () => {
  it(`every answer is below 500 (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(shot, async (s) => {
        const code = await fire(s);
        if (code >= 500) throw new Error(`${s.method} ${s.path} answered ${code}: ${logged.at(-1) ?? ''}`);
        if (s.live) lives[code < 400 ? 'passed' : 'refused']++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(logged.filter((l) => / failed|cannot save/.test(l))).toEqual([]);
    expect(lives.passed).toBeGreaterThan(10);
    expect(lives.refused).toBeGreaterThan(10);
  }, 180_000);

  it('then every feed answers 200 with JSON', async () => {
    await sb.forwarder.idle();
    for (const path of ['/_sandbox/inspector', '/_sandbox/requests?limit=100', '/_sandbox/deliveries?limit=100']) {
      const res = await fetch(`${sb.url}${path}`, { headers: { 'x-api-key': KEY } });
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
      expect(() => JSON.parse(text)).not.toThrow();
    }
  }, 60_000);
});

describeWith('chromium', hasChromium, 'the page after the fuzz', () => {
  it('draws every conversation and tab without a script error', async () => {
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(20_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(sb.inspectorUrl);
      await page.getByText('Live', { exact: true }).waitFor();
      const threads = page.locator('.thread-item');
      // "Live" says the event stream is open; the conversations come with the feed, maybe later.
      await threads.first().waitFor();
      const count = Math.min(await threads.count(), 40);
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await threads.nth(i).click();
      for (const view of ['requests', 'deliveries', 'records', 'conversations']) await page.locator(`nav button[data-view="${view}"]`).click();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});

describe('a restart from --state after the fuzz', () => {
  it('holds the store as it was, record for record', async () => {
    const before = JSON.parse(JSON.stringify(sb.store.data)) as typeof sb.store.data;
    await sb.close();
    // Another port: a kept-alive connection to the closed one would be reused.
    sb = await startTestSandbox({ apiKey: KEY, webhookSecret: SECRET, stateFile: `${dir}/state.json`, port: 0 });
    const after = sb.store.data;
    expect(Object.keys(after.collections).sort()).toEqual(Object.keys(before.collections).sort());
    for (const [name, docs] of Object.entries(before.collections)) {
      expect(after.collections[name].length, name).toBe(docs.length);
      docs.forEach((doc, i) => expect(JSON.stringify(after.collections[name][i]), `${name}[${i}]`).toBe(JSON.stringify(doc)));
    }
    // The port is the new start's (0: a free one); the rest of meta (the key, tokens, dropped counts) as saved.
    expect({ ...after.meta, port: 0 }).toEqual({ ...before.meta, port: 0 });
    const list = await fetch(`${sb.url}/api/tags?limit=100`, { headers: { 'x-api-key': KEY } });
    expect(list.status).toBe(200);
  }, 60_000);
});
