// The CLI and the official SDK client against the sandbox's tool endpoint, acting on the
// same state as the REST routes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

// A request refused for its key has no body on record: the sandbox never reads it.
const toolCalls = () => sb.calls('mcp.rpc').filter((c) => (c.body as { method?: string } | undefined)?.method === 'tools/call');

describe('MCP-backed commands against the sandbox', () => {
  it('contacts create normalises the phone, sends tags and fields, and the contact is in the store and the list', async () => {
    const r = await sb.run(['contacts', 'create', '--phone', '+44 (20) 7946-0001', '--name', 'Ada', '--email', 'ada@example.com', '--tag', 'vip', '--tag', 'new', '--field', 'city=London', '--json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    // The record itself, not the tool's {success, message, data} envelope.
    expect(JSON.parse(r.stdout)).toMatchObject({ phone_number: '442079460001', name: 'Ada', tags: ['vip', 'new'], custom_fields: { city: 'London' } });
    const call = toolCalls().at(-1)!;
    expect(call.headers['x-api-key']).toBe(sb.config.apiKey);
    expect((call.body as { params: unknown }).params).toEqual({
      name: 'create_contact',
      arguments: { phone_number: '442079460001', name: 'Ada', email: 'ada@example.com', tags: ['vip', 'new'], custom_fields: { city: 'London' } },
    });
    expect(sb.store.list('contacts').map((c) => c.phone_number)).toContain('442079460001');

    const dup = await sb.run(['contacts', 'create', '--phone', '442079460001', '--name', 'Ada again']);
    expect(dup.exitCode).toBe(5);
    expect(dup.stderr).toMatch(/already exists/);

    const list = await sb.run(['contacts', 'list', '--search', 'ada', '--limit', '5']);
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toMatch(/^[0-9a-f]{24} +Ada +442079460001/m);
    expect((toolCalls().at(-1)!.body as { params: unknown }).params).toEqual({ name: 'list_contacts', arguments: { limit: 5, search: 'ada' } });
  });

  it('campaigns send marks the campaign sent and records one message per recipient', async () => {
    const campaign = sb.store.insert('campaigns', { name: 'Spring', message: 'Spring sale!', status: 'draft', recipients: ['15550000001', '15550000002'] });
    const before = sb.store.list('messages').length;
    const r = await sb.run(['campaigns', 'send', campaign._id, '--json', '--yes']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ campaign_id: campaign._id, status: 'sent', messages: 2 });
    expect(sb.store.get('campaigns', campaign._id)!.status).toBe('sent');
    expect(sb.store.list('messages').length).toBe(before + 2);
    const missing = await sb.run(['campaigns', 'send', '000000000000000000000000', '--yes']);
    expect(missing.exitCode).toBe(5);
    expect(missing.stderr.trim()).toBe('Error: send_campaign: Campaign not found');
  });

  it('mcp health and mcp call check the key', async () => {
    const ok = await sb.run(['mcp', 'health', '--json']);
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ status: 'ok' });
    expect(sb.calls('mcp.health').at(-1)!.headers['x-api-key']).toBe(sb.config.apiKey);
    const bad = await sb.run(['mcp', 'call', 'my_subscription'], { env: { CHATCRM_API_KEY: 'wrong-key' } });
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/Invalid API key \(HTTP 401\)/);
    const before = sb.received.length;
    const none = await sb.run(['mcp', 'health'], { env: { CHATCRM_API_KEY: undefined } });
    expect(none.exitCode).toBe(3);
    expect(sb.received.length).toBe(before);
  });

  it.each([
    [['contacts', 'list', '--page', '0'], /--page: must be a whole number/],
    [['contacts', 'list', '--limit', 'ten'], /--limit/],
    [['contacts', 'create', '--phone', 'call-me', '--name', 'X'], /--phone: "call-me" is not a phone number/],
    [['contacts', 'create', '--phone', '15551234567'], /--name: required/],
    [['contacts', 'create', '--phone', '15551234567', '--name', 'X', '--field', 'city'], /--field "city": expected key=value/],
    [['contacts', 'create', '--phone', '15551234567', '--name', 'X', '--email', 'nope'], /--email/],
    [['mcp', 'call', 'list_contacts', '--arg', 'page=two'], /--arg page: expected integer, got "two"/],
    [['mcp', 'call', 'list_contacts', '--arg', 'pgae=2'], /--arg pgae: unknown argument \(did you mean page\?\)/],
    [['mcp', 'call', 'create_contact', '--arg', 'name=X'], /--arg phone_number: required/],
    [['mcp', 'call', 'list_contacts', '--args', '"x"'], /--args: must be a JSON object/],
    [['mcp', 'call', 'list_contacts', '--args', '@/nonexistent/args.json'], /--args: cannot read .*no such file/],
    [['mcp', 'call', 'list_contacs'], /unknown tool "list_contacs" \(did you mean list_contacts\?\)/],
  ])('%j: exit 2, one line, no tool call', async (args, message) => {
    const before = toolCalls().length;
    const r = await sb.run(args);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(toolCalls().length).toBe(before);
  });

  it('a string stays a string even when it looks like a number; --args is the base that --arg overrides', async () => {
    const r = await sb.run(['mcp', 'call', 'list_contacts', '--args', '{"page":3,"search":"x"}', '--arg', 'search=0044', '--arg', 'page=1', '--json']);
    expect(r.exitCode).toBe(0);
    expect((toolCalls().at(-1)!.body as { params: unknown }).params).toEqual({ name: 'list_contacts', arguments: { page: 1, search: '0044' } });
  });

  it('--mcp-url that already ends in /mcp (a common paste): the 404 says the URL is the base', async () => {
    const hint = `; --mcp-url is the base address (chatcrm adds /mcp and /healthz): try --mcp-url ${sb.url}`;
    const tools = await sb.run(['mcp', 'tools', '--mcp-url', `${sb.url}/mcp`]);
    expect(tools.exitCode).toBe(4);
    expect(tools.stderr).toBe(`Error: HTTP 404: Cannot POST /mcp/mcp (HTML page)${hint}\n`);
    expect(sb.received.at(-1)).toMatchObject({ method: 'POST', path: '/mcp/mcp', status: 404 });
    const health = await sb.run(['mcp', 'health', '--mcp-url', `${sb.url}/mcp/`]);
    expect(health.exitCode).toBe(4);
    expect(health.stderr).toBe(`Error: HTTP 404 Not Found: Cannot GET /mcp/healthz (HTML page)${hint}\n`);
    const doctor = await sb.run(['doctor', '--mcp-url', `${sb.url}/mcp`]);
    expect(doctor.stdout).toContain(`! mcp url reachable   ${sb.url}/mcp answers, but /healthz is not implemented (HTTP 404)${hint}\n`);
    // Elsewhere a 404 is only a 404.
    const other = await sb.run(['mcp', 'tools', '--mcp-url', `${sb.url}/tools`]);
    expect(other.stderr).toBe('Error: HTTP 404: Cannot POST /tools/mcp (HTML page)\n');
  });

  it('--dry-run prints the tools/call request and sends nothing', async () => {
    const before = sb.received.length;
    const r = await sb.run(['--dry-run', 'mcp', 'call', 'list_contacts', '--arg', 'page=2', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ method: 'POST', url: `${sb.url}/mcp`, body: { method: 'tools/call', params: { name: 'list_contacts', arguments: { page: 2 } } } });
    expect(r.stdout + r.stderr).not.toContain(sb.config.apiKey);
    expect(sb.received.length).toBe(before);
  });
});

describe('the sandbox /mcp speaks streamable HTTP', () => {
  it('answers SSE when the client only takes text/event-stream, JSON otherwise, 202 to notifications', async () => {
    const post = (accept: string, body: unknown) =>
      fetch(`${sb.url}/mcp`, { method: 'POST', headers: { accept, 'content-type': 'application/json', 'x-api-key': sb.config.apiKey }, body: JSON.stringify(body) });
    const sse = await post('text/event-stream', { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });
    expect(sse.headers.get('content-type')).toBe('text/event-stream');
    const text = await sse.text();
    expect(text).toMatch(/^event: message\ndata: \{"jsonrpc":"2.0","id":7,"result":\{"tools":/);
    const json = await post('application/json, text/event-stream', { jsonrpc: '2.0', id: 8, method: 'ping', params: {} });
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    expect(await json.json()).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    const note = await post('application/json, text/event-stream', { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
  });

  it('works with the official SDK client: tools, a message that shows in the store, an isError result', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${sb.url}/mcp`), { requestInit: { headers: { 'x-api-key': sb.config.apiKey } } });
    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['create_contact', 'list_contacts', 'my_subscription', 'send_campaign', 'send_chat_message']);
      const sent = await client.callTool({ name: 'send_chat_message', arguments: { contact_no: '15551230000', message: 'via sdk', platform: 'chat' } });
      const data = JSON.parse((sent.content as { text: string }[])[0].text).data as { message_id: string };
      const stored = sb.store.list('messages').find((m) => m.message_id === data.message_id)!;
      expect(stored).toMatchObject({ to: '15551230000', via: 'mcp', sender_id: 'wa_snd_cloud_0001', status: 'sent' });
      const bad = await client.callTool({ name: 'list_contacts', arguments: { page: 'one' } });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
