// chat send-batch --wait delivered|read: the sends, then every sent message followed in bulk;
// the results file ends with final_status, the summary counts the final statuses.
import { statSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_REASON } from '../../src/sandbox/autostatus.js';
import { execa } from 'execa';
import { BIN, HANG_MS, cleanEnv, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const S = ['--sender', 'wa_snd_cloud_0001', '--text', 'Hi {{name}}'];
let dir: string;
let n = 0;
const input = (rows: string[]) => {
  const p = join(dir, `in${++n}.csv`);
  writeFileSync(p, `to,name\n${rows.map((to, i) => `${to},P${i}`).join('\n')}\n`);
  return p;
};
const results = (p: string) => parse(readFileSync(p, 'utf8'), { columns: true }) as Record<string, string>[];
const polledIds = (sb: TestSandbox, from = 0) => new Set(sb.calls('messageStatus.get').slice(from).flatMap((c) => (c.body as { message_ids: string[] }).message_ids));

beforeAll(() => {
  dir = tempDir('chatcrm-wait-batch-');
});

describe('the channel delivers and reads', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ autoStatus: ['delivered', 'read'], statusDelayMs: 200 });
  });
  afterAll(() => sb.close());

  it('a batch of 3 --wait read: exit 0, final_status read on every row, the summary counts them', async () => {
    const out = join(dir, 'r1.csv');
    const r = await sb.run(['chat', 'send-batch', input(['15550000001', '15550000002', '15550000003']), ...S, '--results', out, '--wait', 'read', '--json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, sent: 3, final_status: { sent: 0, delivered: 0, read: 3, failed: 0 } });
    const rows = results(out);
    expect(Object.keys(rows[0])).toEqual(['row', 'to', 'status', 'message_id', 'error', 'final_status']);
    expect(rows.map((x) => [x.row, x.status, x.final_status])).toEqual([['1', 'sent', 'read'], ['2', 'sent', 'read'], ['3', 'sent', 'read']]);
    // One bulk query a round for the three ids, not one request per message.
    expect(polledIds(sb)).toEqual(new Set(rows.map((x) => x.message_id)));
    expect((sb.calls('messageStatus.get')[0].body as { message_ids: string[] }).message_ids).toHaveLength(3);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it('a table run prints the funnel it ended with', async () => {
    const r = await sb.run(['chat', 'send-batch', input(['15550000004']), ...S, '--wait', 'delivered']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/Waited \d+s for delivered: 0 sent, [01] delivered, [01] read, 0 failed/);
  });

  it('--resume waits for the earlier run\'s rows only when they are in this run\'s results file', async () => {
    const file = input(['15550000021', '15550000022']);
    expect((await sb.run(['chat', 'send-batch', file, ...S])).exitCode).toBe(0);
    writeFileSync(file, `${readFileSync(file, 'utf8')}15550000023,P2\n`);
    let before = sb.calls('messageStatus.get').length;
    let r = await sb.run(['chat', 'send-batch', file, ...S, '--resume', '--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(0);
    const third = JSON.parse(r.stdout);
    expect(third).toMatchObject({ sent: 1, skipped_sent: 2 });
    expect(polledIds(sb, before).size).toBe(1);
    // Again with --results: the two earlier rows are in this run's file, so they are followed too.
    writeFileSync(file, `${readFileSync(file, 'utf8')}15550000024,P3\n`);
    const out = join(dir, 'resume.csv');
    before = sb.calls('messageStatus.get').length;
    r = await sb.run(['chat', 'send-batch', file, ...S, '--resume', '--results', out, '--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(0);
    const rows = results(out);
    expect(rows.map((x) => x.final_status)).toEqual(rows.map(() => expect.stringMatching(/^(delivered|read)$/)));
    expect(polledIds(sb, before)).toEqual(new Set(rows.map((x) => x.message_id)));
    expect(rows).toHaveLength(4);
  });
});

describe('the channel fails every message (--fail-rate 1)', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ failRate: 1, statusDelayMs: 100 });
  });
  afterAll(() => sb.close());

  it('exit 5; final_status failed with the reason in error; the file is written whole', async () => {
    const out = join(dir, 'failed.csv');
    const r = await sb.run(['chat', 'send-batch', input(['15550000031', '15550000032', '15550000033']), ...S, '--results', out, '--wait', 'delivered']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/send-batch: 3 of 3 failed \(first: Simulated failure/);
    expect(r.stdout).toMatch(/3 rows: 3 sent, 0 failed/);
    const rows = results(out);
    expect(rows.map((x) => [x.status, x.final_status, x.error])).toEqual(Array(3).fill(['sent', 'failed', FAIL_REASON]));
  });
});

describe('nothing moves the status', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  it('--wait-timeout 1s: exit 8, the file written whole with final_status sent', async () => {
    const out = join(dir, 'late.csv');
    const r = await sb.run(['chat', 'send-batch', input(['15550000041', '15550000042']), ...S, '--results', out, '--wait', 'delivered', '--wait-timeout', '1s', '--json']);
    expect(r.exitCode).toBe(8);
    expect(JSON.parse(r.stderr).error.message).toMatch(/send-batch: 2 of 2 not delivered yet after waiting 1(\.\d)?s .*the sends are done \(2 messages\)/);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 2, final_status: { sent: 2, delivered: 0 } });
    expect(results(out).map((x) => [x.row, x.final_status])).toEqual([['1', 'sent'], ['2', 'sent']]);
  });

  it('Ctrl-C during the wait: exit 130, the sends said done, the results file written whole', async () => {
    const out = join(dir, 'stopped.csv');
    // This run's first poll: one for ids no earlier poll asked about (a poll the previous test's
    // run had in flight when its deadline ended it may still reach the sandbox now).
    const earlier = polledIds(sb);
    const first = new Promise<void>((resolve) => {
      const off = sb.events.on((e) => {
        if (e.kind === 'request' && e.request.operation === 'messageStatus.get' && [...polledIds(sb)].some((id) => !earlier.has(id))) (off(), resolve());
      });
    });
    const args = ['chat', 'send-batch', input(['15550000061', '15550000062']), ...S, '--results', out, '--wait', 'delivered'];
    const child = execa('node', [BIN, ...args], { env: cleanEnv(sb.env), extendEnv: false, reject: false, timeout: HANG_MS });
    await first;
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(String(r.stderr)).toMatch(/Stopped waiting for delivered \(Ctrl-C\): the sends are done \(2 messages\)/);
    expect(String(r.stdout)).toMatch(/2 rows: 2 sent/);
    expect(results(out).map((x) => [x.row, x.status, x.final_status])).toEqual([['1', 'sent', 'sent'], ['2', 'sent', 'sent']]);
  });

  it('no row sent: final_status (all 0) and waited_s in the summary, the final_status column in the results file', async () => {
    const out = join(dir, 'none.csv');
    const before = sb.calls('messageStatus.get').length;
    const r = await sb.run(['chat', 'send-batch', input(['12', '34']), ...S, '--results', out, '--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 0, failed: 2, final_status: { sent: 0, delivered: 0, read: 0, failed: 0 }, waited_s: expect.any(Number) });
    expect(results(out).map((x) => [x.row, x.status, x.final_status])).toEqual([['1', 'failed', ''], ['2', 'failed', '']]);
    expect(sb.calls('messageStatus.get').length).toBe(before);
  });

  it('--dry-run waits for nothing; a bad --wait-timeout sends nothing', async () => {
    const before = sb.received.length;
    const r = await sb.run(['chat', 'send-batch', input(['15550000051']), ...S, '--wait', 'delivered', '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(sb.received.length).toBe(before);
    await sb.refused(['chat', 'send-batch', input(['15550000052']), ...S, '--wait', 'delivered', '--wait-timeout', '5 min'], /--wait-timeout: must be a duration/);
  });
});
