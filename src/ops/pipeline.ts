// One request pipeline, whoever makes the request: a command of the CLI (commands/op.ts and the
// commands with code of their own) or a tool of `mcp serve` (mcp/serve/run-tool.ts). Its stages
// read the operation's row of the behaviour table (behaviour.ts), always in this order:
//
//   normalise → schema → check → guard → call → decorate
//
// The call is the entry point's own (a page at a time, a form, a dry run); every stage around it
// is here, so a row of the table does the same through either entry point, and a test of either
// one fails when the row is removed.
import type * as z from 'zod/mini';
import { UsageError } from '../core/errors.js';
import type { Context } from '../runtime/context.js';
import { parseOrUsage, problemLine, type FieldFlags } from '../schemas/problems.js';
import { behaviourOf, type AnyOperationId, type Body, type GuardedRequest } from './behaviour.js';

/** normalise: what a person may type, as the service takes it (the same object when the operation has no normaliser). */
export function normalized(op: AnyOperationId, body: Body, flags: FieldFlags = {}): Body {
  return behaviourOf(op).normalize?.(body, flags) ?? body;
}

/**
 * normalise → schema, the body as its schema takes it or a UsageError naming each field (by its
 * flag, when `flags` says). Synchronous for a batch's rows: check is the next stage, `prepared`.
 */
export function shaped<T extends z.ZodMiniType>(op: AnyOperationId, schema: T, body: Body, flags: FieldFlags = {}): z.infer<T> {
  return parseOrUsage(schema, normalized(op, body, flags), flags);
}

/** check: the schema-checked body past the operation's own rules, or a UsageError naming each problem. */
export async function checked(op: AnyOperationId, body: Body, flags: FieldFlags = {}): Promise<Body> {
  const check = behaviourOf(op).check;
  if (!check) return body;
  const r = await check(body);
  if (!r.value) throw new UsageError(problemLine(r.problems, flags));
  return r.value;
}

/** normalise → schema → check: the body to send (a check gives back the body it was given, or a refusal). */
export async function prepared<T extends z.ZodMiniType>(op: AnyOperationId, schema: T, body: Body, flags: FieldFlags = {}): Promise<z.infer<T>> {
  return (await checked(op, shaped(op, schema, body, flags) as Body, flags)) as z.infer<T>;
}

/** guard: refuses before any request of the operation is sent (a sender that cannot use groups). */
export async function guard(ctx: Context, op: AnyOperationId, request: GuardedRequest): Promise<void> {
  await behaviourOf(op).guard?.(ctx, request);
}

/** decorate: what fills in each record of the answer (a list's `map`); undefined when nothing does. */
export const decorator = (op: AnyOperationId): ((record: Body) => void) | undefined => behaviourOf(op).decorate;

/**
 * Before normalise, for an agent's arguments: a phone number given as a JSON number (`to:
 * 15551234567`, as the MCP Inspector's CLI sends a bare number) is taken as its digits, since
 * the schema takes text.
 */
export function phonesAsText(op: AnyOperationId | undefined, args: Body): Body {
  const fields = behaviourOf(op).phones;
  if (!fields) return args;
  const text = (v: unknown) => (Number.isSafeInteger(v) && (v as number) >= 0 ? String(v) : v);
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, fields.includes(k) ? (Array.isArray(v) ? v.map(text) : text(v)) : v]));
}
