// mcp serve asks the human through the client (MCP elicitation, issue 30 item 6): when the client
// declares the `elicitation` capability, a destructive or sending tool sends `elicitation/create`
// naming the tool, the campaign (name, whole id, audience size) or the records, and runs only on
// `accept`; `decline` and `cancel` are tool errors with nothing sent, even with `confirm: true`.
// A client without the capability keeps the rule of `confirm: true`. --max-sends still counts
// after a yes. Driven with the official SDK's Client over stdio; counted per recipient.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStdio, textOf, type Served } from '../helpers/mcp-serve.js';
import { freshDrafts } from '../helpers/campaigns.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const drafts = freshDrafts(15557400000);
const draft = (name: string, size = 3) => drafts(sb, name, size);
/** Messages each recipient has had from the sandbox. */
const received = (to: string[]) => to.map((t) => sb.store.list('messages', (m) => m.to === t).length);

type Action = 'accept' | 'decline' | 'cancel';

/** A server for a client that answers every question with `action` (and records them); no capability when `action` is undefined. */
async function served(action: Action | undefined, args: string[] = []): Promise<Served & { asked: ElicitRequest['params'][] }> {
  const asked: ElicitRequest['params'][] = [];
  const client = new Client({ name: 'chatcrm-test', version: '1.0.0' }, action ? { capabilities: { elicitation: {} } } : {});
  if (action) {
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params);
      return { action };
    });
  }
  const s = await serveStdio(sb, ['--toolsets', 'all', '--allow-destructive', ...args], {}, client);
  return Object.assign(s, { asked });
}

async function using<T>(s: Promise<Served & { asked: ElicitRequest['params'][] }>, fn: (s: Served & { asked: ElicitRequest['params'][] }) => Promise<T>): Promise<T> {
  const server = await s;
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

describe('mcp serve, a client that supports elicitation', () => {
  it('accept: asked once, naming the tool, the campaign (name, whole id) and its audience size; then sent once', async () => {
    const { c, recipients } = draft('Spring sale', 4);
    await using(served('accept', ['--verbose']), async (s) => {
      const r = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
      expect(r.isError).toBeFalsy();
      expect(s.stderr()).toMatch(/chatcrm-test supports elicitation: destructive and sending tools ask the user first/);
      expect(s.asked).toHaveLength(1);
      expect(s.asked[0].message).toBe(`Send campaign ${c._id} "Spring sale" (4 recipients) now: this messages the campaign's whole audience. The agent asks for it (tool campaigns_send); allow it?`);
      expect(received(recipients)).toEqual([1, 1, 1, 1]);
    });
  });

  it.each(['decline', 'cancel'] as const)('%s: a tool error, nothing sent, even with confirm: true', async (action) => {
    const { c, recipients } = draft(`Answer ${action}`);
    await using(served(action), async (s) => {
      const before = sb.received.filter((q) => q.operation === 'mcp.rpc').length;
      const r = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(`campaigns_send: the user ${action === 'decline' ? 'declined' : 'cancelled'} it when asked through the client; nothing was sent`);
      expect(s.asked).toHaveLength(1);
      expect(sb.received.filter((q) => q.operation === 'mcp.rpc').length).toBe(before);
      expect(received(recipients)).toEqual([0, 0, 0]);
      expect(sb.store.get('campaigns', c._id)!.status).toBe('draft');
    });
  });

  it('a message (chat_send) and a delete ask too, naming their records; declined, neither happens', async () => {
    const seg = sb.store.insert('segments', { name: 'Keep me', filters: {} });
    await using(served('decline'), async (s) => {
      const send = await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15557499999', message: { type: 'text', text: { body: 'hi' } } } });
      expect(textOf(send)).toMatch(/^chat_send: the user declined it/);
      const del = await s.client.callTool({ name: 'segments_delete', arguments: { segment_id: seg._id, confirm: true } });
      expect(textOf(del)).toMatch(/^segments_delete: the user declined it/);
      expect(s.asked.map((a) => a.message)).toEqual([
        'Send a message to 15557499999 from sender wa_snd_cloud_0001: "hi". The agent asks for it (tool chat_send); allow it?',
        `segment_id=${seg._id}: the agent asks to call segments_delete, which cannot be undone. Allow it?`,
      ]);
      expect(received(['15557499999'])).toEqual([0]);
      expect(sb.store.get('segments', seg._id)).toBeDefined();
    });
  });

  it('a read asks nothing', async () => {
    await using(served('decline'), async (s) => {
      const r = await s.client.callTool({ name: 'segments_list', arguments: {} });
      expect(r.isError).toBeFalsy();
      expect(s.asked).toEqual([]);
    });
  });

  it('--max-sends: a send past the cap is refused before the question, nobody asked', async () => {
    const { c, recipients } = draft('Too big', 3);
    await using(served('accept', ['--max-sends', '2']), async (s) => {
      const r = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^max-sends: campaign .* \(3 recipients\) is more than this server may still send/);
      expect(s.asked).toHaveLength(0);
      expect(received(recipients)).toEqual([0, 0, 0]);
    });
  });
});

describe('mcp serve, a client without elicitation', () => {
  it('keeps the rule of confirm: true: refused without it, sent with it, nobody asked', async () => {
    const { c, recipients } = draft('No capability');
    await using(served(undefined, ['--verbose']), async (s) => {
      const no = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: false } });
      expect(textOf(no)).toBe("confirm: must be true (this messages the campaign's whole audience)");
      expect(received(recipients)).toEqual([0, 0, 0]);
      const yes = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
      expect(yes.isError).toBeFalsy();
      expect(received(recipients)).toEqual([1, 1, 1]);
      expect(s.stderr()).toMatch(/chatcrm-test does not support elicitation: destructive tools need confirm: true alone/);
    });
  });
});
