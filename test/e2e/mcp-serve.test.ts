// chatcrm mcp serve, driven by the official SDK client over stdio and --http against the
// sandbox: which tools are listed, what each call sends, and what is refused.
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommands } from '../../src/manifest/index.js';
import { exampleCmd } from '../../src/manifest/types.js';
import { HANG_MS, tempDir } from '../helpers/cli.js';
import { serveHttp, serveOver, serveStdio, textOf, type Served } from '../helpers/mcp-serve.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const commands = await loadCommands();

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function toolNames(args: string[]): Promise<string[]> {
  const s = await serveStdio(sb, args);
  try {
    return (await s.client.listTools()).tools.map((t) => t.name);
  } finally {
    await s.close();
  }
}

const TEXT = { type: 'text', text: { body: 'Hello from an agent' } };

describe('mcp serve: tools/list', () => {
  it('offers the default toolsets, named like the CLI commands, with input schemas from the zod schemas', async () => {
    const s = await serveStdio(sb);
    try {
      const { tools } = await s.client.listTools();
      const names = tools.map((t) => t.name);
      expect(s.client.getInstructions()).toMatch(/confirm: true/);
      expect(names).toEqual(expect.arrayContaining(['chat_send', 'flows_toggle', 'flows_toggle_pause', 'segments_add_contacts', 'tags_list', 'flows_validate', 'templates_preview']));
      expect(new Set(names.map((n) => tools.find((t) => t.name === n)!.name.split('_')[0]))).toEqual(new Set(['chat', 'templates', 'flows', 'contacts', 'segments', 'tags']));
      // Destructive tools are absent without --allow-destructive.
      expect(names).not.toContain('flows_delete');
      expect(names).not.toContain('segments_delete_many');
      const send = tools.find((t) => t.name === 'chat_send')!;
      expect(send.description).toMatch(/^Send one message/);
      expect(send.inputSchema.properties!.to).toMatchObject({ type: 'string', pattern: '^\\d{6,15}$' });
      expect(send.inputSchema.required).toEqual(['sender_id', 'to', 'message']);
      expect(send.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
      const add = tools.find((t) => t.name === 'segments_add_contacts')!;
      expect(add.inputSchema.required).toEqual(['segment_id', 'contact_ids']);
      const list = tools.find((t) => t.name === 'tags_list')!;
      expect(Object.keys(list.inputSchema.properties!)).toEqual(['page', 'limit', 'search']);
    } finally {
      await s.close();
    }
  });

  it('--toolsets picks areas; --tools adds single tools; --exclude-tools removes them', async () => {
    const names = await toolNames(['--toolsets', 'chat,flows', '--tools', 'teams_list', '--exclude-tools', 'chat_send,flows_suggest']);
    expect(names.every((n) => /^(chat|flows)_/.test(n) || n === 'teams_list')).toBe(true);
    expect(names).toContain('teams_list');
    expect(names).toContain('flows_toggle');
    expect(names).not.toContain('chat_send');
    expect(names).not.toContain('flows_suggest');
    expect(names).not.toContain('tags_list');
    // --tools alone offers only those tools.
    expect(await toolNames(['--tools', 'teams_list,taxes_get'])).toEqual(['teams_list', 'taxes_get']);
  });

  it('the selection flags can come from the environment; a flag wins over its variable', async () => {
    const s = await serveStdio(sb, ['--tools', 'flows_list,flows_toggle'], { CHATCRM_TOOLS: 'teams_list', CHATCRM_READ_ONLY: '1' });
    try {
      expect((await s.client.listTools()).tools.map((t) => t.name)).toEqual(['flows_list']);
    } finally {
      await s.close();
    }
    await sb.refused(['mcp', 'serve'], /CHATCRM_TOOLSETS: unknown toolset chatt \(did you mean chat\?\)/, { env: { CHATCRM_TOOLSETS: 'chatt' } });
  });

  it('--allow-destructive adds deletes and subscription cancel, each requiring confirm: true', async () => {
    const s = await serveStdio(sb, ['--toolsets', 'all', '--allow-destructive']);
    try {
      const { tools } = await s.client.listTools();
      const del = tools.find((t) => t.name === 'flows_delete')!;
      expect(del.inputSchema.required).toEqual(['flow_id', 'confirm']);
      expect(del.annotations).toMatchObject({ destructiveHint: true });
      for (const n of ['subscription_cancel', 'segments_delete_many', 'tags_delete', 'taxes_delete']) {
        expect(tools.find((t) => t.name === n)?.inputSchema.required).toContain('confirm');
      }
    } finally {
      await s.close();
    }
  });

  it('--read-only wins over --toolsets all, --tools and --allow-destructive', async () => {
    const s = await serveStdio(sb, ['--read-only', '--toolsets', 'all', '--allow-destructive', '--tools', 'chat_send']);
    try {
      const { tools } = await s.client.listTools();
      expect(tools.length).toBeGreaterThan(30);
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['flows_list', 'flows_validate', 'templates_preview', 'message_status_get']));
      const r = await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/read-only/);
      expect(s.stderr()).toContain('--tools chat_send: not available: the server runs --read-only');
    } finally {
      await s.close();
    }
  });

  it('--dynamic-toolsets starts with list_toolsets/enable_toolset and announces the tools it adds', async () => {
    const s = await serveStdio(sb, ['--dynamic-toolsets']);
    try {
      expect((await s.client.listTools()).tools.map((t) => t.name)).toEqual(['list_toolsets', 'enable_toolset']);
      const listed = await s.client.callTool({ name: 'list_toolsets', arguments: {} });
      const toolsets = (listed.structuredContent as { toolsets: { name: string; enabled: boolean }[] }).toolsets;
      expect(toolsets.find((t) => t.name === 'teams')).toMatchObject({ enabled: false });
      let changed = 0;
      const announced = new Promise<void>((resolve) =>
        s.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
          changed++;
          resolve();
        }),
      );
      const enabled = await s.client.callTool({ name: 'enable_toolset', arguments: { toolset: 'teams' } });
      expect(enabled.isError).toBeFalsy();
      await announced;
      const names = (await s.client.listTools()).tools.map((t) => t.name);
      expect(changed).toBe(1);
      expect(names).toEqual(expect.arrayContaining(['list_toolsets', 'enable_toolset', 'teams_list', 'teams_create']));
      expect(names).not.toContain('teams_delete');
    } finally {
      await s.close();
    }
  });

  it('over stdio, the server (the process itself) exits 0 when the client closes its input', async () => {
    const r = await sb.run(['mcp', 'serve'], { input: '', process: true });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^chatcrm mcp serve: \d+ tools over stdio\n$/);
  });

  it('unknown toolsets and tools are exit 2 with a suggestion, before serving', async () => {
    await sb.refused(['mcp', 'serve', '--toolsets', 'chatt'], /--toolsets: unknown toolset chatt \(did you mean chat\?\)/);
    await sb.refused(['mcp', 'serve', '--exclude-tools', 'chat_sendd'], /--exclude-tools: unknown tool chat_sendd \(did you mean chat_send\?\)/);
    await sb.refused(['mcp', 'serve', '--port', '80'], /--port: only with --http/);
    await sb.refused(['mcp', 'serve', '--toolsets', ''], /--toolsets: give at least one toolset/);
    await sb.refused(['mcp', 'serve'], /No API key/, { code: 3, env: { CHATCRM_API_KEY: undefined } });
    const busy = new URL(sb.url).port;
    await sb.refused(['mcp', 'serve', '--http', '--port', busy], new RegExp(`--port: cannot listen on 127\\.0\\.0\\.1:${busy} \\(in use\\)`));
  });
});

describe.each(['stdio', 'http'] as const)('mcp serve over %s: calls do what the CLI commands do', (transport) => {
  let s: Served;
  beforeAll(async () => {
    s = await serveOver(transport, sb, ['--toolsets', 'all', '--allow-destructive', '--verbose']);
  });
  afterAll(() => s.close());

  it('chat_send sends the body `chat send` sends (recipient normalised)', async () => {
    const cli = await sb.run(['chat', 'send', '--to', '+1 (555) 123-4567', '--text', TEXT.text.body, '--sender', 'wa_snd_cloud_0001', '--json']);
    expect(cli.exitCode).toBe(0);
    const r = await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '+1 (555) 123-4567', message: TEXT } });
    expect(r.isError).toBeFalsy();
    const [byCli, byTool] = sb.calls('chat.send').slice(-2);
    expect(byTool.body).toEqual(byCli.body);
    expect(byTool.headers['x-api-key']).toBe(sb.config.apiKey);
    const item = (r.structuredContent as { item: { message_id: string } }).item;
    expect(item.message_id).toMatch(/^wamid\./);
    expect(JSON.parse(textOf(r))).toEqual(r.structuredContent);
  });

  it('flows_toggle toggles the flow through the same request as `flows toggle`', async () => {
    const flow = sb.store.list('flows')[0];
    const before = Boolean(flow.is_active);
    const r = await s.client.callTool({ name: 'flows_toggle', arguments: { flow_id: flow._id } });
    expect(r.isError).toBeFalsy();
    const call = sb.calls('flows.toggle').at(-1)!;
    expect(call).toMatchObject({ method: 'PATCH', path: `/api/automation/${flow._id}/toggle` });
    expect((r.structuredContent as { item: { is_active: boolean } }).item.is_active).toBe(!before);
    const cli = await sb.run(['flows', 'toggle', flow._id, '--json']);
    expect(JSON.parse(cli.stdout).is_active).toBe(before);
  });

  it('a paged list returns the records and pagination the CLI finds', async () => {
    const r = await s.client.callTool({ name: 'tags_list', arguments: { page: 2, limit: 1 } });
    expect(sb.calls('tags.list').at(-1)!.query).toEqual({ page: '2', limit: '1' });
    const cli = await sb.run(['tags', 'list', '--page', '2', '--limit', '1', '--json']);
    expect((r.structuredContent as { records: unknown[] }).records).toEqual(JSON.parse(cli.stdout));
    expect((r.structuredContent as { pagination: unknown }).pagination).toEqual({ page: 2, totalPages: 4, total: 4, limit: 1 });
  });

  it('flows_list pages like `flows list --page --limit` (a command with code of its own)', async () => {
    const r = await s.client.callTool({ name: 'flows_list', arguments: { page: 2, limit: 1 } });
    expect(r.isError).toBeFalsy();
    expect(sb.calls('flows.list').at(-1)!.query).toEqual({ page: '2', limit: '1' });
    const cli = await sb.run(['flows', 'list', '--page', '2', '--limit', '1', '--json']);
    expect(sb.calls('flows.list').at(-1)!.query).toEqual({ page: '2', limit: '1' });
    expect((r.structuredContent as { records: { _id: string }[] }).records.map((f) => f._id)).toEqual(JSON.parse(cli.stdout).map((f: { _id: string }) => f._id));
  });

  it('chat_groups_send with a cloud sender is refused as `chat groups send` refuses it: only the senders lookup reaches the sandbox, no message', async () => {
    const group = '120363040000000000@g.us';
    const [messages, before] = [sb.store.list('messages').length, sb.received.length];
    const r = await s.client.callTool({ name: 'chat_groups_send', arguments: { sender_id: 'wa_snd_cloud_0001', group_id: group, message: TEXT } });
    expect(r.isError).toBe(true);
    expect(sb.received.slice(before).map((q) => q.operation)).toEqual(['chat.senders']);
    expect(sb.store.list('messages').length).toBe(messages);
    const cli = await sb.run(['chat', 'groups', 'send', '--group-id', group, '--text', TEXT.text.body, '--sender', 'wa_snd_cloud_0001']);
    expect(cli.exitCode).toBe(3);
    expect(cli.stderr).toBe(`Error: ${textOf(r)}\n`);
  });

  it('flows_list adds the state column the CLI shows', async () => {
    const r = await s.client.callTool({ name: 'flows_list', arguments: {} });
    const records = (r.structuredContent as { records: { state: string }[] }).records;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((f) => ['active', 'draft', 'paused'].includes(f.state))).toBe(true);
  });

  it('flows_validate finds the problems `flows validate` finds, offline', async () => {
    const flow = { name: 'Broken', keyword: 'b', greeting: [{ goto: 'main' }], screens: { main: { type: 'menu', body: 'Pick', button: 'Go', sections: [{ options: [{ title: 'A', goto: 'nowhere' }] }] }, lost: { type: 'menu', body: 'x', button: 'y', sections: [{ options: [{ title: 'B' }] }] } } };
    const file = join(tempDir(), 'flow.json');
    writeFileSync(file, JSON.stringify(flow));
    const cli = await sb.run(['flows', 'validate', file, '--json']);
    const before = sb.received.length;
    const r = await s.client.callTool({ name: 'flows_validate', arguments: { flow } });
    expect(sb.received.length).toBe(before);
    const { file: _file, ...expected } = JSON.parse(cli.stdout);
    expect(r.structuredContent).toEqual(expected);
    expect(expected.valid).toBe(false);
  });

  it('templates_preview renders offline and names the field at fault', async () => {
    const before = sb.received.length;
    const ok = await s.client.callTool({ name: 'templates_preview', arguments: { template_name: 'hi', category: 'UTILITY', language: 'en_US', message_body: 'Hi {{1}}', variable_examples: [{ key: '1', example: 'Ada' }] } });
    expect((ok.structuredContent as { body: string }).body).toBe('Hi Ada');
    const bad = await s.client.callTool({ name: 'templates_preview', arguments: { template_name: 'hi', category: 'UTILITY', language: 'en_US', message_body: 'Hi {{2}}' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^message_body: /);
    expect(sb.received.length).toBe(before);
  });

  it.each([
    ['chat_send', { sender_id: 'wa_snd_cloud_0001', to: '555-CALL-NOW', message: TEXT }, /^to: /],
    ['chat_send', { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: { type: 'text', text: { body: '' } } }, /^message\.text\.body: must not be empty/],
    ['chat_send', { sender_id: 'wa_snd_cloud_0001', message: TEXT }, /^to: required/],
    ['chat_send', { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT, priority: 'high' }, /^priority: unknown argument/],
    ['tags_create', { name: 'x', color: 'red' }, /^color: must be #RRGGBB/],
    ['tags_list', { limit: 500 }, /^limit: must be at most 100/],
    ['flows_create', { name: 'x', keyword: 'k', return_to: 'nope', screens: { main: { type: 'menu', body: 'b', button: 'g', sections: [{ options: [{ title: 't' }] }] } } }, /^return_to: no screen named "nope"/],
    ['flows_delete', { flow_id: 'abc' }, /^confirm: /],
    // Past the schema's `required`: anything but true is refused, by flows' own body schema and,
    // for a delete without a body, by the server's destructive check.
    ['flows_delete', { flow_id: 'abc', confirm: false }, /^confirm: must be true/],
    ['segments_delete', { segment_id: 'abc', confirm: false }, /^confirm: must be true/],
  ])('%s with invalid arguments is a tool error naming the field; nothing is sent', async (name, args, message) => {
    const before = sb.received.length;
    const r = await s.client.callTool({ name, arguments: args });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(message);
    expect(textOf(r).split('\n')).toHaveLength(1);
    expect(sb.received.length).toBe(before);
  });

  it('contacts_list and contacts_create relay to the tool endpoint with the checks of `contacts list/create`', async () => {
    const rpc = () => sb.calls('mcp.rpc').filter((c) => (c.body as { method?: string }).method === 'tools/call').at(-1)!.body as { params: unknown };
    const listed = await s.client.callTool({ name: 'contacts_list', arguments: { page: 1, limit: 2 } });
    expect(rpc().params).toEqual({ name: 'list_contacts', arguments: { page: 1, limit: 2 } });
    const cli = await sb.run(['contacts', 'list', '--page', '1', '--limit', '2', '--json']);
    expect((listed.structuredContent as { records: unknown[] }).records).toEqual(JSON.parse(cli.stdout));

    const n = transport === 'stdio' ? 1 : 3;
    await sb.run(['contacts', 'create', '--phone', `+44 20 7946 000${n}`, '--name', 'Ada', '--tag', 'vip']);
    const byCli = rpc().params;
    const created = await s.client.callTool({ name: 'contacts_create', arguments: { phone_number: `+44 20 7946 000${n + 1}`, name: 'Ada', tags: ['vip'] } });
    expect(textOf(created)).not.toMatch(/error/i);
    expect(rpc().params).toEqual({ ...(byCli as object), arguments: { ...(byCli as { arguments: object }).arguments, phone_number: `44207946000${n + 1}` } });

    const before = sb.received.length;
    const bad = await s.client.callTool({ name: 'contacts_create', arguments: { phone_number: 'call me', name: 'Ada' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^phone_number: /);
    expect(sb.received.length).toBe(before);
  });

  it('a destructive tool with confirm: true sends what `flows delete --yes` sends', async () => {
    const flow = sb.store.list('flows').at(-1)!;
    const r = await s.client.callTool({ name: 'flows_delete', arguments: { flow_id: flow._id, confirm: true } });
    expect(r.isError).toBeFalsy();
    expect(sb.calls('flows.delete').at(-1)).toMatchObject({ path: `/api/automation/${flow._id}`, body: { confirm: true } });
  });

  it('a server error is a tool error with the one line the CLI prints', async () => {
    const cli = await sb.run(['flows', 'get', '000000000000000000000000']);
    expect(cli.exitCode).toBe(4);
    const r = await s.client.callTool({ name: 'flows_get', arguments: { flow_id: '000000000000000000000000' } });
    expect(r.isError).toBe(true);
    expect(`Error: ${textOf(r)}\n`).toBe(cli.stderr);
  });

  it('the key appears in no result, tool list or log line (even with --verbose)', async () => {
    const tools = await s.client.listTools();
    const results = await Promise.all([
      s.client.callTool({ name: 'auth_profile', arguments: {} }),
      s.client.callTool({ name: 'chat_senders', arguments: {} }),
      s.client.callTool({ name: 'flows_get', arguments: { flow_id: 'nope' } }),
    ]);
    expect(s.stderr()).toMatch(/x-api-key: \*\*\*/);
    // A server lives long: its requests share undici's warm pool, as a batch's do (and the group
    // send's sender lookup goes through the same client).
    expect([...new Set([...s.stderr().matchAll(/^> [A-Z]+ \S+ \[(.+)\]$/gm)].map((m) => m[1]))]).toEqual(['undici']);
    expect(s.stderr()).toMatch(/chatcrm mcp serve: flows_get: error: .*\(HTTP 404\)/);
    for (const text of [JSON.stringify(tools), ...results.map((r) => JSON.stringify(r)), s.stderr()]) expect(text).not.toContain(sb.config.apiKey);
  });
});

describe('mcp serve: safety flags', () => {
  it('--dry-run answers every call with the request it would send, key redacted, and sends nothing', async () => {
    const s = await serveStdio(sb, ['--dry-run', '--toolsets', 'all']);
    try {
      const before = sb.received.length;
      const r = await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } });
      const t = await s.client.callTool({ name: 'flows_toggle', arguments: { flow_id: 'abc/def' } });
      expect(r.structuredContent).toMatchObject({ dry_run: true, request: { method: 'POST', url: `${sb.url}/api/v2/chat/messages`, headers: { 'x-api-key': '***' }, body: { to: '15551234567' } } });
      expect(t.structuredContent).toMatchObject({ request: { method: 'PATCH', url: `${sb.url}/api/automation/abc%2Fdef/toggle` } });
      const c = await s.client.callTool({ name: 'contacts_create', arguments: { phone_number: '15551234567', name: 'Ada' } });
      expect(c.structuredContent).toMatchObject({ request: { url: `${sb.url}/mcp`, body: { method: 'tools/call', params: { name: 'create_contact' } } } });
      expect(sb.received.length).toBe(before);
      expect(JSON.stringify([r, t, c]) + s.stderr()).not.toContain(sb.config.apiKey);
    } finally {
      await s.close();
    }
  });

  it('--max-sends N lets N messages through and refuses the next', async () => {
    const s = await serveStdio(sb, ['--max-sends', '2']);
    try {
      const before = sb.calls('chat.send').length;
      const send = () => s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } });
      expect((await send()).isError).toBeFalsy();
      expect((await send()).isError).toBeFalsy();
      const third = await send();
      expect(third.isError).toBe(true);
      expect(textOf(third)).toMatch(/^max-sends: .*2 messages/);
      expect(sb.calls('chat.send').length - before).toBe(2);
    } finally {
      await s.close();
    }
  });

  it('--dry-run with --max-sends 1: previews send nothing, so none counts against the cap', async () => {
    const s = await serveStdio(sb, ['--dry-run', '--max-sends', '1', '--toolsets', 'chat,campaigns', '--allow-destructive']);
    try {
      const before = sb.received.length;
      const preview = () => s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } });
      for (const r of [await preview(), await preview()]) {
        expect(r.isError).toBeFalsy();
        expect(r.structuredContent).toMatchObject({ dry_run: true, request: { method: 'POST', url: `${sb.url}/api/v2/chat/messages` } });
      }
      // A send relayed to the tool endpoint is counted on another path: the same holds there.
      const campaign = sb.store.list('campaigns')[0];
      const relayed = () => s.client.callTool({ name: 'campaigns_send', arguments: { campaign_id: campaign._id, confirm: true } });
      for (const r of [await relayed(), await relayed()]) {
        expect(r.isError).toBeFalsy();
        expect(r.structuredContent).toMatchObject({ dry_run: true, request: { url: `${sb.url}/mcp`, body: { params: { name: 'send_campaign' } } } });
      }
      expect(sb.received.length).toBe(before);
    } finally {
      await s.close();
    }
  });

  it('--max-sends counts a published campaign (it messages its audience) like a send', async () => {
    const s = await serveStdio(sb, ['--toolsets', 'chat,campaigns', '--max-sends', '1', '--allow-destructive']);
    try {
      const campaign = sb.store.list('campaigns')[0];
      const before = sb.calls('campaigns.publish').length;
      expect((await s.client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: TEXT } })).isError).toBeFalsy();
      const publish = await s.client.callTool({ name: 'campaigns_publish', arguments: { campaign_id: campaign._id, confirm: true } });
      expect(publish.isError).toBe(true);
      expect(textOf(publish)).toMatch(/^max-sends: .*1 message\b/);
      expect(sb.calls('campaigns.publish').length).toBe(before);
    } finally {
      await s.close();
    }
  });

  it("the profile's default sender fills sender_id, which is then optional", async () => {
    const configDir = tempDir();
    expect((await sb.run(['profiles', 'set', 'default-sender', 'wa_snd_cloud_0001'], { configDir })).exitCode).toBe(0);
    const s = await serveStdio(sb, [], { CHATCRM_CONFIG_DIR: configDir });
    try {
      const send = (await s.client.listTools()).tools.find((t) => t.name === 'chat_send')!;
      expect(send.inputSchema.required).toEqual(['to', 'message']);
      const r = await s.client.callTool({ name: 'chat_send', arguments: { to: '15551234567', message: TEXT } });
      expect(r.isError).toBeFalsy();
      expect(sb.calls('chat.send').at(-1)!.body).toMatchObject({ sender_id: 'wa_snd_cloud_0001' });
    } finally {
      await s.close();
    }
  });
});

describe('mcp serve --upload-dir', () => {
  it('offers the upload tools only with a folder, and reads files from that folder only', async () => {
    expect(await toolNames(['--toolsets', 'all'])).not.toContain('chat_send_file');
    const dir = tempDir();
    const outside = tempDir();
    const bytes = Buffer.from('\x89PNG fake image bytes');
    writeFileSync(join(dir, 'photo.png'), bytes);
    writeFileSync(join(outside, 'secret.txt'), 'not for agents');
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'link.txt'));
    const s = await serveStdio(sb, ['--toolsets', 'chat,reply_materials', '--upload-dir', dir]);
    try {
      const names = (await s.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['chat_send_file', 'reply_materials_create', 'reply_materials_update']));
      const message = { type: 'image', image: { caption: 'Our shop' } };
      const cli = await sb.run(['chat', 'send', '--to', '15551234567', '--image', join(dir, 'photo.png'), '--caption', 'Our shop', '--sender', 'wa_snd_cloud_0001']);
      expect(cli.exitCode).toBe(0);
      // The number as a person types it: the tool sends the digits, as `chat send --to` does.
      const r = await s.client.callTool({ name: 'chat_send_file', arguments: { sender_id: 'wa_snd_cloud_0001', to: '+1 555-123-4567', message, file: 'photo.png' } });
      expect(textOf(r)).not.toMatch(/error/i);
      const [byCli, byTool] = sb.calls('chat.send').slice(-2);
      expect(byTool.form!.fields).toMatchObject({ to: '15551234567' });
      expect(byTool.form!.fields).toEqual(byCli.form!.fields);
      expect(byTool.form!.files.file.data.equals(bytes)).toBe(true);
      const material = await s.client.callTool({ name: 'reply_materials_create', arguments: { title: 'Price list', file: 'photo.png' } });
      expect(material.isError).toBeFalsy();
      expect(sb.calls('replyMaterials.create').at(-1)!.form!.fields).toEqual({ title: 'Price list' });

      const before = sb.received.length;
      for (const file of ['../' + outside.split('/').pop() + '/secret.txt', join(outside, 'secret.txt'), 'link.txt']) {
        const refused = await s.client.callTool({ name: 'reply_materials_create', arguments: { title: 'x', file } });
        expect(refused.isError).toBe(true);
        expect(textOf(refused)).toMatch(/^file: .*(outside the upload folder|no such file)/);
      }
      expect(sb.received.length).toBe(before);
    } finally {
      await s.close();
    }
    await sb.refused(['mcp', 'serve', '--upload-dir', join(dir, 'photo.png')], /--upload-dir: .* is not a folder/);
  });
});

describe('the examples of `mcp serve --help` and `openapi --help` run against the sandbox', () => {
  const examples = (name: string) => [...commands, ...commands.flatMap((c) => c.subcommands ?? [])].find((c) => c.name === name && c.examples?.length)!.examples!.map(exampleCmd);

  it.each(examples('serve'))('%s', async (example) => {
    const args = example.split(' ').slice(3);
    if (args.includes('--http')) {
      const h = await serveHttp(sb, args.filter((a) => a !== '--http'));
      try {
        expect((await (await h.connect()).listTools()).tools.length).toBeGreaterThan(0);
      } finally {
        await h.close();
      }
      return;
    }
    const s = await serveStdio(sb, args);
    try {
      expect((await s.client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });

  it.each(examples('openapi'))('%s', async (example) => {
    const [cmd, file] = example.replace(/^chatcrm /, '').split(' > ');
    const r = await sb.run(cmd.split(' '));
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(file.endsWith('.json') ? /^\{\n {2}"openapi": "3\.1\.0"/ : /^openapi: 3\.1\.0\n/);
  });
});

describe('mcp serve --http', () => {
  it('prints the start line docs/mcp-serve.md shows (the default tool count)', async () => {
    const h = await serveHttp(sb, []);
    try {
      const count = /chatcrm mcp serve: (\d+) tools at /.exec(h.stderr())![1];
      const docs = readFileSync(new URL('../../docs/mcp-serve.md', import.meta.url), 'utf8');
      expect(docs).toContain(`chatcrm mcp serve: ${count} tools at http://127.0.0.1:8765/mcp`);
    } finally {
      await h.close();
    }
  });

  it('serves streamable HTTP on 127.0.0.1 and requires the bearer token printed at start', async () => {
    const h = await serveHttp(sb, ['--toolsets', 'chat']);
    try {
      expect(h.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const init = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
      const post = (headers: Record<string, string>) =>
        fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(init) });
      expect((await post({})).status).toBe(401);
      expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
      // fetch cannot set Host: a page on a rebound DNS name is what node:http imitates here.
      const rebound = await new Promise<number>((resolve, reject) => {
        const u = new URL(h.url);
        request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { host: 'evil.example', authorization: `Bearer ${h.token}`, 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end(JSON.stringify(init));
      });
      expect(rebound).toBe(403);
      await expect(h.connect('not-the-token')).rejects.toThrow();
      // Stateless: a GET (server stream) or DELETE (session end) is answered at once, never left open.
      for (const method of ['GET', 'DELETE']) {
        const r = await fetch(h.url, { method, headers: { accept: 'text/event-stream', authorization: `Bearer ${h.token}` }, signal: AbortSignal.timeout(HANG_MS) });
        expect([method, r.status, r.headers.get('allow')]).toEqual([method, 405, 'POST']);
      }

      const client = await h.connect();
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('chat_send');
      expect(names.every((n) => n.startsWith('chat_'))).toBe(true);
      const r = await client.callTool({ name: 'chat_send', arguments: { sender_id: 'wa_snd_cloud_0001', to: '15557654321', message: TEXT } });
      expect(r.isError).toBeFalsy();
      expect(sb.calls('chat.send').at(-1)!.body).toMatchObject({ to: '15557654321' });
      expect(h.stderr()).not.toContain(sb.config.apiKey);
    } finally {
      await h.close();
    }
  });

  it('--allow-destructive over --http says at start and in initialize that nobody is asked; without it, or undone by --read-only, no warning', async () => {
    const WARNING = "warning: --allow-destructive over --http: nobody is asked before a destructive tool runs (this server cannot ask through the client); the agent's confirm: true alone lets it through";
    for (const [args, warned] of [
      [['--allow-destructive'], true],
      [[], false],
      [['--allow-destructive', '--read-only'], false],
    ] as const) {
      const h = await serveHttp(sb, [...args]);
      try {
        const client = await h.connect();
        // After a round trip the start lines are all in: the warning is written in the same turn as the token line.
        await client.listTools();
        expect([args, h.stderr().includes(WARNING)]).toEqual([args, warned]);
        expect(client.getInstructions()).toContain('this server runs over HTTP and cannot ask the user: nobody is asked before a destructive or sending tool runs');
      } finally {
        await h.close();
      }
    }
  });

  it('CHATCRM_SERVE_TOKEN fixes the token across restarts, and is then not printed', async () => {
    const token = 'a-fixed-token-for-my-editor-config';
    const h = await serveHttp(sb, ['--tools', 'chat_senders'], token);
    try {
      expect((await (await h.connect()).listTools()).tools.map((t) => t.name)).toEqual(['chat_senders']);
      expect(h.stderr()).toContain('token: the value of CHATCRM_SERVE_TOKEN');
      expect(h.stderr()).not.toContain(token);
    } finally {
      await h.close();
    }
    await sb.refused(['mcp', 'serve', '--http'], /CHATCRM_SERVE_TOKEN: must be at least 16 characters/, { env: { CHATCRM_SERVE_TOKEN: 'short' } });
  });
});
