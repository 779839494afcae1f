// The official MCP SDK as the reference server (stateful with SSE answers, or stateless
// with JSON answers), on a loopback port, recording what it received. Tests only: the SDK
// never ships in src/.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

export interface Seen {
  method: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  status?: number;
  contentType?: string;
}

export interface ReferenceServer {
  url: string;
  seen: Seen[];
  sessions: Map<string, StreamableHTTPServerTransport>;
  close(): Promise<void>;
}

function buildServer(): McpServer {
  const server = new McpServer({ name: 'reference', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'echo_args',
    {
      description: 'Echo the typed arguments back as JSON',
      inputSchema: {
        phone: z.string(),
        count: z.number().int(),
        ratio: z.number().optional(),
        vip: z.boolean().optional(),
        tags: z.array(z.string()).optional(),
        meta: z.object({ city: z.string(), floor: z.number().int().optional() }).optional(),
      },
    },
    async (args, extra) => {
      // A notification on the same stream before the response: the client must skip it.
      await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'echoing' } });
      return { content: [{ type: 'text', text: JSON.stringify(args) }] };
    },
  );
  server.registerTool('list_things', { description: 'Records, to print as a table' }, async () => ({
    content: [{ type: 'text', text: JSON.stringify([{ id: 't1', name: 'first' }, { id: 't2', name: 'second' }]) }],
  }));
  server.registerTool('always_fails', { description: 'A tool error' }, async () => ({ content: [{ type: 'text', text: 'the thing is broken' }], isError: true }));
  return server;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startReferenceServer(mode: 'stateful-sse' | 'stateless-json'): Promise<ReferenceServer> {
  const seen: Seen[] = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http: Server = createServer(async (req, res) => {
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const record: Seen = { method: req.method ?? '', headers: req.headers, body };
    seen.push(record);
    // The SDK passes its headers to writeHead, where getHeader() cannot see them.
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => typeof res;
    res.writeHead = ((...a: unknown[]) => {
      const h = a.find((x) => typeof x === 'object' && x !== null) as Record<string, string> | undefined;
      record.contentType = Object.entries(h ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
      return writeHead(...a);
    }) as typeof res.writeHead;
    res.on('finish', () => {
      record.status = res.statusCode;
      record.contentType ??= String(res.getHeader('content-type') ?? '');
    });
    if (mode === 'stateless-json') {
      const server = buildServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    const sid = req.headers['mcp-session-id'];
    let transport = typeof sid === 'string' ? sessions.get(sid) : undefined;
    if (!transport && req.method === 'POST' && sid === undefined && isInitializeRequest(body)) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport!),
      });
      transport.onclose = () => transport?.sessionId && sessions.delete(transport.sessionId);
      await buildServer().connect(transport);
    }
    if (!transport) {
      res.writeHead(sid === undefined ? 400 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: sid === undefined ? 'Bad Request: No valid session ID provided' : 'Session not found' } }));
      return;
    }
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    sessions,
    close: () =>
      new Promise<void>((r) => {
        http.close(() => r());
        http.closeAllConnections();
      }),
  };
}
