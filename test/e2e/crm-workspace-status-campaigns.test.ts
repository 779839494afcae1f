// message status after real sends, notifications' read state, and campaign insights and
// reports computed from the messages the sandbox recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCampaign } from '../../src/sandbox/handlers/campaigns.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const refused = (args: string[], message: RegExp) => sb.refused(args, message);

async function send(to: string): Promise<string> {
  const r = await sb.run(['chat', 'send', '--to', to, '--text', 'status check', '--sender', 'wa_snd_cloud_0001', '--json']);
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout).message_id;
}

const statusOf = async (id: string) => JSON.parse((await sb.run(['message-status', 'get', id, '--json'])).stdout)[0];

describe('message status', () => {
  it('reflects a chat send, then delivered and read after the PATCHes', async () => {
    const id = await send('+1 555 000 7777');
    expect(await statusOf(id)).toMatchObject({ message_id: id, to: '15550007777', status: 'sent', delivered_at: null });
    expect(sb.calls('messageStatus.get').at(-1)!.body).toEqual({ message_ids: [id] });

    const d = await sb.run(['message-status', 'delivery', id]);
    expect(d.exitCode).toBe(0);
    const dcall = sb.calls('messageStatus.delivery').at(-1)!;
    expect(dcall).toMatchObject({ method: 'PATCH', path: `/api/message-status/${encodeURIComponent(id)}/delivery`, body: {} });
    expect((await statusOf(id)).status).toBe('delivered');

    const r = await sb.run(['message-status', 'read', id, '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('messageStatus.read').at(-1)!.method).toBe('PATCH');
    const read = await statusOf(id);
    expect(read.status).toBe('read');
    expect(read.read_at).toBeTruthy();
    expect(read.delivered_at).toBeTruthy();

    // Status never moves backwards.
    await sb.run(['message-status', 'delivery', id]);
    expect((await statusOf(id)).status).toBe('read');
  });

  it('user USER_ID lists the messages to that phone number', async () => {
    const r = await sb.run(['message-status', 'user', '15550007777', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ to: '15550007777', status: 'read' })]);
    expect(sb.calls('messageStatus.user').at(-1)!.path).toBe('/api/message-status/user/15550007777/status');
    await sb.refused(['message-status', 'user', '19990000000'], /User not found/, { code: 4 });
    expect(sb.received.at(-1)).toMatchObject({ operation: 'messageStatus.user', path: '/api/message-status/user/19990000000/status' });
  });

  it('bulk-delivery and bulk-read send message_ids and move every message', async () => {
    const a = await send('15550008881');
    const b = await send('15550008882');
    const r = await sb.run(['message-status', 'bulk-delivery', '--message-id', a, '--message-id', b]);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('messageStatus.bulkDelivery').at(-1)!.body).toEqual({ message_ids: [a, b] });
    expect((await statusOf(a)).status).toBe('delivered');
    expect((await statusOf(b)).status).toBe('delivered');
    const rr = await sb.run(['message-status', 'bulk-read', '--data', JSON.stringify({ message_ids: [b] })]);
    expect(rr.exitCode).toBe(0);
    expect(sb.calls('messageStatus.bulkRead').at(-1)!).toMatchObject({ method: 'PATCH', path: '/api/message-status/bulk/read' });
    expect(sb.calls('messageStatus.bulkRead').at(-1)!.body).toEqual({ message_ids: [b] });
    expect((await statusOf(b)).status).toBe('read');
    expect((await statusOf(a)).status).toBe('delivered');
  });

  it('chat-status pushes a status for messages', async () => {
    const a = await send('15550008883');
    const r = await sb.run(['message-status', 'chat-status', '--message-id', a, '--status', 'read']);
    expect(r.exitCode).toBe(0);
    const call = sb.calls('messageStatus.chatStatus').at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/api/message-status/chat/status' });
    expect(call.body).toEqual({ message_ids: [a], status: 'read' });
    expect((await statusOf(a)).status).toBe('read');
  });

  it('bulk-delivery and bulk-read without flags send {} (the spec\'s usage)', async () => {
    for (const [cmd, op] of [['bulk-delivery', 'messageStatus.bulkDelivery'], ['bulk-read', 'messageStatus.bulkRead']]) {
      const r = await sb.run(['message-status', cmd]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(sb.calls(op).at(-1)).toMatchObject({ status: 200, body: {} });
    }
  });

  it('get with several ids warns about the ids the answer left out; unknown ids alone are exit 4', async () => {
    const a = await send('15550008884');
    const r = await sb.run(['message-status', 'get', a, 'wamid.unknown', 'wamid.gone', '-q']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe(a);
    expect(r.stderr).toBe('Warning: the server returned no status for wamid.unknown, wamid.gone\n');
    expect(sb.calls('messageStatus.get').at(-1)!.body).toEqual({ message_ids: [a, 'wamid.unknown', 'wamid.gone'] });
    const all = await sb.run(['message-status', 'get', a]);
    expect(all.stderr).toBe('');
    expect(sb.calls('messageStatus.get').at(-1)!.body).toEqual({ message_ids: [a] });
    await sb.refused(['message-status', 'delivery', 'wamid.unknown'], /Message not found/, { code: 4 });
    expect(sb.received.at(-1)).toMatchObject({ operation: 'messageStatus.delivery', path: '/api/message-status/wamid.unknown/delivery' });
  });

  it.each([
    [['delivery', ''], /MSG_ID: must not be empty/],
    [['read', ' '], /MSG_ID: must not be empty/],
    [['get', ''], /MSG_IDS: give at least one non-empty id/],
    [['bulk-read', '--data', '{"message_ids":[]}'], /--message-id: give at least one id/],
    [['chat-status'], /nothing to send/],
    [['chat-status', '--data', '{}'], /nothing to send/],
    [['chat-status', '--message-id', 'x', '--status', 'seen'], /--status/],
    [['user', ''], /USER_ID: must not be empty/],
  ])('refuses %j', async (args, message) => {
    await refused(['message-status', ...args], message);
  });
});

describe('notifications', () => {
  it('list shows unread and read notifications, newest first', async () => {
    const r = await sb.run(['notifications', 'list', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).map((n: { title: string; read: boolean }) => [n.title, n.read])).toEqual([
      ['Plan usage', false],
      ['Welcome', true],
    ]);
  });

  it('create sends title and message; missing fields are refused', async () => {
    const r = await sb.run(['notifications', 'create', '--title', 'Deploy', '--message', 'Release 2.1 is live', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('notifications.create').at(-1)!.status).toBe(201);
    expect(sb.calls('notifications.create').at(-1)!.body).toEqual({ title: 'Deploy', message: 'Release 2.1 is live' });
    expect(JSON.parse(r.stdout)).toMatchObject({ title: 'Deploy', read: false });
    await refused(['notifications', 'create', '--title', 'x'], /--message: is required/);
    await refused(['notifications', 'create', '--data', '{}'], /--title: is required/);
  });

  it('read marks one notification read; read-all marks the rest', async () => {
    const deploy = sb.store.list('notifications', (n) => n.title === 'Deploy')[0];
    const r = await sb.run(['notifications', 'read', deploy._id, '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('notifications.read').at(-1)!).toMatchObject({ method: 'PATCH', body: {} });
    expect(JSON.parse(r.stdout)).toMatchObject({ read: true });
    expect(sb.store.list('notifications', (n) => !n.read).map((n) => n.title)).toEqual(['Plan usage']);

    const all = await sb.run(['notifications', 'read-all']);
    expect(all.exitCode).toBe(0);
    expect(all.stderr).toContain('1 notification marked as read');
    expect(sb.calls('notifications.readAll').at(-1)!.body).toEqual({});
    expect(sb.store.list('notifications', (n) => !n.read)).toHaveLength(0);

    await sb.refused(['notifications', 'read', '65f1c0ffee0123456789abcd'], /Notification not found/, { code: 4 });
    expect(sb.received.at(-1)).toMatchObject({ operation: 'notifications.read', path: '/api/notifications/65f1c0ffee0123456789abcd/read' });
    await refused(['notifications', 'read', ''], /NOTIFICATION_ID: must not be empty/);
  });
});

describe('campaigns (REST)', () => {
  const idOf = (name: string) => sb.store.list('campaigns', (c) => c.name === name)[0]._id;

  it('insights are computed from the campaign messages', async () => {
    const r = await sb.run(['campaigns', 'insights', idOf('Spring sale'), '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ recipients: 3, sent: 3, delivered: 2, read: 1, pending: 1, delivery_rate: 66.7, read_rate: 33.3 });
    expect(sb.calls('campaigns.insights').at(-1)!.path).toBe(`/api/campaigns/${idOf('Spring sale')}/insights`);
    await sb.refused(['campaigns', 'insights', 'nope'], /Campaign not found/, { code: 4 });
    expect(sb.received.at(-1)).toMatchObject({ operation: 'campaigns.insights', path: '/api/campaigns/nope/insights' });
  });

  it('insights follow message status changes', async () => {
    const id = idOf('Spring sale');
    const pending = sb.store.list('messages', (m) => m.campaign_id === id && m.status === 'sent')[0];
    await sb.run(['message-status', 'read', String(pending.message_id)]);
    const r = await sb.run(['campaigns', 'insights', id, '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ delivered: 3, read: 2, pending: 0 });
  });

  it('report has one row per recipient, as CSV too', async () => {
    const r = await sb.run(['campaigns', 'report', idOf('Spring sale'), '-o', 'csv']);
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('to,message_id,status,sent_at,delivered_at,read_at');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['15551230001', '15551230002', '15551230003']);
    const draft = await sb.run(['campaigns', 'report', idOf('Product launch'), '--json']);
    expect(JSON.parse(draft.stdout).map((row: { status: string }) => row.status)).toEqual(['not_sent', 'not_sent']);
  });

  it('publish moves a draft to published; publishing again is a 409', async () => {
    const id = idOf('Product launch');
    const r = await sb.run(['campaigns', 'publish', id, '--json', '--yes']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('campaigns.publish').at(-1)!.body).toEqual({});
    expect(JSON.parse(r.stdout).status).toBe('published');
    const again = await sb.run(['campaigns', 'publish', id, '--yes']);
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toMatch(/already published/);
  });

  it('recurring --pattern daily sends is_recurring true and stores the pattern', async () => {
    const id = idOf('Product launch');
    const r = await sb.run(['campaigns', 'recurring', id, '--pattern', 'daily', '--json', '--yes']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('campaigns.setupRecurring').at(-1)!.body).toEqual({ is_recurring: true, recurring_pattern: 'daily' });
    expect(sb.store.get('campaigns', id)).toMatchObject({ is_recurring: true, recurring_pattern: 'daily' });
    expect(JSON.parse(r.stdout).next_run_at).toBeTruthy();
  });

  it('recurring --off sends is_recurring false and clears the pattern', async () => {
    const id = idOf('Weekly newsletter');
    const r = await sb.run(['campaigns', 'recurring', id, '--off']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('campaigns.setupRecurring').at(-1)!.body).toEqual({ is_recurring: false });
    expect(sb.store.get('campaigns', id)).toMatchObject({ is_recurring: false, recurring_pattern: null });
  });

  it.each([
    [[], /give --pattern .* or --off/],
    [['--pattern', 'daily', '--off'], /give only one/],
    [['--pattern', 'hourly'], /--pattern/],
    [['--data', '{"is_recurring":true,"recurring_pattern":"yearly"}'], /--pattern: must be daily, weekly or monthly/],
  ])('recurring refuses %j', async (args, message) => {
    await refused(['campaigns', 'recurring', idOf('Spring sale'), ...args], message);
  });

  it('publish and insights refuse an empty id', async () => {
    await refused(['campaigns', 'publish', ''], /CAMPAIGN_ID: must not be empty/);
    await refused(['campaigns', 'insights', ''], /CAMPAIGN_ID: must not be empty/);
    await refused(['campaigns', 'report', ''], /CAMPAIGN_ID: must not be empty/);
  });

  it('sendCampaign (for the MCP tool) records messages that insights then count', async () => {
    const id = idOf('Product launch');
    const sent = sendCampaign(sb.store, id);
    if (!('messages' in sent)) throw new Error('expected a send');
    expect(sent.campaign.status).toBe('sent');
    expect(sent.messages.map((m) => m.to)).toEqual(['15551230002', '15551230005']);
    const r = await sb.run(['campaigns', 'insights', id, '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'sent', sent: 2, delivered: 0, pending: 2 });
    const st = await sb.run(['message-status', 'get', String(sent.messages[0].message_id), '--json']);
    expect(JSON.parse(st.stdout)[0]).toMatchObject({ campaign_id: id, status: 'sent' });
    // A sent campaign that does recur may be sent again; one that does not is refused.
    expect('messages' in sendCampaign(sb.store, id)).toBe(true);
    expect(sendCampaign(sb.store, idOf('Spring sale'))).toMatchObject({ status: 409 });
    expect(sendCampaign(sb.store, 'nope')).toMatchObject({ status: 404 });
  });
});
