// A streamable-HTTP MCP client that copes with every server the specification allows:
// stateless ones (2026-07-28, or 2025 servers without sessions) are called directly;
// stateful ones answer the first request with a 400 (or an error asking for
// initialisation) and get initialize, notifications/initialized, the session and
// protocol-version headers on every later request, and a DELETE of the session at close.
// Answers may be JSON or an SSE stream. Bare JSON-RPC endpoints work too.
import type { ApiClient } from '../api/client.js';
import type { ApiResponse, Pace } from '../api/types.js';
import { errorMessage } from '../api/errors-body.js';
import type { Context } from '../runtime/context.js';
import { ApiError, AuthError, CliError, EXIT } from '../core/errors.js';
import type { JsonSchema } from './schema.js';
import { sseMessages } from './sse.js';
import { isObj } from '../core/output/shape.js';

/** Revisions of the MCP specification this client speaks, newest first. */
export const PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] as const;
/** The newest revision without sessions: requests go straight to the server. */
const MODERN = PROTOCOL_VERSIONS[0];
/** The newest revision that still has the initialize handshake. */
const HANDSHAKE = PROTOCOL_VERSIONS[1];

export interface Tool {
  name: string;
  description?: string;
  inputSchema?: JsonSchema;
  [k: string]: unknown;
}

export interface ToolContent {
  type: string;
  text?: string;
  [k: string]: unknown;
}

export interface ToolResult {
  content?: ToolContent[];
  structuredContent?: unknown;
  isError?: boolean;
  /** Set when --dry-run stopped the request. */
  dryRun?: boolean;
}

export interface McpClient {
  listTools(): Promise<Tool[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

/** A JSON-RPC error or a failed tool: the server understood and refused (exit 5). */
export class McpError extends CliError {
  constructor(message: string, readonly rpcCode?: number) {
    super(message, EXIT.rejected, undefined, 'mcp_error');
  }
}

interface RpcError {
  code?: number;
  message?: string;
  data?: unknown;
}

interface RpcMessage {
  jsonrpc?: string;
  id?: string | number | null;
  result?: unknown;
  error?: RpcError;
  method?: string;
}

const hex = (c: string) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

/**
 * Why `name` cannot go into the `Mcp-Name` header as written, or undefined when it can: a header
 * carries tab and printable ASCII; Node refuses controls and anything past U+00FF, and sends
 * U+0080–U+00FF as Latin-1 bytes, which a server reading UTF-8 would take for another name.
 * The name is shown with such characters escaped: they are what a look-alike hides.
 */
export function headerNameProblem(name: string): string | undefined {
  const i = name.search(/[^\t\x20-\x7e]/);
  if (i < 0) return undefined;
  const shown = JSON.stringify(name).replace(/[^\x20-\x7e]/gu, (c) => (c.length > 1 ? `\\u{${hex(c)}}` : `\\u${hex(c)}`));
  return `tool name ${shown}: U+${hex(name.slice(i))} (character ${i + 1}) cannot be sent in the Mcp-Name header, which takes printable ASCII only`;
}

const header = (res: ApiResponse, name: string) => {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The response to request `id` in a JSON or SSE answer, skipping notifications and other ids. */
export function responseFor(res: ApiResponse, id: number): RpcMessage | undefined {
  const ct = String(header(res, 'content-type') ?? '');
  const messages: unknown[] =
    typeof res.body === 'string' && (ct.includes('text/event-stream') || /^(data|event|id|retry)?:/m.test(res.body))
      ? sseMessages(res.body)
      : Array.isArray(res.body)
        ? res.body
        : [res.body];
  return messages.find((m): m is RpcMessage => isObj(m) && m.id === id && ('result' in m || 'error' in m));
}

const rpcText = (e: RpcError) => `${e.message ?? 'JSON-RPC error'}${e.code !== undefined ? ` (JSON-RPC ${e.code})` : ''}`;

/** Does this answer to a first, session-less request ask for the initialize handshake? */
function wantsHandshake(res: ApiResponse, msg: RpcMessage | undefined): boolean {
  if (res.status === 400) return true;
  const e = msg?.error;
  return Boolean(e && /initiali[sz]|session|protocol version/i.test(e.message ?? ''));
}

class StreamableHttpClient implements McpClient {
  private nextId = 1;
  private sessionId?: string;
  private version?: string;
  private handshaken = false;

  constructor(
    private readonly api: ApiClient,
    private readonly clientVersion: string,
    /** A batch's --rate: every request goes out in its turn, retries and the handshake included. */
    private readonly pace?: Pace,
  ) {}

  private headers(method: string, params: Record<string, unknown>): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    if (!this.handshaken) {
      // The 2026-07-28 form; older servers refuse it with a 400 and get the handshake.
      h['mcp-protocol-version'] = MODERN;
      h['mcp-method'] = method;
      if (typeof params.name === 'string') h['mcp-name'] = params.name;
    } else {
      if (this.version) h['mcp-protocol-version'] = this.version;
      if (this.sessionId) h['mcp-session-id'] = this.sessionId;
    }
    return h;
  }

  private post(method: string, params: Record<string, unknown>, id?: number): Promise<ApiResponse> {
    const json = id === undefined ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', id, method, params };
    return this.api.call('mcp.rpc', { json, headers: this.headers(method, params), allowErrors: true, pace: this.pace });
  }

  /** One request; `retry` allows one handshake (or re-handshake after an expired session). */
  async request(method: string, params: Record<string, unknown> = {}, retry = true): Promise<unknown> {
    const id = this.nextId++;
    const res = await this.post(method, params, id);
    if (res.dryRun) return { dryRun: true };
    const msg = res.status < 500 ? responseFor(res, id) : undefined;
    if (retry && (!this.handshaken ? wantsHandshake(res, msg) : res.status === 404 && this.sessionId)) {
      const ok = await this.handshake();
      if (ok) return this.request(method, params, false);
    }
    if (res.status >= 400) {
      const text = msg?.error ? rpcText(msg.error) : errorMessage(isObj(res.body) && isObj(res.body.error) ? res.body.error : res.body, res.status);
      // A message made from the status alone (an empty or HTML body) already names it.
      const full = text.startsWith(`HTTP ${res.status}`) ? text : `${text} (HTTP ${res.status})`;
      if (res.status === 401 || res.status === 403) throw new AuthError(full, res.status);
      throw new ApiError(full + this.api.mcpUrlHint(res.status), res.status, res.body);
    }
    if (msg?.error) throw new McpError(rpcText(msg.error), msg.error.code);
    if (!msg) throw new McpError(`The tool endpoint sent no JSON-RPC response to ${method} (HTTP ${res.status})`);
    return msg.result;
  }

  /** initialize + notifications/initialized; false when the server does not take it either. */
  private async handshake(): Promise<boolean> {
    this.handshaken = true;
    this.sessionId = undefined;
    this.version = undefined;
    const id = this.nextId++;
    const params = { protocolVersion: HANDSHAKE, capabilities: {}, clientInfo: { name: 'chatcrm', version: this.clientVersion } };
    const res = await this.post('initialize', params, id);
    const msg = responseFor(res, id);
    if (res.status >= 400 || !msg || msg.error || !isObj(msg.result)) {
      // Not a stateful server after all: go on without a session, as a bare endpoint.
      return false;
    }
    const version = String(msg.result.protocolVersion ?? '');
    if (!(PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
      throw new McpError(`The tool endpoint speaks MCP revision ${version || '(none)'}; chatcrm supports ${PROTOCOL_VERSIONS.join(', ')}`);
    }
    this.version = version;
    this.sessionId = header(res, 'mcp-session-id');
    await this.post('notifications/initialized', {});
    return true;
  }

  async listTools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const result = await this.request('tools/list', cursor ? { cursor } : {});
      if (isObj(result) && result.dryRun) return tools;
      if (!isObj(result) || !Array.isArray(result.tools)) throw new McpError('The tool endpoint answered tools/list without a tools array');
      tools.push(...(result.tools as Tool[]));
      cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
      if (!cursor) break;
    }
    return tools;
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const result = await this.request('tools/call', { name, arguments: args });
    if (!isObj(result)) throw new McpError(`The tool endpoint answered tools/call ${name} without a result object`);
    return result as ToolResult;
  }

  async close(): Promise<void> {
    if (!this.sessionId) return;
    const headers: Record<string, string> = { 'mcp-session-id': this.sessionId };
    if (this.version) headers['mcp-protocol-version'] = this.version;
    this.sessionId = undefined;
    // A server may refuse to end sessions explicitly (405); nothing to do about it then.
    // Not an operation of the table (the spec has no DELETE): a 204 is its usual answer.
    await this.api.request({ method: 'DELETE', path: '/mcp', base: 'mcp', headers, allowErrors: true, retries: 0, noContent: true, pace: this.pace }).catch(() => undefined);
  }
}

/** A client for the tool endpoint of the context's profile ({mcp_url}/mcp), over `api` when given, its requests paced by `pace` when given. */
export async function createMcpClient(ctx: Context, api?: ApiClient, pace?: Pace): Promise<McpClient> {
  return new StreamableHttpClient(api ?? (await ctx.api()), ctx.version, pace);
}
