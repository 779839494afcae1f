// Lists made for scripts: --all in every response shape, the pagination note in every format,
// piped tables with whole values, checked --fields, --query, per-profile output, and the new
// list commands, against a sandbox seeded with more than 100 records per list, and a hostile
// server answering each shape of docs/service-api.md 10 (and one that ignores `page`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const SEEDED = 120;
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seedRecords: SEEDED });
});
afterAll(() => sb.close());

const lines = (s: string) => s.split('\n').filter(Boolean);

describe('--all gets every record of every list the sandbox pages', () => {
  it.each<[string[], string, string, string?]>([
    [['segments', 'list'], 'segments', 'segments.list'],
    [['currencies', 'list'], 'currencies', 'currencies.list'],
    [['chatbots', 'list'], 'chatbots', 'chatbots.list'],
    [['reply-materials', 'list'], 'reply_materials', 'replyMaterials.list'],
    [['quick-replies', 'list', '--admin'], 'quick_replies', 'quickReplies.admin'],
    [['chat', 'senders'], 'senders', 'chat.senders', 'sender_id'],
    [['tags', 'usage'], 'tags', 'tags.usage'],
    [['tags', 'list'], 'tags', 'tags.list'],
    [['custom-fields', 'list'], 'custom_fields', 'customFields.list'],
    [['quick-replies', 'list'], 'quick_replies', 'quickReplies.list'],
    [['teams', 'list'], 'teams', 'teams.list'],
    [['taxes', 'list'], 'taxes', 'taxes.list'],
    [['notifications', 'list'], 'notifications', 'notifications.list'],
    [['campaigns', 'list'], 'campaigns', 'campaigns.list'],
    [['templates', 'list'], 'templates', 'templates.list'],
    [['flows', 'list'], 'flows', 'flows.list'],
  ])('%j', async (cmd, collection, op, id = collection === 'templates' ? 'template_id' : '_id') => {
    const before = sb.calls(op).length;
    const r = await sb.run([...cmd, '--all', '-q']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const want = sb.store.list(collection).map((d) => String(d[id]));
    expect(want.length).toBeGreaterThan(100);
    expect(lines(r.stdout).sort()).toEqual(want.sort());
    // 100 a page: two requests for 120-odd records.
    expect(sb.calls(op).slice(before).map((c) => c.query.page)).toEqual(['1', '2']);
  });

  it('contacts list (tool list_contacts) pages through the tool endpoint', async () => {
    const r = await sb.run(['contacts', 'list', '--all', '-o', 'jsonl', '--fields', 'phone_number']);
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.parse(l).phone_number).sort()).toEqual(sb.store.list('contacts').map((c) => c.phone_number).sort());
  });

  it('flows executions has --page, --limit and --all', async () => {
    const flow = sb.store.list('flows')[0];
    const count = sb.store.list('executions', (e) => e.flow_id === flow._id).length;
    expect(count).toBeGreaterThan(100);
    expect(lines((await sb.run(['flows', 'executions', flow._id, '--all', '-q'])).stdout)).toHaveLength(count);
    const page = await sb.run(['flows', 'executions', flow._id, '--page', '2', '--limit', '20', '-q']);
    expect(lines(page.stdout)).toHaveLength(20);
    expect(sb.calls('flows.executions').at(-1)!.query).toEqual({ page: '2', limit: '20' });
    expect(page.stderr).toBe(`Showing 20 of ${count} (page 2 of ${Math.ceil(count / 20)}); --all for every page, --page 3 for the next\n`);
  });

  it('chat groups and their members are paged like the rest: --limit, --all', async () => {
    const device = 'wa_snd_device_0002';
    const groups = sb.store.list('groups', (g) => g.sender_id === device);
    expect(groups.length).toBeGreaterThan(100);
    const before = sb.calls('chat.groups').length;
    const all = await sb.run(['chat', 'groups', 'list', '--sender', device, '--all', '-q']);
    expect(all.stderr).toBe('');
    expect(lines(all.stdout).sort()).toEqual(groups.map((g) => String(g.group_id)).sort());
    expect(sb.calls('chat.groups').slice(before).map((c) => c.query)).toEqual([
      { sender_id: device, page: '1', limit: '100' },
      { sender_id: device, page: '2', limit: '100' },
    ]);
    const big = groups.find((g) => (g.members as unknown[]).length > 100)!;
    const members = await sb.run(['chat', 'groups', 'members', String(big.group_id), '--sender', device, '--all', '-q']);
    expect(members.stderr).toBe('');
    expect(lines(members.stdout)).toEqual((big.members as { phone_number: string }[]).map((m) => m.phone_number));
    const one = await sb.run(['chat', 'groups', 'members', String(big.group_id), '--sender', device, '--limit', '1', '-q']);
    expect(one.stdout).toBe('15550002222\n');
    expect(one.stderr).toBe(`Showing 1 of ${(big.members as unknown[]).length}; --all for every page, --page 2 for the next\n`);
    expect(sb.calls('chat.groupMembers').at(-1)!.query).toEqual({ sender_id: device, limit: '1' });
    await sb.refused(['chat', 'groups', 'members', 'x@g.us', '--limit', '200'], /--limit: must be a whole number from 1 to 100/);
  });

  it('group commands look for their sender past the first page of senders (100 of them at once)', async () => {
    const late = 'wa_snd_seed_000050';
    expect(sb.store.list('senders').findIndex((x) => x.sender_id === late)).toBeGreaterThan(10);
    const groups = sb.calls('chat.groups').length;
    // Found, so refused for what it is (a Cloud API sender), not as unknown.
    const r = await sb.refused(['chat', 'groups', 'list', '--sender', late], /^Error: Sender wa_snd_seed_000050 is a cloud_api sender, not a Scan Device sender/, { code: 3 });
    expect(r.stderr).not.toMatch(/not found/);
    expect(sb.calls('chat.senders').at(-1)!.query).toEqual({ limit: '100' });
    expect(sb.calls('chat.groups').length).toBe(groups);
  });

  it('segments contacts and campaigns report: --all over every page of a seeded segment and campaign', async () => {
    const segment = sb.store.list('segments', (s) => s.name === 'Segment 000001')[0]._id;
    const members = sb.store.list('contacts', (c) => (c.segment_ids as string[]).includes(segment)).map((c) => c._id);
    expect(members.length).toBeGreaterThan(100);
    const before = sb.calls('segments.contacts').length;
    const r = await sb.run(['segments', 'contacts', segment, '--all', '-q']);
    expect(r.stderr).toBe('');
    expect(lines(r.stdout).sort()).toEqual(members.sort());
    expect(sb.calls('segments.contacts').slice(before).map((c) => c.query.page)).toEqual(['1', '2']);
    const campaign = sb.store.list('campaigns', (c) => c.name === 'Campaign 000001')[0];
    const report = await sb.run(['campaigns', 'report', campaign._id, '--all', '-o', 'csv', '--fields', 'to,status']);
    expect(report.stderr).toBe('');
    expect(lines(report.stdout)).toEqual(['to,status', ...(campaign.recipients as string[]).map((to) => `${to},not_sent`)]);
    expect(sb.calls('campaigns.report').slice(-2).map((c) => c.query)).toEqual([
      { page: '1', limit: '100' },
      { page: '2', limit: '100' },
    ]);
  });

  it('message-status user takes --page, --limit and --all', async () => {
    for (const text of ['one', 'two']) expect((await sb.run(['chat', 'send', '--to', '15551230007', '--sender', 'wa_snd_cloud_0001', '--text', text])).exitCode).toBe(0);
    const all = sb.store.list('messages', (m) => m.to === '15551230007').map((m) => String(m.message_id));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const page = await sb.run(['message-status', 'user', '15551230007', '--limit', '1', '-q']);
    expect(lines(page.stdout)).toEqual([all[0]]);
    expect(page.stderr).toBe(`Showing 1 of ${all.length}; --all for every page, --page 2 for the next\n`);
    expect(sb.calls('messageStatus.user').at(-1)!.query).toEqual({ limit: '1' });
    const every = await sb.run(['message-status', 'user', '15551230007', '--all', '--limit', '1', '-q']);
    expect(every.stderr).toBe('');
    expect(lines(every.stdout)).toEqual(all);
  });

  it('flows list has --page and --limit, sent with --status', async () => {
    const r = await sb.run(['flows', 'list', '--status', 'draft', '--page', '3', '--limit', '7', '-q']);
    expect(lines(r.stdout)).toHaveLength(7);
    expect(sb.calls('flows.list').at(-1)!.query).toEqual({ status: 'draft', page: '3', limit: '7' });
  });

  it('api --paginate follows the pages of a raw GET (the /api/v2/contacts alias) as one json array', async () => {
    const r = await sb.run(['api', 'GET', '/api/v2/contacts', '--paginate', '-f', 'limit=50']);
    expect(r.exitCode).toBe(0);
    const records = JSON.parse(r.stdout) as { _id: string }[];
    expect(records.map((c) => c._id).sort()).toEqual(sb.store.list('contacts').map((c) => c._id).sort());
    expect(sb.received.filter((c) => c.path === '/api/v2/contacts').slice(-3).map((c) => c.query)).toEqual([
      { limit: '50', page: '1' },
      { limit: '50', page: '2' },
      { limit: '50', page: '3' },
    ]);
    expect((await sb.refused(['api', 'POST', '/api/v2/contacts', '--paginate'], /--paginate: follows the pages of a GET/)).exitCode).toBe(2);
  });

  it('--max-items stops after N records (and implies --all)', async () => {
    const r = await sb.run(['segments', 'list', '--max-items', '105', '--limit', '50', '-o', 'jsonl']);
    expect(lines(r.stdout)).toHaveLength(105);
    expect(sb.calls('segments.list').slice(-3).map((c) => c.query.page)).toEqual(['1', '2', '3']);
  });

  it('--max-items a multiple of --limit with pages left asks for exactly N/limit pages', async () => {
    expect(sb.store.list('segments').length).toBeGreaterThan(100);
    const before = sb.calls('segments.list').length;
    const r = await sb.run(['segments', 'list', '--max-items', '50', '--limit', '25', '-o', 'jsonl']);
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout)).toHaveLength(50);
    expect(sb.calls('segments.list').slice(before).map((c) => c.query.page)).toEqual(['1', '2']);
  });

  it('--all --dry-run shows the first request and sends nothing', async () => {
    const before = sb.received.length;
    const r = await sb.run(['tags', 'list', '--all', '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^GET http:\/\/.*\/api\/tags\?page=1&limit=100/);
    expect(sb.received.length).toBe(before);
  });
});

describe('the pagination note, on stderr, in every format', () => {
  const total = () => sb.store.list('segments').length;
  it.each([['-o', 'table'], ['-o', 'json'], ['-o', 'jsonl'], ['-o', 'csv'], ['-o', 'yaml'], ['-q']])('%s %s', async (...flags) => {
    const r = await sb.run(['segments', 'list', ...flags]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(`Showing 10 of ${total()}; --all for every page, --page 2 for the next\n`);
  });

  it.each(['table', 'json', 'jsonl', 'csv', 'yaml'])('with --query too (-o %s), whatever the query makes of the page', async (format) => {
    const r = await sb.run(['segments', 'list', '--query', '[0].name', '-o', format]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/VIP customers/);
    expect(r.stderr).toBe(`Showing 10 of ${total()}; --all for every page, --page 2 for the next\n`);
    expect(sb.calls('segments.list').at(-1)!.query).toEqual({});
  });

  it('no note with --all, nor on the last page; --page past the end says which page of how many', async () => {
    expect((await sb.run(['segments', 'list', '--all', '--json'])).stderr).toBe('');
    const pages = Math.ceil(total() / 10);
    expect((await sb.run(['segments', 'list', '--page', String(pages), '--json'])).stderr).toBe('');
    const past = await sb.run(['segments', 'list', '--page', '99', '--json']);
    expect(past.exitCode).toBe(0);
    expect(JSON.parse(past.stdout)).toEqual([]);
    expect(past.stderr).toContain(`page 99 of ${pages}`);
    const table = await sb.run(['segments', 'list', '--page', '99']);
    expect(table.stdout).toBe('');
    expect(table.stderr).toBe(`No records on page 99 of ${pages} (${total()} in all); --page ${pages} is the last\n`);
  });

  it('--all starting past the end says so too, after one request, in any format', async () => {
    const pages = Math.ceil(total() / 100);
    const before = sb.calls('segments.list').length;
    const table = await sb.run(['segments', 'list', '--all', '--page', '99']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toBe('');
    expect(table.stderr).toBe(`No records on page 99 of ${pages} (${total()} in all); --page ${pages} is the last\n`);
    expect(sb.calls('segments.list').slice(before).map((c) => c.query)).toEqual([{ page: '99', limit: '100' }]);
    const json = await sb.run(['segments', 'list', '--all', '--page', '99', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(json.stderr).toBe(table.stderr);
  });
});

describe('bad paging flags are refused before anything is sent', () => {
  it.each([
    [['segments', 'list', '--limit', '101'], /^Error: --limit: must be a whole number from 1 to 100, got "101"/],
    [['segments', 'list', '--limit', '0'], /--limit: must be a whole number from 1 to 100/],
    [['flows', 'list', '--limit', '500'], /--limit: must be a whole number from 1 to 100/],
    [['flows', 'executions', 'x', '--limit', '-1'], /--limit: must be a whole number from 1 to 100/],
    [['contacts', 'list', '--limit', '1000'], /--limit: must be a whole number from 1 to 100/],
    [['tags', 'list', '--page', 'two'], /--page: must be a whole number of at least 1, got "two"/],
    [['tags', 'list', '--max-items', '0'], /--max-items: must be a whole number of at least 1/],
  ])('%j', async (args, message) => {
    await sb.refused(args, message);
  });
});

describe('tables for scripts', () => {
  it('a piped table keeps whole ids and values, headers in one case, no borders', async () => {
    const r = await sb.run(['segments', 'list', '--limit', '100']);
    const [head, ...rows] = lines(r.stdout);
    expect(head.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'CONTACTS COUNT', 'CREATED AT']);
    const ids = rows.map((l) => l.split(/\s+/)[0]);
    expect(ids).toHaveLength(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(r.stdout).not.toMatch(/[…│┌─]/);
  });

  it('server text in a table cell cannot reach the terminal as escapes', async () => {
    sb.store.insert('teams', { name: 'Evil\u001b]0;pwned\u0007\nteam', members: [], status: 'active' });
    const r = await sb.run(['teams', 'list', '--search', 'Evil']);
    expect(r.stdout).toContain('Evil\\x1b]0;pwned\\x07⏎team');
    expect(r.stdout).not.toContain('\u001b');
  });

  it('an empty csv still prints the header row', async () => {
    const r = await sb.run(['segments', 'list', '--search', 'no such segment', '-o', 'csv']);
    expect(r.stdout).toBe('_id,name,contacts_count,created_at\n');
  });
});

describe('--fields and --query', () => {
  it('an unknown --fields name is exit 2 listing the fields the records have', async () => {
    const r = await sb.run(['segments', 'list', '--fields', '_id,nmae']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('Error: --fields: unknown field "nmae" (the records have: _id, name, filters, created_at, updated_at, contacts_count)');
  });

  it('--fields id gives the _id the table labels ID; lists in -o csv are joined with "; " as in the table and the export', async () => {
    const r = await sb.run(['segments', 'list', '--fields', 'id,name', '-o', 'csv']);
    expect(r.exitCode, r.stderr).toBe(0);
    const vip = sb.store.list('segments').find((s) => s.name === 'VIP customers')!;
    expect(r.stdout).toMatch(new RegExp(`^id,name\n(.*\n)*${vip._id},VIP customers\n`));
    const member = sb.store.insert('contacts', { phone_number: '15559990001', name: 'Listed', tags: ['vip', 'lead'], custom_fields: {}, segment_ids: [vip._id] });
    const csv = await sb.run(['segments', 'contacts', vip._id, '--all', '--fields', 'id,tags', '-o', 'csv']);
    expect(csv.stdout).toContain(`\n${member._id},vip; lead\n`);
    const table = await sb.run(['segments', 'contacts', vip._id, '--all', '--fields', 'id,tags']);
    expect(table.stdout).toMatch(new RegExp(`^${member._id} +vip; lead$`, 'm'));
  });

  it('--fields on nested paths still works', async () => {
    const r = await sb.run(['segments', 'list', '--search', 'VIP', '--fields', 'name,filters.tags', '--json']);
    expect(JSON.parse(r.stdout)).toEqual([{ name: 'VIP customers', filters: { tags: ['vip'] } }]);
  });

  it('--query filters the records of every page, then prints them in the chosen format', async () => {
    const r = await sb.run(['tags', 'list', '--all', '--query', "[?starts_with(name, 'tag-00011')].name", '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['tag-000110', 'tag-000111', 'tag-000112', 'tag-000113', 'tag-000114', 'tag-000115', 'tag-000116', 'tag-000117', 'tag-000118', 'tag-000119']);
    const table = await sb.run(['tags', 'list', '--query', "[?name == 'vip'].{id: _id, colour: color}"]);
    expect(table.stdout).toMatch(/^ID {2,}COLOUR\n[0-9a-f]{24} {2,}#FF8800\n$/);
  });

  it('a scalar --query result in table mode is the value alone: no ✓ line from the envelope', async () => {
    const r = await sb.run(['segments', 'list', '--all', '--query', 'length(@)']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${sb.store.list('segments').length}\n`);
    expect(r.stderr).toBe('');
    const one = await sb.run(['tags', 'get', sb.store.list('tags')[0]._id, '--query', 'name']);
    expect(one.stdout).toBe('vip\n');
    expect(one.stderr).toBe('');
  });

  it('api --fields (without --paginate) picks from the records the body holds, checked like any --fields', async () => {
    const r = await sb.run(['api', 'GET', '/api/segments', '-f', 'limit=2', '--fields', '_id,name']);
    expect(r.exitCode).toBe(0);
    const want = sb.store.list('segments').slice(0, 2).map((s) => ({ _id: s._id, name: s.name }));
    expect(JSON.parse(r.stdout)).toEqual(want);
    expect(r.stderr).toBe(`Showing 2 of ${sb.store.list('segments').length}; --all for every page, --page 2 for the next\n`);
    expect(sb.received.at(-1)).toMatchObject({ path: '/api/segments', query: { limit: '2' } });
    const one = await sb.run(['api', 'GET', `/api/segments/${want[0]._id}`, '--fields', 'name', '-o', 'jsonl']);
    expect(one.stdout).toBe('{"name":"VIP customers"}\n');
    const typo = await sb.run(['api', 'GET', '/api/segments', '--fields', 'nmae']);
    expect(typo.exitCode).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toBe('Error: --fields: unknown field "nmae" (the records have: _id, name, filters, created_at, updated_at, contacts_count)\n');
    // An error body is shown as it came, with the exit code of its status.
    const missing = await sb.run(['api', 'GET', '/api/segments/6b0000000000000000000000', '--fields', 'nmae']);
    expect(missing.exitCode).toBe(4);
    expect(JSON.parse(missing.stdout)).toEqual({ success: false, message: 'Segment not found' });
  });

  it('csv of a single record: one row, a dot-path column per value (subscription show)', async () => {
    const r = await sb.run(['subscription', 'show', '-o', 'csv']);
    expect(r.exitCode).toBe(0);
    const [head, row, ...rest] = r.stdout.split('\n');
    expect(rest).toEqual(['']);
    const cols = head.split(',');
    expect(cols).toEqual(expect.arrayContaining(['subscription.status', 'plan.plan_id', 'plan.limits.contacts', 'usage.contacts.used', 'usage.contacts.limit']));
    const sub = JSON.parse((await sb.run(['subscription', 'show', '--json'])).stdout);
    const cells = row.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ''));
    const at = (col: string) => cells[cols.indexOf(col)];
    expect(at('subscription.status')).toBe('active');
    expect(at('plan.plan_id')).toBe('plan_pro');
    expect(at('plan.limits.contacts')).toBe(String(sub.plan.limits.contacts));
    expect(at('usage.contacts.used')).toBe(String(sub.usage.contacts.used));
    // The header names are --fields paths.
    expect((await sb.run(['subscription', 'show', '-o', 'csv', '--fields', 'subscription.status,plan.plan_id'])).stdout).toBe('subscription.status,plan.plan_id\nactive,plan_pro\n');
  });

  it('--query on api applies to the whole body', async () => {
    const r = await sb.run(['api', 'GET', '/api/campaigns', '--query', 'data.campaigns[0].name']);
    expect(JSON.parse(r.stdout)).toBe('Spring sale');
  });

  it('a malformed --query is exit 2 with nothing sent', async () => {
    await sb.refused(['segments', 'list', '--query', '[?name =='], /^Error: --query: /);
  });
});

describe('a single record in a table', () => {
  it("a read prints the record and no ✓ line; a write the server's message; both label fields as table headers", async () => {
    const made = await sb.run(['tags', 'create', '--name', 'kv-label', '--color', '#00FF00']);
    expect(made.exitCode, made.stderr).toBe(0);
    expect(made.stderr).toBe('✓ Tag created successfully\n');
    expect(sb.calls('tags.create').at(-1)).toMatchObject({ method: 'POST', body: { name: 'kv-label', color: '#00FF00' }, status: 201 });
    const id = sb.store.list('tags').find((t) => t.name === 'kv-label')!._id as string;
    expect(made.stdout).toMatch(new RegExp(`^ID {2,}${id}\nNAME {2,}kv-label\nCOLOR {2,}#00FF00\nCREATED AT {2,}`));

    const read = await sb.run(['tags', 'get', id]);
    expect(read.exitCode).toBe(0);
    expect(sb.calls('tags.get').at(-1)).toMatchObject({ method: 'GET', path: `/api/tags/${id}`, status: 200 });
    expect(read.stderr).toBe('');
    expect(read.stdout).toMatch(new RegExp(`^ID {2,}${id}\nNAME {2,}kv-label\n`));
  });

  it('auth profile: its id and _id both read ID', async () => {
    const r = await sb.run(['auth', 'profile']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^ID {2,}[0-9a-f]{24}\nID {2,}[0-9a-f]{24}\nNAME {2,}Sandbox Owner\n/);
    expect(sb.calls('auth.profile').at(-1)?.method).toBe('GET');
  });
});

describe('MCP-backed commands print like REST ones', () => {
  it('contacts create: the record as key/value rows and a ✓ line; --fields _id works', async () => {
    const r = await sb.run(['contacts', 'create', '--phone', '15550009001', '--name', 'Kay']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('✓ Contact created successfully\n');
    expect(r.stdout).toMatch(/^ID {2,}[0-9a-f]{24}\nPHONE NUMBER {2,}15550009001\nNAME {2,}Kay\n/);
    const id = await sb.run(['contacts', 'create', '--phone', '15550009002', '--name', 'Lou', '--fields', '_id', '--json']);
    expect(JSON.parse(id.stdout)._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('a --fields typo after a write is a warning, not "exit 2, nothing sent"', async () => {
    const r = await sb.run(['contacts', 'create', '--phone', '15550009003', '--name', 'May', '--fields', 'nmae', '--json']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^Warning: --fields: unknown field "nmae"/);
    expect(sb.store.list('contacts').some((c) => c.phone_number === '15550009003')).toBe(true);
  });
});

describe('new commands', () => {
  it('contacts export starts a job (202) and -q gives its id for export-status', async () => {
    const r = await sb.run(['contacts', 'export', '-q']);
    expect(r.exitCode).toBe(0);
    const job = r.stdout.trim();
    expect(sb.calls('contacts.export').at(-1)!.status).toBe(202);
    expect((await sb.run(['contacts', 'export-status', job, '--json'])).exitCode).toBe(0);
    const table = await sb.run(['contacts', 'export', '--segment', sb.store.list('segments')[0]._id]);
    const started = sb.calls('contacts.export').at(-1)!;
    expect(started.body).toEqual({ segment_id: sb.store.list('segments')[0]._id });
    expect(table.stderr).toBe(`✓ Export started; follow it with \`chatcrm contacts export-status ${(sb.store.list('exports').at(-1)!.job_id as string)} --wait\`\n`);
  });

  it('templates and campaigns are also answered at their aliases', async () => {
    const t = JSON.parse((await sb.run(['api', 'GET', '/api/template', '-f', 'limit=1'])).stdout);
    expect(t.data[0].template_name).toBe('order_update');
    const c = await sb.run(['api', 'GET', '/api/campaigns', '--paginate', '-o', 'jsonl']);
    expect(lines(c.stdout)).toHaveLength(sb.store.list('campaigns').length);
  });

  it.each([
    ['/api/v2/templates', '/api/template', 'templates'],
    ['/api/v2/campaigns', '/api/campaigns', 'campaigns'],
  ])('%s and its alias %s give every record, page by page', async (path, alias, collection) => {
    const want = sb.store.list(collection).map((d) => d._id);
    expect(want.length).toBeGreaterThan(100);
    for (const p of [path, alias]) {
      const before = sb.received.length;
      const r = await sb.run(['api', 'GET', p, '--paginate', '-f', 'limit=100', '-q']);
      expect(r.exitCode).toBe(0);
      expect(lines(r.stdout).sort()).toEqual([...want].sort());
      expect(sb.received.slice(before).map((c) => [c.path, c.query.page])).toEqual([
        [p, '1'],
        [p, '2'],
      ]);
    }
  });
});

describe('per-profile default output: flag > env > profile', () => {
  it('profiles set output json makes lists print json; CHATCRM_OUTPUT and -o win', async () => {
    const configDir = tempDir('chatcrm-cfg-');
    const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { configDir, env: { ...sb.env, ...env } });
    expect((await run(['profiles', 'set', 'output', 'json'])).exitCode).toBe(0);
    expect(Array.isArray(JSON.parse((await run(['tags', 'list'])).stdout))).toBe(true);
    expect(lines((await run(['tags', 'list'], { CHATCRM_OUTPUT: 'jsonl' })).stdout)).toHaveLength(50);
    expect((await run(['tags', 'list', '-o', 'table'], { CHATCRM_OUTPUT: 'jsonl' })).stdout).toMatch(/^ID {2,}NAME/);
  });
});

// ---- every response shape, from a server the CLI has never seen -------------------------------

const RECORDS = Array.from({ length: 23 }, (_, i) => ({ _id: `6b04${String(i).padStart(20, '0')}`, name: `R${i}` }));
const SIZE = 10;
const pageOf = (req: IncomingMessage) => Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
const slice = (page: number) => RECORDS.slice((page - 1) * SIZE, page * SIZE);
const pages = Math.ceil(RECORDS.length / SIZE);
const json = (res: ServerResponse, body: unknown) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const SHAPES: Record<string, (page: number) => unknown> = {
  'pagination next to data': (page) => ({ success: true, data: slice(page), pagination: { currentPage: page, totalPages: pages, totalItems: RECORDS.length, itemsPerPage: SIZE } }),
  'nested in data next to a named array': (page) => ({ success: true, data: { segments: slice(page), pagination: { currentPage: page, totalPages: pages, totalItems: RECORDS.length, itemsPerPage: SIZE } } }),
  'flat count/page/limit/totalPages': (page) => ({ success: true, count: RECORDS.length, page, limit: SIZE, totalPages: pages, data: slice(page) }),
  'a bare array': (page) => slice(page),
  'meta with hasNextPage': (page) => ({ data: slice(page), meta: { hasNextPage: page < pages } }),
};

describe('--all in every response shape (a server with its own page size of 10)', () => {
  let hs: HostileServer;
  beforeAll(async () => {
    hs = await startHostile();
  });
  afterAll(() => hs.close());
  const env = () => ({ CHATCRM_BASE_URL: hs.url, CHATCRM_API_KEY: 'k' });
  const PAGED = Object.keys(SHAPES).filter((s) => s !== 'a bare array');

  it.each(PAGED)('%s', async (shape) => {
    hs.route('GET /api/segments', (req, res) => json(res, SHAPES[shape](pageOf(req))));
    const before = hs.received.length;
    const r = await runCli(['segments', 'list', '--all', '-o', 'jsonl'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual(RECORDS);
    // We ask for 100 a page; the answer's own word on pages is followed.
    expect(hs.received.slice(before).map((q) => q.path)).toEqual(['/api/segments', '/api/segments', '/api/segments']);
  });

  it('a bare array says nothing of pages: a full page (--limit) asks for the next, a shorter one is the last', async () => {
    hs.route('GET /api/segments', (req, res) => json(res, SHAPES['a bare array'](pageOf(req))));
    const before = hs.received.length;
    const r = await runCli(['segments', 'list', '--all', '--limit', String(SIZE), '-o', 'jsonl'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual(RECORDS);
    expect(hs.received.length - before).toBe(3);
  });

  it('a server that ignores `page` stops the loop with a warning, never an endless fetch', async () => {
    hs.route('GET /api/segments', (_req, res) => json(res, SHAPES['pagination next to data'](1)));
    const before = hs.received.length;
    const r = await runCli(['segments', 'list', '--all', '-q'], { env: env() });
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout)).toEqual(RECORDS.slice(0, SIZE).map((x) => x._id));
    expect(r.stderr).toBe('Warning: page 2 repeats page 1 (the server seems to ignore "page"); stopped after 10 records\n');
    expect(hs.received.length - before).toBe(2);
  });

  it('a bare array that ignores `page`: the repeated full page warns too', async () => {
    hs.route('GET /api/segments', (_req, res) => json(res, slice(1)));
    const before = hs.received.length;
    const r = await runCli(['segments', 'list', '--all', '--limit', String(SIZE), '-q'], { env: env() });
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout)).toEqual(RECORDS.slice(0, SIZE).map((x) => x._id));
    expect(r.stderr).toBe('Warning: page 2 repeats page 1 (the server seems to ignore "page"); stopped after 10 records\n');
    expect(hs.received.length - before).toBe(2);
  });

  it('a short list from a server that does not page at all is the whole list: one request, no warning', async () => {
    hs.route('GET /api/segments', (_req, res) => json(res, RECORDS.slice(0, 3)));
    const before = hs.received.length;
    const r = await runCli(['segments', 'list', '--all', '-q'], { env: env() });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(lines(r.stdout)).toEqual(RECORDS.slice(0, 3).map((x) => x._id));
    expect(hs.received.length - before).toBe(1);
  });

  it('json streams one array across pages; csv one header', async () => {
    hs.route('GET /api/segments', (req, res) => json(res, SHAPES['a bare array'](pageOf(req))));
    const j = await runCli(['segments', 'list', '--all', '--limit', String(SIZE), '--json'], { env: env() });
    expect(JSON.parse(j.stdout)).toEqual(RECORDS);
    expect(j.stdout).toBe(`${JSON.stringify(RECORDS, null, 2)}\n`);
    const c = await runCli(['segments', 'list', '--all', '--limit', String(SIZE), '-o', 'csv', '--fields', '_id,name'], { env: env() });
    expect(lines(c.stdout)).toEqual(['_id,name', ...RECORDS.map((x) => `${x._id},${x.name}`)]);
  });

  it('an error on a later page: what came so far is still valid json (the array is closed), then the error and its code', async () => {
    hs.route('GET /api/segments', (req, res) => {
      const page = pageOf(req);
      if (page < 3) return json(res, SHAPES['pagination next to data'](page));
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"message":"Segment list went away"}');
    });
    const before = hs.received.length;
    const r = await runCli(['segments', 'list', '--all', '--json'], { env: env() });
    expect(r.exitCode).toBe(4);
    expect(JSON.parse(r.stdout)).toEqual(RECORDS.slice(0, 2 * SIZE));
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { message: 'Segment list went away (HTTP 404)', status: 404 } });
    expect(hs.received.length - before).toBe(3);
    // An error on the first page prints nothing on stdout: there was nothing to close.
    hs.route('GET /api/segments', (_req, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"message":"gone"}'));
    const first = await runCli(['segments', 'list', '--all', '--json'], { env: env() });
    expect(first.exitCode).toBe(4);
    expect(first.stdout).toBe('');
  });
});

describe('api --paginate in every response shape (it sends no limit: the first page sets the size)', () => {
  let hs: HostileServer;
  beforeAll(async () => {
    hs = await startHostile();
  });
  afterAll(() => hs.close());
  const env = () => ({ CHATCRM_BASE_URL: hs.url, CHATCRM_API_KEY: 'k' });

  it.each(Object.keys(SHAPES))('%s', async (shape) => {
    const asked: string[] = [];
    hs.route('GET /api/anything', (req, res) => {
      asked.push(req.url ?? '');
      json(res, SHAPES[shape](pageOf(req)));
    });
    const r = await runCli(['api', 'GET', '/api/anything', '--paginate', '-o', 'jsonl'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual(RECORDS);
    expect(asked).toEqual(['/api/anything?page=1', '/api/anything?page=2', '/api/anything?page=3']);
  });

  it('a server that ignores `page` warns and stops', async () => {
    hs.route('GET /api/anything', (_req, res) => json(res, slice(1)));
    const r = await runCli(['api', 'GET', '/api/anything', '--paginate'], { env: env() });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(slice(1));
    expect(r.stderr).toBe('Warning: page 2 repeats page 1 (the server seems to ignore "page"); stopped after 10 records\n');
  });
});
