// --forward-to at its boundaries (issue 31's mutation audit, stryker/unit.conf.mjs): what a
// delivery records for each answer, the signed request, a retry, the kept events, close() and
// clear(), one queue per URL, and the real POST against a local server.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Forwarder, post, type Post } from '../../src/sandbox/forward.js';
import { sign, SIGNATURE_HEADER } from '../../src/webhook/signature.js';

const URL_A = 'http://app.test/hook';
const ok: Post = async () => ({ status: 200, body: '' });
const once = (o: Partial<ConstructorParameters<typeof Forwarder>[0]> = {}) => new Forwarder({ urls: [URL_A], secret: () => 's', backoffMs: [], post: ok, ...o });

describe('a delivery records the answer', () => {
  it('2xx only is ok, 199 and 300 are not; 300-399 are redirects not followed, the rest HTTP N', async () => {
    const statuses = [199, 200, 299, 300, 399, 400, 500];
    const f = once({ post: async (_u, body) => ({ status: JSON.parse(String(body)).status, body: `answer ${JSON.parse(String(body)).status}` }) });
    for (const status of statuses) f.send('status', `wamid.${status}`, { status });
    await f.idle();
    expect(f.deliveries.map((d) => [d.status_code, d.ok, d.error, d.response])).toEqual([
      [199, false, 'HTTP 199', 'answer 199'],
      [200, true, null, 'answer 200'],
      [299, true, null, 'answer 299'],
      [300, false, 'HTTP 300: redirects are not followed', 'answer 300'],
      [399, false, 'HTTP 399: redirects are not followed', 'answer 399'],
      [400, false, 'HTTP 400', 'answer 400'],
      [500, false, 'HTTP 500', 'answer 500'],
    ]);
  });

  it('no answer: a refused connection by name, another error by its message, a non-Error as text', async () => {
    const thrown: unknown[] = [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), new Error('socket hang up'), 'weird'];
    const f = once({ post: async () => Promise.reject(thrown.shift()) });
    for (let i = 0; i < 3; i++) f.send('message', `wamid.${i}`, {});
    await f.idle();
    expect(f.deliveries.map((d) => [d.ok, d.status_code, d.error, d.response])).toEqual([
      [false, null, 'connection refused', ''],
      [false, null, 'socket hang up', ''],
      [false, null, 'weird', ''],
    ]);
  });

  it('the request: the payload as JSON, signed with the secret of the moment, to each URL; the delivery says so', async () => {
    const seen: { url: string; body: string; headers: Record<string, string> }[] = [];
    let secret = 'first-secret';
    const delivered: string[] = [];
    const f = new Forwarder({
      urls: [URL_A, 'http://other.test/b'],
      secret: () => secret,
      backoffMs: [],
      post: async (url, body, headers) => (seen.push({ url, body: String(body), headers }), { status: 204, body: '' }),
      onDelivery: (d) => delivered.push(d.id),
    });
    expect(f.urls).toEqual([URL_A, 'http://other.test/b']);
    const before = Date.now();
    f.send('message', 'wamid.1', { text: 'hi' });
    await f.idle();
    secret = 'second-secret';
    f.send('status', 'wamid.2', { status: 'read' });
    await f.idle();
    const bodies = ['{"text":"hi"}', '{"status":"read"}'];
    expect(seen.map((s) => [s.url, s.body])).toEqual([[URL_A, bodies[0]], ['http://other.test/b', bodies[0]], [URL_A, bodies[1]], ['http://other.test/b', bodies[1]]]);
    expect(seen[0].headers).toEqual({ 'content-type': 'application/json', 'user-agent': 'chatcrm-sandbox', [SIGNATURE_HEADER]: sign('first-secret', Buffer.from(bodies[0])) });
    expect(seen[2].headers[SIGNATURE_HEADER]).toBe(sign('second-secret', Buffer.from(bodies[1])));
    const [d] = f.deliveries;
    expect(d).toMatchObject({ url: URL_A, event: 'message', message_id: 'wamid.1', attempt: 1, signature: seen[0].headers[SIGNATURE_HEADER] });
    expect(d.id).toMatch(/^dlv_[0-9a-f]{16}$/);
    expect(d.event_id).toMatch(/^evt_[0-9a-f]{16}$/);
    // Each URL is its own event; every delivery is told, once.
    expect(new Set(f.deliveries.map((x) => x.event_id)).size).toBe(4);
    expect(delivered).toEqual(f.deliveries.map((x) => x.id));
    expect(Date.parse(d.started_at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(d.started_at)).toBeLessThanOrEqual(Date.now());
    expect(d.duration_ms).toBeGreaterThanOrEqual(0);
    expect(d.duration_ms).toBeLessThan(60_000);
  });

  it('each URL has its own queue: one that hangs does not hold up another', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const f = new Forwarder({
      urls: [URL_A, 'http://other.test/b'],
      secret: () => 's',
      backoffMs: [],
      // A answers only once B has been posted to: one queue for both would never get there.
      post: async (url) => (url === URL_A ? await released : release(), { status: 200, body: '' }),
    });
    f.send('message', 'wamid.1', {});
    await f.idle();
    expect(f.deliveries.map((d) => d.url)).toEqual(['http://other.test/b', URL_A]);
  });
});

describe('one queue per URL, in order', () => {
  it('an event sent while the one before it is in flight waits for it, even once the queue has moved on', async () => {
    const steps: string[] = [];
    let secondStarted!: () => void;
    let releaseSecond!: () => void;
    const started = new Promise<void>((r) => (secondStarted = r));
    const released = new Promise<void>((r) => (releaseSecond = r));
    const f = once({
      post: async (_u, body) => {
        const text = JSON.parse(String(body)).text as string;
        steps.push(text);
        if (text === 'second') secondStarted(), await released;
        steps.push(`${text} answered`);
        return { status: 200, body: '' };
      },
    });
    f.send('message', 'wamid.1', { text: 'first' });
    f.send('message', 'wamid.2', { text: 'second' });
    await started;
    f.send('message', 'wamid.3', { text: 'third' });
    // Whatever could post `third` now has run (a queue of its own would have).
    await new Promise((r) => setImmediate(r));
    releaseSecond();
    await f.idle();
    expect(steps).toEqual(['first', 'first answered', 'second', 'second answered', 'third', 'third answered']);
  });
});

describe('retry, and the events kept for it', () => {
  it('a retry sends the same bytes to the same URL as the same event, attempts counted from 1; an unknown id is undefined', async () => {
    const bodies: string[] = [];
    const f = once({ post: async (_u, body) => (bodies.push(String(body)), { status: 500, body: '' }) });
    f.send('message', 'wamid.1', { text: 'again' });
    await f.idle();
    const first = f.deliveries[0];
    expect(f.retry('dlv_unknown')).toBeUndefined();
    expect(f.retry(first.id)).toMatchObject({ event_id: first.event_id, url: URL_A, event: 'message', message_id: 'wamid.1' });
    await f.idle();
    expect(bodies).toEqual(['{"text":"again"}', '{"text":"again"}']);
    expect(f.deliveries.map((d) => [d.event_id, d.attempt])).toEqual([
      [first.event_id, 1],
      [first.event_id, 1],
    ]);
  });

  it('keeps the last 1,000 events for a retry; a retried event counts as recent', async () => {
    const f = once();
    f.send('message', 'wamid.0', {});
    await f.idle();
    const d0 = f.deliveries[0];
    // Closed: the events below are kept for a retry but never posted, so the log keeps d0.
    f.close();
    for (let i = 1; i < 1000; i++) f.send('message', `wamid.${i}`, {});
    // 1,000 events, all kept; the retry makes wamid.0 the most recent.
    expect(f.retry(d0.id)).toBeDefined();
    // The 1,001st lets the oldest go: wamid.1, not the retried wamid.0.
    f.send('message', 'wamid.1000', {});
    expect(f.retry(d0.id)).toBeDefined();
    for (let i = 1001; i <= 2000; i++) f.send('message', `wamid.${i}`, {});
    expect(f.retry(d0.id)).toBeUndefined();
    await f.idle();
    expect(f.deliveries).toEqual([d0]);
  });
});

describe('close() and clear()', () => {
  it('close() ends a pause at once: no further attempt, and no attempt for an event sent after', async () => {
    let posts = 0;
    const f = new Forwarder({
      urls: [URL_A],
      secret: () => 's',
      backoffMs: [3_600_000],
      post: async () => (posts++, { status: 500, body: '' }),
      // The real pause (an hour), closed once it has begun (after the failed attempt's turn):
      // only close() can end it within the test's time, and no attempt may follow it.
      onDelivery: () => setImmediate(() => f.close()),
    });
    f.send('message', 'wamid.1', {});
    await f.idle();
    f.send('message', 'wamid.2', {});
    await f.idle();
    expect(posts).toBe(1);
    expect(f.deliveries).toHaveLength(1);
  });

  it('close() during a request: the aborted attempt is not logged nor told', async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    const told: string[] = [];
    const f = once({
      post: (_u, _b, _h, _t, signal) => new Promise((_, reject) => (started(), signal.addEventListener('abort', () => reject(new Error('aborted'))))),
      onDelivery: (d) => told.push(d.id),
    });
    f.send('message', 'wamid.1', {});
    await inFlight;
    f.close();
    await f.idle();
    expect(f.deliveries).toEqual([]);
    expect(told).toEqual([]);
  });

  it('clear() forgets the log, the count let go and the events, and forwarding goes on', async () => {
    const f = once();
    for (let i = 0; i < 1001; i++) f.send('message', `wamid.${i}`, {});
    await f.idle();
    const old = f.deliveries[0];
    expect(f.dropped).toBe(1);
    f.clear();
    expect(f.deliveries).toEqual([]);
    expect(f.dropped).toBe(0);
    expect(f.retry(old.id)).toBeUndefined();
    f.send('message', 'wamid.new', {});
    await f.idle();
    expect(f.deliveries.map((d) => d.message_id)).toEqual(['wamid.new']);
    // Its event is kept again (the events map still works after clear()).
    expect(f.retry(f.deliveries[0].id)).toBeDefined();
  });

  it('the default pause ends by itself: a failed attempt is tried again', async () => {
    const answers = [500, 200];
    const f = once({ backoffMs: [1], post: async () => ({ status: answers.shift()!, body: '' }) });
    f.send('message', 'wamid.1', {});
    await f.idle();
    expect(f.deliveries.map((d) => [d.attempt, d.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});

describe('post() against a local server', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
    server = undefined;
  });
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    server = createServer(handler);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  };

  it('POSTs the bytes with their length and the headers; the answer: its status and its first 500 characters', async () => {
    let got: { method?: string; headers: IncomingHttpHeaders; body: string } | undefined;
    const url = await listen((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got = { method: req.method, headers: req.headers, body };
        res.writeHead(201);
        // In pieces, past the cap.
        for (let i = 0; i < 4; i++) res.write('x'.repeat(300));
        res.end('tail');
      });
    });
    const body = Buffer.from('{"text":"é"}');
    const res = await post(`${url}/hook`, body, { 'x-test': 'yes' }, 60_000, new AbortController().signal);
    expect(res).toEqual({ status: 201, body: 'x'.repeat(500) });
    expect(got).toMatchObject({ method: 'POST', body: '{"text":"é"}', headers: { 'x-test': 'yes', 'content-length': String(body.length) } });
  });

  it('an answer cut off mid-body rejects (it does not hang)', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('short', () => res.destroy());
    });
    await expect(post(url, Buffer.from('{}'), {}, 60_000, new AbortController().signal)).rejects.toThrow();
  });

  it('the signal aborts a request in flight', async () => {
    const stop = new AbortController();
    const url = await listen(() => stop.abort());
    await expect(post(url, Buffer.from('{}'), {}, 60_000, stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an https:// URL is spoken to in TLS (a plain server sees a connection, the POST fails), an http:// one in plain HTTP', async () => {
    let connections = 0;
    const url = await listen((_req, res) => res.end('plain'));
    server!.on('connection', () => connections++);
    await expect(post(url.replace('http:', 'https:'), Buffer.from('{}'), {}, 60_000, new AbortController().signal)).rejects.toThrow();
    expect(connections).toBe(1);
    expect(await post(url, Buffer.from('{}'), {}, 60_000, new AbortController().signal)).toEqual({ status: 200, body: 'plain' });
  });
});
