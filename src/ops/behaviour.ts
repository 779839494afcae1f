// What an operation does beyond its row in api/operations.ts, in one place for both entry
// points: commands/op.ts and the commands with code of their own, and the tools of `mcp serve`
// (mcp/serve/run-tool.ts) take every request through the stages of pipeline.ts, which read this
// table, so a phone number is normalised, a flow checked, a sender's group capability confirmed
// and a record filled in the same way whoever asks. An operation absent from the table is its
// row and its schema, nothing more.
import type { OperationId, SandboxOperationId } from '../api/operations.js';
import type { Context } from '../runtime/context.js';
import type { FieldFlags, Problem } from '../schemas/problems.js';
import { toolContactArgs } from './contacts.js';
import { groupSender } from './groups.js';
import { normalizePhone } from './recipient.js';

export type Body = Record<string, unknown>;

/** What a guard sees of a request: its query and JSON body. */
export interface GuardedRequest {
  query: Record<string, string>;
  json?: Body;
}

export interface Behaviour {
  /** What a person may type, as the service takes it (before the schema); `flags` name the flag or column of a field. */
  normalize?(body: Body, flags: FieldFlags): Body;
  /** Rules past the schema (a flow's graph, a template's cross-field rules): the body to send, or the problems. */
  check?(body: Body): Promise<{ value?: Body; problems: Problem[] }>;
  /** Refuses before any request of the operation is sent (a sender that cannot use groups). */
  guard?(ctx: Context, request: GuardedRequest): Promise<unknown>;
  /** Fills in what a record of the answer leaves to be worked out (a flow's one state). */
  decorate?(record: Body): void;
  /** The most bytes an uploaded file may have. */
  maxFileBytes?: number;
  /**
   * Messages a campaign's whole audience: now, or on the service's schedule (so no cap can count
   * it ahead). `verb` says how the CLI's question names the send, for a body that has passed its
   * schema; undefined when this request messages nobody (a recurrence stopped).
   */
  audience?: { when: 'now' | 'schedule'; verb(body: Body): string | undefined };
  /** Fields that hold phone numbers (one, or a list): `normalize` takes each to its digits, and a JSON number there is taken as its digits (phonesAsText). */
  phones?: string[];
}

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
const groups = (sender: (request: GuardedRequest) => unknown): Behaviour => ({
  guard: (ctx, request) => groupSender(ctx, sender(request)),
});

/**
 * Fields that hold phone numbers, named once: each (one number, or a list of them) as a person
 * types it (`+49 151-234 5678`), as the service takes it: digits; one that is not a number is
 * refused naming its flag (or the field).
 */
const phoneFields = (fields: string[]): Behaviour => ({
  phones: fields,
  normalize(body, flags) {
    const digits = (field: string) => (v: unknown) => (typeof v === 'string' ? normalizePhone(v, flags[field] ?? field) : v);
    const present = fields.filter((f) => body[f] !== undefined);
    if (!present.length) return body;
    return { ...body, ...Object.fromEntries(present.map((f) => [f, Array.isArray(body[f]) ? body[f].map(digits(f)) : digits(f)(body[f])])) };
  },
});

export const BEHAVIOURS: Partial<Record<OperationId, Behaviour>> = {
  'chat.send': phoneFields(['to']),
  // The most a message can carry.
  'chat.sendFile': { ...phoneFields(['to']), maxFileBytes: 16 * 1024 * 1024 },
  'chat.groups': groups((r) => r.query.sender_id),
  'chat.groupMembers': groups((r) => r.query.sender_id),
  'chat.groupSend': { ...groups((r) => r.json?.sender_id), ...phoneFields(['mentions']) },
  'flows.create': { check: flowCheck(false) },
  'flows.update': { check: flowCheck(true) },
  'flows.list': { decorate: (r) => void (r.state ??= stateOf(r)) },
  'templates.create': { check: async (body) => (await import('../schemas/templates.js')).checkTemplate(body) },
  'campaigns.publish': { audience: { when: 'now', verb: () => 'Publish' } },
  'campaigns.setupRecurring': { audience: { when: 'schedule', verb: (b) => (b.is_recurring === true ? `Schedule ${String(b.recurring_pattern)} sends of` : undefined) } },
};

/**
 * Tools of the service's tool endpoint whose arguments the CLI checks before relaying them (as
 * `contacts create` does), by the tool's name: the arguments to send, or a UsageError naming one.
 */
export const SERVICE_TOOLS: Partial<Record<string, { args(args: Body): Body }>> = {
  create_contact: { args: toolContactArgs },
};

/** Any operation a command may run: the service's, and the sandbox's own (none of which has a behaviour). */
export type AnyOperationId = OperationId | SandboxOperationId;

/** An operation's behaviour; none (the empty one) for an operation not in the table, or no operation (a relayed tool). */
export const behaviourOf = (op: AnyOperationId | undefined): Behaviour => (op && BEHAVIOURS[op as OperationId]) || {};
