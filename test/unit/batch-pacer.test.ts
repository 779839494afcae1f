// The --rate pacer (src/batch/limiter.ts) on a fake clock: turns before the intents, retries
// ahead of them, each attempt out on the wire an interval after the one before it, and a 429
// that holds everyone.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Pacer, SLACK_MS } from '../../src/batch/limiter.js';
import { systemClock } from '../../src/core/clock.js';

/**
 * A fake clock whose sleeps advance it (by `late(ms)`: a timer that fires late or early), on the
 * next turn of the event loop: what a waiter let go does first is done at the time it was let go.
 */
function clock(late = (ms: number) => ms) {
  const c = { now: 0, starts: [] as number[] };
  const sleep = (ms: number) => new Promise<void>((r) => setImmediate(() => r(void (c.now += late(ms)))));
  const pacer = (rate: number) => new Pacer(rate, { now: () => c.now, sleep, timer: systemClock.timer });
  const go = async (p: Pacer, n: number) => {
    await Promise.all(Array.from({ length: n }, () => p.take().then(() => c.starts.push(c.now))));
  };
  return { c, pacer, go };
}
/** The most starts in any window [t, t + 1000). */
const busiest = (starts: number[]) => Math.max(...starts.map((t) => starts.filter((s) => s >= t && s < t + 1000).length));

describe('--rate pacer: turns', () => {
  it('gives the first turn at once, then one every (1000 + SLACK_MS) / N ms: N + 1 span just over a second', async () => {
    const { c, pacer, go } = clock();
    await go(pacer(5), 12);
    expect(SLACK_MS).toBe(20);
    expect(c.starts.slice(0, 6)).toEqual([0, 204, 408, 612, 816, 1020]);
    expect(busiest(c.starts)).toBe(5);
    // The boundary: six starts span 1000 + SLACK_MS, not a millisecond less.
    for (let i = 0; i + 5 < c.starts.length; i++) expect(c.starts[i + 5] - c.starts[i]).toBe(1000 + SLACK_MS);
  });

  it('rounds the interval up: N intervals never add up to less than 1000 + SLACK_MS', async () => {
    const { c, pacer, go } = clock();
    await go(pacer(3), 4);
    expect(c.starts[3] - c.starts[0]).toBeGreaterThanOrEqual(1000 + SLACK_MS);
    expect(c.starts[1]).toBe(340);
  });

  it('has no burst after an idle spell', async () => {
    const { c, pacer, go } = clock();
    const p = pacer(4);
    await go(p, 1);
    c.now = 10_000;
    await go(p, 3);
    expect(c.starts).toEqual([0, 10_000, 10_255, 10_510]);
  });

  it('paces from when a turn was given: a late timer does not let the next ones catch up', async () => {
    let n = 0;
    const { c, pacer, go } = clock((ms) => (n++ === 1 ? ms + 700 : ms));
    await go(pacer(5), 8);
    for (let i = 1; i < c.starts.length; i++) expect(c.starts[i] - c.starts[i - 1]).toBeGreaterThanOrEqual(204);
    expect(busiest(c.starts)).toBeLessThanOrEqual(5);
  });

  it('waits again when a timer fires early', async () => {
    const { c, pacer, go } = clock((ms) => Math.max(0.25, ms - 0.5));
    await go(pacer(3), 7);
    for (let i = 1; i < c.starts.length; i++) expect(c.starts[i] - c.starts[i - 1]).toBeGreaterThanOrEqual(340);
    expect(busiest(c.starts)).toBe(3);
  });

  it('gives a retry the next turn, ahead of first attempts that were waiting before it', async () => {
    const { c, pacer } = clock();
    const p = pacer(5);
    const order: string[] = [];
    await p.take();
    const firsts = [1, 2].map((i) => p.take().then(() => order.push(`first ${i} at ${c.now}`)));
    const retry = p.retry().then(() => order.push(`retry at ${c.now}`));
    await Promise.all([...firsts, retry]);
    // The first of the waiting rows already had the clock running for its turn.
    expect(order).toEqual(['first 1 at 204', 'retry at 408', 'first 2 at 612']);
  });

  it('removes its abort listener after every wait (no MaxListenersExceededWarning)', async () => {
    const p = new Pacer(1000, systemClock);
    const ac = new AbortController();
    for (let i = 0; i < 30; i++) await p.take(ac.signal);
    for (let i = 0; i < 30; i++) (await p.depart(ac.signal))();
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
  });

  it('rejects a wait that Ctrl-C cuts short, and the next waiter still gets its turn', async () => {
    const p = new Pacer(1, systemClock);
    await p.take();
    const ac = new AbortController();
    const cut = p.take(ac.signal);
    ac.abort();
    await expect(cut).rejects.toThrow(/Interrupted/);
    const { c, pacer } = clock();
    const q = pacer(5);
    await q.take();
    const gone = new AbortController();
    gone.abort();
    await expect(q.take(gone.signal)).rejects.toThrow(/Interrupted/);
    await q.take();
    expect(c.now).toBe(204);
  });
});

describe('--rate pacer: out on the wire', () => {
  it('lets the first attempt out an interval after the run began (a run right after another keeps the pace at the seam)', async () => {
    const { c, pacer } = clock();
    c.now = 5000;
    const p = pacer(2);
    (await p.depart())();
    expect(c.now).toBe(5510);
  });

  it('begins again when the batch holds its lock: the first attempt an interval after that, not after the flags were read', async () => {
    const { c, pacer } = clock();
    const p = pacer(2);
    c.now = 5000;
    p.begin();
    (await p.depart())();
    expect(c.now).toBe(5510);
  });

  it('lets an attempt out an interval after the one before it went on the wire, however late that was', async () => {
    const { c, pacer } = clock();
    const p = pacer(5);
    const onWire = await p.depart();
    expect(c.now).toBe(204);
    let out = -1;
    const next = p.depart().then((w) => ((out = c.now), w));
    // The first is slow to connect (a new connection, the HTTP client loading): the next waits for it.
    c.now = 300;
    await Promise.resolve();
    expect(out).toBe(-1);
    onWire();
    // Told twice (connected, then over): the first counts.
    c.now = 350;
    onWire();
    (await next)();
    expect(out).toBe(504);
  });

  it('a wait for the wire that the deadline cuts short rejects, and passes the turn on', async () => {
    const { c, pacer } = clock();
    const p = pacer(5);
    const first = await p.depart();
    const ac = new AbortController();
    ac.abort();
    const cut = p.depart(ac.signal);
    const after = p.depart();
    first();
    await expect(cut).rejects.toThrow(/Interrupted/);
    (await after)();
    expect(c.now).toBe(408);
  });
});

describe('--rate pacer: a 429 holds everyone', () => {
  it.each(['take', 'depart'] as const)('no turn and no attempt out until the wait has passed, from when the 429 came (%s)', async (wait) => {
    const { c, pacer } = clock();
    const p = pacer(5);
    await p.take();
    (await p.depart())();
    c.now = 250;
    p.refused(2000);
    // A shorter wait heard later does not cut the longer one short.
    p.refused(100);
    if (wait === 'take') await p.take();
    else (await p.depart())();
    expect(c.now).toBe(2250);
  });

  it('a wait of 0 (Retry-After: 0) holds nobody past the pace', async () => {
    const { c, pacer } = clock();
    const p = pacer(5);
    await p.take();
    p.refused(0);
    await p.take();
    expect(c.now).toBe(204);
  });
});
