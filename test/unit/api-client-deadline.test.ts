// The client's two timers on a fake clock, against a transport of the test's own: the deadline
// of an attempt (--timeout; with retries, what is left of the command's budget) and a
// download's idle limit (--timeout between chunks). No socket and no real time: a boundary is an
// exact millisecond. That the real transports obey the cancel at each stage (connect, TLS,
// headers, body) is shown against real servers: api-client.test.ts, e2e/trust-no-server.test.ts.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attempt, Exchange } from '../../src/api/transport.js';
import type { ClientOptions } from '../../src/api/types.js';
import { NetworkError } from '../../src/core/errors.js';
import { scriptedClient } from '../helpers/api-client.js';
import type { FakeClock } from '../helpers/fake-clock.js';

const OK: Exchange = { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"ok":true}') };

/** What the transport does with an attempt: answer (after a while on the clock), or hang until cancelled. */
type Script = (attempt: Attempt, clock: FakeClock) => Promise<Exchange>;

/** Connected (the request may have been written), then answered `ms` later unless cancelled first. */
const answerAfter = (ms: number, res: Exchange = OK): Script => (attempt, clock) => {
  attempt.connect();
  return new Promise((resolve, reject) => {
    attempt.cancelWith(reject);
    void clock.sleep(ms).then(() => resolve(res));
  });
};

/** Never connected (a TLS handshake nobody answers): ends only when cancelled. */
const neverConnected: Script = (attempt) => new Promise((_resolve, reject) => attempt.cancelWith(reject));

/** A client on a fake clock (--timeout 1 s, no retries, unless told), and every attempt as `path@time`. */
const setup = (script: Script, o: Partial<ClientOptions> = {}) => scriptedClient((_out, attempt, clock) => script(attempt, clock), { timeoutMs: 1000, retries: 0, ...o });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the deadline of an attempt (--timeout)', () => {
  it('an answer at 999 ms of a 1 s --timeout is the answer, and its deadline goes with it', async () => {
    const { client, clock } = setup(answerAfter(999));
    const res = await clock.run(client.request({ method: 'POST', path: '/a', json: {} }));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(clock.now()).toBe(999);
    // Not left to fire later: a batch would hold one per row for --timeout.
    expect(clock.pending()).toBe(0);
  });

  it('none by 1000 ms (one due at 1000 comes too late): cancelled then, a timeout (exit 7) of a POST that may have been processed', async () => {
    const { client, clock, sent } = setup(answerAfter(1000));
    const err = await clock.run(client.request({ method: 'POST', path: '/a', json: {} })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({
      exitCode: 7,
      code: 'timeout',
      written: true,
      message: 'Request timed out after 1s (--timeout): POST http://127.0.0.1:9/a; the request may have been processed: check before sending again',
    });
    expect(clock.now()).toBe(1000);
    expect(sent).toEqual(['/a@0']);
  });

  it.each([
    ['POST', neverConnected, false],
    ['GET', answerAfter(60_000), true],
  ] as const)('a %s not answered is retried after the backoff; the budget (1 s × 2) cuts the last attempt short, and the error quotes --timeout', async (method, script, written) => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { client, clock, sent } = setup(script, { retries: 1 });
    const err = await clock.run(client.request({ method, path: '/t', json: method === 'POST' ? {} : undefined })).catch((e: unknown) => e);
    // The first attempt ends at 1000, the backoff is 125 ms, and the budget ends at 2000 (not 2125).
    expect(sent).toEqual(['/t@0', '/t@1125']);
    expect(clock.now()).toBe(2000);
    expect(err).toMatchObject({ exitCode: 7, code: 'timeout', written, message: `Request timed out after 1s (--timeout): ${method} http://127.0.0.1:9/t (after 2 attempts)` });
  });
});

describe("a download's idle limit (--timeout between chunks)", () => {
  /** A download whose body is `source`, and its reading to the end (or its error), run on the clock. */
  async function download(feed: (source: PassThrough, clock: FakeClock) => Promise<void>) {
    const source = new PassThrough();
    const { client, clock } = setup(async () => ({ status: 200, headers: { 'content-type': 'text/csv' }, stream: source }));
    const res = await clock.run(client.request({ method: 'GET', path: '/f.csv', response: 'file' }));
    void feed(source, clock);
    const read = (async () => {
      let text = '';
      for await (const chunk of res.stream!) text += String(chunk);
      return text;
    })();
    const outcome = await clock.run(read).catch((e: unknown) => e);
    return { outcome, clock };
  }

  /** Writes each chunk after its wait (ms since the one before), unless the download was given up first; then ends it or not. */
  const drip = (chunks: [number, string][], end: boolean) => async (source: PassThrough, clock: FakeClock) => {
    for (const [wait, chunk] of chunks) {
      await clock.sleep(wait);
      if (source.destroyed) return;
      source.write(chunk);
    }
    if (end) source.end();
  };

  it('a chunk every 999 ms keeps a 1 s --timeout download going for as long as it takes', async () => {
    const { outcome, clock } = await download(drip([[999, 'a,'], [999, 'b,'], [999, 'c,'], [999, 'd']], true));
    expect(outcome).toBe('a,b,c,d');
    expect(clock.now()).toBe(3996);
    expect(clock.pending()).toBe(0);
  });

  it.each([
    ['after a chunk', [[999, 'a,'], [1000, 'b']], 1999],
    ['from the headers', [[1000, 'a']], 1000],
  ] as [string, [number, string][], number][])('silent for 1000 ms %s (the next chunk due just then): stalled then, a timeout (exit 7)', async (_when, chunks, at) => {
    const { outcome, clock } = await download(drip(chunks, true));
    expect(outcome).toBeInstanceOf(NetworkError);
    expect(outcome).toMatchObject({ exitCode: 7, code: 'timeout', written: true, message: 'Download stalled: no data for 1s from http://127.0.0.1:9/f.csv' });
    expect(clock.now()).toBe(at);
  });
});
