// The MCP server of `chatcrm mcp serve`, on the official SDK's low-level Server (our tools
// come with JSON Schemas already, made from the zod schemas). Which tools are listed follows
// GitHub's MCP server: toolsets, --tools, --exclude-tools, --read-only (wins over the rest),
// --dynamic-toolsets; destructive tools only with --allow-destructive.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../../runtime/context.js';
import { InterruptedError, UsageError } from '../../core/errors.js';
import { localTool, type JsonObject, type ToolDef } from '../../describe/catalog.js';
import type { Ask } from './elicit.js';
import { profileDefaults, ToolRunner, type ToolResult } from './run-tool.js';
import { TOOLSET_INFO, type Selection } from './select.js';

export interface ServeOptions extends Selection {
  dynamic: boolean;
  maxSends?: number;
  uploadDir?: string;
  /** `fixed`: the token came from CHATCRM_SERVE_TOKEN, so it is not printed. */
  http?: { port: number; token: string; fixed: boolean };
}

/** The state one server process shares between its connections: enabled toolsets, sends. */
class ToolHost {
  readonly enabled: Set<string>;
  private readonly byName: Map<string, ToolDef>;
  readonly runner: ToolRunner;
  private readonly defaults: Record<string, string>;

  constructor(
    private readonly ctx: Context,
    private readonly all: ToolDef[],
    private readonly opts: ServeOptions,
  ) {
    this.byName = new Map(all.map((t) => [t.name, t]));
    this.enabled = new Set(opts.toolsets);
    this.runner = new ToolRunner(ctx, { dryRun: ctx.settings.dryRun, maxSends: opts.maxSends, uploadDir: opts.uploadDir });
    this.defaults = profileDefaults(ctx);
  }

  /** Not excluded and not refused by a safety flag (--read-only wins over everything). */
  private allowed(t: ToolDef): boolean {
    if (this.opts.exclude.has(t.name)) return false;
    if (this.opts.readOnly && !t.readOnly) return false;
    if (t.upload && this.opts.uploadDir === undefined) return false;
    return !t.destructive || this.opts.allowDestructive;
  }

  /** A destructive tool may be called (--allow-destructive, not undone by --read-only or exclusions). */
  get allowsDestructive(): boolean {
    return this.all.some((t) => t.destructive && this.allowed(t));
  }

  private offered(t: ToolDef): boolean {
    return this.allowed(t) && (this.enabled.has(t.toolset) || this.opts.tools.has(t.name));
  }

  tools(): ToolDef[] {
    return [...(this.opts.dynamic ? this.discoveryTools() : []), ...this.all.filter((t) => this.offered(t))];
  }

  /** The list as MCP shows it: annotations as GitHub's server gives them; profile defaults make arguments optional. */
  listed() {
    return this.tools().map((t) => {
      const required = t.inputSchema.required?.filter((r) => !(r in this.defaults));
      return {
        name: t.name,
        description: t.description,
        inputSchema: { ...t.inputSchema, required },
        annotations: { title: t.description.replace(/ \(.*$/, ''), readOnlyHint: t.readOnly, destructiveHint: t.destructive, openWorldHint: Boolean(t.op || t.relay) },
      };
    });
  }

  private discoveryTools(): ToolDef[] {
    const names = [...new Set(this.all.map((t) => t.toolset))];
    const meta = (name: string, description: string, properties: Record<string, JsonObject>, required: string[]) => localTool(name, 'dynamic', description, properties, required);
    return [
      meta('list_toolsets', 'List the toolsets this server offers and whether each is enabled', {}, []),
      meta('enable_toolset', 'Enable a toolset: its tools are added to the tool list', { toolset: { type: 'string', enum: names } }, ['toolset']),
    ];
  }

  /** One line on stderr per tool call with --verbose (results are scrubbed of the key already). */
  log(line: string): void {
    if (this.ctx.settings.verbose) this.ctx.io.err(`chatcrm mcp serve: ${line}`);
  }

  /** Why a tool is not in the list, in the words of the flag that would change it. */
  whyHidden(name: string): string {
    const t = this.byName.get(name);
    if (!t) return 'no such tool';
    if (this.opts.exclude.has(name)) return 'excluded by --exclude-tools';
    if (this.opts.readOnly && !t.readOnly) return 'not available: the server runs --read-only';
    if (t.destructive && !this.opts.allowDestructive) return 'not available: destructive tools need --allow-destructive';
    if (t.upload && this.opts.uploadDir === undefined) return 'not available: upload tools need --upload-dir';
    return `not enabled (toolset ${t.toolset})`;
  }

  async call(name: string, args: unknown, notify: () => Promise<void>, ask?: Ask): Promise<ToolResult> {
    if (this.opts.dynamic && name === 'list_toolsets') {
      const toolsets = [...new Set(this.all.map((t) => t.toolset))].map((ts) => ({
        name: ts,
        description: TOOLSET_INFO[ts] ?? ts,
        enabled: this.enabled.has(ts),
        tools: this.all.filter((t) => t.toolset === ts && this.allowed(t)).length,
      }));
      return this.runner.result({ toolsets });
    }
    if (this.opts.dynamic && name === 'enable_toolset') {
      const ts = (args as JsonObject | undefined)?.toolset;
      if (typeof ts !== 'string' || !this.all.some((t) => t.toolset === ts)) return this.runner.error(`toolset: unknown toolset ${JSON.stringify(ts)}; see list_toolsets`);
      const added = !this.enabled.has(ts);
      this.enabled.add(ts);
      if (added) await notify().catch(() => undefined);
      return this.runner.result({ toolset: ts, enabled: true, tools: this.all.filter((t) => t.toolset === ts && this.offered(t)).map((t) => t.name) });
    }
    const tool = this.tools().find((t) => t.name === name);
    if (!tool) return this.runner.error(`${name}: ${this.whyHidden(name)}`);
    return this.runner.call(tool, args, ask);
  }
}

/** How long a person has to answer a question asked through the client (then: cancelled, nothing sent). */
const ASK_MS = 10 * 60_000;

/** What the client's model reads at `initialize`: over HTTP (stateless) nobody can be asked, and it says so. */
const instructions = (http: boolean) =>
  "Tools of the chatcrm messaging and CRM service, called with the user's chatcrm profile. Tool names are the CLI's commands " +
  '(chat_send is `chatcrm chat send`). Arguments are checked before anything is sent; an error names the argument to fix. ' +
  'List tools return `records` and `pagination` (ask for the next `page`). Destructive tools need `confirm: true`; ' +
  (http
    ? 'this server runs over HTTP and cannot ask the user: nobody is asked before a destructive or sending tool runs, so `confirm: true` is yours alone to give. '
    : 'when the client supports elicitation, the user is also asked before a destructive or sending tool runs. ') +
  'flows_validate and templates_preview work offline: use them before flows_create and templates_create.';

function mcpServer(host: ToolHost, version: string, http = false): Server {
  const server = new Server({ name: 'chatcrm', version }, { capabilities: { tools: { listChanged: true } }, instructions: instructions(http) });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: host.listed() }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const started = Date.now();
    const ask: Ask | undefined = server.getClientCapabilities()?.elicitation
      ? async (message) => (await server.elicitInput({ mode: 'form', message, requestedSchema: { type: 'object', properties: {} } }, { signal: extra.signal, timeout: ASK_MS })).action
      : undefined;
    const result = await host.call(req.params.name, req.params.arguments, () => server.sendToolListChanged(), ask);
    host.log(`${req.params.name}: ${result.isError ? `error: ${result.content[0]?.text}` : 'ok'} (${Date.now() - started} ms)`);
    return result;
  });
  return server;
}

/** Resolves when the client goes away (stdio) or on Ctrl-C (both). */
export async function serve(ctx: Context, tools: ToolDef[], opts: ServeOptions): Promise<void> {
  const host = new ToolHost(ctx, tools, opts);
  const count = host.tools().length;
  const offered = new Set(host.tools().map((t) => t.name));
  for (const name of opts.tools) if (!offered.has(name)) ctx.io.err(`chatcrm mcp serve: --tools ${name}: ${host.whyHidden(name)}`);
  if (!opts.http) {
    const server = mcpServer(host, ctx.version);
    server.oninitialized = () => {
      const client = server.getClientVersion()?.name ?? 'the client';
      host.log(server.getClientCapabilities()?.elicitation ? `${client} supports elicitation: destructive and sending tools ask the user first` : `${client} does not support elicitation: destructive tools need confirm: true alone`);
    };
    // The SDK's stdio transport does not notice the client going away: stdin ending is the end.
    const closed = new Promise<void>((resolve) => {
      server.onclose = resolve;
      ctx.io.stdin.once('end', resolve).once('close', resolve);
    });
    await server.connect(new StdioServerTransport(ctx.io.stdin, ctx.io.stdout));
    ctx.io.err(`chatcrm mcp serve: ${count} tools over stdio${ctx.settings.dryRun ? ' (dry run: nothing is sent)' : ''}`);
    const interrupted = new Promise<never>((_, reject) => ctx.signal.addEventListener('abort', () => reject(new InterruptedError()), { once: true }));
    try {
      await Promise.race([closed, interrupted]);
    } finally {
      await server.close();
    }
    return;
  }
  await serveHttp(ctx, host, opts.http, count);
}

const LOCAL_HOSTS = /^(127\.0\.0\.1|localhost)(:\d+)?$/i;

function sameToken(given: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(given ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}

/** Streamable HTTP on 127.0.0.1 only, stateless: a fresh server and transport per request. */
async function serveHttp(ctx: Context, host: ToolHost, http: NonNullable<ServeOptions['http']>, count: number): Promise<void> {
  /** The origins of this server's own address; set once it listens. */
  let origins = new Set<string>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/mcp') return refuse(res, 404, 'not found: the MCP endpoint is /mcp');
    // A page in a browser can reach 127.0.0.1 through a rebound DNS name; it cannot forge the Host.
    if (!LOCAL_HOSTS.test(req.headers.host ?? '')) return refuse(res, 403, 'forbidden host');
    // The transport's rule against DNS rebinding: a browser names the page's origin; only a page
    // of this very address may call. Clients that are not browsers send no Origin.
    if (req.headers.origin !== undefined && !origins.has(req.headers.origin.toLowerCase())) return refuse(res, 403, 'forbidden origin');
    if (!sameToken(req.headers.authorization, http.token)) {
      return refuse(res, 401, 'unauthorized: send the token printed at start as "Authorization: Bearer <token>"', { 'www-authenticate': 'Bearer' });
    }
    // Stateless: no session to delete and no server-initiated stream to open with a GET, which
    // would otherwise stay open with nothing ever sent (the MCP spec's answer is 405).
    if (req.method !== 'POST') return refuse(res, 405, 'method not allowed: this stateless server answers POST only', { allow: 'POST' });
    const server = mcpServer(host, ctx.version, true);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  const httpServer = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      ctx.io.err(`chatcrm mcp serve: ${err.message}`);
      if (!res.headersSent) refuse(res, 500, 'internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' || err.code === 'EACCES' ? new UsageError(`--port: cannot listen on 127.0.0.1:${http.port} (${err.code === 'EADDRINUSE' ? 'in use' : 'not permitted'})`) : err),
    );
    httpServer.listen(http.port, '127.0.0.1', resolve);
  });
  const { port } = httpServer.address() as AddressInfo;
  origins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  ctx.io.err(`chatcrm mcp serve: ${count} tools at http://127.0.0.1:${port}/mcp${ctx.settings.dryRun ? ' (dry run: nothing is sent)' : ''}`);
  ctx.io.err(http.fixed ? 'token: the value of CHATCRM_SERVE_TOKEN' : `token: ${http.token}`);
  ctx.io.err('clients send it as "Authorization: Bearer <token>"; Ctrl-C stops the server');
  // Stateless HTTP has no stream to ask the user on: say so where the person starting it reads.
  if (host.allowsDestructive) ctx.io.err('warning: --allow-destructive over --http: nobody is asked before a destructive tool runs (this server cannot ask through the client); the agent\'s confirm: true alone lets it through');
  await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
  httpServer.closeAllConnections();
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  throw new InterruptedError();
}

export const newToken = () => randomBytes(24).toString('base64url');
