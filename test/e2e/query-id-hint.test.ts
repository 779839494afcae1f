// What a newcomer still had to guess (issue 34), run as they ran it: a --query that reads `id`
// from records that carry `_id` (null, exit 0, and now a hint), and the campaign ids
// docs/crm-workspace.md tells them to find with `campaigns list`.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const ROOT = resolve(import.meta.dirname, '../..');
const HINT = 'Hint: --query reads "id", but these records carry their id as "_id": use _id\n';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('--query on id, when the records carry _id', () => {
  it("campaigns list --query \"[?status=='draft'].id | [0]\": null as before, and a one-line hint on stderr", async () => {
    const r = await sb.run(['campaigns', 'list', '--query', "[?status=='draft'].id | [0]"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(HINT);
    const json = await sb.run(['campaigns', 'list', '--query', "[?status=='draft'].id | [0]", '-o', 'json']);
    expect(json.stdout).toBe('null\n');
    expect(json.stderr).toBe(HINT);
  });

  it('with _id the query answers the id, and no hint', async () => {
    const r = await sb.run(['campaigns', 'list', '--query', "[?status=='draft']._id | [0]", '-o', 'json']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const id = JSON.parse(r.stdout) as string;
    expect(sb.store.list('campaigns', (c) => c._id === id)[0]).toMatchObject({ status: 'draft' });
  });

  it.each([
    ['a key the query makes, not a field it reads', '[].{id: _id}'],
    ['"id" inside a literal', "[?name=='id']._id"],
    ['a field that only ends in id', '[].template_id'],
  ])('no hint for %s', async (_what, query) => {
    const r = await sb.run(['campaigns', 'list', '--query', query, '-o', 'json']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('no hint when the records have an id (a query that reads it answers it)', async () => {
    sb.store.insert('tags', { id: 'tag-with-id', name: 'has an id', color: '#000000' });
    const r = await sb.run(['tags', 'list', '--query', "[?name=='has an id'].id | [0]", '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('"tag-with-id"\n');
    expect(r.stderr).toBe('');
  });
});

describe('docs/crm-workspace.md: the campaign ids', () => {
  it('point to campaigns list (not chatcrm api GET), which lists the seeded campaigns with their ids', async () => {
    const doc = readFileSync(join(ROOT, 'docs/crm-workspace.md'), 'utf8');
    expect(doc).not.toContain('api GET /api/campaigns');
    expect(doc).toContain('Their ids:\n  `chatcrm campaigns list`');
    const ids = sb.store.list('campaigns').map((c) => String(c._id));
    expect(ids.length).toBe(3);
    const quiet = await sb.run(['campaigns', 'list', '-q']);
    expect(quiet.stdout.trim().split('\n').sort()).toEqual(ids.sort());
    const table = await sb.run(['campaigns', 'list']);
    for (const id of ids) expect(table.stdout).toContain(id);
    const query = /`(chatcrm campaigns list --query "[^`]+")`/.exec(doc)?.[1];
    expect(query).toBe(`chatcrm campaigns list --query "[?status=='draft']._id | [0]"`);
    const draft = await sb.run(['campaigns', 'list', '--query', "[?status=='draft']._id | [0]"]);
    expect(draft.stdout.trim()).toBe(String(sb.store.list('campaigns', (c) => c.status === 'draft')[0]._id));
  });
});
