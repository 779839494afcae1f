// A resume writes the results file anew: what an earlier run's --wait learned (final_status, a
// failed delivery's reason) stays on the rows it skips, with or without --wait this time.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FAIL_REASON } from '../../src/sandbox/autostatus.js';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const S = ['--sender', 'wa_snd_cloud_0001', '--text', 'Hi {{name}}'];
const results = (p: string) => parse(readFileSync(p, 'utf8'), { columns: true }) as Record<string, string>[];
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ failRate: 1, statusDelayMs: 50 });
});
afterAll(() => sb.close());

it('a resume without --wait keeps the earlier final_status and reasons; a later --wait updates the same column', async () => {
  const dir = tempDir('chatcrm-wait-resume-');
  const file = join(dir, 'list.csv');
  const out = join(dir, 'out.csv');
  writeFileSync(file, 'to,name\n15550000071,A\n15550000072,B\n');
  expect((await sb.run(['chat', 'send-batch', file, ...S, '--results', out, '--wait', 'delivered'])).exitCode).toBe(5);
  const first = results(out);
  expect(first.map((x) => [x.status, x.final_status, x.error])).toEqual(Array(2).fill(['sent', 'failed', FAIL_REASON]));

  writeFileSync(file, `${readFileSync(file, 'utf8')}15550000073,C\n`);
  const r = await sb.run(['chat', 'send-batch', file, ...S, '--results', out, '--resume', '--json']);
  expect(r.exitCode).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ sent: 1, skipped_sent: 2 });
  const second = results(out);
  expect(Object.keys(second[0])).toEqual(['row', 'to', 'status', 'message_id', 'error', 'final_status']);
  expect(second.map((x) => [x.row, x.status, x.message_id, x.final_status, x.error])).toEqual([
    ['1', 'sent', first[0].message_id, 'failed', `sent by an earlier run; ${FAIL_REASON}`],
    ['2', 'sent', first[1].message_id, 'failed', `sent by an earlier run; ${FAIL_REASON}`],
    ['3', 'sent', expect.stringMatching(/\S/), '', ''],
  ]);

  writeFileSync(file, `${readFileSync(file, 'utf8')}15550000074,D\n`);
  expect((await sb.run(['chat', 'send-batch', file, ...S, '--results', out, '--resume', '--wait', 'delivered'])).exitCode).toBe(5);
  const third = results(out);
  expect(Object.keys(third[0])).toEqual(['row', 'to', 'status', 'message_id', 'error', 'final_status']);
  expect(third.map((x) => [x.row, x.final_status, x.error])).toEqual([
    ['1', 'failed', `sent by an earlier run; ${FAIL_REASON}`],
    ['2', 'failed', `sent by an earlier run; ${FAIL_REASON}`],
    ['3', 'failed', `sent by an earlier run; ${FAIL_REASON}`],
    ['4', 'failed', FAIL_REASON],
  ]);
});

it('docs/chat.md\'s recipe sends again to exactly the rows whose delivery failed, as a new batch', async () => {
  const dir = tempDir('chatcrm-wait-again-');
  const awk = readFileSync(join(import.meta.dirname, '../../docs/chat.md'), 'utf8').split('\n').find((l) => l.startsWith("awk -F, 'NR == FNR"));
  expect(awk).toBeDefined();
  // Row 2 only failed: the results file is edited as a channel that failed one of three would leave it.
  writeFileSync(join(dir, 'recipients.csv'), 'to,name\n15550000081,A\n15550000082,"B, Jr"\n15550000083,C\n');
  writeFileSync(join(dir, 'results.csv'), `row,to,status,message_id,error,final_status\n1,15550000081,sent,wamid.a,,read\n2,15550000082,sent,wamid.b,"${FAIL_REASON}, really",failed\n3,15550000083,sent,wamid.c,,delivered\n`);
  const { execa } = await import('execa');
  await execa('sh', ['-c', awk!], { cwd: dir });
  expect(readFileSync(join(dir, 'failed.csv'), 'utf8')).toBe('to,name\n15550000082,"B, Jr"\n');
  const before = sb.calls('chat.send').length;
  const r = await sb.run(['chat', 'send-batch', join(dir, 'failed.csv'), ...S, '--json']);
  expect(r.exitCode).toBe(0);
  expect(sb.calls('chat.send').slice(before).map((c) => (c.body as { to: string }).to)).toEqual(['15550000082']);
});
