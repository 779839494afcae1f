// Segments, tags, custom fields, contacts (REST) and currencies: every command once with
// success and once refused, asserting what the sandbox received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function ok(args: string[]) {
  const r = await sb.run([...args, '--json']);
  expect(r.stderr, r.stderr).not.toMatch(/Error/);
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout);
}

const refused = (args: string[], message: RegExp, code = 2) => sb.refused(args, message, { code });

const live = (coll: string, f: (d: Record<string, unknown>) => boolean = () => true) => sb.store.list(coll, f);
const contactId = (name: string) => String(live('contacts', (c) => c.name === name)[0]._id);

describe('segments', () => {
  let id = '';
  it('create sends name and filters; a duplicate name is 409; an empty body is refused', async () => {
    const seg = await ok(['segments', 'create', '--name', 'Leads', '--filters', '{"status":"lead"}']);
    id = seg._id;
    expect(sb.calls('segments.create').at(-1)?.body).toEqual({ name: 'Leads', filters: { status: 'lead' } });
    await refused(['segments', 'create', '--name', 'leads'], /already exists/, 5);
    await refused(['segments', 'create', '--data', '{}'], /--name: is required/);
    await refused(['segments', 'create', '--name', 'x', '--filters', '{bad'], /--filters: not valid JSON/);
  });

  it('list, get, update; unknown ids are 404', async () => {
    const list = await ok(['segments', 'list', '--search', 'lead']);
    expect(list.map((s: { name: string }) => s.name)).toEqual(['Leads']);
    expect(sb.calls('segments.list').at(-1)?.query).toEqual({ search: 'lead' });
    expect((await ok(['segments', 'get', id])).name).toBe('Leads');
    await refused(['segments', 'get', '665f1c2e9b1d4a0012345678'], /Segment not found/, 4);
    expect((await ok(['segments', 'update', id, '--name', 'Warm leads'])).name).toBe('Warm leads');
    expect(sb.calls('segments.update').at(-1)?.body).toEqual({ name: 'Warm leads' });
    await refused(['segments', 'update', id, '--data', '{}'], /give at least one field/);
  });

  it('add-contacts, contacts, remove-contacts change membership', async () => {
    const a = contactId('Fatima Zahra');
    const b = contactId('Hana Sato');
    await ok(['segments', 'add-contacts', id, a, b]);
    expect(sb.calls('segments.addContacts').at(-1)?.body).toEqual({ contact_ids: [a, b] });
    const members = await ok(['segments', 'contacts', id]);
    expect(members.map((c: { _id: string }) => c._id).sort()).toEqual([a, b].sort());
    await ok(['segments', 'remove-contacts', id, a]);
    expect(sb.calls('segments.removeContacts').at(-1)?.body).toEqual({ contact_ids: [a] });
    expect((await ok(['segments', 'contacts', id])).map((c: { _id: string }) => c._id)).toEqual([b]);
    await refused(['segments', 'add-contacts', id, '665f1c2e9b1d4a0012345678'], /Contact not found/, 4);
    await refused(['segments', 'add-contacts', id, ' '], /CONTACT_IDS: give at least one non-empty id/);
    await refused(['segments', 'remove-contacts', id], /missing required argument/);
    await refused(['segments', 'contacts', '665f1c2e9b1d4a0012345678'], /Segment not found/, 4);
  });

  it('delete and delete-many need --yes without a TTY, then soft-delete', async () => {
    await refused(['segments', 'delete', id], /pass --yes/);
    await ok(['segments', 'delete', id, '--yes']);
    expect(sb.store.all('segments').find((s) => s._id === id)?.deleted_at).toBeTruthy();
    const x = (await ok(['segments', 'create', '--name', 'Tmp1']))._id;
    const y = (await ok(['segments', 'create', '--name', 'Tmp2']))._id;
    await refused(['segments', 'delete-many', x, y], /pass --yes/);
    await ok(['segments', 'delete-many', x, y, '--yes']);
    expect(sb.calls('segments.deleteMany').at(-1)?.body).toEqual({ ids: [x, y] });
    await refused(['segments', 'delete-many', x, '--yes'], /not found/, 4);
  });
});

describe('tags', () => {
  let id = '';
  it('create validates the colour and refuses duplicates', async () => {
    const tag = await ok(['tags', 'create', '--name', 'prospect', '--color', '#00aa11']);
    id = tag._id;
    expect(sb.calls('tags.create').at(-1)?.body).toEqual({ name: 'prospect', color: '#00aa11' });
    expect(tag.color).toBe('#00AA11');
    await refused(['tags', 'create', '--name', 'x', '--color', 'red'], /^Error: --color: must be #RRGGBB$/m);
    await refused(['tags', 'create', '--name', 'x', '--color', '#12345'], /--color: must be #RRGGBB/);
    await refused(['tags', 'create', '--name', 'Prospect', '--color', '#000000'], /already exists/, 5);
  });

  it('list (limit 50 by default), get, update', async () => {
    const list = await ok(['tags', 'list']);
    expect(list.length).toBe(5);
    // the CLI leaves the page size to the service's default of 50 (or sends exactly 50)
    const { limit, ...rest } = sb.calls('tags.list').at(-1)!.query;
    expect(limit ?? '50').toBe('50');
    expect(rest).toEqual({});
    const r = await sb.run(['tags', 'list', '-q', '--search', 'pro']);
    expect(r.stdout.trim()).toBe(id);
    expect((await ok(['tags', 'get', id])).name).toBe('prospect');
    await refused(['tags', 'get', 'nope'], /Tag not found/, 4);
    expect((await ok(['tags', 'update', id, '--name', 'hot-lead'])).name).toBe('hot-lead');
    expect(sb.calls('tags.update').at(-1)?.body).toEqual({ name: 'hot-lead' });
    // A colour alone is a change: the spec's tag is a name and a colour.
    expect((await ok(['tags', 'update', id, '--color', '#abcdef'])).color).toBe('#ABCDEF');
    expect(sb.calls('tags.update').at(-1)?.body).toEqual({ color: '#abcdef' });
    expect((await ok(['tags', 'get', id])).name).toBe('hot-lead');
    await refused(['tags', 'update', id], /nothing to send: give at least one field/);
  });

  it('popular and usage are computed from the contacts', async () => {
    const popular = await ok(['tags', 'popular']);
    expect(popular.slice(0, 2).map((t: { name: string; count: number }) => [t.name, t.count])).toEqual([
      ['newsletter', 3],
      ['vip', 3],
    ]);
    const usage = await ok(['tags', 'usage']);
    expect(usage.find((t: { name: string }) => t.name === 'wholesale')).toMatchObject({ contacts_count: 2, percentage: 25 });
    const bad = await sb.run(['tags', 'popular'], { env: { CHATCRM_API_KEY: 'wrong' } });
    expect(bad.exitCode).toBe(3);
  });

  it('delete needs --yes, removes the tag from contacts', async () => {
    await refused(['tags', 'delete', id], /pass --yes/);
    await refused(['tags', 'delete', '--yes'], /missing required argument/);
    const churn = String(live('tags', (t) => t.name === 'churn-risk')[0]._id);
    await ok(['tags', 'delete', churn, '--yes']);
    expect(sb.calls('tags.deleteMany').at(-1)?.body).toEqual({ ids: [churn] });
    expect(live('contacts', (c) => (c.tags as string[]).includes('churn-risk'))).toHaveLength(0);
  });
});

describe('custom-fields', () => {
  let id = '';
  it('create defaults --type to text; list, get, update', async () => {
    id = (await ok(['custom-fields', 'create', '--name', 'City']))._id;
    expect(sb.calls('customFields.create').at(-1)?.body).toEqual({ name: 'City', type: 'text' });
    await refused(['custom-fields', 'create', '--name', 'Kind', '--type', 'hologram'], /type: must be one of/, 5);
    await refused(['custom-fields', 'create', '--name', ''], /--name: must not be empty/);
    expect((await ok(['custom-fields', 'list'])).map((f: { name: string }) => f.name)).toContain('City');
    expect((await ok(['custom-fields', 'get', id])).type).toBe('text');
    await refused(['custom-fields', 'get', 'nope'], /not found/, 4);
    expect((await ok(['custom-fields', 'update', id, '--name', 'Town'])).name).toBe('Town');
    expect(sb.calls('customFields.update').at(-1)?.body).toEqual({ name: 'Town' });
    await refused(['custom-fields', 'update', id], /give at least one field/);
  });

  it('status switches is_active; an empty body is refused', async () => {
    const out = await ok(['custom-fields', 'status', '--id', id, '--active', 'false']);
    expect(out[0].is_active).toBe(false);
    expect(sb.calls('customFields.status').at(-1)?.body).toEqual({ ids: [id], is_active: false });
    await refused(['custom-fields', 'status', '--data', '{}'], /give at least one field/);
    await refused(['custom-fields', 'status', '--id', id, '--active', 'maybe'], /^Error: --active: must be one of true, false, got "maybe"$/m);
    // A choice in any case is passed on as declared.
    await ok(['custom-fields', 'status', '--id', id, '--active', 'TRUE']);
    expect(sb.calls('customFields.status').at(-1)?.body).toEqual({ ids: [id], is_active: true });
  });

  it('delete needs --yes', async () => {
    await refused(['custom-fields', 'delete', id], /pass --yes/);
    await ok(['custom-fields', 'delete', id, '--yes']);
    expect(sb.calls('customFields.deleteMany').at(-1)?.body).toEqual({ ids: [id] });
    expect(sb.store.get('custom_fields', id)).toBeUndefined();
  });
});

describe('contacts stats / funnels / funnel-action / add-to-segments', () => {
  it('stats and funnels reflect the contacts collection', async () => {
    const stats = await ok(['contacts', 'stats']);
    expect(stats.total).toBe(live('contacts').length);
    expect(stats.by_status.customer).toBe(2);
    const funnels = await ok(['contacts', 'funnels']);
    expect(funnels.find((f: { stage: string }) => f.stage === 'lead').count).toBe(3);
    const bad = await sb.run(['contacts', 'stats'], { env: { CHATCRM_API_KEY: undefined } });
    expect(bad.exitCode).toBe(3);
  });

  it('funnel-action moves a contact to a stage', async () => {
    const id = contactId('Chen Wei');
    const out = await ok(['contacts', 'funnel-action', '--contact', id, '--status', 'customer']);
    expect(out).toMatchObject({ from_stage: 'qualified', to_stage: 'customer' });
    expect(sb.calls('contacts.funnelAction').at(-1)?.body).toEqual({ contact_id: id, status: 'customer' });
    expect((await ok(['contacts', 'stats'])).by_status.customer).toBe(3);
    await refused(['contacts', 'funnel-action', '--data', '{}'], /give at least one field/);
    await refused(['contacts', 'funnel-action', '--contact', 'nope', '--status', 'lead'], /Contact not found/, 4);
  });

  it('add-to-segments sends both id lists', async () => {
    const seg = String(live('segments', (s) => s.name === 'VIP customers')[0]._id);
    const id = contactId('Bruno Silva');
    await ok(['contacts', 'add-to-segments', '--segment', seg, '--contact', id]);
    expect(sb.calls('contacts.addToSegments').at(-1)?.body).toEqual({ segment_ids: [seg], contact_ids: [id] });
    expect(sb.store.get('contacts', id)?.segment_ids).toContain(seg);
    await refused(['contacts', 'add-to-segments', '--contact', id], /--segment: is required: give at least one segment id/);
  });
});

describe('currencies', () => {
  let gbp = '';
  it('create upper-cases the code and refuses bad codes and duplicates', async () => {
    gbp = (await ok(['currencies', 'create', '--code', 'gbp', '--name', 'Pound sterling', '--symbol', '£']))._id;
    expect(sb.calls('currencies.create').at(-1)?.body).toEqual({ code: 'GBP', name: 'Pound sterling', symbol: '£' });
    await refused(['currencies', 'create', '--code', 'GBPX', '--name', 'x', '--symbol', 'x'], /--code: must be three letters/);
    await refused(['currencies', 'create', '--data', '{"code":"us1","name":"x","symbol":"x"}'], /--code: must be three letters/);
    await refused(['currencies', 'create', '--code', 'usd', '--name', 'Dollar', '--symbol', '$'], /already exists/, 5);
  });

  it('list, get, update, exchange-rate', async () => {
    expect((await ok(['currencies', 'list'])).map((c: { code: string }) => c.code)).toContain('GBP');
    expect((await ok(['currencies', 'get', gbp])).symbol).toBe('£');
    await refused(['currencies', 'get', 'nope'], /Currency not found/, 4);
    expect((await ok(['currencies', 'update', gbp, '--symbol', 'GB£'])).symbol).toBe('GB£');
    expect(sb.calls('currencies.update').at(-1)?.body).toEqual({ symbol: 'GB£' });
    await refused(['currencies', 'update', gbp, '--data', '{}'], /give at least one field/);
    const rates = await ok(['currencies', 'exchange-rate']);
    expect(rates).toMatchObject({ base: 'USD', rates: { USD: 1, GBP: 0.79 } });
  });

  it('toggle-default keeps exactly one default; toggle-status refuses the default', async () => {
    await ok(['currencies', 'toggle-default', gbp]);
    expect(sb.calls('currencies.toggleDefault').at(-1)?.body).toEqual({});
    expect(live('currencies', (c) => c.is_default === true).map((c) => c.code)).toEqual(['GBP']);
    expect((await ok(['currencies', 'exchange-rate'])).base).toBe('GBP');
    await refused(['currencies', 'toggle-status', gbp], /default currency cannot be deactivated/, 5);
    const eur = String(live('currencies', (c) => c.code === 'EUR')[0]._id);
    expect((await ok(['currencies', 'toggle-status', eur])).is_active).toBe(false);
    await refused(['currencies', 'toggle-default', 'nope'], /Currency not found/, 4);
  });

  it('delete needs --yes and never removes the default', async () => {
    const eur = String(live('currencies', (c) => c.code === 'EUR')[0]._id);
    await refused(['currencies', 'delete', eur], /pass --yes/);
    await refused(['currencies', 'delete', gbp, '--yes'], /default currency cannot be deleted/, 5);
    await ok(['currencies', 'delete', eur, '--yes']);
    expect(sb.calls('currencies.deleteMany').at(-1)?.body).toEqual({ ids: [eur] });
    expect(live('currencies').map((c) => c.code)).not.toContain('EUR');
  });
});
