import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
const dir = tempDir('chatcrm-flows-');
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const FLOW_YAML = `
name: Pizza orders
keyword: pizza
prefix: "#order"
platform: chat
return_to: main
greeting:
  - text: Welcome to Pizza Place!
  - goto: main
screens:
  main:
    type: menu
    header: Pizza Place
    body: What would you like?
    button: Menu
    sections:
      - title: Food
        options:
          - title: Order
            description: Start an order
            goto: order
          - title: Hours
            goto: hours
  order:
    type: menu
    body: Which size?
    button: Sizes
    sections:
      - options:
          - title: Back
            goto: main
  hours:
    type: opening_hours
    days: [mon, tue]
`;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe("a flow's whole life", () => {
  // Some 16 CLI runs in a row: on a shared, loaded machine they outlast the default 30 s.
  it('create from YAML → list by status → toggle → toggle-pause → test → executions → stats → delete', async () => {
    const created = await sb.run(['flows', 'create', '--file', file('flow.yaml', FLOW_YAML), '--json']);
    expect(created.stderr).toBe('');
    expect(created.exitCode).toBe(0);
    const flow = JSON.parse(created.stdout);
    const id: string = flow._id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const [createCall] = sb.calls('flows.create');
    expect(createCall.body).toMatchObject({ name: 'Pizza orders', keyword: 'pizza', prefix: '#order', return_to: 'main', greeting: [{ text: 'Welcome to Pizza Place!' }, { goto: 'main' }] });
    // the unknown screen type passes through untouched
    expect((createCall.body as { screens: Record<string, unknown> }).screens.hours).toEqual({ type: 'opening_hours', days: ['mon', 'tue'] });
    expect(flow.status).toBe('draft');

    const drafts = await sb.run(['flows', 'list', '--status', 'draft', '-q']);
    expect(drafts.stdout.split('\n')).toContain(id);
    expect(sb.calls('flows.list').at(-1)!.query).toEqual({ status: 'draft' });
    const active0 = await sb.run(['flows', 'list', '--status', 'active', '-q']);
    expect(active0.stdout.split('\n')).not.toContain(id);

    const toggled = await sb.run(['flows', 'toggle', id, '--json']);
    expect(toggled.exitCode).toBe(0);
    expect(JSON.parse(toggled.stdout)).toMatchObject({ status: 'active', is_active: true });
    expect(sb.calls('flows.toggle').at(-1)!.path).toBe(`/api/automation/${id}/toggle`);
    expect((await sb.run(['flows', 'list', '--status', 'active', '-q'])).stdout.split('\n')).toContain(id);

    const paused = await sb.run(['flows', 'toggle-pause', id, '--json']);
    expect(JSON.parse(paused.stdout)).toMatchObject({ status: 'paused', is_paused: true });
    expect(sb.calls('flows.togglePause').at(-1)!.method).toBe('PATCH');
    expect((await sb.run(['flows', 'list', '--status', 'paused', '-q'])).stdout.split('\n')).toContain(id);
    const resumed = await sb.run(['flows', 'toggle-pause', id, '--json']);
    expect(JSON.parse(resumed.stdout).status).toBe('active');

    const tested = await sb.run(['flows', 'test', id, '--message', 'Pizza', '--json']);
    expect(tested.exitCode).toBe(0);
    const result = JSON.parse(tested.stdout);
    expect(result).toMatchObject({ matched: true, matched_by: 'keyword', final_screen: 'main', replies: ['Welcome to Pizza Place!', expect.stringContaining('What would you like?')] });
    expect(sb.calls('flows.test').at(-1)!.body).toEqual({ flow_id: id, test_data: { message: 'Pizza', messageType: 'text' } });
    const miss = await sb.run(['flows', 'test', id, '--message', 'hello', '--json']);
    expect(JSON.parse(miss.stdout)).toMatchObject({ matched: false, steps: [] });

    const execs = await sb.run(['flows', 'executions', id, '--json']);
    const list = JSON.parse(execs.stdout);
    expect(list.map((e: { status: string }) => e.status)).toEqual(['no_match', 'completed']);
    const one = await sb.run(['flows', 'execution', result.execution_id, '--json']);
    expect(JSON.parse(one.stdout).steps.map((s: { type: string }) => s.type)).toEqual(['trigger', 'text', 'goto', 'menu']);
    expect(sb.calls('flows.execution').at(-1)!.path).toBe(`/api/automation/executions/${result.execution_id}`);

    const stats = JSON.parse((await sb.run(['flows', 'stats', '--json'])).stdout);
    expect(stats).toMatchObject({ total_executions: 2, completed_executions: 1, no_match_executions: 1, match_rate: 50 });
    expect(stats.by_flow.find((f: { flow_id: string }) => f.flow_id === id)).toMatchObject({ executions: 2, completed: 1 });

    const before = sb.received.length;
    const refused = await sb.run(['flows', 'delete', id]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(sb.received.length).toBe(before);

    const deleted = await sb.run(['flows', 'delete', id, '--yes']);
    expect(deleted.exitCode).toBe(0);
    expect(sb.calls('flows.delete').at(-1)!.body).toEqual({ confirm: true });
    const gone = await sb.run(['flows', 'get', id]);
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toMatch(/not found/i);
    expect((await sb.run(['flows', 'list', '-q'])).stdout.split('\n')).not.toContain(id);
    expect(sb.store.all('flows').find((f) => f._id === id)?.deleted_at).toBeTruthy();
  });
});

describe('flows commands', () => {
  it('list shows id, name, keyword, platform, state and updated time', async () => {
    const r = await sb.run(['flows', 'list']);
    expect(r.exitCode).toBe(0);
    const [head, ...rows] = r.stdout.trim().split('\n');
    expect(head.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'KEYWORD', 'PLATFORM', 'STATE', 'UPDATED AT']);
    expect(rows.some((l) => /Welcome menu\s+menu\s+chat\s+active/.test(l))).toBe(true);
    expect(sb.calls('flows.list').at(-1)!.query).toEqual({});
  });

  it('get shows one flow', async () => {
    const id = sb.store.list('flows')[0]._id;
    const r = await sb.run(['flows', 'get', id, '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ _id: id, name: 'Welcome menu' });
    expect(sb.calls('flows.get').at(-1)!.path).toBe(`/api/automation/${id}`);
  });

  it('create from flags sends a flow without screens', async () => {
    const r = await sb.run(['flows', 'create', '--name', 'Opening hours', '--keyword', 'open', '--prefix', '!', '--active', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('flows.create').at(-1)!.body).toEqual({ name: 'Opening hours', keyword: 'open', prefix: '!', platform: 'chat', is_active: true });
    expect(JSON.parse(r.stdout).status).toBe('active');
  });

  it('create from JSON, with flags overriding the file', async () => {
    const p = file('f.json', JSON.stringify({ name: 'From JSON', keyword: 'json', greeting: [{ text: 'hi' }] }));
    const r = await sb.run(['flows', 'create', '--file', p, '--keyword', 'jsonkw', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('flows.create').at(-1)!.body).toEqual({ name: 'From JSON', keyword: 'jsonkw', greeting: [{ text: 'hi' }], platform: 'chat' });
  });

  it('update sends only the given fields; a partial file is checked against the stored flow', async () => {
    const id = sb.store.list('flows')[0]._id;
    const r = await sb.run(['flows', 'update', id, '--name', 'Renamed menu', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('flows.update').at(-1)!.body).toEqual({ name: 'Renamed menu' });
    expect(JSON.parse(r.stdout).name).toBe('Renamed menu');
    const p = file('patch.yaml', 'greeting:\n  - text: New hello\n  - goto: prices\n');
    const u = await sb.run(['flows', 'update', id, '--file', p, '--json']);
    expect(u.exitCode).toBe(0);
    expect(sb.calls('flows.update').at(-1)!.body).toEqual({ greeting: [{ text: 'New hello' }, { goto: 'prices' }] });
    const bad = file('patch-bad.yaml', 'return_to: nowhere\n');
    const s = await sb.run(['flows', 'update', id, '--file', bad]);
    expect(s.exitCode).toBe(5);
    expect(s.stderr).toMatch(/return_to: no screen named "nowhere"/);
    // what the CLI can judge offline (the shape, and the graph of the screens the patch brings) is refused before sending
    const empty = file('patch-empty.yaml', 'name: ""\n');
    await sb.refused(['flows', 'update', id, '--file', empty], /patch-empty\.yaml: name: must not be empty/);
    const dangling = file('patch-dangling.yaml', 'screens:\n  main:\n    type: menu\n    body: b\n    button: Go\n    sections:\n      - options:\n          - title: t\n            goto: nowhere\n');
    await sb.refused(['flows', 'update', id, '--file', dangling], /screens\.main\.sections\[0\]\.options\[0\]\.goto: no screen named "nowhere"/);
  });

  it('toggle-pause on a draft flow is refused by the service', async () => {
    const draft = sb.store.list('flows', (f) => f.status === 'draft')[0];
    const r = await sb.run(['flows', 'toggle-pause', draft._id]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/activate it/);
  });

  it('node-types lists step and screen types', async () => {
    const r = await sb.run(['flows', 'node-types', '-q']);
    expect(r.stdout.trim().split('\n')).toEqual(['text', 'goto', 'menu']);
    expect(sb.calls('flows.nodeTypes')).toHaveLength(1);
  });

  it('suggest sends every field and --out writes a flow that flows create accepts', async () => {
    const out = join(dir, 'suggested.yaml');
    const args = ['--business-name', 'Rosa Bakery', '--language', 'en', '--industry', 'bakery', '--purpose', 'Cake orders', '--action', 'Order a cake', '--tone', 'friendly', '--occasion', 'Easter', '--details', 'Open daily', '--platform', 'chat'];
    const r = await sb.run(['flows', 'suggest', ...args, '--out', out]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/sandbox suggestion/i);
    expect(r.stderr).toContain(`flows create --file ${out}`);
    expect(sb.calls('flows.suggest').at(-1)!.body).toEqual({
      businessName: 'Rosa Bakery', language: 'en', industry: 'bakery', purpose: 'Cake orders', action: 'Order a cake', tone: 'friendly', occasion: 'Easter', additionalDetails: 'Open daily', platform: 'chat',
    });
    expect(readFileSync(out, 'utf8')).toMatch(/^name: Rosa Bakery/);
    const v = await sb.run(['flows', 'validate', out]);
    expect(v.exitCode).toBe(0);
    const c = await sb.run(['flows', 'create', '--file', out, '--json']);
    expect(c.exitCode).toBe(0);
    expect(JSON.parse(c.stdout).keyword).toBe('cake');
    // deterministic: the same inputs give the same flow on stdout
    const again = await sb.run(['flows', 'suggest', ...args]);
    expect(again.stdout).toBe(readFileSync(out, 'utf8'));

    // --out never overwrites without --force, and asks the service nothing when it would not write.
    writeFileSync(out, 'mine\n');
    await sb.refused(['flows', 'suggest', ...args, '--out', out], new RegExp(`^Error: --out: ${out.replace(/[.]/g, '\\.')} exists: pass --force to overwrite it$`, 'm'));
    expect(readFileSync(out, 'utf8')).toBe('mine\n');
    const forced = await sb.run(['flows', 'suggest', ...args, '--out', out, '--force']);
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(again.stdout);
  });

  it('validate reports every problem with its path, warnings do not fail; it sends nothing', async () => {
    const before = sb.received.length;
    const warn = file('warn.yaml', `${FLOW_YAML}  orphan:\n    type: menu\n    body: b\n    button: x\n    sections:\n      - options:\n          - title: t\n`);
    const ok = await sb.run(['flows', 'validate', warn]);
    expect(ok.exitCode).toBe(0);
    expect(ok.stderr).toContain('Warning: ');
    expect(ok.stderr).toContain('screens.orphan: unreachable');
    const bad = file('bad.yaml', FLOW_YAML.replace('goto: hours', 'goto: nowhere').replace('return_to: main', 'return_to: ghost'));
    const r = await sb.run(['flows', 'validate', bad, '--json']);
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stdout).problems.map((p: { path: string }) => p.path)).toEqual(['screens.main.sections[0].options[1].goto', 'return_to']);
    expect(r.stderr).toContain('screens.main.sections[0].options[1].goto: no screen named "nowhere"');
    // offline: not one request of any kind, for a valid file or an invalid one
    expect(sb.received.slice(before)).toEqual([]);
  });
});

describe('bad input: exit 2, one line naming the field, nothing sent', () => {
  const dangling = () => file('dangling.yaml', FLOW_YAML.replace('goto: order', 'goto: checkout'));
  it.each([
    ['a dangling goto', () => ['flows', 'create', '--file', dangling()], /screens\.main\.sections\[0\]\.options\[0\]\.goto: no screen named "checkout"/],
    ['a file that is not JSON/YAML', () => ['flows', 'create', '--file', file('broken.yaml', 'name: [unclosed\n  keyword: x')], /--file .*broken\.yaml: not valid JSON or YAML/],
    ['a file that is not an object', () => ['flows', 'create', '--file', file('text.txt', 'just some words')], /must hold a JSON or YAML object/],
    ['broken JSON', () => ['flows', 'create', '--file', file('broken.json', '{"name": ')], /not valid JSON/],
    ['a missing file', () => ['flows', 'create', '--file', join(dir, 'nope.yaml')], /no such file/],
    ['an unknown --status', () => ['flows', 'list', '--status', 'sleeping'], /--status.*sleeping/],
    ['delete without --yes, not interactive', () => ['flows', 'delete', 'abc'], /refused without confirmation; pass --yes/],
    ['create without a keyword', () => ['flows', 'create', '--name', 'x'], /--keyword: required/],
    ['an empty flag value', () => ['flows', 'create', '--name', '', '--keyword', 'k'], /--name: must not be empty/],
    ['update with nothing to change', () => ['flows', 'update', 'abc'], /nothing to update/],
    ['test without --message', () => ['flows', 'test', 'abc'], /--message: required/],
    ['a menu without a button', () => ['flows', 'create', '--file', file('nobutton.json', JSON.stringify({ name: 'n', keyword: 'k', screens: { main: { type: 'menu', body: 'b', sections: [{ options: [{ title: 't' }] }] } } }))], /screens\.main\.button: is required/],
  ])('%s', async (_what, argv, message) => {
    await sb.refused(argv(), message);
  });

  it('the sandbox itself refuses a delete without confirm: true and deletes nothing', async () => {
    const id = sb.store.list('flows')[0]._id;
    for (const body of [undefined, '{}', '{"confirm": "yes"}']) {
      const res = await fetch(`${sb.url}/api/automation/${id}`, { method: 'DELETE', headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/confirm/);
    }
    expect(sb.store.get('flows', id)).toBeDefined();
  });
});
