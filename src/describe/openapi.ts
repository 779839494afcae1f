// `chatcrm openapi`: the operations table as an OpenAPI 3.1 document. Path and query
// parameters and JSON bodies come from the same place as the MCP tools (catalog.ts: the
// table, the command tree, the zod schemas); multipart forms, the tool endpoint and the
// webhook are described here. The spec shows no response bodies: an answer is the generic
// envelope of docs/service-api.md 10, with a `data` schema where the CLI knows the record.
import type { CmdSpec } from '../runtime/command-types.js';
import { indexTree, toolFor, type JsonObject, type ToolDef } from './catalog.js';
import { getOperation, operations, type OperationId } from '../api/operations.js';

const binary = { type: 'string', contentMediaType: 'application/octet-stream', description: 'the file' };
const str = (description: string) => ({ type: 'string', description });

/** The text fields and file of each multipart operation (the table marks them multipart). */
const MULTIPART: Partial<Record<OperationId, { properties: Record<string, JsonObject>; required: string[] }>> = {
  'chat.sendFile': {
    properties: {
      sender_id: str('sender id'),
      to: { type: 'string', pattern: '^\\d{6,15}$', description: 'recipient, digits only' },
      message: str('the message object as JSON: {"type":"image|video|audio|document","<type>":{"caption":...}} without url'),
      file: binary,
    },
    required: ['sender_id', 'to', 'message', 'file'],
  },
  'chatbots.extractDoc': { properties: { file: binary, chatbot_id: str('chatbot to add the document to') }, required: ['file'] },
  'replyMaterials.create': { properties: { title: str('title'), file: binary }, required: ['title', 'file'] },
  'replyMaterials.update': { properties: { title: str('new title'), file: binary }, required: ['file'] },
};

const RPC_REQUEST = {
  type: 'object',
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: 'integer' },
    method: { type: 'string', examples: ['tools/list', 'tools/call'] },
    params: { type: 'object' },
  },
  required: ['jsonrpc', 'method'],
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/**
 * The success status of each operation, as the service answers (docs/service-api.md 10, and the
 * sandbox): creates 201, jobs 202, the rest 200. Generators type each status (oapi-codegen's
 * JSON201), so an operation declared 200 that answers 201 loses its answer.
 */
const STATUS: Partial<Record<OperationId, '201' | '202'>> = {
  'auth.register': '201',
  'chatbots.scrape': '201',
  'chatbots.extractDoc': '201',
  'messageStatus.chatStatus': '201',
  'contacts.export': '202',
};
export function successStatus(id: OperationId): '200' | '201' | '202' {
  return STATUS[id] ?? (/\.create/.test(id) ? '201' : '200');
}

/** A record's shape as the CLI knows it: the columns its tables show (any other field may come too). */
function recordSchema(columns: string[]): JsonObject {
  const properties: Record<string, JsonObject> = {};
  for (const col of columns) {
    const [head, ...rest] = col.split('.');
    if (!rest.length) properties[head] ??= {};
    else {
      const inner = (properties[head] ??= { type: 'object', properties: {} }) as { properties: Record<string, JsonObject> };
      Object.assign(inner.properties, (recordSchema([rest.join('.')]).properties as JsonObject));
    }
  }
  return { type: 'object', properties };
}

const pascal = (id: string) => id.replace(/\.list$/, '').replace(/(^|\.)(\w)/g, (_m, _d, c: string) => c.toUpperCase());

/**
 * The `data` of each operation whose record the CLI knows: a command with table columns lists
 * (array) or shows (object) them; a create on the list's path and a get/update/action below it
 * answer one of those records.
 */
function knownRecords(tree: ReturnType<typeof indexTree>): { schemas: Record<string, JsonObject>; data: Map<OperationId, JsonObject> } {
  const schemas: Record<string, JsonObject> = {};
  const data = new Map<OperationId, JsonObject>();
  const byColumns = new Map<string, string>();
  const named = new Map<string, string>(); // list path → schema name
  for (const [id, entry] of tree.byOp) {
    const columns = entry.cmd.op?.view?.columns;
    if (!columns) continue;
    const key = columns.join(',');
    const op = getOperation(id as OperationId);
    const isList = !op.path.endsWith('}') && op.method === 'GET';
    // A single-record command (flows toggle) names the record after its area.
    const name = byColumns.get(key) ?? pascal(isList ? id : id.split('.')[0]);
    if (!byColumns.has(key)) byColumns.set(key, name);
    schemas[name] = recordSchema(columns);
    const one = { $ref: `#/components/schemas/${name}` };
    data.set(id as OperationId, isList ? { type: 'array', items: one } : one);
    if (isList) named.set(op.path, name);
  }
  for (const id of Object.keys(operations) as OperationId[]) {
    const op = getOperation(id);
    if (data.has(id) || op.method === 'DELETE') continue;
    const create = op.method === 'POST' && id.endsWith('.create');
    const onList = create ? named.get(op.path) : op.path.endsWith('}') ? named.get(op.path.replace(/\/\{\w+\}$/, '')) : undefined;
    if (onList) data.set(id, { $ref: `#/components/schemas/${onList}` });
  }
  return { schemas, data };
}

/** Answers that are not the service's envelope; each call makes new objects (YAML would alias shared ones). */
const RESPONSES: Partial<Record<OperationId, (errors: JsonObject) => JsonObject>> = {
  'contacts.exportDownload': (errors) => ({ '200': { description: 'the export file', content: { 'application/octet-stream': { schema: binary } } }, ...errors }),
  'webhook.challenge': () => ({ '200': { description: 'the hub.challenge value, echoed', content: { 'text/plain': { schema: { type: 'string' } } } }, '403': { description: 'wrong verify token' } }),
  'mcp.health': (errors) => ({ '200': { description: 'the tool endpoint is up' }, ...errors }),
  'mcp.rpc': (errors) => ({
    '200': {
      description: 'a JSON-RPC 2.0 response, as JSON or as a text/event-stream of messages',
      content: { 'application/json': { schema: { type: 'object' } }, 'text/event-stream': { schema: { type: 'string' } } },
    },
    '202': { description: 'a notification, accepted: no body' },
    ...errors,
  }),
};

function responses(id: OperationId, data: JsonObject | undefined): JsonObject {
  const errors = { '4XX': ref('ClientError'), '5XX': ref('ServerError') };
  const own = RESPONSES[id];
  if (own) return own(errors);
  const envelope = { $ref: '#/components/schemas/Envelope' };
  const schema = data ? { allOf: [envelope, { type: 'object', properties: { data } }] } : envelope;
  const description = { '200': 'success', '201': 'created', '202': 'accepted: a job was started' }[successStatus(id)];
  return { [successStatus(id)]: { description, content: { 'application/json': { schema } } }, ...errors };
}

/** Parameters the channel provider's side of the webhook carries (no tool has them). */
const PARAMETERS: Partial<Record<OperationId, () => JsonObject[]>> = {
  'webhook.event': () => [{ name: 'x-hub-signature-256', in: 'header', required: true, description: 'sha256=<hex>: HMAC-SHA256 of the exact body bytes with the app secret', schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' } }],
  'webhook.challenge': () => ['hub.mode', 'hub.verify_token', 'hub.challenge'].map((q) => ({ name: q, in: 'query', required: true, schema: q === 'hub.mode' ? { const: 'subscribe' } : { type: 'string' } })),
};

function parametersOf(id: OperationId, tool: ToolDef): JsonObject[] {
  const parameters: JsonObject[] = [
    ...tool.path.map((p) => ({ name: p, in: 'path', required: true, description: `${tool.inputSchema.properties[p].description} (percent-encoded)`, schema: { type: 'string', minLength: 1 } })),
    ...tool.query.map((q) => {
      const { description, ...schema } = tool.inputSchema.properties[q];
      return { name: q, in: 'query', required: false, description, schema };
    }),
  ];
  return [...parameters, ...(PARAMETERS[id]?.() ?? [])];
}

function operationObject(id: OperationId, tool: ToolDef, data: JsonObject | undefined): JsonObject {
  const op = getOperation(id);
  const parameters = parametersOf(id, tool);
  const body = requestBody(id, tool.body?.schema, tool.defaultBody);
  return {
    // The CLI's name (chat_send, flows_toggle_pause): a valid identifier for client generators.
    operationId: tool.name,
    summary: op.summary,
    description: tool.description,
    tags: [tool.toolset],
    'x-chatcrm-operations': [id],
    ...(tool.destructive ? { 'x-destructive': true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    security: op.noAuth ? [] : [{ apiKey: [] }],
    ...(op.base === 'mcp' ? { servers: [{ url: '{mcp_url}', variables: { mcp_url: { default: 'http://127.0.0.1:8080', description: 'tool endpoint address (defaults to the base URL)' } } }] } : {}),
    responses: responses(id, data),
  };
}

async function pathsOf(tree: ReturnType<typeof indexTree>, data: Map<OperationId, JsonObject>): Promise<Record<string, Record<string, JsonObject>>> {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const id of Object.keys(operations) as OperationId[]) {
    const op = getOperation(id);
    const tool = await toolFor(id, tree);
    const method = op.method.toLowerCase();
    const item = (paths[op.path] ??= {});
    const existing = item[method];
    if (existing) {
      // Two table rows on one path and method (chat.send and chat.sendFile): one operation, two media types.
      (existing['x-chatcrm-operations'] as string[]).push(id);
      Object.assign((existing.requestBody as { content: JsonObject }).content, requestBody(id, tool.body?.schema, tool.defaultBody)?.content);
      continue;
    }
    item[method] = operationObject(id, tool, data.get(id));
  }
  return paths;
}

const ENVELOPE = {
  type: 'object',
  description: 'The answer of most operations: the record or records in `data` (sometimes under a named key), an optional message and pagination.',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: {},
    pagination: {
      type: 'object',
      properties: { currentPage: { type: 'integer' }, totalPages: { type: 'integer' }, totalItems: { type: 'integer' }, itemsPerPage: { type: 'integer' } },
    },
  },
};

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });

/** `baseUrl`: the active profile's address, the servers' default when there is one. */
export async function openApiDocument(version: string, commands: CmdSpec[], baseUrl?: string): Promise<JsonObject> {
  const tree = indexTree(commands);
  const records = knownRecords(tree);
  const paths = await pathsOf(tree, records.data);
  return {
    openapi: '3.1.0',
    info: {
      title: 'chatcrm service API',
      version,
      description: 'Generated by `chatcrm openapi` from the operations table of the chatcrm CLI. Each operation declares the success status the service answers (201 for creates, 202 for jobs); `data` has a schema where the CLI knows the record (the columns it shows), the generic envelope elsewhere.',
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: baseUrl ?? 'http://127.0.0.1:8080', description: 'API address' } } }],
    security: [{ apiKey: [] }],
    tags: [...new Set(Object.values(paths).flatMap((p) => Object.values(p).flatMap((o) => o.tags as string[])))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'the tenant API key' } },
      schemas: {
        Envelope: ENVELOPE,
        Error: { type: 'object', properties: { success: { const: false }, message: { type: 'string' }, error: {} } },
        ...records.schemas,
      },
      responses: {
        ClientError: { description: 'refused: invalid input, no or wrong key, missing plan feature, not found, rate limited', content: json('Error') },
        ServerError: { description: 'server failure', content: json('Error') },
      },
    },
  };
}

/** JSON bodies no request schema describes: the tool endpoint's JSON-RPC, the webhook's events. */
const BODIES: Partial<Record<OperationId, () => JsonObject>> = {
  'mcp.rpc': () => RPC_REQUEST,
  'webhook.event': () => ({ type: 'object', description: 'an inbound event; its kinds and fields are not specified' }),
};

function requestBody(id: OperationId, schema: JsonObject | undefined, defaultBody?: JsonObject): { required: boolean; content: JsonObject } | undefined {
  const form = MULTIPART[id];
  if (form) return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', ...form } } } };
  if (schema) return { required: true, content: { 'application/json': { schema } } };
  const other = BODIES[id];
  if (other) return { required: true, content: { 'application/json': { schema: other() } } };
  if (defaultBody) return { required: false, content: { 'application/json': { schema: { type: 'object', description: 'optional; the CLI sends {}' } } } };
  return undefined;
}
