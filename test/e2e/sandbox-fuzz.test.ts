// Whatever arrives, the sandbox answers and stays up (issue 29): seeded, property-based shapes
// of every oddity (objects for strings, toString traps, huge and empty values, bad
// percent-encoding, unknown types) through /webhook/chat (signed), the simulators and every
// REST route with a body; then every feed answers 200 and the page draws it all without a
// script error. A failure prints its seed and path: FUZZ_SEED=... replays it.
import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../src/api/operations.js';
import { sign, SIGNATURE_HEADER } from '../../src/webhook/signature.js';
import { describeWith } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const CHROMIUM = process.env.CHATCRM_CHROMIUM ?? '/usr/bin/chromium';
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

type Shot = { method: string; path: string; body?: unknown; raw?: string; signed?: boolean };

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
const shot = fc.oneof(webhook, webhook, inbound, inbound, status, rest, rest, garbage);

let sb: TestSandbox;
let app: Server;
const logged: string[] = [];

beforeAll(async () => {
  app = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  const hook = `http://u:p%40ss@127.0.0.1:${(app.address() as AddressInfo).port}/hook`;
  // The test helper keeps every body; here the defaults are used, as a user's sandbox has them.
  sb = await startTestSandbox({ apiKey: KEY, webhookSecret: SECRET, forwardTo: [hook], forwardBackoffMs: [], maxRequests: 1000, keepBodyBytes: 64 * 1024, log: (l) => logged.push(l) });
});
afterAll(async () => {
  await sb?.close();
  app?.close();
});

/** One request on its own connection (a refused one is closed under the sender: no reuse may race it); its status. */
function fire(s: Shot): Promise<number> {
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

describe('odd shapes through every door', () => {
  it(`every answer is below 500 (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(shot, async (s) => {
        const code = await fire(s);
        if (code >= 500) throw new Error(`${s.method} ${s.path} answered ${code}: ${logged.at(-1) ?? ''}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(logged.filter((l) => / failed/.test(l))).toEqual([]);
  }, 120_000);

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

describeWith('chromium', existsSync(CHROMIUM), 'the page after the fuzz', () => {
  it('draws every conversation and tab without a script error', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(20_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(sb.inspectorUrl);
      await page.getByText('Live', { exact: true }).waitFor();
      const threads = page.locator('.thread-item');
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
