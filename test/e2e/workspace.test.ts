// workspace dump | validate | diff | sync between two sandboxes as two tenants: A's setup copied
// into B (references resolved to B's ids), updates in place, prune only when asked, ${env:},
// stdin, --dry-run, a failure half-way and the re-run that finishes, every page of a big list.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '../../src/sandbox/faults.js';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let a: TestSandbox;
let b: TestSandbox;
/** B's faults: the sandbox reads this array on each request, so a test can add and clear them. */
const faults: Fault[] = [];
const dir = tempDir('chatcrm-ws-');
const file = join(dir, 'workspace.yaml');

const writes = (sb: TestSandbox) => sb.received.filter((r) => r.method !== 'GET' && r.operation !== undefined);
const live = (sb: TestSandbox, coll: string, key = 'name') => new Map(sb.store.list(coll).map((d) => [String(d[key]), d]));

beforeAll(async () => {
  [a, b] = await Promise.all([startTestSandbox(), startTestSandbox({ faults })]);
  // A: a new tag, and a segment referring to it by id (the file writes the name).
  const tag = a.store.insert('tags', { name: 'gold', color: '#FFD700' });
  a.store.insert('segments', { name: 'Gold members', filters: { tag_ids: [tag._id] } });
  // B: a record of its own, and a value that differs from A's.
  b.store.insert('tags', { name: 'b-only', color: '#111111' });
  b.store.insert('taxes', { name: 'B tax', rate: 3, status: 'active' });
  const vip = b.store.list('tags', (t) => t.name === 'vip')[0];
  b.store.update('tags', vip._id, { color: '#000000' });
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('workspace, A → B', () => {
  it('dump writes the file; validate reads it back', async () => {
    const d = await a.run(['workspace', 'dump', '-O', file]);
    expect(d.exitCode, d.stderr).toBe(0);
    expect(d.stderr).toMatch(/^Wrote .*workspace\.yaml \(5 tags, /);
    const v = await a.run(['workspace', 'validate', file]);
    expect(v.exitCode, v.stderr).toBe(0);
    expect(v.stderr).toMatch(/is a valid workspace file \(5 tags/);
  });

  it('dump --only segments still writes the tags it refers to by name (tags read for their names only)', async () => {
    const before = a.calls('tags.list').length;
    const d = await a.run(['workspace', 'dump', '--only', 'segments']);
    expect(d.exitCode, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/^version: 1\nsegments:\n/);
    expect(d.stdout).not.toMatch(/^tags:/m);
    expect(d.stdout).toContain('  - name: Gold members\n    filters:\n      tag_ids:\n        - gold\n');
    expect(a.calls('tags.list').length).toBe(before + 1);
  });

  it('diff --exit-code: 9 with the plan grouped by area; nothing written', async () => {
    const before = writes(b).length;
    const r = await b.run(['workspace', 'diff', file, '--exit-code']);
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stdout).toContain('tags\n  + gold\n      color: "#FFD700"\n  ~ vip\n      color: "#000000" → "#FF8800"\n');
    expect(r.stdout).toMatch(/segments\n {2}\+ Gold members\n {6}filters: \{"tag_ids":\["gold"\]\}/);
    expect(r.stdout).toMatch(/templates: 1 in the file, never synced/);
    expect(r.stdout).not.toContain('b-only');
    expect(writes(b).length).toBe(before);
  });

  it('sync without --yes and no terminal: exit 2, nothing changed', async () => {
    const before = writes(b).length;
    const r = await b.run(['workspace', 'sync', file]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/refused without confirmation; pass --yes/);
    expect(writes(b).length).toBe(before);
  });

  it('--dry-run reads B, prints the requests and sends none', async () => {
    const before = writes(b).length;
    const r = await b.run(['workspace', 'sync', file, '--dry-run']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/tags$/m);
    expect(r.stdout).toMatch(/^PUT http:\/\/127\.0\.0\.1:\d+\/api\/tags\/\w+$/m);
    expect(r.stderr).toMatch(/Dry run: \d+ changes, nothing was sent/);
    expect(writes(b).length).toBe(before);
  });

  it('a server error half-way stops the sync, says what was applied; the re-run finishes', async () => {
    faults.push({ operation: 'segments.create', status: 500, rate: 1 });
    const r = await b.run(['workspace', 'sync', file, '--yes', '--retries', '0']);
    faults.length = 0;
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).toMatch(/Stopped: \d+ created, \d+ updated, 0 deleted, 1 failed; \d+ not tried\. Run the sync again/);
    expect(r.stderr).toMatch(/segments "Gold members": /);
    // What came before segments in the order was applied: the tag exists, the segment not.
    expect(live(b, 'tags').get('gold')).toBeDefined();
    expect(live(b, 'segments').get('Gold members')).toBeUndefined();
  });

  it('sync applies the rest: updates keep their ids, references point at B\'s records, B\'s own stay', async () => {
    const vipId = live(b, 'tags').get('vip')!._id;
    const r = await b.run(['workspace', 'sync', file, '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Synced: 1 created, 0 updated, 0 deleted, 0 failed$/m);
    expect(live(b, 'tags').get('vip')).toMatchObject({ _id: vipId, color: '#FF8800' });
    const gold = live(b, 'tags').get('gold')!;
    expect(gold._id).not.toBe(live(a, 'tags').get('gold')!._id);
    expect(live(b, 'segments').get('Gold members')!.filters).toEqual({ tag_ids: [gold._id] });
    expect(live(b, 'tags').get('b-only')).toBeDefined();
    expect(live(b, 'taxes').get('B tax')).toBeDefined();
  });

  it('then diff B is empty, and a second sync plans nothing and sends nothing', async () => {
    const d = await b.run(['workspace', 'diff', file, '--exit-code']);
    expect(d.exitCode, d.stdout).toBe(0);
    expect(d.stdout).toMatch(/No changes: the workspace matches the file\./);
    const before = writes(b).length;
    const s = await b.run(['workspace', 'sync', file, '--yes']);
    expect(s.exitCode).toBe(0);
    expect(writes(b).length).toBe(before);
  });

  it('an edited value updates in place: one request with the changed field, same id', async () => {
    const edited = join(dir, 'edited.yaml');
    writeFileSync(edited, (await a.run(['workspace', 'dump', '--only', 'taxes'])).stdout.replace('rate: 20', 'rate: 21'));
    const vat = live(b, 'taxes').get('VAT')!;
    const r = await b.run(['workspace', 'sync', edited, '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('taxes\n  ~ VAT\n      rate: 20 → 21\n');
    expect(b.calls('taxes.update').at(-1)).toMatchObject({ path: `/api/taxes/${vat._id}`, body: { rate: 21 } });
    expect(live(b, 'taxes').get('VAT')).toMatchObject({ _id: vat._id, rate: 21 });
  });

  it('--prune deletes the records B has and the file does not name, in the listed areas only', async () => {
    const r = await b.run(['workspace', 'sync', file, '--prune', '--only', 'tags', '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('tags\n  - b-only\n');
    expect(live(b, 'tags').get('b-only')).toBeUndefined();
    // taxes was not in --only: B tax stays.
    expect(live(b, 'taxes').get('B tax')).toBeDefined();
    expect(b.calls('tags.deleteMany').at(-1)!.body).toEqual({ ids: [expect.any(String)] });
  });

  it('-o json: the plan as data', async () => {
    const r = await b.run(['workspace', 'diff', file, '--prune', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.summary).toEqual({ create: 0, update: 1, delete: 1 });
    expect(plan.changes).toContainEqual({ action: 'delete', area: 'taxes', key: 'B tax', id: live(b, 'taxes').get('B tax')!._id });
    expect(plan.changes).toContainEqual(expect.objectContaining({ action: 'update', area: 'taxes', key: 'VAT', changes: [{ field: 'rate', old: 21, new: 20 }] }));
  });
});

describe('workspace input', () => {
  it('stdin: dump A | sync - into B', async () => {
    const dumped = await a.run(['workspace', 'dump', '--only', 'quick_replies']);
    writeFileSync(join(dir, 'qr.yaml'), dumped.stdout);
    b.store.update('quick_replies', b.store.list('quick_replies', (q) => q.title === 'Thanks')[0]._id, { message: 'changed in B' });
    const r = await b.run(['workspace', 'sync', '-', '--yes'], { input: dumped.stdout });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(live(b, 'quick_replies', 'title').get('Thanks')!.message).toBe('Thank you for contacting us!');
  });

  it('${env:CHATCRM_WS_NAME} is filled from the environment; an unset one is exit 2 naming it, nothing sent', async () => {
    const f = join(dir, 'env.yaml');
    writeFileSync(f, 'version: 1\nquick_replies:\n  - title: Hotline\n    message: "Call ${env:CHATCRM_WS_HOTLINE}"\n');
    await b.refused(['workspace', 'sync', f, '--yes'], /env\.yaml:4: \$\{env:CHATCRM_WS_HOTLINE\}: environment variable CHATCRM_WS_HOTLINE is not set/);
    const r = await b.run(['workspace', 'sync', f, '--yes'], { env: { CHATCRM_WS_HOTLINE: '+1 555 0100' } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(b.calls('quickReplies.create').at(-1)!.body).toEqual({ title: 'Hotline', message: 'Call +1 555 0100' });
  });

  it('validate: every problem on its own line with file, line and field; exit 2; offline', async () => {
    const f = join(dir, 'bad.yaml');
    writeFileSync(f, 'version: 1\ntags:\n  - name: vip\n    color: red\n  - name: VIP\n    color: "#000000"\n');
    const before = b.received.length;
    const r = await b.run(['workspace', 'validate', f]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([`Error: ${f}:4: tags[0].color: must be #RRGGBB`]);
    expect(b.received.length).toBe(before);
    await b.refused(['workspace', 'diff', join(dir, 'missing.yaml')], /missing\.yaml: cannot read: no such file/);
    await b.refused(['workspace', 'dump', '--only', 'tags,labels'], /--only: unknown area "labels"/);
  });
});

describe('a server\'s text', () => {
  it('reaches the terminal inert: a name with escape sequences is shown, not obeyed; the dump quotes it', async () => {
    const c = await startTestSandbox();
    try {
      c.store.insert('tags', { name: 'evil\u001b]0;pwned\u0007\u001b[31m', color: '#000000' });
      const d = await c.run(['workspace', 'diff', '-', '--prune', '--only', 'tags'], { input: 'version: 1\ntags: []\n' });
      expect(d.exitCode, d.stderr).toBe(0);
      // Quoted as JSON: a name with a control character draws nothing of its own.
      expect(d.stdout).toContain('  - "evil\\u001b]0;pwned\\u0007\\u001b[31m"');
      expect(d.stdout).not.toMatch(/\u001b|\u0007/);
      const dump = await c.run(['workspace', 'dump', '--only', 'tags']);
      expect(dump.stdout).not.toMatch(/\u001b|\u0007/);
      expect(dump.stdout).toContain('name: "evil\\e]0;pwned\\a\\e[31m"');
      const v = await c.run(['workspace', 'validate', '-'], { input: dump.stdout });
      expect(v.exitCode, v.stderr).toBe(0);
    } finally {
      await c.close();
    }
  });
});

describe('every area', () => {
  const AREAS = ['tags', 'custom_fields', 'taxes', 'currencies', 'quick_replies', 'teams', 'chatbots', 'segments', 'flows'];

  it('an empty workspace gets A\'s whole setup (creates and their states), then every area updates in place', async () => {
    const empty = await startTestSandbox();
    try {
      for (const coll of AREAS) for (const d of empty.store.list(coll)) empty.store.softDelete(coll, d._id);
      // A rate of its own: the create carries it (the sandbox's table would say 0.92).
      const dumped = (await a.run(['workspace', 'dump'])).stdout.replace('exchange_rate: 0.92', 'exchange_rate: 0.9');
      const r = await empty.run(['workspace', 'sync', '-', '--yes'], { input: dumped });
      expect(r.exitCode, r.stderr).toBe(0);
      expect((await empty.run(['workspace', 'diff', '-', '--exit-code'], { input: dumped })).exitCode).toBe(0);
      expect(live(empty, 'flows').get('Welcome menu')).toMatchObject({ status: 'active' });
      expect(live(empty, 'currencies', 'code').get('USD')).toMatchObject({ is_default: true });
      expect(live(empty, 'currencies', 'code').get('INR')).toMatchObject({ is_active: false });
      expect(live(empty, 'currencies', 'code').get('EUR')).toMatchObject({ exchange_rate: 0.9 });

      const ids = (coll: string, key = 'name') => [...live(empty, coll, key).values()].map((d) => d._id).sort();
      const before = AREAS.map((coll) => ids(coll, coll === 'quick_replies' ? 'title' : coll === 'currencies' ? 'code' : 'name'));
      const edited = dumped
        .replace('color: "#FF8800"', 'color: "#FF0000"')
        .replace('name: Company\n    is_active: true', 'name: Company\n    is_active: false')
        .replace('rate: 5.5\n    status: active', 'rate: 5.5\n    status: inactive')
        .replace('code: INR\n    exchange_rate: 83.1\n    is_active: false', 'code: INR\n    exchange_rate: 80\n    is_active: true')
        .replace('message: Thank you for contacting us!', 'message: Thanks a lot!')
        .replace('- campaigns.view\n    status: active', '- campaigns.view\n    status: inactive')
        .replace('- name: FAQ bot', '- name: FAQ bot\n    language: en')
        .replace('        - vip\n', '        - vip\n        - wholesale\n')
        .replace(/status: active\ntemplates:/, 'status: paused\ntemplates:');
      const u = await empty.run(['workspace', 'sync', '-', '--yes'], { input: edited });
      expect(u.exitCode, u.stderr).toBe(0);
      expect(u.stderr).toMatch(/^Synced: 0 created, 9 updated, 0 deleted, 0 failed$/m);
      expect((await empty.run(['workspace', 'diff', '-', '--exit-code'], { input: edited })).exitCode).toBe(0);
      expect(AREAS.map((coll) => ids(coll, coll === 'quick_replies' ? 'title' : coll === 'currencies' ? 'code' : 'name'))).toEqual(before);
      expect(live(empty, 'flows').get('Welcome menu')).toMatchObject({ status: 'paused' });
      expect(live(empty, 'teams').get('Sales')).toMatchObject({ status: 'inactive' });
    } finally {
      await empty.close();
    }
  }, 120_000);
});

describe('every page', () => {
  it('dump | validate on a sandbox with --seed-records 250', async () => {
    const big = await startTestSandbox({ seedRecords: 250 });
    try {
      const d = await big.run(['workspace', 'dump']);
      expect(d.exitCode, d.stderr).toBe(0);
      for (const [area, coll, key] of [['tags', 'tags', 'name'], ['quick_replies', 'quick_replies', 'title'], ['currencies', 'currencies', 'code'], ['flows', 'flows', 'name'], ['templates', 'templates', 'template_name']]) {
        const pages = big.calls(`${coll === 'quick_replies' ? 'quickReplies' : coll}.list`).length;
        const n = big.store.list(coll).length;
        expect(n, area).toBeGreaterThan(250);
        expect(pages, area).toBe(Math.ceil(n / 100));
        expect(d.stdout.match(new RegExp(`^  - ${key}: `, 'gm'))!.length).toBeGreaterThanOrEqual(n);
      }
      const v = await big.run(['workspace', 'validate', '-'], { input: d.stdout });
      expect(v.exitCode, v.stderr).toBe(0);
      const b2 = await big.run(['workspace', 'diff', '-', '--prune', '--exit-code'], { input: d.stdout });
      expect(b2.exitCode, b2.stdout).toBe(0);
    } finally {
      await big.close();
    }
  }, 240_000);
});
