// The client's side of the batch's --rate (RequestOptions.pace): every attempt waits to go out,
// each retry takes a turn, a 429 (retried or not, Retry-After or not) holds the pace, and a
// deadline that passes while waiting is a timeout of a request that never went out.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { ClientOptions, Pace } from '../../src/api/types.js';
import { NetworkError } from '../../src/core/errors.js';
import { testClientOptions } from '../helpers/api-client.js';

/** What each path answers, attempt by attempt (1, 2, ...). */
const answers: Record<string, (attempt: number, res: ServerResponse) => void> = {};
const hits: Record<string, number> = {};
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      hits[path] = (hits[path] ?? 0) + 1;
      answers[path](hits[path], res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await client('undici').close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function client(transport: ClientOptions['transport'], retries = 2): ApiClient {
  return new ApiClient(testClientOptions({ baseUrl: base, retries, longRunning: true, transport }));
}

/** A pace that says yes at once and records what it was asked, in order. */
function recorder(): { calls: string[]; pace: Pace } {
  const calls: string[] = [];
  return {
    calls,
    pace: {
      retry: async () => void calls.push('retry'),
      depart: async () => {
        calls.push('depart');
        let told = false;
        return () => void (told || (told = true, calls.push('wire')));
      },
      refused: (ms) => void calls.push(`refused ${ms}`),
    },
  };
}

const json = { 'content-type': 'application/json' };
const ok = (res: ServerResponse) => res.writeHead(200, json).end('{"ok":true}');

describe.each(['node', 'undici'] as const)('a paced request over %s', (transport) => {
  it('a 429 with no Retry-After: the pace is held for the backoff the retry waits, and the retry takes a turn', async () => {
    answers[`/a-${transport}`] = (n, res) => (n === 1 ? res.writeHead(429, json).end('{"message":"slow down"}') : ok(res));
    const { calls, pace } = recorder();
    const r = await client(transport).request({ method: 'POST', path: `/a-${transport}`, json: {}, pace });
    expect(r.status).toBe(200);
    expect(calls).toHaveLength(6);
    expect(calls.slice(0, 2)).toEqual(['depart', 'wire']);
    // The backoff of a first retry: 125 to 250 ms (retry.ts retryDelay).
    const held = Number(/^refused (\d+)$/.exec(calls[2])?.[1]);
    expect(held).toBeGreaterThanOrEqual(125);
    expect(held).toBeLessThanOrEqual(250);
    expect(calls.slice(3)).toEqual(['retry', 'depart', 'wire']);
  });

  it('a 429 on the last attempt (--retries 0) holds the pace all the same, for its Retry-After', async () => {
    answers[`/b-${transport}`] = (_n, res) => res.writeHead(429, { ...json, 'retry-after': '3' }).end('{"message":"slow down"}');
    const { calls, pace } = recorder();
    const r = await client(transport, 0).request({ method: 'POST', path: `/b-${transport}`, json: {}, pace, allowErrors: true });
    expect(r.status).toBe(429);
    expect(calls).toEqual(['depart', 'wire', 'refused 3000']);
  });

  it('a 503 with Retry-After: the retry takes a turn; the pace is not held (only a 429 speaks of the rate)', async () => {
    answers[`/c-${transport}`] = (n, res) => (n === 1 ? res.writeHead(503, { ...json, 'retry-after': '0' }).end('{"message":"later"}') : ok(res));
    const { calls, pace } = recorder();
    await client(transport).request({ method: 'POST', path: `/c-${transport}`, json: {}, pace });
    expect(calls).toEqual(['depart', 'wire', 'retry', 'depart', 'wire']);
  });

  it('an attempt that never reached the wire (connection refused) still hands the turn on, and its retry takes one', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const { calls, pace } = recorder();
    const err = await client(transport, 1).request({ method: 'POST', path: `http://127.0.0.1:${port}/x`, json: {}, pace }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: expect.stringMatching(/^Cannot reach .*ECONNREFUSED \(after 2 attempts\)$/) });
    expect(calls).toEqual(['depart', 'wire', 'retry', 'depart', 'wire']);
  });

  it('a deadline that passes while the attempt waits its turn: a timeout, nothing sent', async () => {
    answers[`/d-${transport}`] = (_n, res) => ok(res);
    const ac = new AbortController();
    const pace: Pace = { retry: async () => undefined, refused: () => undefined, depart: () => (ac.abort(), Promise.reject(new Error('cut short'))) };
    const err = await client(transport).request({ method: 'POST', path: `/d-${transport}`, json: {}, pace, signal: ac.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ message: `Request timed out while waiting for its turn (--rate) to send POST ${base}/d-${transport}`, written: false, code: 'timeout' });
    expect(hits[`/d-${transport}`]).toBeUndefined();
  });
});
