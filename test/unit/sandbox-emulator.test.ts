// Pure parts of the sandbox emulator: the forward backoff (the real schedule), the --fault and
// --latency parsers, the flags' checks, the seeded random source.
import { describe, expect, it } from 'vitest';
import { Forwarder, FORWARD_BACKOFF_MS, FORWARD_TIMEOUT_MS } from '../../src/sandbox/forward.js';
import { delayOf, parseFault, parseLatency, pickFault } from '../../src/sandbox/faults.js';
import { parseDelay } from '../../src/core/duration.js';
import { seededRandom } from '../../src/sandbox/random.js';

describe('forwarding backoff', () => {
  it('a failing URL gets 5 attempts, after pauses of 1, 2, 4 and 8 s, with a 10 s deadline each', async () => {
    const pauses: number[] = [];
    const deadlines: number[] = [];
    const f = new Forwarder({
      urls: ['http://app.test/hook'],
      secret: () => 's',
      post: async (_u, _b, _h, timeoutMs) => (deadlines.push(timeoutMs), { status: 503, body: 'busy' }),
      sleep: async (ms) => void pauses.push(ms),
    });
    f.send('message', 'wamid.1', { object: 'chat_business_account' });
    await f.idle();
    expect(FORWARD_BACKOFF_MS).toEqual([1000, 2000, 4000, 8000]);
    expect(pauses).toEqual([1000, 2000, 4000, 8000]);
    expect(deadlines).toEqual(Array(5).fill(FORWARD_TIMEOUT_MS));
    expect(FORWARD_TIMEOUT_MS).toBe(10_000);
    expect(f.deliveries.map((d) => [d.attempt, d.error])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 'HTTP 503']));
  });

  it('stops at the first 2xx; a redirect is a failure, not followed', async () => {
    const answers = [302, 200];
    const f = new Forwarder({ urls: ['http://app.test/hook'], secret: () => 's', post: async () => ({ status: answers.shift()!, body: '' }), sleep: async () => undefined });
    f.send('status', 'wamid.2', {});
    await f.idle();
    expect(f.deliveries.map((d) => [d.attempt, d.ok, d.error])).toEqual([
      [1, false, 'HTTP 302: redirects are not followed'],
      [2, true, null],
    ]);
  });
});

describe('forwarding order under retries', () => {
  it('an event queued while an earlier one waits to be retried arrives after that retry: first, first, second', async () => {
    const arrived: string[] = [];
    const answers = [500];
    let pausing!: () => void;
    let resume!: () => void;
    const paused = new Promise<void>((r) => (pausing = r));
    const f = new Forwarder({
      urls: ['http://app.test/hook'],
      secret: () => 's',
      post: async (_u, body) => (arrived.push(JSON.parse(String(body)).text), { status: answers.shift() ?? 200, body: '' }),
      // The pause before the retry ends when the test says so, after `second` is queued.
      sleep: () => (pausing(), new Promise<void>((r) => (resume = r))),
    });
    f.send('message', 'wamid.1', { text: 'first' });
    await paused;
    f.send('message', 'wamid.2', { text: 'second' });
    // Whatever could run before the retry has run (a second queue would have posted by now).
    await new Promise((r) => setImmediate(r));
    resume();
    await f.idle();
    expect(arrived).toEqual(['first', 'first', 'second']);
  });
});

describe('--fault and --latency', () => {
  const names = new Map([['chat_send', 'chat.send'], ['chat.send', 'chat.send']]);
  it('parses OPERATION:STATUS[:RATE]', () => {
    expect(parseFault('chat_send:503', names)).toEqual({ operation: 'chat.send', status: 503, rate: 1 });
    expect(parseFault('*:timeout:0.25', names)).toEqual({ operation: '*', status: 'timeout', rate: 0.25 });
    expect(parseFault('chat.send:reset', names)).toEqual({ operation: 'chat.send', status: 'reset', rate: 1 });
  });
  it.each([
    ['nope:500', /--fault: unknown operation "nope"/],
    ['chat_send:99', /--fault: STATUS must be an HTTP status/],
    ['chat_send:500:2', /--fault: RATE must be a number from 0 to 1/],
    ['chat_send', /--fault: expected OPERATION:STATUS/],
  ])('%s is refused naming --fault', (v, msg) => expect(() => parseFault(v, names)).toThrow(msg));
  it('latency: MS or MIN-MAX, drawn from the seeded source', () => {
    expect(parseLatency('250')).toEqual({ min: 250, max: 250 });
    expect(parseLatency('10-20')).toEqual({ min: 10, max: 20 });
    expect(() => parseLatency('20-10')).toThrow(/--latency/);
    expect(() => parseLatency('fast')).toThrow(/--latency/);
    const a = seededRandom(7);
    const b = seededRandom(7);
    const draws = Array.from({ length: 20 }, () => delayOf({ min: 10, max: 20 }, a));
    expect(draws).toEqual(Array.from({ length: 20 }, () => delayOf({ min: 10, max: 20 }, b)));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...draws)).toBeLessThanOrEqual(20);
  });
  it('a fault with a rate plays on that share of requests', () => {
    const r = seededRandom(1);
    const faults = [{ operation: 'chat.send', status: 503 as const, rate: 0.3 }];
    const hits = Array.from({ length: 1000 }, () => pickFault(faults, 'chat.send', r)).filter(Boolean).length;
    expect(hits).toBeGreaterThan(230);
    expect(hits).toBeLessThan(370);
    expect(pickFault(faults, 'tags.list', r)).toBeUndefined();
  });
  it('--status-delay takes ms, s and m', () => {
    expect(parseDelay('--status-delay', '1s')).toBe(1000);
    expect(parseDelay('--status-delay', '250ms')).toBe(250);
    expect(parseDelay('--status-delay', '2m')).toBe(120_000);
    expect(() => parseDelay('--status-delay', 'soon')).toThrow(/--status-delay: must be a duration/);
  });
});

describe('--state saving', () => {
  it('a write is saved within the interval, not at once; close() saves what is left; the file is always whole JSON', async () => {
    const { mkdtempSync, readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { Saver } = await import('../../src/sandbox/state.js');
    const { Store } = await import('../../src/sandbox/store.js');
    const dir = mkdtempSync(join(tmpdir(), 'chatcrm-saver-'));
    const file = join(dir, 'state.json');
    const store = new Store(file);
    const saver = new Saver(store, file, () => undefined, 60_000);
    saver.saveNow();
    store.insert('tags', { name: 'one' });
    saver.changed();
    // Not written on the request path: the file still has no tag.
    expect(JSON.parse(readFileSync(file, 'utf8')).collections.tags).toBeUndefined();
    await saver.close();
    expect(JSON.parse(readFileSync(file, 'utf8')).collections.tags.map((t: { name: string }) => t.name)).toEqual(['one']);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('many writes within the interval: nothing written at once, all of them saved by the timer', async () => {
    const { mkdtempSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { Saver } = await import('../../src/sandbox/state.js');
    const { Store } = await import('../../src/sandbox/store.js');
    const file = join(mkdtempSync(join(tmpdir(), 'chatcrm-saver-')), 'state.json');
    const store = new Store(file);
    const saver = new Saver(store, file, () => undefined, 30);
    for (let i = 0; i < 100; i++) {
      store.insert('tags', { name: `t${i}` });
      saver.changed();
    }
    const before = statSync(file, { throwIfNoEntry: false });
    expect(before).toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    await saver.close();
    expect(JSON.parse(readFileSync(file, 'utf8')).collections.tags).toHaveLength(100);
  });

  it('under load the next save waits three times as long as the last took, never less than the interval', async () => {
    const { saveDelay } = await import('../../src/sandbox/state.js');
    // Quick saves: the interval.
    expect(saveDelay(200, 0)).toBe(200);
    expect(saveDelay(200, 66)).toBe(200);
    // Just past a third of the interval, and a slow save under load.
    expect(saveDelay(200, 67)).toBe(201);
    expect(saveDelay(200, 500)).toBe(1500);
  });
});

describe('a forward attempt', () => {
  it('with no answer in time is a failed attempt naming the deadline', async () => {
    const { createServer } = await import('node:http');
    const { post } = await import('../../src/sandbox/forward.js');
    const server = createServer(() => undefined);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    try {
      await expect(post(`http://127.0.0.1:${port}/`, Buffer.from('{}'), {}, 100, new AbortController().signal)).rejects.toThrow('no answer within 0.1 s');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('keeps the last 1,000 deliveries', async () => {
    const f = new Forwarder({ urls: ['http://app.test/hook'], secret: () => 's', post: async () => ({ status: 200, body: '' }) });
    for (let i = 0; i < 1005; i++) f.send('message', `wamid.${i}`, {});
    await f.idle();
    expect(f.deliveries).toHaveLength(1000);
    expect(f.deliveries[0].message_id).toBe('wamid.5');
  });
});
