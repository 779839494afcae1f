// contacts import --rate: the tool endpoint's requests are paced as send-batch's are (the list
// before the first row, each row, each retry), and a 429 holds every row, not only its own. It
// used to take the rows' turns only: a retry went out of turn, and the other rows went on
// through the server's Retry-After. Measured at the server, on its monotonic clock.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHostile, type HostileServer, type Received } from '../helpers/hostile-server.js';

const json = { 'content-type': 'application/json' };
const TOOL = { name: 'create_contact', inputSchema: { type: 'object', properties: { phone_number: { type: 'string' }, name: { type: 'string' } }, required: ['phone_number', 'name'] } };
const PHONES = ['15557300001', '15557300002', '15557300003'];

interface Rpc {
  id: number;
  method: string;
  params: { arguments?: { phone_number?: string } };
}

let hs: HostileServer;
/** When (server clock) the one 429 was written. */
const refusedAt: number[] = [];

beforeAll(async () => {
  let n = 0;
  hs = await startHostile({
    'POST /mcp': (_req, res, body) => {
      const rpc = JSON.parse(body) as Rpc;
      const result = (r: unknown) => res.writeHead(200, json).end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result: r }));
      if (rpc.method === 'tools/list') return void result({ tools: [TOOL] });
      // The first row's first attempt is refused for the rate, with a second to wait.
      if (rpc.params.arguments?.phone_number === PHONES[0] && !refusedAt.length) {
        res.writeHead(429, { ...json, 'retry-after': '1' }).end('{"message":"slow down"}');
        refusedAt.push(performance.now());
        return;
      }
      result({ content: [{ type: 'text', text: JSON.stringify({ success: true, data: { _id: `c${++n}` } }) }] });
    },
  });
});
afterAll(() => hs.close());

/** The most requests that arrived within any (1000 - 100) ms: the jitter of a busy machine allowed, as in chat-batch-rate. */
function busiest(received: Received[]): number {
  const t = received.map((r) => r.t).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < t.length; j++) {
    while (t[j] - t[i] >= 900) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe('contacts import --rate', () => {
  it('--rate 2: the list, the rows and a retry two in any second; a 429 (Retry-After: 1) holds every row for its second', async () => {
    const file = join(tempDir('chatcrm-import-rate-'), 'contacts.csv');
    writeFileSync(file, `phone_number,name\n${PHONES.map((p, i) => `${p},Person ${i}`).join('\n')}\n`);
    const r = await runCli(['contacts', 'import', file, '--rate', '2', '--concurrency', '8', '--retries', '1', '--json'], {
      env: { CHATCRM_MCP_URL: hs.url, CHATCRM_BASE_URL: hs.url, CHATCRM_API_KEY: 'import-rate-key-0123456789' },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, sent: 3, failed: 0 });
    const calls = hs.received.filter((x) => x.path === '/mcp');
    // tools/list, then each row once and the refused one again.
    expect(calls.map((x) => (JSON.parse(x.body) as Rpc).method)).toEqual(['tools/list', ...Array(4).fill('tools/call')]);
    expect(busiest(calls)).toBe(2);
    expect(refusedAt).toHaveLength(1);
    const after = calls.filter((x) => x.t > refusedAt[0]);
    expect(after.map((x) => (JSON.parse(x.body) as Rpc).params.arguments?.phone_number).sort()).toEqual(PHONES);
    for (const x of after) expect(x.t - refusedAt[0]).toBeGreaterThanOrEqual(1000);
  });
});
