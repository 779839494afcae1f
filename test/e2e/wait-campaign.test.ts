// campaigns send ID --yes --wait delivered|read: the campaign's insights followed until every
// message it sent reached the status or failed; the counts as data with -o json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const campaign = (sb: TestSandbox) =>
  sb.store.insert('campaigns', { name: 'Spring', message: { type: 'text', text: { body: 'Spring sale!' } }, status: 'draft', recipients: ['15550000001', '15550000002', '15550000003'] })._id;

describe('the channel delivers and reads', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ autoStatus: ['delivered', 'read'], statusDelayMs: 200 });
  });
  afterAll(() => sb.close());

  it('--wait read --json: exit 0, the funnel counts as the one answer', async () => {
    const id = campaign(sb);
    const r = await sb.run(['campaigns', 'send', id, '--yes', '--wait', 'read', '--json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ campaign_id: id, recipients: 3, sent: 3, delivered: 3, read: 3, failed: 0 });
    expect(sb.calls('campaigns.insights').length).toBeGreaterThanOrEqual(1);
    expect(sb.calls('campaigns.insights').at(-1)!.path).toBe(`/api/campaigns/${id}/insights`);
  });

  it("a recurring campaign's later send is judged alone: an earlier send's failure does not fail it", async () => {
    const id = sb.store.insert('campaigns', { name: 'Weekly', message: { type: 'text', text: { body: 'This week' } }, status: 'sent', is_recurring: true, recurring_pattern: 'daily', recipients: ['15550000011', '15550000012'] })._id;
    // What the first send left: one message delivered, one failed.
    sb.store.insert('messages', { message_id: 'wamid.earlier1', campaign_id: id, to: '15550000011', status: 'delivered' });
    sb.store.insert('messages', { message_id: 'wamid.earlier2', campaign_id: id, to: '15550000012', status: 'failed' });
    const r = await sb.run(['campaigns', 'send', id, '--yes', '--wait', 'delivered', '--json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    // The campaign's insights, all sends: 4 sent, the earlier failure still counted there.
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 4, failed: 1 });
  });

  it('--wait read while an earlier send has a message not read: said, and still judged on this send', async () => {
    const id = sb.store.insert('campaigns', { name: 'Daily', message: { type: 'text', text: { body: 'Today' } }, status: 'sent', is_recurring: true, recurring_pattern: 'daily', recipients: ['15550000013'] })._id;
    sb.store.insert('messages', { message_id: 'wamid.earlier3', campaign_id: id, to: '15550000013', status: 'delivered' });
    const r = await sb.run(['campaigns', 'send', id, '--yes', '--wait', 'read', '--json']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(`Warning: 1 message of earlier sends of campaign ${id} is not read yet; the insights count the campaign, not a send, so if they settle during this wait they are counted as this send's\n`);
  });

  it('--wait delivered in a table: the send, then the funnel', async () => {
    const id = campaign(sb);
    const r = await sb.run(['campaigns', 'send', id, '--yes', '--wait', 'delivered']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/messages\s+3/i);
    expect(r.stdout).toMatch(/DELIVERED\s+3/);
    expect(r.stderr).toBe(`✓ Campaign sent\n✓ Campaign ${id}, this send: 3 of 3 delivered, 0 failed, 0 not delivered yet\n`);
  });
});

describe('the channel fails every message (--fail-rate 1)', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ failRate: 1, statusDelayMs: 100 });
  });
  afterAll(() => sb.close());

  it('exit 5, naming how many failed and where to see who', async () => {
    const id = campaign(sb);
    const r = await sb.run(['campaigns', 'send', id, '--yes', '--wait', 'delivered', '--json']);
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stderr).error).toMatchObject({ code: 'message_failed', message: expect.stringContaining(`campaign ${id}, this send: 0 of 3 delivered, 3 failed, 0 not delivered yet: see \`chatcrm campaigns report ${id}\``) });
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 3, delivered: 0, failed: 3 });
    // A table run marks the line ✗.
    const table = await sb.run(['campaigns', 'send', campaign(sb), '--yes', '--wait', 'delivered']);
    expect(table.exitCode).toBe(5);
    expect(table.stderr).toMatch(/^✓ Campaign sent\n✗ Campaign \w+, this send: 0 of 3 delivered, 3 failed, 0 not delivered yet\nError: /);
  });
});

describe('nothing moves the status', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  it('--wait-timeout 1s: exit 8, the campaign sent', async () => {
    const id = campaign(sb);
    const r = await sb.run(['campaigns', 'send', id, '--yes', '--wait', 'delivered', '--wait-timeout', '1s']);
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toContain(`… Campaign ${id}, this send: 0 of 3 delivered, 0 failed, 3 not delivered yet\n`);
    expect(r.stderr).toMatch(new RegExp(`campaign ${id}, this send: 0 of 3 delivered, 0 failed, 3 not delivered yet after waiting 1s \\(--wait-timeout 1s\\); campaign ${id} was sent`));
    expect(sb.store.get('campaigns', id)!.status).toBe('sent');
  });

  it('a campaign whose insights cannot be read (no such id): exit 4 before the send, nothing sent', async () => {
    const before = sb.received.length;
    const r = await sb.run(['campaigns', 'send', '6b0000000000000000000000', '--yes', '--wait', 'delivered']);
    expect(r.exitCode).toBe(4);
    expect(sb.received.slice(before).map((q) => q.operation)).toEqual(['campaigns.insights']);
  });

  it('--dry-run waits for nothing', async () => {
    const id = campaign(sb);
    const before = sb.calls('campaigns.insights').length;
    const r = await sb.run(['campaigns', 'send', id, '--wait', 'delivered', '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('campaigns.insights').length).toBe(before);
    expect(sb.store.get('campaigns', id)!.status).toBe('draft');
  });
});
