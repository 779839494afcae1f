// The commands that message a campaign's whole audience (send, publish, recurring --pattern)
// never surprise: on a terminal they ask, naming the campaign and its audience size; without
// one they need --yes (exit 2, nothing sent); --dry-run needs neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith, hasTmux, tempDir } from '../helpers/cli.js';
import { draftCampaign, numbers } from '../helpers/campaigns.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal } from '../helpers/tmux.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const draft = (name: string, n = 3) => draftCampaign(sb, name, numbers(15557700000, n));
const sentTo = (id: string) => sb.store.list('messages', (m) => m.campaign_id === id).length;

describe('without a terminal', () => {
  it.each([
    [['send'], /^Error: Send campaign (\w+) \(messages its whole audience\): refused without confirmation; pass --yes to confirm$/m],
    [['publish'], /^Error: Publish campaign (\w+) \(messages its whole audience\): refused without confirmation; pass --yes to confirm$/m],
    [['recurring', '--pattern', 'daily'], /^Error: Schedule daily sends of campaign (\w+) \(messages its whole audience\): refused without confirmation; pass --yes to confirm$/m],
  ])('campaigns %j without --yes: exit 2, the sandbox received nothing', async ([verb, ...flags], message) => {
    const c = draft(`No yes ${verb}`);
    await sb.refused(['campaigns', verb, c._id, ...flags], message);
    expect(sb.store.get('campaigns', c._id)!.status).toBe('draft');
    expect(sb.store.get('campaigns', c._id)!.is_recurring).toBeFalsy();
    expect(sentTo(c._id)).toBe(0);
  });

  it('recurring turned on through --data (no --pattern) without --yes: exit 2, nothing scheduled', async () => {
    const c = draft('Data recurs');
    await sb.refused(
      ['campaigns', 'recurring', c._id, '--data', '{"is_recurring":true,"recurring_pattern":"daily"}'],
      /^Error: Schedule daily sends of campaign (\w+) \(messages its whole audience\): refused without confirmation; pass --yes to confirm$/m,
    );
    expect(sb.store.get('campaigns', c._id)!.is_recurring).toBeFalsy();
    expect(sb.calls('campaigns.setupRecurring').filter((q) => q.path.includes(c._id))).toEqual([]);
  });

  it('--yes sends once, asking nothing and reading nothing first', async () => {
    const c = draft('With yes', 4);
    const before = sb.received.length;
    const r = await sb.run(['campaigns', 'send', c._id, '--yes', '--json']);
    expect(r.exitCode).toBe(0);
    const calls = sb.received.slice(before).filter((q) => (q.body as { method?: string })?.method === 'tools/call');
    expect(calls.map((q) => (q.body as { params: unknown }).params)).toEqual([{ name: 'send_campaign', arguments: { campaign_id: c._id } }]);
    expect(sb.received.slice(before).some((q) => q.operation === 'campaigns.insights')).toBe(false);
    expect(sentTo(c._id)).toBe(4);
  });

  it('--dry-run needs no --yes and sends nothing', async () => {
    const c = draft('Dry run');
    const before = sb.received.length;
    for (const args of [['send'], ['publish'], ['recurring', '--pattern', 'weekly']]) {
      const r = await sb.run(['campaigns', args[0], c._id, ...args.slice(1), '--dry-run']);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(c._id);
    }
    expect(sb.received.length).toBe(before);
    expect(sb.store.get('campaigns', c._id)!.status).toBe('draft');
  });

  it('recurring --off stops sends and needs no --yes', async () => {
    const c = sb.store.insert('campaigns', { name: 'Recurs', status: 'sent', recipients: numbers(15557700000, 2), is_recurring: true, recurring_pattern: 'daily' });
    const r = await sb.run(['campaigns', 'recurring', c._id, '--off']);
    expect(r.exitCode).toBe(0);
    expect(sb.store.get('campaigns', c._id)!.is_recurring).toBe(false);
  });
});

describeWith('tmux', hasTmux(), 'on a real terminal (tmux)', () => {
  const LIMIT = { timeout: 60_000 };
  const open = (args: string[]) => openTerminal(args, { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: tempDir() });

  it('send names the campaign (whole id and name) and its audience; declined, nothing is sent', LIMIT, async () => {
    const c = draft('Autumn sale', 250);
    const before = sb.received.length;
    const t = open(['campaigns', 'send', c._id]);
    await t.waitFor(new RegExp(`Send campaign ${c._id} "Autumn sale" \\(250 recipients\\)\\? \\(y/N\\)`));
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(t.screen()).toMatch(/Cancelled: nothing was sent/);
    expect(sb.received.slice(before).map((q) => q.operation)).toEqual(['campaigns.insights']);
    expect(sentTo(c._id)).toBe(0);
  });

  it('publish accepted: published once', LIMIT, async () => {
    const c = draft('Winter sale', 2);
    const before = sb.received.length;
    const t = open(['campaigns', 'publish', c._id]);
    await t.waitFor(new RegExp(`Publish campaign ${c._id} "Winter sale" \\(2 recipients\\)\\? \\(y/N\\)`));
    t.type('y');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(sb.received.slice(before).map((q) => q.operation)).toEqual(['campaigns.insights', 'campaigns.publish']);
    expect(sb.store.get('campaigns', c._id)!.status).toBe('published');
  });

  it('send accepted: sent once, to every recipient', LIMIT, async () => {
    const c = draft('Summer sale', 3);
    const t = open(['campaigns', 'send', c._id]);
    await t.waitFor(/\(3 recipients\)\? \(y\/N\)/);
    t.type('y');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(sentTo(c._id)).toBe(3);
  });

  it('a campaign that does not exist ends before the question (exit 4), nothing sent', LIMIT, async () => {
    const before = sb.received.length;
    const t = open(['campaigns', 'send', '000000000000000000000000']);
    expect(await t.exitCode()).toBe(4);
    expect(sb.received.slice(before).map((q) => q.operation)).toEqual(['campaigns.insights']);
  });
});
