// `mcp call` of a tool that messages many or destroys (issue 30, item 2): the set `mcp serve`
// gates. `mcp call send_campaign` used to send a campaign with no terminal and no --yes, while
// `campaigns send` refused. Now: asked on a terminal naming the tool and its target, --yes
// otherwise (exit 2, no tools/call), --dry-run needs neither. Counted per recipient.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith, hasTmux, tempDir } from '../helpers/cli.js';
import { freshDrafts } from '../helpers/campaigns.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal } from '../helpers/tmux.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const drafts = freshDrafts(15557300000);
const draft = (name: string, size = 3) => drafts(sb, name, size);
/** Messages each recipient has had from the sandbox. */
const received = (to: string[]) => to.map((t) => sb.store.list('messages', (m) => m.to === t).length);
const toolCalls = (since: number) => sb.received.slice(since).filter((q) => (q.body as { method?: string })?.method === 'tools/call');

describe('mcp call of a gated tool, without a terminal', () => {
  it('send_campaign without --yes: exit 2 naming the tool and the campaign, no tools/call, nobody messaged', async () => {
    const { c, recipients } = draft('No yes');
    const before = sb.received.length;
    const r = await sb.run(['mcp', 'call', 'send_campaign', '--arg', `campaign_id=${c._id}`]);
    expect(r.stderr).toMatch(new RegExp(`^Error: Call send_campaign on campaign ${c._id} \\(messages the campaign's whole audience\\): refused without confirmation; pass --yes to confirm$`, 'm'));
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(toolCalls(before)).toEqual([]);
    expect(received(recipients)).toEqual([0, 0, 0]);
    expect(sb.store.get('campaigns', c._id)!.status).toBe('draft');
  });

  it('--yes: called once, every recipient messaged once', async () => {
    const { c, recipients } = draft('With yes');
    const before = sb.received.length;
    const r = await sb.run(['mcp', 'call', 'send_campaign', '--arg', `campaign_id=${c._id}`, '--yes', '--json']);
    expect(r.exitCode).toBe(0);
    expect(toolCalls(before).map((q) => (q.body as { params: unknown }).params)).toEqual([{ name: 'send_campaign', arguments: { campaign_id: c._id } }]);
    expect(received(recipients)).toEqual([1, 1, 1]);
  });

  it('--dry-run needs no --yes and calls nothing', async () => {
    const { c, recipients } = draft('Dry');
    const before = sb.received.length;
    const r = await sb.run(['--dry-run', 'mcp', 'call', 'send_campaign', '--arg', `campaign_id=${c._id}`]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(c._id);
    expect(sb.received.length).toBe(before);
    expect(received(recipients)).toEqual([0, 0, 0]);
  });

  it('a tool outside the set (list_contacts, send_chat_message to one) needs no --yes', async () => {
    expect((await sb.run(['mcp', 'call', 'list_contacts', '--json'])).exitCode).toBe(0);
    const r = await sb.run(['mcp', 'call', 'send_chat_message', '--arg', 'contact_no=15557399999', '--arg', 'message=hi', '--json']);
    expect(r.exitCode).toBe(0);
    expect(received(['15557399999'])).toEqual([1]);
  });
});

describeWith('tmux', hasTmux(), 'mcp call of a gated tool, on a terminal', () => {
  const LIMIT = { timeout: 60_000 };
  const open = (args: string[]) => openTerminal(['mcp', 'call', ...args], { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: tempDir() });

  it('asks naming the tool, the campaign and its audience; n calls nothing, y calls once', LIMIT, async () => {
    const { c, recipients } = draft('Spring sale', 4);
    const question = new RegExp(`Call send_campaign on campaign ${c._id} "Spring sale" \\(4 recipients\\) \\(messages the campaign's whole\\s+audience\\)\\? \\(y/N\\)`);
    const t = open(['send_campaign', '--arg', `campaign_id=${c._id}`]);
    await t.waitFor(question);
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(t.screen()).toMatch(/Cancelled: nothing was sent/);
    expect(received(recipients)).toEqual([0, 0, 0, 0]);

    const yes = open(['send_campaign', '--arg', `campaign_id=${c._id}`]);
    await yes.waitFor(question);
    yes.type('y');
    yes.press('Enter');
    expect(await yes.exitCode()).toBe(0);
    expect(received(recipients)).toEqual([1, 1, 1, 1]);
  });
});
