// chatcrm mcp serve, its guards around sends: campaigns counted by their audience against
// --max-sends, campaign sends and DELETEs gated like destructive tools, dry runs that count
// nothing; and its fixed bugs: export downloads, campaigns_recurring's body, inherited
// argument names, the Origin of --http requests.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, serveStdio, textOf, type Served } from '../helpers/mcp-serve.js';
import { draftCampaign, numbers } from '../helpers/campaigns.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const TEXT = { type: 'text', text: { body: 'Hello from an agent' } };
const campaign = (name: string, n: number | unknown = 3) => draftCampaign(sb, name, typeof n === 'number' ? numbers(15558800000, n) : n);
const sentTo = (id: string) => sb.store.list('messages', (m) => m.campaign_id === id).length;
const sendCalls = () => sb.calls('mcp.rpc').filter((c) => (c.body as { params?: { name?: string } }).params?.name === 'send_campaign').length;

async function withServer<T>(args: string[], fn: (s: Served) => Promise<T>): Promise<T> {
  const s = await serveStdio(sb, args);
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

describe('campaign sends and DELETEs are gated like destructive tools', () => {
  const GATED = ['campaigns_send', 'campaigns_publish', 'campaigns_recurring', 'segments_remove_contacts'];

  it('absent without --allow-destructive; offered with it, destructiveHint true, confirm: true required', async () => {
    const without = await withServer(['--toolsets', 'all'], async (s) => (await s.client.listTools()).tools.map((t) => t.name));
    for (const name of GATED) expect(without).not.toContain(name);
    await withServer(['--toolsets', 'all', '--allow-destructive'], async (s) => {
      const tools = (await s.client.listTools()).tools;
      for (const name of GATED) {
        const t = tools.find((x) => x.name === name)!;
        expect([name, t.annotations?.destructiveHint, t.inputSchema.required]).toEqual([name, true, expect.arrayContaining(['confirm'])]);
      }
      const c = campaign('Needs confirm');
      const before = sb.received.length;
      const r = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: false } });
      expect(textOf(r)).toBe("confirm: must be true (this messages the campaign's whole audience)");
      const seg = sb.store.list('segments')[0];
      const d = await s.client.callTool({ name: 'segments_remove_contacts', arguments: { segment_id: seg._id, contact_ids: ['x'] } });
      expect(textOf(d)).toBe('confirm: required');
      expect(sb.received.length).toBe(before);
      // Confirmed, the send goes out once, and `confirm` is not relayed to the service's tool.
      const ok = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
      expect(ok.isError).toBeFalsy();
      expect(sb.calls('mcp.rpc').at(-1)!.body).toMatchObject({ params: { name: 'send_campaign', arguments: { campaign_id: c._id } } });
      expect(sentTo(c._id)).toBe(3);
    });
  });
});

describe('--max-sends counts a campaign by its audience', () => {
  const ARGS = ['--toolsets', 'chat,campaigns', '--allow-destructive'];

  it('cap 1: a 250-recipient campaign is refused, nothing is sent', async () => {
    const c = campaign('Big one', 250);
    await withServer([...ARGS, '--max-sends', '1'], async (s) => {
      const calls = sendCalls();
      for (const name of ['campaigns_send', 'campaigns_publish']) {
        const r = await s.client.callTool({ name, arguments: { campaign_id: c._id, confirm: true } });
        expect(r.isError).toBe(true);
        expect(textOf(r)).toBe(`max-sends: campaign ${c._id} "Big one" (250 recipients) is more than this server may still send: 1 of its 1 message (--max-sends 1); nothing was sent`);
      }
      expect(sendCalls()).toBe(calls);
      expect(sb.store.get('campaigns', c._id)!.status).toBe('draft');
      expect(sentTo(c._id)).toBe(0);
      // The cap was not used up by the refusals.
      expect((await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } })).isError).toBeFalsy();
    });
  });

  it('a campaign that fits uses up its audience of the cap', async () => {
    const c = campaign('Fits', 3);
    await withServer([...ARGS, '--max-sends', '4'], async (s) => {
      expect((await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } })).isError).toBeFalsy();
      expect(sentTo(c._id)).toBe(3);
      const send = () => s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } });
      expect((await send()).isError).toBeFalsy();
      const refused = await send();
      expect(textOf(refused)).toMatch(/^max-sends: this server has sent its 4 messages/);
    });
  });

  it('the cap is inclusive: --max-sends 3 sends a 3-recipient campaign, then nothing more', async () => {
    const c = campaign('Exactly', 3);
    await withServer([...ARGS, '--max-sends', '3'], async (s) => {
      const r = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
      expect(r.isError, textOf(r)).toBeFalsy();
      expect(sentTo(c._id)).toBe(3);
      const more = await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } });
      expect(textOf(more)).toMatch(/^max-sends: this server has sent its 3 messages/);
    });
  });

  it('a campaign whose audience the service does not tell is refused when a cap is set; a recurrence too', async () => {
    // Insights without a recipient count: the sandbox counts `recipients` only when it is a list.
    const c = campaign('Unknown audience', { segment: 'customers' });
    await withServer([...ARGS, '--max-sends', '100'], async (s) => {
      const calls = sendCalls();
      const r = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
      expect(textOf(r)).toBe(`max-sends: campaign ${c._id} "Unknown audience" (audience size unknown) cannot be counted against --max-sends 100; nothing was sent`);
      expect(sendCalls()).toBe(calls);
      const before = sb.calls('campaigns.setupRecurring').length;
      const rec = await s.client.callTool({ name: 'campaigns_recurring', arguments: { campaign_id: c._id, is_recurring: true, recurring_pattern: 'daily', confirm: true } });
      expect(textOf(rec)).toMatch(/^max-sends: a recurring campaign .* cannot count; nothing was sent$/);
      expect(sb.calls('campaigns.setupRecurring').length).toBe(before);
    });
  });

  it('dry-run calls do not use up the cap (nor read the audience)', async () => {
    const c = campaign('Dry', 250);
    await withServer([...ARGS, '--max-sends', '1', '--dry-run'], async (s) => {
      const before = sb.received.length;
      for (let i = 0; i < 3; i++) {
        const r = await s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: c._id, confirm: true } });
        expect(r.structuredContent).toMatchObject({ dry_run: true });
        const m = await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } });
        expect(m.structuredContent).toMatchObject({ dry_run: true });
      }
      expect(sb.received.length).toBe(before);
    });
  });
});

describe('fixed tool bugs', () => {
  it('campaigns_recurring takes is_recurring and recurring_pattern (its body fields are in its schema)', async () => {
    const c = campaign('Recurs');
    await withServer(['--toolsets', 'campaigns', '--allow-destructive'], async (s) => {
      const tool = (await s.client.listTools()).tools.find((t) => t.name === 'campaigns_recurring')!;
      expect(Object.keys(tool.inputSchema.properties!)).toEqual(expect.arrayContaining(['campaign_id', 'is_recurring', 'recurring_pattern', 'confirm']));
      const on = await s.client.callTool({ name: 'campaigns_recurring', arguments: { campaign_id: c._id, is_recurring: true, recurring_pattern: 'daily', confirm: true } });
      expect(textOf(on)).not.toMatch(/error|unknown/i);
      expect(sb.calls('campaigns.setupRecurring').at(-1)!.body).toEqual({ is_recurring: true, recurring_pattern: 'daily' });
      const off = await s.client.callTool({ name: 'campaigns_recurring', arguments: { campaign_id: c._id, is_recurring: false, confirm: true } });
      expect(off.isError).toBeFalsy();
      expect(sb.calls('campaigns.setupRecurring').at(-1)!.body).toEqual({ is_recurring: false });
      const bad = await s.client.callTool({ name: 'campaigns_recurring', arguments: { campaign_id: c._id, is_recurring: true, recurring_pattern: 'yearly', confirm: true } });
      expect(textOf(bad)).toMatch(/^recurring_pattern: /);
    });
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])('an argument named %s is unknown; nothing is sent', async (name) => {
    await withServer([], async (s) => {
      const before = sb.received.length;
      const r = await s.client.callTool({ name: 'tags_list', arguments: JSON.parse(`{"${name}": 1}`) });
      expect(textOf(r)).toMatch(new RegExp(`^${name}: unknown argument`));
      expect(sb.received.length).toBe(before);
    });
  });

  it('contacts_export_download returns the file: its text, as `contacts export-download -O -` prints it', async () => {
    await withServer(['--toolsets', 'contacts'], async (s) => {
      const job = JSON.parse((await sb.run(['contacts', 'export', '--json'])).stdout).job_id as string;
      const file = JSON.parse((await sb.run(['contacts', 'export-status', job, '--wait', '--interval', '0.1', '--json'])).stdout).file_name as string;
      expect(file).toMatch(/\.csv$/);
      const cli = await sb.run(['contacts', 'export-download', file, '-O', '-']);
      expect(cli.stdout.split('\n').length).toBeGreaterThan(2);
      const r = await s.client.callTool({ name: 'contacts_export_download', arguments: { file_name: file } });
      expect(r.structuredContent).toEqual({ file_name: file, content_type: 'text/csv; charset=utf-8', content: cli.stdout, truncated: false });
    });
  });
});

describe('--http checks Origin', () => {
  it('answers 403 to any Origin but its own loopback one; a client without Origin is served', async () => {
    const h = await serveHttp(sb, ['--toolsets', 'chat']);
    try {
      const u = new URL(h.url);
      const post = (origin?: string) =>
        new Promise<number>((resolve, reject) => {
          const headers: Record<string, string> = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
          if (origin) headers.origin = origin;
          request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
        });
      const before = sb.received.length;
      for (const o of ['http://evil.example', `http://evil.example:${u.port}`, 'http://127.0.0.1:1', `https://127.0.0.1:${u.port}`, 'null',
        // Its own origin as a prefix of another: another port, another host.
        `http://127.0.0.1:${u.port}0`, `http://localhost:${u.port}.evil.example`]) expect([o, await post(o)]).toEqual([o, 403]);
      expect(sb.received.length).toBe(before);
      for (const o of [undefined, `http://127.0.0.1:${u.port}`, `http://localhost:${u.port}`]) expect([o, await post(o)]).toEqual([o, 200]);
    } finally {
      await h.close();
    }
  });
});
