// chatcrm accounts: the business accounts a newcomer can use, found where the service shows
// them (senders and templates), and offered by the error that needs one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('chatcrm accounts', () => {
  it('lists the accounts of the senders and templates, with where each was seen', async () => {
    sb.store.insert('templates', { template_id: '77', business_account_id: 'waba_other', template_name: 'x', category: 'UTILITY', language: 'en_US', status: 'APPROVED' });
    const r = await sb.run(['accounts', '--json']);
    expect(r.exitCode).toBe(0);
    const byId = Object.fromEntries((JSON.parse(r.stdout) as { business_account_id: string }[]).map((a) => [a.business_account_id, a]));
    expect(byId.sandbox_waba_0001).toMatchObject({ senders: ['wa_snd_cloud_0001'] });
    expect(byId.waba_other).toEqual({ business_account_id: 'waba_other', senders: [], templates: 1 });
    const table = await sb.run(['accounts']);
    expect(table.stdout).toMatch(/sandbox_waba_0001\s+wa_snd_cloud_0001/);
    expect((await sb.run(['accounts', '-q'])).stdout.split('\n')).toContain('waba_other');
  });

  it('accounts list is accounts (every other area lists with list); another word is exit 2, nothing asked', async () => {
    const bare = await sb.run(['accounts', '--json']);
    const list = await sb.run(['accounts', 'list', '--json']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout).toBe(bare.stdout);
    const before = sb.calls('chat.senders').length;
    const bad = await sb.run(['accounts', 'lst']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/accounts: unknown command 'lst'/);
    expect(sb.calls('chat.senders').length).toBe(before);
  });

  it('templates create without an account names the accounts in its error, and sends nothing', async () => {
    const before = sb.calls('templates.create').length;
    const r = await sb.run(['templates', 'create', '--name', 'n1', '--category', 'UTILITY', '--language', 'en_US', '--body', 'Hi']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--account: no business account given and the profile has none; this key's senders and templates use sandbox_waba_0001, waba_other; pass --account ID/);
    expect(sb.calls('templates.create').length).toBe(before);
  });

  it('reads past the first page of templates: an account seen only on page 2 is listed', async () => {
    const have = sb.store.list('templates').length;
    for (let i = have; i < 100; i++) sb.store.insert('templates', { template_id: `p1_${i}`, business_account_id: 'sandbox_waba_0001', template_name: `t${i}`, category: 'UTILITY', language: 'en_US', status: 'APPROVED' });
    // The 101st: listed after the first 100 (the sandbox lists in insertion order).
    sb.store.insert('templates', { template_id: 'p2', business_account_id: 'waba_page_two', template_name: 'last', category: 'UTILITY', language: 'en_US', status: 'APPROVED' });
    const r = await sb.run(['accounts', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { business_account_id: string }[]).map((a) => a.business_account_id)).toContain('waba_page_two');
    expect(sb.calls('templates.list').at(-1)!.query).toMatchObject({ page: '2' });
  });
});
