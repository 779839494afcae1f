// --wait against a server that is slow, trickles, or floods: --wait-timeout bounds everything the
// wait does (exit 8 with the last status seen, never a send's wording), a 429's Retry-After: 0
// polls no faster than the backoff, and a failure's megabytes of reason are cut, shown once.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';

const SEND = ['chat', 'send', '--to', '15551230001', '--sender', 'wa_snd_cloud_0001', '--text', 'Deployed'];
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

describe('a status query that does not answer in time', () => {
  let hs: HostileServer;
  beforeAll(async () => {
    hs = await startHostile({ 'POST /api/v2/chat/messages': (_req, res) => json(res, 200, { success: true, data: { message_id: 'wamid.T1', status: 'sent' } }) });
  });
  afterAll(() => hs.close());
  const run = (args: string[]) => runCli([...SEND, ...args], { env: { CHATCRM_BASE_URL: hs.url, CHATCRM_API_KEY: 'test-key-0123456789abcdef' } });
  const polls = () => hs.received.filter((r) => r.path === '/api/message-status/status');

  // The deadline to the millisecond, on a fake clock: test/unit/wait-poll.test.ts. Here the real process.
  it('answered after 20 s with --wait-timeout 1s: exit 8 at about 1 s, naming the last status; one poll', async () => {
    hs.route('POST /api/message-status/status', (_req, res) => {
      const t = setTimeout(() => json(res, 200, { success: true, data: [{ message_id: 'wamid.T1', status: 'delivered' }] }), 20_000);
      res.on('close', () => clearTimeout(t));
    });
    const before = polls().length;
    const r = await run(['--wait', 'delivered', '--wait-timeout', '1s']);
    const ended = Date.now();
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toBe('… Sent to 15551230001: sent\nError: message wamid.T1: still sent after waiting 1s for delivered (--wait-timeout 1s); the send is done\n');
    const mine = polls().slice(before);
    expect(mine).toHaveLength(1);
    // Cut at the deadline, not when the answer came (20 s): a wide margin for a busy machine.
    expect(ended - mine[0].at).toBeLessThan(1000 + 4000);
  });

  it("trickling bytes past --wait-timeout: exit 8, not 7 with a send's wording", async () => {
    hs.route('POST /api/message-status/status', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(t));
    });
    const r = await run(['--wait', 'delivered', '--wait-timeout', '1s', '--json']);
    expect(r.exitCode).toBe(8);
    expect(JSON.parse(r.stderr).error).toMatchObject({ code: 'timeout', message: expect.stringMatching(/^message wamid\.T1: still sent after waiting 1s/) });
    expect(r.stderr).not.toMatch(/may have been processed/);
  });

  it('trickling past --timeout (shorter than --wait-timeout): exit 7 naming --timeout, without the wording of a send', async () => {
    const r = await run(['--wait', 'delivered', '--wait-timeout', '30s', '--timeout', '1']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/Request timed out after 1s \(--timeout\): POST \S+\/api\/message-status\/status; stopped waiting for delivered: message wamid\.T1 was sent/);
    expect(r.stderr).not.toMatch(/may have been processed/);
  });

  it('429 with Retry-After: 0 on every poll: no faster than the backoff (3 polls in 1 s, not hundreds)', async () => {
    hs.route('POST /api/message-status/status', (_req, res) => json(res, 429, { success: false, message: 'slow down' }, { 'retry-after': '0' }));
    const before = polls().length;
    const r = await run(['--wait', 'delivered', '--wait-timeout', '1s']);
    expect(r.exitCode).toBe(8);
    // 0, 250, 750 ms; one more allowed for a timer that fires early, one fewer for a busy machine.
    expect(polls().length - before).toBeGreaterThanOrEqual(2);
    expect(polls().length - before).toBeLessThanOrEqual(4);
  });

  it("a failure's 20 MB reason: cut to 4 KB saying how much, in the answer once; the error line quotes its start", async () => {
    const reason = 'r'.repeat(20 * 1024 * 1024);
    hs.route('POST /api/message-status/status', (_req, res) => json(res, 200, { success: true, data: [{ message_id: 'wamid.T1', status: 'failed', error: reason }] }));
    const r = await run(['--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(5);
    const out = JSON.parse(r.stdout);
    expect(out.error).toBe(`${'r'.repeat(4096)}… (${reason.length - 4096} more characters cut)`);
    expect(JSON.parse(r.stderr).error.message).toBe(`message wamid.T1 failed: ${'r'.repeat(199)}…`);
    expect(r.stdout.length + r.stderr.length).toBeLessThan(8 * 1024);
  });

  it('a failed message is marked ✗ in a table run, not ✓', async () => {
    hs.route('POST /api/message-status/status', (_req, res) => json(res, 200, { success: true, data: [{ message_id: 'wamid.T1', status: 'failed', error: 'number blocked' }] }));
    const r = await run(['--wait', 'delivered']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toBe('✗ Sent to 15551230001: failed\nError: message wamid.T1 failed: number blocked\n');
  });
});
