// teams and taxes against the sandbox: bodies sent, state changed, refusals send nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const idOf = (collection: string, name: string) => sb.store.list(collection, (d) => d.name === name)[0]._id;

/** Exit 2, one line naming the problem, and nothing reached the sandbox. */
const refused = (args: string[], message: RegExp) => sb.refused(args, message);

describe('teams', () => {
  it('list shows the seeded teams; -q prints ids', async () => {
    const r = await sb.run(['teams', 'list', '--search', 'sup', '-q']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe(idOf('teams', 'Support'));
    expect(sb.calls('teams.list').at(-1)!.query).toEqual({ search: 'sup' });
  });

  it('permissions lists permission keys', async () => {
    const r = await sb.run(['teams', 'permissions', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toContainEqual({ key: 'contacts.view', module: 'contacts', action: 'view' });
    expect(sb.calls('teams.permissions')).toHaveLength(1);
  });

  it('create sends name and repeated --member as members (201), and --data extras pass through', async () => {
    const r = await sb.run(['teams', 'create', '--name', 'Escalations', '--member', 'ana@example.com', '--member', 'u2', '--data', '{"description":"Tier 2","name":"ignored"}', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('teams.create').at(-1)!.body).toEqual({ description: 'Tier 2', name: 'Escalations', members: ['ana@example.com', 'u2'] });
    expect(sb.calls('teams.create').at(-1)!.status).toBe(201);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Escalations', status: 'active', members: ['ana@example.com', 'u2'] });
  });

  it('a duplicate name is a 409 (exit 5)', async () => {
    const r = await sb.run(['teams', 'create', '--name', 'support']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/already exists/);
    expect(sb.calls('teams.create').at(-1)!.status).toBe(409);
  });

  it('create without --name, or with an empty --data object, is refused', async () => {
    await refused(['teams', 'create'], /^Error: --name: is required/);
    await refused(['teams', 'create', '--data', '{}'], /--name: is required/);
  });

  it('get shows a team; an unknown id is exit 4', async () => {
    const id = idOf('teams', 'Sales');
    const r = await sb.run(['teams', 'get', id, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ _id: id, name: 'Sales' });
    const missing = await sb.run(['teams', 'get', '65f1c0ffee0123456789abcd']);
    expect(missing.exitCode).toBe(4);
    expect(sb.calls('teams.get').at(-1)!.path).toBe('/api/teams/65f1c0ffee0123456789abcd');
  });

  it('update sends PUT with the flags over --data; nothing to update is refused', async () => {
    const id = idOf('teams', 'Sales');
    const r = await sb.run(['teams', 'update', id, '--name', 'Sales EU', '--data', '{"description":"EMEA"}']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('teams.update').at(-1)!.body).toEqual({ description: 'EMEA', name: 'Sales EU' });
    expect(sb.store.get('teams', id)!.name).toBe('Sales EU');
    await refused(['teams', 'update', id], /nothing to send/);
    await refused(['teams', 'update', id, '--data', '{}'], /nothing to send/);
  });

  it('toggle-status flips active and inactive, sending {}', async () => {
    const id = idOf('teams', 'Support');
    const r = await sb.run(['teams', 'toggle-status', id, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).status).toBe('inactive');
    expect(sb.calls('teams.toggleStatus').at(-1)!.body).toEqual({});
    await sb.run(['teams', 'toggle-status', id]);
    expect(sb.store.get('teams', id)!.status).toBe('active');
    await refused(['teams', 'toggle-status', ''], /TEAM_ID: must not be empty/);
  });

  it('delete needs --yes, then sends DELETE {ids} and soft-deletes', async () => {
    const id = idOf('teams', 'Escalations');
    await refused(['teams', 'delete', id], /pass --yes/);
    await refused(['teams', 'delete', '', '--yes'], /IDS: give at least one non-empty id/);
    const r = await sb.run(['teams', 'delete', id, '--yes']);
    expect(r.exitCode).toBe(0);
    const call = sb.calls('teams.deleteMany').at(-1)!;
    expect(call.method).toBe('DELETE');
    expect(call.body).toEqual({ ids: [id] });
    expect(sb.store.get('teams', id)).toBeUndefined();
    expect(sb.store.all('teams').find((t) => t._id === id)!.deleted_at).toBeTruthy();
  });

  it('delete with an unknown id is a 404 and deletes nothing', async () => {
    const id = idOf('teams', 'Support');
    const r = await sb.run(['teams', 'delete', id, 'nope', '--yes']);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('nope');
    expect(sb.store.get('teams', id)).toBeDefined();
  });
});

describe('taxes', () => {
  it('create sends the rate as a number', async () => {
    const r = await sb.run(['taxes', 'create', '--name', 'GST', '--rate', '7.5', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('taxes.create').at(-1)!.body).toEqual({ name: 'GST', rate: 7.5 });
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'GST', rate: 7.5 });
  });

  it.each([
    [['--name', 'X', '--rate', '101'], /--rate: must be from 0 to 100/],
    [['--name', 'X', '--rate', '-1'], /--rate: must be from 0 to 100/],
    [['--name', 'X', '--rate', 'ten'], /--rate: not a number/],
    [['--name', 'X'], /--rate: is required/],
    [['--rate', '5'], /--name: is required/],
    [['--data', '{"name":"X","rate":"5"}'], /--rate/],
  ])('create refuses %j', async (args, message) => {
    await refused(['taxes', 'create', ...args], message);
  });

  it('a duplicate tax name is a 409', async () => {
    const r = await sb.run(['taxes', 'create', '--name', 'vat', '--rate', '10']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/already exists/);
  });

  it('list, get and update (PATCH) a tax; update validates the rate', async () => {
    const id = idOf('taxes', 'GST');
    const list = await sb.run(['taxes', 'list', '--json']);
    expect(JSON.parse(list.stdout).map((t: { name: string }) => t.name)).toEqual(['VAT', 'Reduced VAT', 'GST']);
    const get = await sb.run(['taxes', 'get', id, '--fields', 'rate', '--json']);
    expect(JSON.parse(get.stdout)).toEqual({ rate: 7.5 });
    const r = await sb.run(['taxes', 'update', id, '--rate', '8']);
    expect(r.exitCode).toBe(0);
    const call = sb.calls('taxes.update').at(-1)!;
    expect(call.method).toBe('PATCH');
    expect(call.body).toEqual({ rate: 8 });
    expect(sb.store.get('taxes', id)!.rate).toBe(8);
    await refused(['taxes', 'update', id, '--rate', '250'], /--rate: must be from 0 to 100/);
    await refused(['taxes', 'update', id], /nothing to send/);
  });

  it('delete needs --yes and soft-deletes; get afterwards is 404', async () => {
    const id = idOf('taxes', 'GST');
    await refused(['taxes', 'delete', id], /pass --yes/);
    const r = await sb.run(['taxes', 'delete', id, '--yes']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('taxes.delete').at(-1)!.path).toBe(`/api/taxes/${id}`);
    expect((await sb.run(['taxes', 'get', id])).exitCode).toBe(4);
  });

  it('delete-many needs --yes, then POSTs {ids} to bulk-delete', async () => {
    const ids = [idOf('taxes', 'VAT'), idOf('taxes', 'Reduced VAT')];
    await refused(['taxes', 'delete-many', ...ids], /pass --yes/);
    const r = await sb.run(['taxes', 'delete-many', ...ids, '--yes']);
    expect(r.exitCode).toBe(0);
    const call = sb.calls('taxes.deleteMany').at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ ids });
    expect(sb.store.list('taxes')).toHaveLength(0);
  });
});
