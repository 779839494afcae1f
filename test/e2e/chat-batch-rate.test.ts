// --rate N (issue 30, item 4): at most N sends start in any one-second window, from the first,
// paced evenly. Measured where it counts: when each send reached the server. `--rate 5` used to
// send 5 at t=0 and 4 more within the first second.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';

let api: HostileServer;
beforeAll(async () => {
  let n = 0;
  api = await startHostile({
    'GET /api/v2/chat/senders': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}'),
    'POST /api/v2/chat/messages': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { message_id: `wamid.${++n}` } })),
  });
});
afterAll(() => api.close());

/**
 * Sends reach the server a little after they start (the intent's fsync, the connection, a busy
 * machine): this much lateness of one send is allowed. A burst misses the mark by 800 ms and more
 * (the exact pacing is the unit tests' job, with a fake clock).
 */
const LATE_MS = 250;

describe('send-batch --rate', () => {
  it('--rate 5 with 8 in flight: no 6 sends within a second, none at once at the start', async () => {
    const to = Array.from({ length: 11 }, (_, i) => String(15557200000 + i));
    const input = join(tempDir('chatcrm-rate-'), 'rate.csv');
    writeFileSync(input, `to\n${to.join('\n')}\n`);
    const r = await runCli(['chat', 'send-batch', input, '--sender', 'wa_snd_cloud_0001', '--text', 'Hi', '--rate', '5', '--concurrency', '8', '--json'], {
      env: { CHATCRM_BASE_URL: api.url, CHATCRM_API_KEY: 'rate-test-key-0123456789' },
    });
    expect(r.exitCode).toBe(0);
    const sends = api.received.filter((x) => x.path === '/api/v2/chat/messages');
    // One message per recipient.
    expect(sends.map((s) => (JSON.parse(s.body) as { to: string }).to).sort()).toEqual(to);
    const at = sends.map((s) => s.at).sort((a, b) => a - b);
    // No burst at the start: the first five are spread over 800 ms (they went out at once).
    expect(at[4] - at[0], 'sends 1-5').toBeGreaterThanOrEqual(800 - LATE_MS);
    // Any 6 in a row span a second: at most 5 start in any one-second window.
    for (let i = 0; i + 5 < at.length; i++) expect(at[i + 5] - at[i], `sends ${i + 1}-${i + 6}`).toBeGreaterThanOrEqual(1000 - LATE_MS);
  });
});
