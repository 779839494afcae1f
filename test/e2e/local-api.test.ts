import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
// A stand-in tool endpoint on its own port, to show --mcp goes to mcp_url and not the base URL.
let mcp: Server;
let mcpUrl: string;
const mcpReceived: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  sb = await startTestSandbox();
  mcp = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      mcpReceived.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'send_message' }] } }));
    });
  });
  await new Promise<void>((r) => mcp.listen(0, '127.0.0.1', () => r()));
  mcpUrl = `http://127.0.0.1:${(mcp.address() as { port: number }).port}`;
});
afterAll(async () => {
  await sb.close();
  await new Promise<void>((r) => mcp.close(() => r()));
});

const last = () => sb.received.at(-1)!;

describe('api', () => {
  it('GET: -f fields become query parameters; the method is case-insensitive; the JSON body is printed', async () => {
    const r = await sb.run(['api', 'get', '/api/v2/chat/senders', '-f', 'limit=1', '-f', 'q=a b']);
    expect(r.exitCode).toBe(0);
    // The sandbox pages senders like the service: limit=1 is one of them.
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, data: [{ sender_id: 'wa_snd_cloud_0001' }] });
    expect(r.stdout).toMatch(/^\{\n {2}"success": true,/);
    expect(last()).toMatchObject({ method: 'GET', path: '/api/v2/chat/senders', query: { limit: '1', q: 'a b' }, operation: 'chat.senders' });
    expect(last().headers['x-api-key']).toBe(sb.config.apiKey);
  });

  it('POST: -f fields build a nested JSON body (key:=JSON for raw values)', async () => {
    const r = await sb.run(['api', 'POST', '/api/v2/chat/messages', '-f', 'sender_id=wa_snd_cloud_0001', '-f', 'to=15551234567', '-f', 'message.type=text', '-f', 'message.text.body=Hi there']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).data.message_id).toMatch(/^wamid\./);
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().body).toEqual({ sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: { type: 'text', text: { body: 'Hi there' } } });

    await sb.run(['api', 'PUT', '/api/anything', '-f', 'n:=5', '-f', 'on:=true', '-f', 'tags[]=a', '-f', 'tags[]=b']);
    expect(last()).toMatchObject({ method: 'PUT', path: '/api/anything', body: { n: 5, on: true, tags: ['a', 'b'] } });
  });

  it('DELETE: -f fields go in the query string', async () => {
    await sb.run(['api', 'DELETE', '/api/things/1?x=1', '-f', 'force:=true']);
    expect(last()).toMatchObject({ method: 'DELETE', path: '/api/things/1', query: { x: '1', force: 'true' }, body: undefined });
  });

  it('-F uploads a file as multipart (with plain fields from -F and -f)', async () => {
    const file = join(tempDir(), 'price-list.pdf');
    writeFileSync(file, '%PDF-1.4 fake pdf bytes');
    const r = await sb.run(['api', 'POST', '/api/upload-check', '-F', `file=@${file}`, '-F', 'name=Price list', '-f', 'n:=3']);
    const got = last();
    expect(got.path).toBe('/api/upload-check');
    expect(String(got.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.form?.fields).toEqual({ name: 'Price list', n: '3' });
    expect(got.form?.files.file).toMatchObject({ filename: 'price-list.pdf', contentType: 'application/pdf' });
    expect(got.form?.files.file.data.toString()).toBe('%PDF-1.4 fake pdf bytes');
    expect(r.exitCode).toBe(4); // no such route in the sandbox: the HTML 404
  });

  it('--input - sends stdin as the body (JSON content type when it parses); a non-JSON file goes as bytes', async () => {
    const body = { sender_id: 'wa_snd_cloud_0001', to: '15550001234', message: { type: 'text', text: { body: 'from stdin' } } };
    const r = await sb.run(['api', 'POST', '/api/v2/chat/messages', '--input', '-'], { input: JSON.stringify(body) });
    expect(r.exitCode).toBe(0);
    expect(last()).toMatchObject({ operation: 'chat.send', body });
    expect(last().headers['content-type']).toBe('application/json');

    const file = join(tempDir(), 'raw.txt');
    writeFileSync(file, 'plain text, not JSON');
    await sb.run(['api', 'POST', '/api/raw-check', '--input', file, '-H', 'Content-Type: text/plain']);
    expect(last().headers['content-type']).toBe('text/plain');
    expect(last().headers['content-length']).toBe(String('plain text, not JSON'.length));
  });

  it('-H headers are sent', async () => {
    const r = await sb.run(['api', 'GET', '/api/auth/profile', '-H', 'X-Request-Id: abc-123', '-H', 'Accept-Language:de']);
    expect(r.exitCode).toBe(0);
    expect(last().headers).toMatchObject({ 'x-request-id': 'abc-123', 'accept-language': 'de' });
  });

  it.each(['x-api-key: other', 'X-API-Key:other'])('-H %j is refused (exit 2, nothing sent): the key never comes from a flag', async (header) => {
    const r = await sb.refused(['api', 'GET', '/api/auth/profile', '-H', header], /^Error: -H, --header: the key is never given as a flag/);
    expect(r.stderr).not.toContain('other');
  });

  it('-q, -o table, -o csv and --fields shape the records without --query (json stays the raw body)', async () => {
    const tags = sb.store.list('tags');
    const quiet = await sb.run(['api', 'GET', '/api/tags', '-q']);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stdout.trim().split('\n')).toEqual(tags.map((t) => t._id));
    const table = await sb.run(['api', 'GET', '/api/tags', '-o', 'table']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +NAME +COLOR/);
    expect(table.stdout).toMatch(new RegExp(`^${tags[0]._id} +${tags[0].name} `, 'm'));
    const csv = await sb.run(['api', 'GET', '/api/tags', '-o', 'csv', '--fields', '_id,name']);
    expect(csv.stdout.split('\n').slice(0, 2)).toEqual(['_id,name', `${tags[0]._id},${tags[0].name}`]);
    const raw = await sb.run(['api', 'GET', '/api/tags']);
    expect(JSON.parse(raw.stdout)).toMatchObject({ success: true });
    expect(sb.calls('tags.list').length).toBeGreaterThanOrEqual(4);
  });

  it('--mcp sends to the tool endpoint (mcp_url), not the base URL', async () => {
    const before = sb.received.length;
    const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const r = await sb.run(['api', 'POST', '/mcp', '--mcp', '--mcp-url', mcpUrl, '--input', '-'], { input: JSON.stringify(rpc) });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).result.tools[0].name).toBe('send_message');
    const got = mcpReceived.at(-1)!;
    expect(got).toMatchObject({ method: 'POST', url: '/mcp' });
    expect(JSON.parse(got.body)).toEqual(rpc);
    expect(got.headers['x-api-key']).toBe(sb.config.apiKey);
    expect(sb.received.length).toBe(before);
  });

  it('an unknown path: the HTML 404 is printed, with a one-line error and exit 4', async () => {
    const r = await sb.run(['api', 'GET', '/api/no-such-thing']);
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toContain('<pre>Cannot GET /api/no-such-thing</pre>');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^Error: HTTP 404.*\(HTML page\)$/m);
    expect(last()).toMatchObject({ path: '/api/no-such-thing', status: 404 });
  });

  it('a JSON error status: the body on stdout, the message on stderr, the mapped exit code', async () => {
    const bad = await sb.run(['api', 'GET', '/api/auth/profile'], { env: { CHATCRM_API_KEY: 'wrong-key-00000000' } });
    expect(bad.exitCode).toBe(3);
    expect(JSON.parse(bad.stdout)).toMatchObject({ success: false, message: 'Invalid API key' });
    expect(bad.stderr.trim()).toBe('Error: Invalid API key (HTTP 401)');

    const missing = await sb.run(['api', 'POST', '/api/v2/chat/messages', '-f', 'sender_id=nope', '-f', 'to=15551234567', '-f', 'message.type=text', '-f', 'message.text.body=x']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr.trim()).toBe('Error: Sender nope not found (HTTP 404)');
  });

  it.each([
    [['api', 'GET', '/x', '-H', 'no colon here'], /^Error: -H, --header: expected 'Name: value', got "no colon here"$/],
    [['api', 'POST', '/x', '-f', 'a=1', '--input', '-'], /^Error: --input: cannot be combined with -f\/--field or -F\/--file-field$/],
    [['api', 'POST', '/x', '-f', 'novalue'], /^Error: -f, --field: expected key=value, got "novalue"$/],
    [['api', 'POST', '/x', '-F', 'file=@/no/such/file.pdf'], /^Error: -F, --file-field: file: no such file: \/no\/such\/file.pdf$/],
    [['api', 'POST', '/x', '--input', '/no/such/body.json'], /^Error: --input: cannot read \/no\/such\/body.json: no such file$/],
    [['api', 'FETCH', '/x'], /^Error: METHOD: must be one of GET, POST, PUT, PATCH, DELETE, got "FETCH"$/],
    [['api', 'GET', 'api/x'], /^Error: PATH: must start with \//],
    [['api', 'GET', 'https://elsewhere.example.com/api/x'], /^Error: PATH: https:\/\/elsewhere.example.com is not the configured API/],
  ])('%j exits 2 with one line and sends nothing', async (args, message) => {
    const before = sb.received.length;
    const r = await sb.run(args);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(sb.received.length).toBe(before);
  });

  it('a full URL on the configured host is accepted', async () => {
    const r = await sb.run(['api', 'GET', `${sb.url}/api/v2/chat/senders?limit=2`]);
    expect(r.exitCode).toBe(0);
    expect(last()).toMatchObject({ path: '/api/v2/chat/senders', query: { limit: '2' } });
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const before = sb.received.length;
    const r = await sb.run(['api', 'POST', '/api/v2/contacts', '-f', 'name=Ada', '--dry-run', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ dry_run: true, method: 'POST', url: `${sb.url}/api/v2/contacts`, body: { name: 'Ada' } });
    expect(sb.received.length).toBe(before);
  });
});
