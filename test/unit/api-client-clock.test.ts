// The client's waits on a fake clock, against a transport of the test's own: when a retry goes
// (Retry-After, the backoff), when the time budget says not to, Ctrl-C and the caller's deadline
// during a wait, and a 429 that holds every request of a --rate. No real time passes: each
// attempt is stamped with the fake clock's time, so a boundary is an exact number.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../../src/api/transport.js';
import type { ClientOptions } from '../../src/api/types.js';
import { Pacer } from '../../src/batch/limiter.js';
import { ApiError, InterruptedError, NetworkError } from '../../src/core/errors.js';
import { scriptedClient, type Send } from '../helpers/api-client.js';
import { fakeClock, type FakeClock } from '../helpers/fake-clock.js';

/** What the transport answers to the nth attempt (from 1) at a path. */
type Answer = (n: number, path: string) => Exchange;

const reply = (status: number, headers: Record<string, string> = {}, body: unknown = { message: `HTTP ${status}` }): Exchange => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});
const OK = reply(200, {}, { ok: true });

/** A client on `clock` (--timeout 60 s, 2 retries, unless told) whose transport answers by `answer`, and every attempt as `path@time`. */
function setup(answer: Answer, o: Partial<ClientOptions> = {}, clock: FakeClock = fakeClock()) {
  const hits: Record<string, number> = {};
  const send: Send = async (out, attempt) => {
    attempt.connect();
    hits[out.url.pathname] = (hits[out.url.pathname] ?? 0) + 1;
    return answer(hits[out.url.pathname], out.url.pathname);
  };
  return scriptedClient(send, { timeoutMs: 60_000, retries: 2, ...o }, clock);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Retry-After', () => {
  it.each(['POST', 'GET'])('a %s answered 429 with Retry-After: 3 goes again at 3 s, not a millisecond before', async (method) => {
    const { client, clock, sent } = setup((n) => (n === 1 ? reply(429, { 'retry-after': '3' }) : OK));
    const res = await clock.run(client.request({ method, path: '/a', json: method === 'POST' ? {} : undefined }));
    expect(res.status).toBe(200);
    expect(sent).toEqual(['/a@0', '/a@3000']);
  });

  it('a 503 with Retry-After: 0 goes again at once: the server\'s word wins over the backoff', async () => {
    const { client, clock, sent } = setup((n) => (n === 1 ? reply(503, { 'retry-after': '0' }) : OK));
    await clock.run(client.request({ method: 'POST', path: '/b', json: {} }));
    expect(sent).toEqual(['/b@0', '/b@0']);
  });
});

describe('the backoff', () => {
  // retry.ts retryDelay: half of 250 ms × 2^attempt fixed, half random; Math.random() pinned to each end.
  it.each([
    [0, ['/c@0', '/c@125', '/c@375', '/c@875']],
    [1, ['/c@0', '/c@250', '/c@750', '/c@1750']],
  ])('a GET answered 503 without Retry-After: waits of 125-250, 250-500, 500-1000 ms (random() = %d)', async (random, times) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const { client, clock, sent } = setup((n) => (n <= 3 ? reply(503) : OK), { retries: 3 });
    await clock.run(client.request({ method: 'GET', path: '/c' }));
    expect(sent).toEqual(times);
  });
});

describe('the time budget: --timeout × (retries + 1)', () => {
  // A budget of 2 s (1 s × 2 attempts); a retry goes only when its wait leaves the next attempt 50 ms.
  it('a Retry-After that leaves the next attempt 51 ms is waited for', async () => {
    const { client, clock, sent } = setup((n) => (n === 1 ? reply(429, { 'retry-after': '1.949' }) : OK), { timeoutMs: 1000, retries: 1 });
    await clock.run(client.request({ method: 'POST', path: '/d', json: {} }));
    expect(sent).toEqual(['/d@0', '/d@1949']);
  });

  it('one that leaves it 50 ms is not: the 429 is the answer, saying why, at once', async () => {
    const { client, clock, sent } = setup(() => reply(429, { 'retry-after': '1.95' }, { message: 'slow down' }), { timeoutMs: 1000, retries: 1 });
    const err = await clock.run(client.request({ method: 'POST', path: '/d', json: {} })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toMatch(/^slow down \(HTTP 429\); gave up: waiting the \S+ the server asked for \(Retry-After\) would pass the 2s this command may take/);
    expect(sent).toEqual(['/d@0']);
    expect(clock.now()).toBe(0);
  });
});

describe('a wait cut short', () => {
  it('Ctrl-C during a 60 s Retry-After: interrupted when it comes, not retried', async () => {
    const ctrlC = new AbortController();
    const { client, clock, sent } = setup(() => reply(429, { 'retry-after': '60' }), { signal: ctrlC.signal });
    void clock.sleep(1000).then(() => ctrlC.abort());
    const err = await clock.run(client.request({ method: 'POST', path: '/e', json: {} })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect(clock.now()).toBe(1000);
    expect(sent).toEqual(['/e@0']);
  });

  it("the caller's deadline passing during the wait: a timeout of a request not processed", async () => {
    const deadline = new AbortController();
    const { client, clock, sent } = setup(() => reply(429, { 'retry-after': '60' }));
    void clock.sleep(1000).then(() => deadline.abort());
    const err = await clock.run(client.request({ method: 'POST', path: '/f', json: {}, signal: deadline.signal })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'timeout', written: false, message: 'Request timed out while waiting to retry POST http://127.0.0.1:9/f' });
    expect(clock.now()).toBe(1000);
    expect(sent).toEqual(['/f@0']);
  });
});

describe('--rate: a 429 holds every request, not only its own', () => {
  it('Retry-After: 2 on one row: no request of any row goes out until 2 s after it, and the first goes then', async () => {
    const clock = fakeClock();
    const pace = new Pacer(5, clock);
    const { client, sent } = setup((n, path) => (path === '/a' && n === 1 ? reply(429, { 'retry-after': '2' }) : OK), {}, clock);
    const row = async (path: string) => {
      await pace.take();
      return client.request({ method: 'POST', path, json: {}, pace });
    };
    await clock.run(Promise.all([row('/a'), row('/b'), row('/c')]));
    // At 5 a second the first attempt goes out an interval (204 ms) after the run began.
    expect(sent[0]).toBe('/a@204');
    // Then one an interval after another: the retry of /a among them.
    expect(sent.slice(1).map((s) => Number(s.split('@')[1]))).toEqual([204 + 2000, 2408, 2612]);
    expect(sent.slice(1).map((s) => s.split('@')[0]).sort()).toEqual(['/a', '/b', '/c']);
  });
});
