// What an operation does beyond its row in api/operations.ts, in one place for both entry
// points: commands/op.ts and the commands with code of their own, and the tools of `mcp serve`
// (mcp/serve/run-tool.ts) read this table, so a phone number is normalised, a flow checked, a
// sender's group capability confirmed and a record filled in the same way whoever asks. An
// operation absent from the table is its row and its schema, nothing more.
import type { OperationId, SandboxOperationId } from '../api/operations.js';
import type { Context } from '../runtime/context.js';
import { UsageError } from '../core/errors.js';
import { problemLine, type FieldFlags, type Problem } from '../schemas/problems.js';
import { toolContactArgs } from './contacts.js';
import { groupSender } from './groups.js';
import { normalizePhone } from './recipient.js';

type Body = Record<string, unknown>;

export interface Behaviour {
  /** What a person may type, as the service takes it (before the schema); `flags` name the flag or column of a field. */
  normalize?(body: Body, flags: FieldFlags): Body;
  /** Rules past the schema (a flow's graph, a template's cross-field rules): the body to send, or the problems. */
  check?(body: Body): Promise<{ value?: Body; problems: Problem[] }>;
  /** Refuses before any request of the operation is sent (a sender that cannot use groups). */
  guard?(ctx: Context, request: { query: Record<string, string>; json?: Body }): Promise<unknown>;
  /** Fills in what a record of the answer leaves to be worked out (a flow's one state). */
  decorate?(record: Body): void;
  /** The most bytes an uploaded file may have. */
  maxFileBytes?: number;
  /** Messages a campaign's whole audience: now, or on the service's schedule (so no cap can count it ahead). */
  audience?: 'now' | 'schedule';
  /** Fields that hold phone numbers (one, or a list): a JSON number there is taken as its digits (phonesAsText). */
  phones?: string[];
}

/** The most a message can carry. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** A flow's state: the service gives it as `status`, or only as the is_active / is_paused flags. */
export function stateOf(r: Body): string {
  if (typeof r.status === 'string') return r.status;
  return r.is_paused ? 'paused' : r.is_active ? 'active' : 'draft';
}

/** A flow's shape and graph; an update's fields may be any part of one. The schemas load when a flow is checked. */
const flowCheck =
  (partial: boolean): Behaviour['check'] =>
  async (body) =>
    (await import('../schemas/flows.js')).checkFlow(body, partial);

/** Group operations: the sender, from the query or the body, must be able to use groups. */
const groups = (sender: (request: { query: Record<string, string>; json?: Body }) => unknown): Behaviour => ({
  guard: (ctx, request) => groupSender(ctx, sender(request)),
});

/** A message's recipient as a person types it (`+49 151-234 5678`), as the service takes it: digits. */
const recipientDigits: Behaviour['normalize'] = (body, flags) => (typeof body.to === 'string' ? { ...body, to: normalizePhone(body.to, flags.to ?? 'to') } : body);

/** A group message's mentions, typed as a person types a number, as the service takes them: digits. */
const mentionDigits: Behaviour['normalize'] = (body, flags) =>
  Array.isArray(body.mentions) ? { ...body, mentions: body.mentions.map((m: unknown) => (typeof m === 'string' ? normalizePhone(m, flags.mentions ?? 'mentions') : m)) } : body;

export const BEHAVIOURS: Partial<Record<OperationId, Behaviour>> = {
  'chat.send': { normalize: recipientDigits, phones: ['to'] },
  'chat.sendFile': { normalize: recipientDigits, phones: ['to'], maxFileBytes: MAX_FILE_BYTES },
  'chat.groups': groups((r) => r.query.sender_id),
  'chat.groupMembers': groups((r) => r.query.sender_id),
  'chat.groupSend': { ...groups((r) => r.json?.sender_id), normalize: mentionDigits, phones: ['mentions'] },
  'flows.create': { check: flowCheck(false) },
  'flows.update': { check: flowCheck(true) },
  'flows.list': { decorate: (r) => void (r.state ??= stateOf(r)) },
  'templates.create': { check: async (body) => (await import('../schemas/templates.js')).checkTemplate(body) },
  'campaigns.publish': { audience: 'now' },
  'campaigns.setupRecurring': { audience: 'schedule' },
};

/**
 * Tools of the service's tool endpoint whose arguments the CLI checks before relaying them (as
 * `contacts create` does), by the tool's name: the arguments to send, or a UsageError naming one.
 */
export const SERVICE_TOOLS: Partial<Record<string, { args(args: Body): Body }>> = {
  create_contact: { args: toolContactArgs },
};

/** Any operation a command may run: the service's, and the sandbox's own (none of which has a behaviour). */
type AnyOperationId = OperationId | SandboxOperationId;

/** An operation's behaviour; none (the empty one) for an operation not in the table, or no operation (a relayed tool). */
export const behaviourOf = (op: AnyOperationId | undefined): Behaviour => (op && BEHAVIOURS[op as OperationId]) || {};

/** The body as the operation's normaliser leaves it (the same object when it has none). */
export function normalized(op: AnyOperationId, body: Body, flags: FieldFlags = {}): Body {
  return behaviourOf(op).normalize?.(body, flags) ?? body;
}

/** The schema-checked body past the operation's own rules, or a UsageError naming each problem. */
export async function checked(op: AnyOperationId, body: Body, flags: FieldFlags = {}): Promise<Body> {
  const check = behaviourOf(op).check;
  if (!check) return body;
  const r = await check(body);
  if (!r.value) throw new UsageError(problemLine(r.problems, flags));
  return r.value;
}

/**
 * A phone number an agent gives as a JSON number (`to: 15551234567`, as the MCP Inspector's CLI
 * sends a bare number) is taken as its digits, before the schema, which takes text.
 */
export function phonesAsText(op: AnyOperationId | undefined, args: Body): Body {
  const fields = behaviourOf(op).phones;
  if (!fields) return args;
  const text = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v);
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, fields.includes(k) ? (Array.isArray(v) ? v.map(text) : text(v)) : v]));
}
