// The tools of `chatcrm mcp serve`, generated from the operations table and the command tree:
// one tool per operation, named as the CLI names the command (`flows toggle-pause` →
// `flows_toggle_pause`), described by the command's summary, with an input JSON Schema made
// from the same zod schema the CLI validates with, plus the path and query parameters.
import * as z from 'zod/mini';
import { operations, pathParams, type Operation, type OperationId } from '../api/operations.js';
import { snake, toolName } from './tool-names.js';
import type { CmdSpec, OpSpec } from '../runtime/command-types.js';
import { behaviourOf } from '../ops/behaviour.js';
import { loadSchema } from '../schemas/index.js';
import { asObject, jsonSchemaOf, type JsonObject } from './json-schema.js';

/** The tools' files take their types from the catalog. */
export type { JsonObject };

export interface ToolDef {
  name: string;
  /** The CLI area (top-level command) the tool belongs to, snake_case. */
  toolset: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonObject>; required?: string[]; additionalProperties?: boolean };
  readOnly: boolean;
  destructive: boolean;
  /** Sends a chat message: counted against --max-sends. */
  sends: boolean;
  /** Messages the whole audience of the campaign `campaign_id`: counted by its size against --max-sends. */
  audience?: boolean;
  /** The operation called; absent for the offline tools and the relays. */
  op?: OperationId;
  /** The tool of the service's own tool endpoint this tool calls (as `contacts list` does). */
  relay?: string;
  path: string[];
  query: string[];
  /** The body schema (zod, and as JSON Schema) and the fields it takes; undefined without a body. */
  body?: { zod: z.ZodMiniType; schema: JsonObject; fields: string[]; loose: boolean };
  /** A multipart upload: the body's fields are form fields, `file` names a file in --upload-dir. */
  upload?: boolean;
  /** Body sent when the operation takes an object the arguments do not fill (the CLI's defaultBody). */
  defaultBody?: JsonObject;
}

/**
 * Operations that are not tools, and why: the tool endpoint is already MCP (connect to it
 * directly); the webhook is the channel provider's side; session auth carries passwords,
 * which an agent must not hold.
 */
export const NOT_TOOLS: Partial<Record<OperationId, string>> = {
  'mcp.rpc': 'the tool endpoint is an MCP server already',
  'webhook.challenge': "the channel provider's side of the webhook",
  'webhook.event': "the channel provider's side of the webhook",
  'auth.register': 'carries a password',
  'auth.login': 'carries a password',
  'auth.resetPassword': 'carries a password',
  'auth.changePassword': 'carries a password',
};

/** Operations reached through a flag of another command (`quick-replies list --admin`): that command's options apply. */
const VIA_FLAG: Partial<Record<OperationId, string>> = { 'quickReplies.admin': 'quick_replies_list' };
/** The list query flags a command may take; a tool takes the same ones (see LIST_OPTIONS). */
const LIST_FLAGS = ['page', 'limit', 'search'];

const formText = () => z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
/** The form fields of the multipart operations (the table has no body schema for them). */
const UPLOADS: Partial<Record<OperationId, () => Promise<z.ZodMiniType>>> = {
  'chat.sendFile': () => loadSchema('chat.sendFileRequest'),
  'chatbots.extractDoc': async () => z.object({ chatbot_id: z.optional(formText()) }),
  'replyMaterials.create': async () => z.object({ title: formText() }),
  'replyMaterials.update': async () => z.object({ title: z.optional(formText()) }),
};
const FILE_ARG = { type: 'string', minLength: 1, description: 'the file to upload: a path inside the folder given by --upload-dir' };

/** A POST that only reads. */
const READS = new Set<OperationId>(['messageStatus.get']);
/** Operations that message recipients (publishing a campaign sends it to its audience). */
export const SENDS = new Set<OperationId>(['chat.send', 'chat.sendFile', 'chat.groupSend', 'campaigns.publish']);
/** Why `confirm: true` is asked for. */
const CONFIRM = {
  undo: { type: 'boolean', const: true, description: 'must be true: this cannot be undone' },
  audience: { type: 'boolean', const: true, description: "must be true: this messages the campaign's whole audience" },
};
/** Query parameters that are numbers. */
const INT_QUERY: Record<string, JsonObject> = {
  page: { type: 'integer', minimum: 1, description: 'page number (from 1)' },
  limit: { type: 'integer', minimum: 1, maximum: 100, description: 'records per page (1-100)' },
};

interface TreeEntry {
  name: string;
  /** The top-level command, snake_case: the toolset. */
  top: string;
  cmd: CmdSpec;
}

/** Every command of the tree by tool-style name, and the op commands by operation id. */
export function indexTree(commands: CmdSpec[]): { byName: Map<string, CmdSpec>; byOp: Map<string, TreeEntry> } {
  const byName = new Map<string, CmdSpec>();
  const byOp = new Map<string, TreeEntry>();
  const walk = (list: CmdSpec[], prefix: string[]) => {
    for (const cmd of list) {
      const path = [...prefix, cmd.name];
      const name = snake(path.join('_'));
      byName.set(name, cmd);
      if (cmd.op && !byOp.has(cmd.op.id)) byOp.set(cmd.op.id, { name, top: snake(path[0]), cmd });
      if (cmd.subcommands) walk(cmd.subcommands, path);
    }
  };
  walk(commands, []);
  return { byName, byOp };
}

/** An operation's tool name and the command it comes from (the one whose options it takes). */
function commandOf(id: OperationId, tree: ReturnType<typeof indexTree>) {
  const entry = tree.byOp.get(id);
  const [area] = id.split('.');
  const name = toolName(id);
  return { name, toolset: entry?.top ?? snake(area), cmd: entry?.cmd ?? tree.byName.get(VIA_FLAG[id] ?? name) };
}

type Gating = Pick<ToolDef, 'destructive' | 'sends' | 'audience'>;

/** What --allow-destructive and `confirm: true` hold back, and what --max-sends counts. */
function gatingOf(id: OperationId, spec: OpSpec | undefined): Gating {
  // Operations that message a campaign's whole audience (ops/behaviour.ts), now or on a schedule, are
  // gated like the destructive tools, as the CLI asks before them.
  const audience = behaviourOf(id).audience !== undefined;
  // Every DELETE is gated, not only the commands that ask: removing a segment's members too.
  const destructive = Boolean(spec?.destructive) || operations[id].method === 'DELETE' || audience;
  return { destructive, sends: SENDS.has(id) || audience, ...(audience ? { audience: true } : {}) };
}

/** The tool of an operation; `chatcrm openapi` describes every operation through it too. */
export async function toolFor(id: OperationId, tree: ReturnType<typeof indexTree>): Promise<ToolDef> {
  const op: Operation = operations[id];
  const { name, toolset, cmd } = commandOf(id, tree);
  const spec: OpSpec | undefined = cmd?.op;
  const gating = gatingOf(id, spec);
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];

  const path = pathParams(op.path);
  path.forEach((p, i) => {
    properties[p] = { type: 'string', minLength: 1, description: cmd?.args?.[i]?.description ?? p.replace(/_/g, ' ') };
    required.push(p);
  });
  // Paging and search come from the command's flags, whether an op entry or code of its own declares them.
  const listQuery = LIST_FLAGS.filter((f) => cmd?.options?.some((o) => o.flags.startsWith(`--${f} `)));
  const query = [...new Set([...(op.query ?? []), ...listQuery, ...Object.values(spec?.query ?? {})])];
  for (const q of query) {
    const choices = cmd?.options?.find((o) => o.flags.includes(`--${q.replace(/_/g, '-')} `) || o.flags.includes(`--${q} `))?.choices;
    properties[q] = INT_QUERY[q] ?? { type: 'string', ...(choices ? { enum: [...choices] } : {}), description: q.replace(/_/g, ' ') };
  }
  let body: ToolDef['body'];
  let loose = false;
  const zod = op.body ? await loadSchema(op.body) : await UPLOADS[id]?.();
  if (zod) {
    const exact = jsonSchemaOf(zod);
    const s = asObject(exact);
    const props = (s.properties ?? {}) as Record<string, JsonObject>;
    for (const [k, v] of Object.entries(props)) properties[k] ??= v;
    for (const r of (s.required as string[] | undefined) ?? []) if (!required.includes(r)) required.push(r);
    loose = s.additionalProperties !== undefined && s.additionalProperties !== false;
    body = { zod, schema: exact, fields: Object.keys(props), loose };
  }
  if (op.multipart) {
    properties.file = FILE_ARG;
    required.push('file');
  }
  if (gating.destructive && !properties.confirm) {
    properties.confirm = gating.audience ? CONFIRM.audience : CONFIRM.undo;
    required.push('confirm');
  }
  const readOnly = op.method === 'GET' || READS.has(id);
  return {
    name,
    toolset,
    description: `${cmd?.summary ?? op.summary} (${op.method} ${op.path})`,
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: loose },
    readOnly,
    ...gating,
    op: id,
    upload: op.multipart,
    path,
    query,
    body,
    defaultBody: spec?.defaultBody,
  };
}

/** A tool that calls no operation: the offline checks, and the dynamic-toolset pair. */
export const localTool = (name: string, toolset: string, description: string, properties: Record<string, JsonObject>, required: string[]): ToolDef => ({
  name,
  toolset,
  description,
  inputSchema: { type: 'object', properties, required, additionalProperties: false },
  readOnly: true,
  destructive: false,
  sends: false,
  path: [],
  query: [],
});

/** Offline tools: the CLI's checks and renderings, nothing sent. */
async function offlineTools(tree: ReturnType<typeof indexTree>): Promise<ToolDef[]> {
  const [{ flow }, { createRequest }] = await Promise.all([import('../schemas/flows.js'), import('../schemas/templates.js')]);
  const template = jsonSchemaOf(createRequest);
  const offline = (name: string, toolset: string, properties: Record<string, JsonObject>, required: string[]) =>
    localTool(name, toolset, `${tree.byName.get(name)?.summary ?? name} (offline: nothing is sent)`, properties, required);
  return [
    offline('flows_validate', 'flows', { flow: { ...jsonSchemaOf(flow), description: 'the flow, as `flows_create` takes it' } }, ['flow']),
    offline(
      'templates_preview',
      'templates',
      template.properties as Record<string, JsonObject>,
      ((template.required as string[]) ?? []).filter((r) => r !== 'business_account_id' && r !== 'template_type'),
    ),
  ];
}

const PAGE_ARGS = { ...INT_QUERY, search: { type: 'string', description: 'match name, phone or email' } };

/**
 * The CLI commands backed by the service's tool endpoint (`contacts list/create`, `campaigns
 * send`), relayed with the CLI's checks: the contacts toolset would be blind without them.
 */
function relayTools(tree: ReturnType<typeof indexTree>): ToolDef[] {
  const str = (description: string) => ({ type: 'string', minLength: 1, description });
  const relay = (name: string, relay: string, properties: Record<string, JsonObject>, required: string[], kind: Partial<ToolDef> = {}): ToolDef => ({
    ...localTool(name, name.split('_')[0], `${tree.byName.get(name)?.summary ?? name}`, properties, required),
    readOnly: false,
    relay,
    ...kind,
  });
  return [
    relay('contacts_list', 'list_contacts', PAGE_ARGS, [], { readOnly: true }),
    relay(
      'contacts_create',
      'create_contact',
      {
        phone_number: str('international phone number (+, spaces, -, ( ) are stripped)'),
        name: str('contact name'),
        email: { type: 'string', description: 'email address' },
        source: { type: 'string', description: 'where the contact came from' },
        status: { type: 'string', description: 'contact status (e.g. lead, customer)' },
        tags: { type: 'array', items: { type: 'string' } },
        custom_fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      ['phone_number', 'name'],
    ),
    relay('campaigns_send', 'send_campaign', { campaign_id: str('campaign id'), confirm: CONFIRM.audience }, ['campaign_id', 'confirm'], { sends: true, audience: true, destructive: true }),
  ];
}

/**
 * Every tool, in the order of the operations table, then the relays and the offline ones. The
 * command tree is given (the command that serves it has it), not imported: it imports us.
 */
export async function buildCatalog(commands: CmdSpec[]): Promise<ToolDef[]> {
  const tree = indexTree(commands);
  const ids = (Object.keys(operations) as OperationId[]).filter((id) => !NOT_TOOLS[id]);
  const tools = await Promise.all(ids.map((id) => toolFor(id, tree)));
  return [...tools, ...relayTools(tree), ...(await offlineTools(tree))];
}

/** The tools gated (destructive or sending), from the operations and the tree alone: `mcp call` asks about them without building every schema. */
export function gatedTools(commands: CmdSpec[]): (Gating & Pick<ToolDef, 'name' | 'relay'>)[] {
  const tree = indexTree(commands);
  const ids = (Object.keys(operations) as OperationId[]).filter((id) => !NOT_TOOLS[id]);
  const ops = ids.map((id) => ({ name: commandOf(id, tree).name, ...gatingOf(id, commandOf(id, tree).cmd?.op) }));
  return [...ops, ...relayTools(tree)].filter((t) => t.destructive || t.sends);
}
