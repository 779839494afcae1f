import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
const DEVICE = ['--sender', 'wa_snd_device_0002'];
const CLOUD = ['--sender', 'wa_snd_cloud_0001'];
const GROUP = '120363040000000000@g.us';
const groupCalls = () => sb.received.filter((r) => r.path.startsWith('/api/v2/chat/groups'));

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('chat groups with the Scan Device sender', () => {
  it('lists the joined groups', async () => {
    const r = await sb.run(['chat', 'groups', 'list', ...DEVICE, '--json']);
    expect(r.exitCode).toBe(0);
    const groups = JSON.parse(r.stdout);
    expect(groups.map((g: { group_id: string }) => g.group_id)).toEqual([GROUP, '120363040000000001@g.us']);
    expect(sb.calls('chat.groups').at(-1)!.query).toEqual({ sender_id: 'wa_snd_device_0002' });
  });

  it('lists members with the group id URL-encoded in the path', async () => {
    const r = await sb.run(['chat', 'groups', 'members', GROUP, ...DEVICE, '-q']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(['15550002222', '15551230001', '15551230002']);
    expect(sb.calls('chat.groupMembers').at(-1)!.path).toBe('/api/v2/chat/groups/120363040000000000%40g.us/members');
  });

  it('sends by id with mentions, and by name', async () => {
    let r = await sb.run(['chat', 'groups', 'send', '--group-id', GROUP, '--text', 'Hi @Ada', '--mention', '+1 555 123 0001', ...DEVICE, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).message_id).toMatch(/^wamid\./);
    expect(sb.calls('chat.groupSend').at(-1)!.body).toEqual({
      sender_id: 'wa_snd_device_0002', group_id: GROUP, message: { type: 'text', text: { body: 'Hi @Ada' } }, mentions: ['15551230001'],
    });
    r = await sb.run(['chat', 'groups', 'send', '--group-name', 'VIP customers', '--text', 'Offer', ...DEVICE]);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('chat.groupSend').at(-1)!.body).toMatchObject({ group_name: 'VIP customers' });
    expect(sb.store.list('messages').filter((m) => m.via === 'group')).toHaveLength(2);
  });

  it('--group-name in another case finds the one group of that name; the service gets its exact name', async () => {
    const r = await sb.run(['chat', 'groups', 'send', '--group-name', 'vip CUSTOMERS', '--text', 'Offer', ...DEVICE]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('✓ Sent to group VIP customers\n');
    expect(sb.calls('chat.groupSend').at(-1)!.body).toMatchObject({ group_name: 'VIP customers' });
    expect(sb.calls('chat.groups').at(-1)!.query).toMatchObject({ sender_id: 'wa_snd_device_0002' });
    // Two groups alike but for case: the CLI does not choose.
    const id = sb.store.insert('groups', { group_id: '120363049999999999@g.us', name: 'Vip Customers', sender_id: 'wa_snd_device_0002', members: [] })._id;
    const sends = sb.calls('chat.groupSend').length;
    const two = await sb.run(['chat', 'groups', 'send', '--group-name', 'vip customers', '--text', 'x', ...DEVICE]);
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toBe('Error: --group-name: "vip customers" matches 2 groups in different case ("VIP customers", "Vip Customers"); give the exact name or --group-id\n');
    expect(sb.calls('chat.groupSend').length).toBe(sends);
    // The exact name wins over its case variants: no question asked.
    for (const exact of ['VIP customers', 'Vip Customers']) {
      const r = await sb.run(['chat', 'groups', 'send', '--group-name', exact, '--text', 'x', ...DEVICE]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(sb.calls('chat.groupSend').at(-1)!.body).toMatchObject({ group_name: exact });
    }
    sb.store.update('groups', id, { sender_id: 'wa_snd_elsewhere' });
  });

  it('an unknown group is exit 4', async () => {
    const r = await sb.run(['chat', 'groups', 'members', 'nope@g.us', ...DEVICE]);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/Group nope@g.us not found/);
  });
});

describe('chat groups with the Cloud API sender', () => {
  it.each([
    [['list']],
    [['members', GROUP]],
    [['send', '--group-id', GROUP, '--text', 'x']],
  ])('%j is refused (exit 3) naming the sender and capability; nothing reaches a group endpoint', async (args) => {
    const before = groupCalls().length;
    const sent = sb.received.length;
    const r = await sb.run(['chat', 'groups', ...args, ...CLOUD]);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/wa_snd_cloud_0001/);
    // ... and the senders that can use groups.
    expect(r.stderr).toMatch(/group_messaging: senders that have it: wa_snd_device_0002 \(--sender\)$/m);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(groupCalls().length).toBe(before);
    // the refusal came from looking the sender up, in this very run: one senders request, nothing else
    expect(sb.received.slice(sent).map((c) => c.operation)).toEqual(['chat.senders']);
  });

  it('the sandbox itself answers 403 for that sender', async () => {
    const res = await fetch(`${sb.url}/api/v2/chat/groups/messages`, {
      method: 'POST',
      headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ sender_id: 'wa_snd_cloud_0001', group_id: GROUP, message: { type: 'text', text: { body: 'x' } } }),
    });
    expect(res.status).toBe(403);
  });

  it('an unknown sender is exit 4 and nothing reaches a group endpoint', async () => {
    const before = groupCalls().length;
    const r = await sb.run(['chat', 'groups', 'list', '--sender', 'wa_snd_ghost']);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/Sender wa_snd_ghost not found/);
    expect(groupCalls().length).toBe(before);
  });
});

describe('chat groups send: bad input exits 2 and sends nothing', () => {
  it.each([
    [['--group-id', GROUP, '--group-name', 'Sales team', '--text', 'x'], /--group-id and --group-name/],
    [['--text', 'x'], /--group-id or --group-name/],
    [['--group-id', GROUP], /--text: required/],
    [['--group-id', GROUP, '--text', 'x', '--mention', 'abc'], /--mention/],
  ])('%j', async (args, message) => {
    await sb.refused(['chat', 'groups', 'send', ...args, ...DEVICE], message);
  });
});
