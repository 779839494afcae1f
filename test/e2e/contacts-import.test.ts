// contacts import: create_contact per row through the batch engine (journal, resume, results).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const toolCalls = () =>
  sb.calls('mcp.rpc').filter((r) => (r.body as { method?: string } | undefined)?.method === 'tools/call').map((r) => (r.body as { params: { name: string; arguments: Record<string, unknown> } }).params);

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe('contacts import', () => {
  it('creates a contact per row with tags and custom fields; a bad row fails alone; results name every row', async () => {
    const csv = file(
      'contacts.csv',
      'phone_number,name,email,tags,field.city\n+44 20 7946 0001,Ada Lovelace,ada@example.com,vip;math,London\n15550009999,Bad Email,not-an-email,,\n(555) 010-2222,Grace Hopper,,navy,Arlington\n',
    );
    const results = `${csv}.results.csv`;
    const before = toolCalls().length;
    const r = await sb.run(['contacts', 'import', csv, '--results', results, '--json']);
    expect(r.exitCode).toBe(5);
    // One vocabulary: the summary says "sent" as the results file does.
    expect(r.stderr).toMatch(/1 of 3 rows not sent: 1 failed, 0 uncertain/);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, sent: 2, failed: 1 });
    expect(r.stderr).toMatch(/row 2: .*email.*not an email address/);
    const calls = toolCalls().slice(before);
    expect(calls.map((c) => c.name)).toEqual(['create_contact', 'create_contact']);
    expect(calls[0].arguments).toEqual({ phone_number: '442079460001', name: 'Ada Lovelace', email: 'ada@example.com', tags: ['vip', 'math'], custom_fields: { city: 'London' } });
    expect(sb.store.list('contacts').find((c) => c.phone_number === '442079460001')).toMatchObject({ name: 'Ada Lovelace', tags: ['vip', 'math'], custom_fields: { city: 'London' } });
    expect(sb.store.list('contacts').find((c) => c.phone_number === '5550102222')).toMatchObject({ name: 'Grace Hopper', tags: ['navy'] });
    const lines = readFileSync(results, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('row,phone_number,status,contact_id,error');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(',')).sort()).toEqual(['1,442079460001,sent', '2,15550009999,failed', '3,5550102222,sent']);
  });

  it('--resume sends nothing for rows already created; a duplicate phone is a failed row', async () => {
    const csv = file('c.jsonl', '{"phone":"15550003333","name":"Linus","tags":["kernel"]}\n{"phone":"15550004444","name":"Ken"}\n');
    const first = await sb.run(['contacts', 'import', csv]);
    expect(first.exitCode).toBe(0);
    const before = toolCalls().length;
    const again = await sb.run(['contacts', 'import', csv, '--resume']);
    expect(again.exitCode).toBe(0);
    expect(toolCalls().length).toBe(before);
    const dup = file('dup.csv', 'phone_number,name\n15550003333,Linus again\n');
    const r = await sb.run(['contacts', 'import', dup]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/already exists/);
  });

  it('--dry-run checks every row and sends nothing', async () => {
    const csv = file('dry.csv', 'phone_number,name\n15550005555,Alan\n12,Too Short\n');
    const before = sb.received.length;
    const r = await sb.run(['--dry-run', 'contacts', 'import', csv]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/row 2: .*phone_number/);
    expect(sb.received.length).toBe(before);
    // The first valid row's request, as send-batch --dry-run shows it: the tools/call it would post.
    const ok = file('dry-ok.csv', 'phone_number,name,tags\n+1 555 000 5555,Alan,vip;lead\n');
    const shown = await sb.run(['--dry-run', 'contacts', 'import', ok]);
    expect(shown.exitCode, shown.stderr).toBe(0);
    const [head, ...rest] = shown.stdout.trimEnd().split('\n');
    expect(rest.at(-1)).toBe('1 row: 0 sent, 0 failed, 0 uncertain, 1 not sent');
    const request = JSON.parse([head, ...rest.slice(0, -1)].join('\n'));
    expect(request).toMatchObject({ method: 'POST', url: `${sb.url}/mcp` });
    expect(request.body).toMatchObject({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'create_contact', arguments: { phone_number: '15550005555', name: 'Alan', tags: ['vip', 'lead'] } } });
    expect(shown.stdout).not.toContain(sb.config.apiKey);
    expect(sb.received.length).toBe(before);
  });

  it.each([
    ['phone_number', 'no "name" column'],
    ['name,email', 'no "phone_number" (or "phone") column'],
  ])('refuses a file with columns %s (exit 2, nothing sent)', async (header, message) => {
    const csv = file('bad.csv', `${header}\nx\n`);
    const before = sb.received.length;
    const r = await sb.run(['contacts', 'import', csv]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(message);
    expect(sb.received.length).toBe(before);
  });

  it('shares the batch guarantees: a refused key stops before the first row (exit 3), every row counted; input order; duplicates once', async () => {
    const csv = file('g.csv', 'Phone_Number,NAME\n15550006661,Ann\n15550006662,Bo\n15550006661,Ann\n');
    const results = `${csv}.results.csv`;
    const before = toolCalls().length;
    const refused = await sb.run(['contacts', 'import', csv, '--results', results], { env: { CHATCRM_API_KEY: 'wrong-key-0000000000' } });
    expect(refused.exitCode).toBe(3);
    expect(refused.stdout.trim()).toMatch(/^3 rows: 0 sent, 0 failed, 0 uncertain, 3 not sent \(stopped: .*\)$/);
    expect(toolCalls().length).toBe(before);
    const r = await sb.run(['contacts', 'import', csv, '--resume', '--results', results, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, sent: 2, skipped_duplicate: 1 });
    expect(toolCalls().length).toBe(before + 2);
    expect(readFileSync(results, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      '1,15550006661,sent',
      '2,15550006662,sent',
      '3,15550006661,skipped',
    ]);
  });

  it('refuses a missing file (exit 2)', async () => {
    const r = await sb.run(['contacts', 'import', join(tempDir(), 'missing.csv')]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/no such file/);
  });
});

describe('chat send --via-mcp', () => {
  it('sends the text through send_chat_message; message status sees it', async () => {
    const r = await sb.run(['chat', 'send', '--via-mcp', '--to', '+1 555 777 1234', '--text', 'Hi over MCP', '--json']);
    expect(r.exitCode).toBe(0);
    expect(toolCalls().at(-1)).toEqual({ name: 'send_chat_message', arguments: { contact_no: '15557771234', message: 'Hi over MCP', platform: 'chat' } });
    const id = JSON.parse(r.stdout).message_id as string; // the record, unwrapped from the tool's envelope
    expect(sb.calls('chat.send').some((c) => (c.body as { to?: string })?.to === '15557771234')).toBe(false);
    const status = await sb.run(['message-status', 'get', id, '--json']);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain(id);
  });

  it.each([
    [['--image', 'https://example.com/a.png'], /--via-mcp: the tool endpoint sends text only/],
    [['--text', 'x', '--sender', 'wa_snd_cloud_0001'], /--sender: not used with --via-mcp/],
    [['--text', 'x', '--to', 'abc'], /--to/],
  ])('refuses %j (exit 2, nothing sent)', async (args, message) => {
    const before = sb.received.length;
    const r = await sb.run(['chat', 'send', '--via-mcp', '--to', '15551234567', ...args]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(sb.received.length).toBe(before);
  });
});
