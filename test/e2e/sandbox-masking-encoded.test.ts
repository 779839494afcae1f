// Masking on decoded text (issue 43, item 4): a client may write the key, the webhook secret, a
// token or a --forward-to password in a path or a query in any spelling a URL allows — each
// character as it is or percent-encoded, hex in either case, a space as `+` — and the request
// log, the page's feed, its live deltas and the deliveries still show none of them. Seeded:
// FUZZ_SEED=... replays a failure.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskFor } from '../../src/sandbox/mask.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const SEED = Number(process.env.FUZZ_SEED ?? 430004);
const SECRETS = { apiKey: 'Api Key+1/x', webhookSecret: 'wh%sec-AbC', verifyToken: 'verify tök 42', inspectorToken: 'InSp-Tok-9' };
const PASSWORD = 'p@ss wörd';
const ALL = [...Object.values(SECRETS), PASSWORD];
/** What a raw path or query may hold as it is. */
const SAFE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/;

/** One character: as it is (pick 0–1, where allowed), a space as `+` (pick 0), else its UTF-8 bytes percent-encoded, hex lower (2), upper (3) or mixed. */
function spell(ch: string, pick: number): string {
  if (ch === ' ' && pick === 0) return '+';
  if (pick <= 1 && SAFE.test(ch)) return ch;
  const hex = [...Buffer.from(ch)].map((b) => b.toString(16).padStart(2, '0'));
  const cased = (h: string) => (pick === 3 ? h.toUpperCase() : pick === 2 ? h : [...h].map((d, k) => ((pick + k) % 2 ? d.toUpperCase() : d)).join(''));
  return hex.map((h) => `%${cased(h)}`).join('');
}
const spelled = (secret: string) => fc.array(fc.nat(3), { minLength: [...secret].length, maxLength: [...secret].length }).map((picks) => [...secret].map((ch, i) => spell(ch, picks[i])).join(''));

/** A text decoded as a URL would be (once), with `+` and space as one. */
const decoded = (s: string) =>
  s
    .replace(/(%[0-9a-fA-F]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    })
    .replace(/\+/g, ' ');

/** The secrets found in any string or key of a shown value, as written or decoded. */
function leaks(shown: unknown): string[] {
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v.replace(/\+/g, ' '), decoded(v));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (texts.push(k.replace(/\+/g, ' '), decoded(k)), walk(x));
  };
  walk(shown);
  return ALL.filter((secret) => texts.some((t) => t.includes(secret.replace(/\+/g, ' '))));
}

describe('the mask, on its own', () => {
  it('finds a secret in any spelling inside any text, whatever the secret holds (seeded)', () => {
    const unit = fc.constantFrom('a', 'Z', '0', ' ', '+', '%', '/', 'é', '€', '-', '😀');
    const secret = fc.string({ minLength: 2, maxLength: 12, unit });
    fc.assert(
      fc.property(secret.chain((s) => fc.tuple(fc.constant(s), spelled(s), fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))), ([s, written, before, after]) => {
        const mask = maskFor({ apiKey: s, webhookSecret: '#1#', verifyToken: '#2#', inspectorToken: '#3#' });
        const shown = (mask({ path: `/api/${before}${written}${after}` }) as { path: string }).path;
        expect(shown).toContain('***');
        expect(decoded(shown)).not.toContain(s.replace(/\+/g, ' '));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

let sb: TestSandbox;
let app: Server;

beforeAll(async () => {
  app = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  // The password as a user might write it: `ö` with its hex in mixed case.
  const hook = `http://hook:p%40ss%20w%c3%B6rd@127.0.0.1:${(app.address() as AddressInfo).port}/hook`;
  sb = await startTestSandbox({ ...SECRETS, forwardTo: [hook], forwardBackoffMs: [] });
});
afterAll(async () => {
  await sb?.close();
  app?.close();
});

/** A request with its path as written (no client re-encodes it); answered or refused, it is logged. */
const raw = (path: string, key = 'not-the-key') =>
  new Promise<string>((resolve, reject) => {
    request(`${sb.url}${path}`, { headers: { 'x-api-key': key }, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });

/** The live deltas (the page's event stream) until one holds `until`. */
async function deltas(until: string, start: () => Promise<unknown>): Promise<unknown[]> {
  const res = await fetch(`${sb.url}/_sandbox/events`, { headers: { 'x-api-key': SECRETS.apiKey } });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  await start();
  while (!text.includes(until)) text += (await reader.read()).value ?? '';
  await reader.cancel();
  return text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
}

describe('the sandbox, shown a secret in any spelling in a path or a query', () => {
  it('keeps every secret out of the request log, the feed, the live deltas and the deliveries (seeded)', async () => {
    const place = fc.constantFrom(
      (w: string) => `/api/tags/${w}`,
      (w: string) => `/api/tags/x${w}y`,
      (w: string) => `/api/tags?search=${w}`,
      (w: string) => `/api/tags?${w}=1`,
      (w: string) => `/nowhere/${w}?q=${w}`,
    );
    const live = await deltas('/api/tags/the-end', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ALL).chain(spelled), place, async (written, at) => void (await raw(at(written)))),
        { seed: SEED, numRuns: 200 },
      );
      await raw('/api/tags/the-end');
    });
    expect(live.length).toBeGreaterThan(200);
    expect(leaks(live)).toEqual([]);
    // An inbound message is forwarded: a delivery to the URL with the password.
    const inbound = await fetch(`${sb.url}/_sandbox/simulate/inbound`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': SECRETS.apiKey }, body: JSON.stringify({ from: '15550001111', message: { type: 'text', text: { body: 'hi' } } }) });
    expect(inbound.status).toBe(201);
    await sb.forwarder.idle();
    const shown = [await raw('/_sandbox/deliveries', SECRETS.apiKey), await raw('/_sandbox/inspector', SECRETS.apiKey)];
    for (const page of [1, 2, 3]) shown.push(await raw(`/_sandbox/requests?limit=100&page=${page}`, SECRETS.apiKey));
    const parsed = shown.map((t) => JSON.parse(t) as { data: unknown });
    expect((parsed[0].data as unknown[]).length).toBe(1);
    expect(parsed.slice(2).flatMap((p) => p.data as unknown[]).length).toBeGreaterThan(200);
    expect(leaks(parsed)).toEqual([]);
    expect(leaks(shown)).toEqual([]);
  }, 120_000);
});
