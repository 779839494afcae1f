// Tool endpoint (docs/service-api.md 4.5): stateless JSON-RPC over streamable HTTP, acting on the same
// state as the REST routes. initialize is answered (for clients that always send it) but
// no session is kept. Answer format: an SSE stream when the client's Accept does not take
// application/json or ranks text/event-stream higher; JSON otherwise.
import { checkArgs, type JsonSchema } from '../../mcp/schema.js';
import { PROTOCOL_VERSIONS } from '../../mcp/client.js';
import { createContact, currentSubscription, isReply, recordMessage } from '../domain.js';
import { fail, ok, paged, type AreaModule, type Handler, type SandboxReply, type SandboxRequest } from '../http.js';
import type { Store } from '../store.js';
import type { SandboxEvents } from '../events.js';
import { sendCampaign } from './campaigns.js';

interface ToolDef {
  description: string;
  inputSchema: JsonSchema;
  call(store: Store, args: Record<string, unknown>, events: SandboxEvents): unknown;
}

/** A tool failure: reported as a result with isError, as MCP asks for tool errors. */
class ToolFailure extends Error {}

const firstCloudSender = (store: Store) => store.list('senders', (s) => s.kind === 'cloud_api')[0];

/** The campaigns area sends (messages recorded, campaign marked sent); failures become tool errors. */
function sendCampaignTool(store: Store, id: string, events: SandboxEvents): unknown {
  const result = sendCampaign(store, id, 'mcp', events);
  if ('status' in result) throw new ToolFailure(String((result.body as { message?: string } | undefined)?.message ?? 'Campaign not sent'));
  const { campaign, messages } = result;
  return { success: true, message: 'Campaign sent', data: { campaign_id: campaign._id, status: campaign.status, messages: messages.length } };
}

const tools: Record<string, ToolDef> = {
  list_contacts: {
    description: 'List contacts, a page at a time, optionally matching a search on name, phone or email',
    inputSchema: {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1, description: 'page number, from 1' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'contacts per page' },
        search: { type: 'string', description: 'text to match' },
      },
      additionalProperties: false,
    },
    call: (store, a) => paged(store.list('contacts'), { page: String(a.page ?? ''), limit: String(a.limit ?? ''), search: String(a.search ?? '') }, { searchFields: ['name', 'phone_number', 'email'] }).body,
  },
  send_chat_message: {
    description: 'Send a text message to a phone number from the Cloud API sender',
    inputSchema: {
      type: 'object',
      properties: {
        contact_no: { type: 'string', description: 'phone number, international digits' },
        message: { type: 'string', description: 'text of the message' },
        platform: { type: 'string', enum: ['chat'], description: 'channel' },
      },
      required: ['contact_no', 'message'],
      additionalProperties: false,
    },
    call(store, a, events) {
      if (!/^\d{6,15}$/.test(String(a.contact_no))) throw new ToolFailure('contact_no must be 6 to 15 digits');
      const sender = firstCloudSender(store);
      if (!sender) throw new ToolFailure('No Cloud API sender is connected');
      const doc = recordMessage(store, { sender_id: String(sender.sender_id), to: String(a.contact_no), message: { type: 'text', text: { body: String(a.message) } }, via: 'mcp' }, events);
      return { success: true, message: 'Message sent successfully', data: { message_id: doc.message_id, status: doc.status, to: doc.to, sender_id: doc.sender_id } };
    },
  },
  create_contact: {
    description: 'Create a contact',
    inputSchema: {
      type: 'object',
      properties: {
        phone_number: { type: 'string', description: 'international digits' },
        name: { type: 'string' },
        email: { type: 'string' },
        source: { type: 'string' },
        status: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        custom_fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['phone_number', 'name'],
      additionalProperties: false,
    },
    call(store, a, events) {
      if (!/^\d{6,15}$/.test(String(a.phone_number))) throw new ToolFailure('phone_number must be 6 to 15 digits');
      const doc = createContact(store, a as unknown as Parameters<typeof createContact>[1]);
      if (isReply(doc)) throw new ToolFailure(String((doc.body as { message?: string }).message));
      return { success: true, message: 'Contact created successfully', data: doc };
    },
  },
  send_campaign: {
    description: 'Send a campaign to its recipients now',
    inputSchema: { type: 'object', properties: { campaign_id: { type: 'string' } }, required: ['campaign_id'], additionalProperties: false },
    call: (store, a, events) => sendCampaignTool(store, String(a.campaign_id), events),
  },
  my_subscription: {
    description: 'The current subscription, its plan and features',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    call(store) {
      const current = currentSubscription(store);
      return current ? { success: true, message: 'Subscription fetched', data: current } : 'No active subscription';
    },
  },
};

const textResult = (value: unknown, isError = false) => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
  ...(isError ? { isError: true } : {}),
});

/** q-value of a media type in an Accept header (0 when not accepted). */
function quality(accept: string, type: string): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    const [t, s] = range.split('/');
    const [wt, ws] = type.split('/');
    if ((t === '*' || t === wt) && (s === '*' || s === ws)) best = Math.max(best, Number.isFinite(q) ? q : 1);
  }
  return best;
}

export function wantsSse(accept: string | undefined): boolean {
  if (!accept) return false;
  const sse = quality(accept, 'text/event-stream');
  const json = quality(accept, 'application/json');
  return sse > 0 && sse > json;
}

function reply(req: SandboxRequest, message: Record<string, unknown>, status = 200): SandboxReply {
  if (wantsSse(String(req.headers.accept ?? ''))) {
    return { status, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, raw: `event: message\ndata: ${JSON.stringify(message)}\n\n` };
  }
  return { status, body: message };
}

const rpcError = (req: SandboxRequest, id: unknown, code: number, message: string, status = 200) =>
  reply(req, { jsonrpc: '2.0', id: id ?? null, error: { code, message } }, status);

const rpc: Handler = (req, { store, events }) => {
  const m = req.body as Record<string, unknown> | undefined;
  if (!m || typeof m !== 'object' || Array.isArray(m) || m.jsonrpc !== '2.0' || typeof m.method !== 'string') {
    return rpcError(req, (m as { id?: unknown } | undefined)?.id, -32600, 'Invalid Request: expected one JSON-RPC 2.0 message', 400);
  }
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !(PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return rpcError(req, m.id, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${PROTOCOL_VERSIONS.join(', ')})`, 400);
  }
  if (m.id === undefined) return { status: 202, raw: '' };
  const params = (m.params && typeof m.params === 'object' ? m.params : {}) as Record<string, unknown>;
  const result = (value: unknown) => reply(req, { jsonrpc: '2.0', id: m.id, result: value });
  switch (m.method) {
    case 'initialize': {
      const asked = String(params.protocolVersion ?? '');
      const protocolVersion = (PROTOCOL_VERSIONS as readonly string[]).includes(asked) ? asked : PROTOCOL_VERSIONS[1];
      return result({ protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo: { name: 'chatcrm-sandbox', version: '1.0.0' } });
    }
    case 'ping':
      return result({});
    case 'tools/list':
      return result({ tools: Object.entries(tools).map(([name, t]) => ({ name, description: t.description, inputSchema: t.inputSchema })) });
    case 'tools/call': {
      const name = String(params.name ?? '');
      const tool = tools[name];
      if (!tool) return rpcError(req, m.id, -32602, `Unknown tool: ${name}`);
      const args = (params.arguments ?? {}) as Record<string, unknown>;
      const problem = typeof args === 'object' && !Array.isArray(args) ? checkArgs(tool.inputSchema, args) : 'arguments: must be an object';
      if (problem) return result(textResult(`Invalid arguments for tool ${name}: ${problem}`, true));
      try {
        return result(textResult(tool.call(store, args, events)));
      } catch (err) {
        if (err instanceof ToolFailure) return result(textResult(err.message, true));
        throw err;
      }
    }
    default:
      return rpcError(req, m.id, -32601, `Method not found: ${m.method}`);
  }
};

const health: Handler = () => ok({ status: 'ok', tools: Object.keys(tools).length }, 'Tool endpoint is healthy');

/** No GET stream and no sessions to end: a stateless server answers 405 to both. */
const notAllowed: Handler = () => ({ ...fail(405, 'Method Not Allowed: this tool endpoint is stateless'), headers: { allow: 'POST' } });

export const area: AreaModule = {
  handlers: { 'mcp.rpc': rpc, 'mcp.health': health },
  routes: [
    { method: 'GET', path: '/mcp', handler: notAllowed },
    { method: 'DELETE', path: '/mcp', handler: notAllowed },
  ],
};
