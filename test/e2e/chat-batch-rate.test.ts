// --rate N (issue 30, item 4; issue 46, item 2): at most N requests start in any one-second
// window at the server, every attempt counted (the check before the first send, each send, each
// retry), paced evenly. Measured where it counts: when each request reached the server, on the
// server's monotonic clock. `--rate 5` used to send 5 at t=0 and 4 more within the first second;
// later its retries of 429 and 503 took no turn (12 starts in one second with 429, 11 with 503).
//
// The pacer spaces N + 1 starts SLACK_MS (20 ms) over a second (src/batch/limiter.ts), the margin
// for a request's way from the pacer to the server; test/unit/batch-pacer.test.ts proves that rule
// exactly, on a fake clock. Here the server sees those departures blurred by a busy machine's
// scheduling (two sends 1,020 ms apart at the client arrived 999.6 ms apart with the load at 15),
// so a window is 1,000 - JITTER_MS ms: what this file catches (retries or 429s taking no turn, a
// burst at the start) puts requests a few ms apart, far inside it.
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, tempDir } from '../helpers/cli.js';
import { startHostile, type HostileServer, type Received } from '../helpers/hostile-server.js';

const KEY = 'rate-test-key-0123456789';
const SENDS = '/api/v2/chat/messages';
const json = { 'content-type': 'application/json' };

let api: HostileServer | undefined;
afterEach(() => api?.close());

/**
 * A server whose sends are answered by `fault` on a recipient's first attempt when `faulted(to)`
 * (no fault: 200), and 200 after. `answered`: when (server clock) each fault was written;
 * `events` emits 'send' on each send.
 */
async function server(fault?: { status: number; headers?: Record<string, string> }, faulted = (_to: string) => true) {
  const seen = new Set<string>();
  const answered: number[] = [];
  const events = new EventEmitter();
  let n = 0;
  api = await startHostile({
    'GET /api/v2/chat/senders': (_req, res) => void res.writeHead(200, json).end('{"success":true,"data":[]}'),
    [`POST ${SENDS}`]: (_req, res, body) => {
      const to = (JSON.parse(body) as { to: string }).to;
      events.emit('send');
      if (fault && faulted(to) && !seen.has(to)) {
        seen.add(to);
        res.writeHead(fault.status, { ...json, ...fault.headers }).end('{"success":false,"message":"slow down"}');
        answered.push(performance.now());
        return;
      }
      res.writeHead(200, json).end(JSON.stringify({ success: true, data: { message_id: `wamid.${++n}` } }));
    },
    // --wait delivered: every message asked about is delivered.
    'POST /api/message-status/status': (_req, res, body) => {
      const ids = (JSON.parse(body) as { message_ids: string[] }).message_ids;
      res.writeHead(200, json).end(JSON.stringify({ success: true, data: ids.map((message_id) => ({ message_id, status: 'delivered' })) }));
    },
  });
  return { api, answered, events };
}

const phones = (n: number) => Array.from({ length: n }, (_, i) => String(15557200000 + i));

function input(to: string[]): string {
  const file = join(tempDir('chatcrm-rate-'), 'rate.csv');
  writeFileSync(file, `to\n${to.join('\n')}\n`);
  return file;
}

const batch = (file: string, ...extra: string[]) => ['chat', 'send-batch', file, '--sender', 'wa_snd_cloud_0001', '--text', 'Hi', '--json', ...extra];
const env = (url: string) => ({ CHATCRM_BASE_URL: url, CHATCRM_API_KEY: KEY });

/** The most requests that started in any one-second window [t, t + 1000), on the server's clock. */
const JITTER_MS = 100;

function busiest(received: Received[]): number {
  const t = received.map((r) => r.t).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < t.length; j++) {
    while (t[j] - t[i] >= 1000 - JITTER_MS) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

const sendsTo = (received: Received[]) => received.filter((r) => r.path === SENDS).map((r) => (JSON.parse(r.body) as { to: string }).to);

describe('send-batch --rate: every request at the server', () => {
  it('--rate 5 with 8 in flight: no 6 requests within a second, none at once at the start', async () => {
    const { api } = await server();
    const to = phones(11);
    const r = await runCli(batch(input(to), '--rate', '5', '--concurrency', '8'), { env: env(api.url) });
    expect(r.exitCode, r.stderr).toBe(0);
    // One message per recipient, and the check before them (a request too).
    expect(sendsTo(api.received).sort()).toEqual(to);
    expect(api.received).toHaveLength(12);
    expect(busiest(api.received)).toBe(5);
  });

  it('--rate 5 --wait delivered: the status query takes its turn after the sends, 5 in any second', async () => {
    // Unpaced, the query went right after the last send: six requests within 0.8 s.
    const { api } = await server();
    const r = await runCli(batch(input(phones(6)), '--rate', '5', '--wait', 'delivered'), { env: env(api.url) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 6, final_status: { delivered: 6 } });
    expect(api.received.map((x) => x.path).at(-1)).toBe('/api/message-status/status');
    expect(api.received).toHaveLength(8);
    expect(busiest(api.received)).toBe(5);
  });

  it('--rate 5 with 64 in flight: still 5 in any second', async () => {
    const { api } = await server();
    const r = await runCli(batch(input(phones(12)), '--rate', '5', '--concurrency', '64'), { env: env(api.url) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(api.received).toHaveLength(13);
    expect(busiest(api.received)).toBe(5);
  });

  it.each([
    ['429 (Retry-After: 0)', 429],
    ['503 (Retry-After: 0)', 503],
  ])('every first attempt answered %s, --concurrency 64 --retries 3: each retry takes a turn, 5 in any second', async (_name, status) => {
    const { api } = await server({ status, headers: { 'retry-after': '0' } });
    const to = phones(10);
    const r = await runCli(batch(input(to), '--rate', '5', '--concurrency', '64', '--retries', '3'), { env: env(api.url) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 10, failed: 0 });
    // Each recipient twice (the refused attempt and its retry), and the check.
    expect(sendsTo(api.received)).toHaveLength(20);
    expect(api.received).toHaveLength(21);
    expect(busiest(api.received)).toBe(5);
  });

  it('a 429 with Retry-After: 1 holds every row, not only its own: nothing starts within 1 s of it', async () => {
    // One refusal, of the first send. At --rate 2 the next turn is due 0.51 s after that send:
    // a pacer that held only the refused row would let the second row go then. (The rule to the
    // millisecond, on a fake clock: test/unit/api-client-clock.test.ts; here, the real process.)
    const to = phones(3);
    const { api, answered } = await server({ status: 429, headers: { 'retry-after': '1' } }, (x) => x === to[0]);
    const r = await runCli(batch(input(to), '--rate', '2', '--concurrency', '8', '--retries', '1'), { env: env(api.url) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(answered).toHaveLength(1);
    // The retry and the two other rows, all 1 s or more after the refusal was written.
    const after = api.received.filter((x) => x.t > answered[0]);
    expect(sendsTo(after).sort()).toEqual(to);
    for (const x of after) expect(x.t - answered[0]).toBeGreaterThanOrEqual(1000);
  });

  it('a --resume right after SIGTERM keeps the pace at the seam: 1 in any second across both runs', async () => {
    // At --rate 1 a second run starts well within a second of the first one's last request,
    // and its first request (the check) would go at once.
    const { api, events } = await server();
    const to = phones(4);
    const file = input(to);
    const child = execa('node', [BIN, ...batch(file, '--rate', '1')], { env: cleanEnv(env(api.url)), extendEnv: false, reject: false });
    try {
      await new Promise<void>((resolve) => events.on('send', () => sendsTo(api.received).length === 2 && resolve()));
      child.kill('SIGTERM');
      expect((await child).exitCode).toBe(143);
    } finally {
      child.kill('SIGKILL');
    }
    const again = await runCli(batch(file, '--rate', '1', '--resume'), { env: env(api.url) });
    expect(again.exitCode, again.stderr).toBe(0);
    // Each recipient once, over the two runs (and a check in each).
    expect(sendsTo(api.received).sort()).toEqual(to);
    expect(api.received).toHaveLength(6);
    expect(busiest(api.received)).toBe(1);
  });
});
