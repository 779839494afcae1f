// --wait delivered|read on one send (chat send, chat groups send) and on message-status get:
// the sandbox plays the channel (--auto-status, --fail-rate), a hostile server the bad days.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_REASON } from '../../src/sandbox/autostatus.js';
import { BIN, cleanEnv, HANG_MS, runCli } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const SEND = ['chat', 'send', '--to', '15551230001', '--sender', 'wa_snd_cloud_0001', '--text', 'Deployed'];
const GROUP_SEND = ['chat', 'groups', 'send', '--sender', 'wa_snd_device_0002', '--group-id', '120363040000000000@g.us', '--text', 'Standup'];
const polls = (sb: TestSandbox) => sb.calls('messageStatus.get');

describe('the channel delivers and reads (--auto-status delivered,read --status-delay 200ms)', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ autoStatus: ['delivered', 'read'], statusDelayMs: 200 });
  });
  afterAll(() => sb.close());

  it('chat send --wait read: exit 0, the answer with the status and the time of each status', async () => {
    const r = await sb.run([...SEND, '--wait', 'read', '-o', 'json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ message_id: expect.stringMatching(/^wamid\./), to: '15551230001', status: 'read' });
    for (const k of ['sent_at', 'delivered_at', 'read_at']) expect(Date.parse(out[k])).not.toBeNaN();
    expect(out.failed_at).toBeUndefined();
    // Followed through the bulk status query, with the id the send answered.
    expect(polls(sb).at(-1)!.body).toEqual({ message_ids: [out.message_id] });
  });

  it('chat send --wait delivered: a table run says the status it reached, and stops at delivered', async () => {
    const before = polls(sb).length;
    const r = await sb.run([...SEND, '--wait', 'delivered']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/Sent to 15551230001: (delivered|read)/);
    expect(r.stdout).toMatch(/STATUS\s+(delivered|read)/);
    expect(polls(sb).length).toBeGreaterThan(before);
  });

  it('chat groups send --wait delivered: the same wait', async () => {
    const r = await sb.run([...GROUP_SEND, '--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ group_id: '120363040000000000@g.us', status: expect.stringMatching(/^(delivered|read)$/) });
    expect(polls(sb).at(-1)!.body).toEqual({ message_ids: [out.message_id] });
  });

  it('without --wait nothing is followed; --dry-run waits for nothing', async () => {
    const before = polls(sb).length;
    expect((await sb.run(SEND)).exitCode).toBe(0);
    const dry = await sb.run([...SEND, '--wait', 'read', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('POST');
    expect(polls(sb).length).toBe(before);
  });
});

describe('nothing moves the status (no --auto-status)', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  it('--wait-timeout 1s: exit 8 after about 1 s, naming sent; the send is printed', async () => {
    const r = await sb.run([...SEND, '--wait', 'delivered', '--wait-timeout', '1s', '--json']);
    const ended = Date.now();
    expect(r.exitCode).toBe(8);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'timeout', message: expect.stringMatching(/still sent after waiting 1(\.\d)?s for delivered .*the send is done/) } });
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'sent' });
    const sent = sb.calls('chat.send').at(-1)!;
    const p = polls(sb);
    expect(ended - Date.parse(sent.at)).toBeGreaterThanOrEqual(900);
    expect(ended - Date.parse(sent.at)).toBeLessThan(1000 + 5000);
    // None after the run gave up. (That the last is before the deadline and none at it is timed on
    // a fake clock in test/unit/wait-poll.test.ts: here the sandbox's clock starts at the send, not
    // at the wait, and a loaded machine moves a poll by more than a backoff step.)
    expect(Date.parse(p.at(-1)!.at)).toBeLessThanOrEqual(ended);
    // Backoff from 250 ms: a few polls in 1 s (0, 250, 750 ms), not one every few ms.
    expect(p.length).toBeGreaterThanOrEqual(2);
    expect(p.length).toBeLessThanOrEqual(5);
  });

  it('message-status get --wait: a message read earlier is done at once (read counts as delivered)', async () => {
    const id = JSON.parse((await sb.run([...SEND, '--json'])).stdout).message_id;
    expect((await sb.run(['message-status', 'read', id])).exitCode).toBe(0);
    const before = polls(sb).length;
    const r = await sb.run(['message-status', 'get', id, '--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ message_id: id, status: 'read' })]);
    expect(polls(sb).length - before).toBe(1);
  });

  it('message-status get --wait read, still sent after 500ms: exit 8', async () => {
    const id = JSON.parse((await sb.run([...SEND, '--json'])).stdout).message_id;
    const r = await sb.run(['message-status', 'get', id, '--wait', 'read', '--wait-timeout', '500ms']);
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toMatch(new RegExp(`message ${id}: still sent after waiting`));
  });

  it.each([
    [['--wait', 'sent'], /--wait/],
    [['--wait', 'delivered', '--wait-timeout', 'soon'], /--wait-timeout: must be a duration such as 500ms, 1s or 2m, got "soon"/],
    [['--wait', 'delivered', '--wait-timeout', '0s'], /--wait-timeout: must be more than 0/],
    [['--wait-timeout', '2m'], /--wait-timeout: only with --wait/],
    [['--wait', 'delivered', '--via-mcp'], /--wait: not with --via-mcp/],
  ])('refuses %j before sending', async (flags, message) => {
    await sb.refused([...SEND, ...flags], message);
  });

  it('Ctrl-C during the wait: exit 130, the send is done', async () => {
    const first = new Promise<void>((resolve) => {
      const off = sb.events.on((e) => e.kind === 'request' && e.request.operation === 'messageStatus.get' && (off(), resolve()));
    });
    const child = execa('node', [BIN, ...SEND, '--wait', 'delivered'], { env: cleanEnv(sb.env), extendEnv: false, reject: false, timeout: HANG_MS });
    await first;
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(String(r.stderr)).toMatch(/Stopped waiting for delivered \(Ctrl-C\): message wamid\.\S+ was sent/);
    expect(String(r.stdout)).toMatch(/STATUS\s+sent/);
  });
});

describe('the channel fails every message (--fail-rate 1)', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ failRate: 1, statusDelayMs: 100 });
  });
  afterAll(() => sb.close());

  it('exit 5 with the reason; the answer carries failed, its time and the error', async () => {
    const r = await sb.run([...SEND, '--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(5);
    const err = JSON.parse(r.stderr).error;
    expect(err).toMatchObject({ code: 'message_failed' });
    expect(err.message).toContain(FAIL_REASON);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ status: 'failed', error: FAIL_REASON });
    expect(Date.parse(out.failed_at)).not.toBeNaN();
  });
});

describe('a server that misbehaves during the wait', () => {
  let hs: HostileServer;
  const sent = (_req: unknown, res: import('node:http').ServerResponse) =>
    void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { message_id: 'wamid.T1', status: 'sent' } }));
  beforeAll(async () => {
    hs = await startHostile({ 'POST /api/v2/chat/messages': sent });
  });
  afterAll(() => hs.close());
  const run = (args: string[]) => runCli([...SEND, ...args], { env: { CHATCRM_BASE_URL: hs.url, CHATCRM_API_KEY: 'test-key-0123456789abcdef' } });
  const statusPolls = () => hs.received.filter((r) => r.path === '/api/message-status/status');

  // Retry-After above and below the backoff, to the millisecond: test/unit/wait-poll.test.ts. Here the real process.
  it('429 with Retry-After: 0.6 is honoured (the next poll 600 ms later, not 250 ms), then delivered: exit 0', async () => {
    let n = 0;
    hs.route('POST /api/message-status/status', (_req, res) => {
      if (n++ === 0) return void res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0.6' }).end('{"success":false,"message":"slow down"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: [{ message_id: 'wamid.T1', status: 'delivered', delivered_at: '2026-01-01T00:00:00Z' }] }));
    });
    const before = statusPolls().length;
    const r = await run(['--wait', 'delivered', '--json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ message_id: 'wamid.T1', status: 'delivered', delivered_at: '2026-01-01T00:00:00Z' });
    const [a, b] = statusPolls().slice(before);
    expect(b.at - a.at).toBeGreaterThanOrEqual(590);
  });

  it('the status query answers 500: exit 7 with its message, the send reported done', async () => {
    hs.route('POST /api/message-status/status', (_req, res) => void res.writeHead(500, { 'content-type': 'application/json' }).end('{"success":false,"message":"status store down"}'));
    const r = await run(['--wait', 'delivered']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/status store down.*; stopped waiting for delivered: message wamid\.T1 was sent/);
  });

  it('the server dies during the wait: exit 7, and the send is reported done', async () => {
    hs.route('POST /api/message-status/status', (req) => void req.socket.destroy());
    const r = await run(['--wait', 'delivered']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/stopped waiting for delivered: message wamid\.T1 was sent/);
    expect(r.stdout).toMatch(/MESSAGE ID\s+wamid\.T1/);
  });
});
