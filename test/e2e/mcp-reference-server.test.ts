// The CLI against the official SDK server: stateful with SSE answers (handshake, session
// header, DELETE at the end) and stateless with JSON answers; and a bare JSON-RPC endpoint.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startReferenceServer, type ReferenceServer } from '../helpers/mcp-reference.js';

const run = (url: string, args: string[]) => runCli(args, { env: { CHATCRM_MCP_URL: url, CHATCRM_API_KEY: 'k-0123456789' } });
const ECHO = ['mcp', 'call', 'echo_args', '--arg', 'phone=0123', '--arg', 'count=3', '--arg', 'tags=a', '--arg', 'tags=b', '--arg', 'meta.city=Paris', '--arg', 'vip=true', '--json'];

describe('stateful SDK server answering with SSE', () => {
  let ref: ReferenceServer;
  beforeAll(async () => {
    ref = await startReferenceServer('stateful-sse');
  });
  afterAll(() => ref.close());

  it('initialises, keeps the session and version headers, skips notifications, ends the session', async () => {
    const from = ref.seen.length;
    const r = await run(ref.url, ECHO);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ phone: '0123', count: 3, tags: ['a', 'b'], meta: { city: 'Paris' }, vip: true });
    const seen = ref.seen.slice(from);
    expect(seen.map((s) => `${s.method} ${(s.body as { method?: string })?.method ?? ''}`.trim())).toEqual([
      'POST tools/list',
      'POST initialize',
      'POST notifications/initialized',
      'POST tools/list',
      'POST tools/call',
      'DELETE',
    ]);
    expect(seen[0].status).toBe(400);
    const sid = seen[2].headers['mcp-session-id'];
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    for (const s of seen.slice(2)) {
      expect(s.headers['mcp-session-id']).toBe(sid);
      expect(s.headers['mcp-protocol-version']).toBe('2025-11-25');
      if (s.method === 'POST') expect(s.headers.accept).toBe('application/json, text/event-stream');
    }
    expect(seen[4].contentType).toBe('text/event-stream');
    expect(ref.sessions.size).toBe(0);
  });

  it('prints records as a table, and isError results exit 5 with the message', async () => {
    const table = await run(ref.url, ['mcp', 'call', 'list_things']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME$/);
    expect(table.stdout).toContain('second');
    const failed = await run(ref.url, ['mcp', 'call', 'always_fails']);
    expect(failed.exitCode).toBe(5);
    expect(failed.stderr.trim()).toBe('Error: always_fails: the thing is broken');
  });

  it('checks arguments against the schema and sends no tools/call when they are wrong', async () => {
    for (const [args, message] of [
      [['--arg', 'phone=1', '--arg', 'count=2.5'], /--arg count: expected integer/],
      [['--arg', 'phone=1'], /count: required/],
      [['--arg', 'phone=1', '--arg', 'cuont=2'], /--arg cuont: unknown argument \(did you mean count\?\)/],
      [['--arg', 'phone'], /--arg "phone": expected key=value/],
      [['--args', '[1,2]'], /--args: must be a JSON object/],
    ] as const) {
      const from = ref.seen.length;
      const r = await run(ref.url, ['mcp', 'call', 'echo_args', ...args]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(ref.seen.slice(from).some((s) => (s.body as { method?: string })?.method === 'tools/call')).toBe(false);
    }
  });

  it('mcp tools lists names, types and required marks; --json gives the raw list', async () => {
    const r = await run(ref.url, ['mcp', 'tools']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/echo_args\s+Echo the typed arguments back as JSON\s+phone\*:string, count\*:integer/);
    const j = await run(ref.url, ['mcp', 'tools', '--json']);
    const tools = JSON.parse(j.stdout) as { name: string; inputSchema: { required?: string[] } }[];
    expect(tools.map((t) => t.name)).toEqual(['echo_args', 'list_things', 'always_fails']);
    expect(tools[0].inputSchema.required).toEqual(['phone', 'count']);
  });
});

describe('stateless SDK server answering with JSON', () => {
  let ref: ReferenceServer;
  beforeAll(async () => {
    ref = await startReferenceServer('stateless-json');
  });
  afterAll(() => ref.close());

  it('falls back to initialize after the version refusal, needs no session and sends no DELETE', async () => {
    const from = ref.seen.length;
    const r = await run(ref.url, [...ECHO.slice(0, 7), '--arg', 'ratio=0.5', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ phone: '0123', count: 3, ratio: 0.5 });
    const seen = ref.seen.slice(from);
    expect(seen.some((s) => s.method === 'DELETE')).toBe(false);
    expect(seen.every((s) => s.headers['mcp-session-id'] === undefined)).toBe(true);
    const call = seen.find((s) => (s.body as { method?: string }).method === 'tools/call')!;
    expect(call.contentType).toMatch(/application\/json/);
    expect(call.headers['mcp-protocol-version']).toBe('2025-11-25');
  });

  it('unknown tools get a did-you-mean and exit 2 without a call', async () => {
    const from = ref.seen.length;
    const r = await run(ref.url, ['mcp', 'call', 'echo_arg']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown tool "echo_arg" \(did you mean echo_args\?\)/);
    expect(ref.seen.slice(from).some((s) => (s.body as { method?: string }).method === 'tools/call')).toBe(false);
  });
});

describe('a bare JSON-RPC endpoint that knows only tools/list and tools/call', () => {
  let server: Server;
  let url: string;
  const bodies: { method: string }[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const m = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string; params: { arguments?: unknown } };
      bodies.push(m);
      const result =
        m.method === 'tools/list'
          ? { tools: [{ name: 'ping', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }] }
          : m.method === 'tools/call'
            ? { content: [{ type: 'text', text: JSON.stringify({ pong: m.params.arguments }) }] }
            : undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result ? { jsonrpc: '2.0', id: m.id, result } : { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is called directly', async () => {
    const r = await run(url, ['mcp', 'call', 'ping', '--arg', 'n=7', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ pong: { n: 7 } });
    expect(bodies.map((b) => b.method)).toEqual(['tools/list', 'tools/call']);
  });
});
