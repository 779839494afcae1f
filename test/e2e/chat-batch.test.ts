import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let dir: string;
const S = ['--sender', 'wa_snd_cloud_0001'];
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n') + '\n';
const resultsOf = (p: string) =>
  readFileSync(p, 'utf8').trim().split('\n').slice(1).map((l) => {
    const [row, to, status, message_id] = l.split(',');
    return { row: Number(row), to, status, message_id };
  }).sort((a, b) => a.row - b.row);

beforeAll(async () => {
  sb = await startTestSandbox();
  sb.store.insert('templates', { template_id: 'tpl_hi', template_name: 'hi', message_body: 'Hi {{1}}, code {{2}}' });
  dir = tempDir('chatcrm-batch-');
});
afterAll(() => sb.close());

describe('chat send-batch against the sandbox', () => {
  it('sends one message per row with {{column}} placeholders and writes results', async () => {
    const input = file('people.csv', csv([['to', 'name'], ['+1 555 000 0001', 'Ada'], ['15550000002', '"Grace, Rear Admiral"'], ['15550000003', 'Alan']]));
    const results = join(dir, 'people.results.csv');
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}!', '--results', results, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, sent: 3, failed: 0, uncertain: 0, status: 'complete' });
    const bodies = sb.calls('chat.send').map((c) => c.body as { to: string; message: { text: { body: string } } });
    expect(bodies.map((b) => [b.to, b.message.text.body]).sort()).toEqual([
      ['15550000001', 'Hi Ada!'], ['15550000002', 'Hi Grace, Rear Admiral!'], ['15550000003', 'Hi Alan!'],
    ]);
    const res = resultsOf(results);
    expect(res.map((x) => [x.row, x.status])).toEqual([[1, 'sent'], [2, 'sent'], [3, 'sent']]);
    const stored = new Set(sb.store.list('messages').map((m) => m.message_id));
    for (const x of res) expect(stored.has(x.message_id)).toBe(true);
    expect(readFileSync(`${input}.journal`, 'utf8')).toMatch(/^I\t1\t[0-9a-f]{16}\t15550000001\tchat\.send \{.*"Hi Ada!"/m);
  });

  it('JSONL rows carry their own text / template / vars; invalid rows fail with their row number and the rest go on', async () => {
    const input = file('rows.jsonl', [
      JSON.stringify({ to: '15550000011', text: 'plain' }),
      JSON.stringify({ to: '15550000012', template: 'tpl_hi', language: 'en_US', vars: ['Ada', '42'] }),
      JSON.stringify({ to: 'not-a-phone', text: 'x' }),
      '{broken',
      JSON.stringify({ to: '15550000015', template: 'tpl_hi', language: 'english', vars: ['a', 'b'] }),
      JSON.stringify({ to: '15550000016', template: 'tpl_hi', language: 'en_US', vars: ['only one'] }),
    ].join('\n'));
    const results = join(dir, 'rows.results.csv');
    const before = sb.calls('chat.send').length;
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--results', results, '--json']);
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 6, sent: 2, failed: 4 });
    expect(r.stderr).toMatch(/row 3: invalid, not sent: to: "not-a-phone"/);
    expect(r.stderr).toMatch(/row 4: invalid, not sent: line is not valid JSON/);
    expect(r.stderr).toMatch(/row 5: invalid, not sent: message\.template\.language_code/);
    expect(r.stderr).toMatch(/row 6: failed: .*Template variables do not match/);
    expect(r.stderr).toMatch(/"4 of 6 rows not sent: 4 failed, 0 uncertain, 0 not sent"/);
    const sent = sb.calls('chat.send').slice(before);
    expect(sent.map((c) => (c.body as { to: string }).to).sort()).toEqual(['15550000011', '15550000012', '15550000016']);
    expect(sent.find((c) => (c.body as { to: string }).to === '15550000012')!.body).toMatchObject({
      message: { type: 'template', template: { template_id: 'tpl_hi', language_code: 'en_US', body_variables: ['Ada', '42'] } },
    });
    expect(resultsOf(results).map((x) => x.status)).toEqual(['sent', 'sent', 'failed', 'failed', 'failed', 'failed']);
  });

  it('--dry-run validates every row and sends nothing', async () => {
    const input = file('dry.csv', csv([['to', 'name'], ['15550000021', 'A'], ['12', 'B'], ['15550000023', 'C']]));
    const before = sb.received.length;
    let r = await sb.run(['--dry-run', 'chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}', '--json']);
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, valid: 2, failed: 1 });
    expect(r.stderr).toMatch(/row 2: invalid: to: "12" has 2 digits/);
    const ok = file('dry-ok.csv', csv([['to'], ['15550000021']]));
    r = await sb.run(['--dry-run', 'chat', 'send-batch', ok, ...S, '--text', 'Hi', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.received.length).toBe(before);
    expect(existsSync(`${input}.journal`)).toBe(false);
  });

  it('--max-errors stops dispatching and lists the unreached rows as not sent', async () => {
    const rows = [['to'], ['1'], ['2'], ['3'], ...Array.from({ length: 20 }, (_, i) => [`1555000${String(i).padStart(4, '0')}`])];
    const input = file('maxerr.csv', csv(rows));
    const results = join(dir, 'maxerr.results.csv');
    const before = sb.calls('chat.send').length;
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--text', 'x', '--max-errors', '1', '--results', results, '--json']);
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 23, status: 'stopped', failed: 2, sent: 0, not_sent: 21 });
    expect(r.stderr).toMatch(/--max-errors/);
    expect(sb.calls('chat.send').length).toBe(before);
    const res = resultsOf(results);
    expect(res.map((x) => x.row)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(res.filter((x) => x.status === 'failed')).toHaveLength(2);
    expect(res.filter((x) => x.status === 'not_sent')).toHaveLength(21);
  });
});

describe('chat send-batch: bad input exits 2, names the problem, sends nothing', () => {
  beforeAll(() => mkdirSync(join(dir, 'adir')));
  it.each([
    ['no-to.csv', 'phone,name\n15550000001,A\n', ['--text', 'x'], /FILE: .* has no "to" column \(columns: phone, name\)/],
    ['ph.csv', 'to,name\n15550000001,A\n', ['--text', 'Hi {{first_name}}'], /\{\{first_name\}\}: .* has no column "first_name"/],
    ['empty.csv', '', ['--text', 'x'], /FILE: .* is empty/],
    ['header-only.csv', 'to,name\n', ['--text', 'x'], /FILE: .* has no rows \(only a header\)/],
    [null, '', ['--text', 'x'], /FILE: cannot read .*: no such file/],
    ['adir', '', ['--text', 'x'], /FILE: .* is a directory/],
    ['nocontent.csv', 'to,name\n15550000001,A\n', [], /no content column/],
    ['t.csv', 'to\n15550000001\n', ['--template', 'x'], /--language: required with --template/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--concurrency', '0'], /--concurrency: must be a whole number from 1/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--rate', 'fast'], /--rate: must be a positive number/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--resume'], /--resume: no journal at/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--resume', '--restart'], /--restart: .* cannot be combined with --resume/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--delimiter', ';;'], /--delimiter: must be one character/],
    ['dup-header.csv', 'to,Name,NAME\n15550000001,a,b\n', ['--text', 'x'], /FILE: .* line 1: duplicate column "name"/],
    ['quote.csv', `to,name\n${Array.from({ length: 50 }, (_, i) => `1555000${String(i).padStart(4, '0')},n`).join('\n')}\n15550009999,"open\n15550009998,x\n`, ['--text', 'x'], /is not valid CSV: line 52: a quote opened here is never closed \(row 51; Quote Not Closed\)/],
    // A CRLF file where a closing quote is followed by a lone CR: csv-parse refuses it, so the pre-pass must.
    ['crlf.csv', `to,name\r\n${Array.from({ length: 30 }, (_, i) => `1555000${String(i).padStart(4, '0')},n`).join('\r\n')}\r\n15550000099,"Bob"\r15550000100,x\r\n`, ['--text', 'x'], /is not valid CSV: line 32: a closing quote must be followed by a delimiter or a line end \(row 31; Invalid Closing Quote\)/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--results', '@input'], /--results: .* is the input file/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--journal', '@input'], /--journal: .* is the input file/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--journal', '@j', '--results', '@j'], /--results: .* is the journal/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--journal', '/nonexistent-dir/j'], /--journal: cannot create \/nonexistent-dir\/j\.lock: ENOENT/],
    ['t.csv', 'to\n15550000001\n', ['--text', 'x', '--journal', '@j2', '--results', '/nonexistent-dir/r.csv'], /--results: cannot write \/nonexistent-dir\/r\.csv: ENOENT/],
  ])('%s %j', async (name, text, args, message) => {
    const p = name === null ? join(dir, 'missing.csv') : name === 'adir' ? join(dir, 'adir') : file(name, text);
    const before = sb.received.length;
    const paths = args.map((a) => (a === '@input' ? p : a === '@j' ? join(dir, 'same.journal') : a === '@j2' ? join(dir, `${Date.now()}.journal`) : a));
    const r = await sb.run(['chat', 'send-batch', p, ...S, ...paths]);
    expect(r.stderr).toMatch(message);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(sb.received.length).toBe(before);
  });

  it('a completed journal: says so and points at --journal NEW or --restart; --resume sends nothing', async () => {
    const input = file('twice.csv', csv([['to'], ['15550000031']]));
    expect((await sb.run(['chat', 'send-batch', input, ...S, '--text', 'x'])).exitCode).toBe(0);
    await sb.refused(['chat', 'send-batch', input, ...S, '--text', 'x'], /--journal: .* is the journal of a run that completed with every row sent; .*--journal NEW.*--restart/);
    const before = sb.received.length;
    const again = await sb.run(['chat', 'send-batch', input, ...S, '--text', 'x', '--resume', '--json']);
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 1, sent: 0, skipped: 1, skipped_sent: 1 });
    expect(sb.received.length).toBe(before);
  });
});

describe('chat send-batch: input forms', () => {
  it('headers match case-insensitively, ; is detected, an empty {{column}} warns (invalid with --strict)', async () => {
    const input = file('semi.csv', 'To;Name\n15550000041;Ada, Countess\n15550000042;\n');
    const results = join(dir, 'semi.results.csv');
    const before = sb.calls('chat.send').length;
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--text', 'Hi {{NAME}}', '--results', results]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('2 rows: 2 sent, 0 failed, 0 uncertain, 0 not sent');
    expect(r.stderr).toMatch(/row 2: warning: \{\{name\}\} is empty/);
    expect(sb.calls('chat.send').slice(before).map((c) => (c.body as { message: { text: { body: string } } }).message.text.body)).toEqual(['Hi Ada, Countess', 'Hi ']);
    const strict = file('strict.csv', 'to,name\n15550000043,Ada\n15550000044,\n');
    const s2 = await sb.run(['chat', 'send-batch', strict, ...S, '--text', 'Hi {{name}}', '--strict', '--json']);
    expect(s2.exitCode).toBe(5);
    expect(JSON.parse(s2.stdout)).toMatchObject({ rows: 2, sent: 1, failed: 1, invalid: 1 });
    expect(s2.stderr).toMatch(/row 2: invalid, not sent: \{\{name\}\} is empty \(--strict\)/);
  });

  it('every row warned of an empty {{column}} is in the results file, past the 20 reports on stderr too', async () => {
    const phones = Array.from({ length: 25 }, (_, i) => `1555001${String(i).padStart(4, '0')}`);
    const input = file('empty-names.csv', csv([['to', 'name'], ...phones.map((p) => [p, ''])]));
    const results = join(dir, 'empty-names.results.csv');
    const before = sb.calls('chat.send').length;
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}', '--results', results, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 25, sent: 25, warnings: 25 });
    const lines = r.stderr.trim().split('\n');
    expect(lines.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `row ${i + 1}: warning: {{name}} is empty`));
    expect(lines.slice(20)).toEqual([`(more rows to report: see ${results})`]);
    // Eight rows are in flight at once: the order the server saw them in is not the input's.
    expect(sb.calls('chat.send').slice(before).map((c) => (c.body as { to: string }).to).sort()).toEqual(phones);
    const res = readFileSync(results, 'utf8').trim().split('\n').slice(1);
    expect(res).toHaveLength(25);
    for (const [i, line] of res.entries()) expect(line).toMatch(new RegExp(`^${i + 1},${phones[i]},sent,wamid\\.[^,]+,warning: \\{\\{name\\}\\} is empty$`));
  });

  it('no API address: the check before the first send stops the run, every row not sent, exit 2', async () => {
    const input = file('no-address.csv', csv([['to'], ['15550020001'], ['15550020002']]));
    const results = join(dir, 'no-address.results.csv');
    const before = sb.received.length;
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--text', 'Hi', '--results', results], { env: { CHATCRM_BASE_URL: undefined } });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toBe('2 rows: 0 sent, 0 failed, 0 uncertain, 2 not sent (stopped: No API address: pass --base-url, set CHATCRM_BASE_URL, or run `chatcrm login`)\n');
    expect(r.stderr).toMatch(/^Error: No API address: .*: 2 of 2 rows not sent: 0 failed, 0 uncertain, 2 not sent; nothing was sent$/m);
    expect(sb.received.length).toBe(before);
    const why = '"not sent: No API address: pass --base-url, set CHATCRM_BASE_URL, or run `chatcrm login`"';
    expect(readFileSync(results, 'utf8').trim().split('\n').slice(1)).toEqual([`1,15550020001,not_sent,,${why}`, `2,15550020002,not_sent,,${why}`]);
  });

  it('FILE - reads stdin (with --journal); a bad CSV line there stops the run with a summary, exit 5', async () => {
    const journal = join(dir, 'stdin.journal');
    const before = sb.calls('chat.send').length;
    const r = await sb.run(['chat', 'send-batch', '-', ...S, '--text', 'Hi', '--journal', journal, '--json'], { input: 'to\n15550000051\n15550000052\n' });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 2, sent: 2 });
    expect(sb.calls('chat.send').length).toBe(before + 2);
    await sb.refused(['chat', 'send-batch', '-', ...S, '--text', 'Hi'], /--journal: required when FILE is -/, { input: 'to\n15550000053\n' });
    const bad = await sb.run(['chat', 'send-batch', '-', ...S, '--text', 'Hi', '--journal', join(dir, 'stdin2.journal'), '--concurrency', '1', '--json'], {
      input: `to\n15550000054\n"15550000055\n`,
    });
    expect(bad.exitCode).toBe(5);
    const s = JSON.parse(bad.stdout);
    expect(s).toMatchObject({ status: 'stopped', stopped_by: 'input', sent: 1 });
    expect(s.rows).toBe(s.sent + s.failed + s.uncertain + s.skipped + s.not_sent);
    expect(bad.stderr).toMatch(/stdin is not valid CSV: Quote Not Closed/);
  });

  it('--restart moves the old journal aside and sends again', async () => {
    const input = file('restart.csv', csv([['to'], ['15550000061']]));
    expect((await sb.run(['chat', 'send-batch', input, ...S, '--text', 'x'])).exitCode).toBe(0);
    const before = sb.calls('chat.send').length;
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--text', 'x', '--restart']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/Moved the old journal aside: .*restart\.csv\.journal\.1/);
    expect(existsSync(`${input}.journal.1`)).toBe(true);
    expect(sb.calls('chat.send').length).toBe(before + 1);
  });

  it('the journal and the results never hold the API key, even when the server echoes it', async () => {
    const input = file('echo.csv', csv([['to', 'name'], ['15550000071', sb.config.apiKey]]));
    const results = join(dir, 'echo.results.csv');
    const r = await sb.run(['chat', 'send-batch', input, ...S, '--template', 'no_such_{{name}}', '--language', 'en_US', '--results', results]);
    expect(r.exitCode).toBe(5);
    for (const text of [readFileSync(`${input}.journal`, 'utf8'), readFileSync(results, 'utf8'), r.stderr, r.stdout]) expect(text).not.toContain(sb.config.apiKey);
    expect(readFileSync(results, 'utf8')).toMatch(/\*\*\*/);
  });
});
