// --wait delivered|read: follow sent messages' statuses (the bulk status query, ids in chunks)
// until each reached the target (read counts as delivered) or failed, or --wait-timeout ran out.
// Every command that waits (chat send, chat groups send, chat send-batch, message-status get)
// shares this; what a stopped wait means is worded here too: the sends themselves are done.
import { secs } from '../../api/retry.js';
import type { Context } from '../../runtime/context.js';
import type { OptsOf } from '../../runtime/options.js';
import type { WAIT_OPTIONS } from '../../runtime/option-lists.js';
import { parseDelay } from '../../core/duration.js';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import { shapeOf } from '../../core/output/shape.js';
import type { Pacer } from '../../batch/limiter.js';
import { pollCall, pollUntil, type Round } from './poll.js';

export type Target = 'delivered' | 'read';

export interface WaitSpec {
  target: Target;
  timeoutMs: number;
}

/** What is known of one followed message: its status, when each status was seen, why it failed. */
export interface Followed {
  message_id: string;
  status: string;
  sent_at?: string;
  delivered_at?: string;
  read_at?: string;
  failed_at?: string;
  error?: string;
}

export type Outcome = 'reached' | 'failed' | 'timeout';

export const DEFAULT_WAIT_MS = 5 * 60_000;
/** Ids per status query: a batch's thousands go in several. */
export const CHUNK = 100;
/** The most of a failure's reason kept: a server may send megabytes of it. */
export const MAX_REASON = 4096;

/** --wait and --wait-timeout, checked: undefined when the command is not to wait. */
export function waitSpec(opts: OptsOf<typeof WAIT_OPTIONS>): WaitSpec | undefined {
  if (opts.wait === undefined) {
    if (opts.waitTimeout !== undefined) throw new UsageError('--wait-timeout: only with --wait delivered|read');
    return undefined;
  }
  if (opts.wait !== 'delivered' && opts.wait !== 'read') throw new UsageError(`--wait: must be delivered or read, got "${String(opts.wait)}"`);
  const timeoutMs = opts.waitTimeout === undefined ? DEFAULT_WAIT_MS : parseDelay('--wait-timeout', opts.waitTimeout);
  if (timeoutMs <= 0) throw new UsageError(`--wait-timeout: must be more than 0, got "${opts.waitTimeout}"`);
  return { target: opts.wait, timeoutMs };
}

const RANK: Record<string, number> = { sent: 0, delivered: 1, read: 2 };

/** Reached the target: read counts as delivered. A status the CLI does not know is not there yet. */
export const reached = (status: string, target: Target) => (RANK[status] ?? -1) >= RANK[target];
export const settled = (f: Followed, target: Target) => f.status === 'failed' || reached(f.status, target);

const TIMES = ['sent', 'delivered', 'read', 'failed'] as const;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** A reason of at most MAX_REASON characters, saying how many more were cut. */
export const capReason = (s: string) => (s.length <= MAX_REASON ? s : `${s.slice(0, MAX_REASON)}… (${s.length - MAX_REASON} more characters cut)`);
/** A reason on one line of an error message: the whole of it is in the answer or the results file. */
const gist = (s = '') => {
  const one = s.slice(0, 400).replace(/\s+/g, ' ').trim();
  return one.length > 200 || s.length > 400 ? `${one.slice(0, 199)}…` : one;
};

/** Fold a status record into what was known: the server's times, or when the CLI first saw the status. */
export function merge(known: Followed, record: Record<string, unknown>, now = new Date().toISOString()): Followed {
  const status = text(record.status) ?? known.status;
  const next: Followed = { ...known, status };
  for (const s of TIMES) {
    const key = `${s}_at` as const;
    next[key] = text(record[key]) ?? known[key] ?? (s === status ? now : undefined);
  }
  if (status === 'failed') next.error = capReason(text(record.error) ?? text(record.reason) ?? known.error ?? 'the channel gave no reason');
  return next;
}

export interface FollowResult {
  messages: Followed[];
  outcome: Outcome;
  waitedMs: number;
}

/** How a wait is followed: the news of each round, what was sent (for the messages of a stopped wait), a batch's --rate. */
export interface FollowOptions {
  onChange?: (messages: Followed[]) => void;
  done?: string;
  /** send-batch --rate: each status query takes its turn too (the server counts every request). */
  pace?: Pacer;
}

/**
 * Poll the status of the messages not yet settled, in chunks of CHUNK ids, each id once a round;
 * the chunks of a round share the wait's one deadline. Failed wins over out of time: a failure
 * known at the end is the outcome, whatever is still pending.
 */
export async function follow(ctx: Context, messages: Followed[], spec: WaitSpec, { onChange, done = 'the send is done', pace }: FollowOptions = {}): Promise<FollowResult> {
  const byId = new Map(messages.map((m) => [m.message_id, m]));
  const all = () => [...byId.values()];
  const round: Round = async (signal) => {
    const pending = all().filter((m) => !settled(m, spec.target));
    for (let i = 0; i < pending.length; i += CHUNK) {
      await pace?.take(signal);
      const res = await pollCall(ctx, 'messageStatus.get', { json: { message_ids: pending.slice(i, i + CHUNK).map((m) => m.message_id) }, pace }, signal);
      if ('retryAfterMs' in res) return res;
      const shape = shapeOf(res.body);
      for (const r of shape.records ?? [shape.item]) {
        const record = r as Record<string, unknown> | undefined;
        const known = record && byId.get(String(record.message_id));
        if (known) byId.set(known.message_id, merge(known, record));
      }
    }
    onChange?.(all());
    return all().every((m) => settled(m, spec.target));
  };
  const { timedOut, waitedMs } = await pollUntil({ ...spec, signal: ctx.signal, clock: ctx.clock }, round, done);
  const outcome = all().some((m) => m.status === 'failed') ? 'failed' : timedOut ? 'timeout' : 'reached';
  return { messages: all(), outcome, waitedMs };
}

/**
 * The error that ends a wait that did not reach its target, or undefined: exit 5 when a message
 * failed (naming how many failed and how many are still pending), else 8 when the time ran out.
 */
export function waitError(r: FollowResult, spec: WaitSpec, what: string, done = 'the send is done'): CliError | undefined {
  if (r.outcome === 'reached') return undefined;
  const many = r.messages.length > 1;
  const late = r.messages.filter((m) => !settled(m, spec.target));
  const waited = `after waiting ${secs(r.waitedMs)} for ${spec.target} (--wait-timeout ${secs(spec.timeoutMs)})`;
  const failed = r.messages.filter((m) => m.status === 'failed');
  if (failed.length) {
    const why = many ? `: ${failed.length} of ${r.messages.length} failed (first: ${gist(failed[0].error)})` : ` failed: ${gist(failed[0].error)}`;
    const still = late.length ? `; ${late.length} not ${spec.target} yet ${waited}` : '';
    return new CliError(`${what}${why}${still}`, EXIT.rejected, undefined, 'message_failed');
  }
  const last = many ? `${late.length} of ${r.messages.length} not ${spec.target} yet` : `still ${late[0].status}`;
  return new CliError(`${what}: ${last} ${waited}; ${done}`, EXIT.waitTimeout, undefined, 'timeout');
}

/** The message id in a send's answer (`{ data: { message_id } }` usually). */
export function sentId(body: unknown): string | undefined {
  // The usual answer is what shapeOf would find too, without its general search (a few µs a
  // row: send-batch asks this of every answer).
  const data = (body as { data?: { message_id?: unknown } } | null | undefined)?.data;
  if (typeof data?.message_id === 'string') return data.message_id;
  const item = shapeOf(body).item as Record<string, unknown> | undefined;
  const id = item?.message_id ?? item?.id ?? item?._id;
  return typeof id === 'string' ? id : undefined;
}

/** A send's answer with what the wait learnt: `status` and the time of each status, in its record. */
function withStatus(body: unknown, { message_id: _, ...learnt }: Followed): unknown {
  const b = (body ?? {}) as Record<string, unknown>;
  const data = b.data;
  if (data && typeof data === 'object' && !Array.isArray(data)) return { ...b, data: { ...data, ...learnt } };
  return { ...b, ...learnt };
}

/**
 * After one send (chat send, chat groups send): without --wait, print its answer. With it,
 * follow the message (a spinner with its status on a terminal), print the answer with the
 * status and its times (marked ✓ reached, ✗ failed, … still on its way), and end as the wait did: 5 failed, 8 out of time, 7 or 130 when the
 * wait itself stopped (the send is done all the same, and printed).
 */
export async function finishSend(ctx: Context, body: unknown, spec: WaitSpec | undefined, success: string): Promise<void> {
  if (!spec) return ctx.print(body, { success });
  const id = sentId(body);
  if (!id) {
    await ctx.print(body, { success });
    throw new CliError(`${success}, but the answer names no message_id: nothing to wait for`, EXIT.server, undefined, 'server');
  }
  let last = merge({ message_id: id, status: 'sent' }, (shapeOf(body).item ?? {}) as Record<string, unknown>);
  const label = () => `Waiting for ${spec.target}: ${last.status}`;
  const spin = await ctx.io.spinner(label());
  let problem: unknown;
  try {
    const result = await follow(ctx, [last], spec, { onChange: ([m]) => ((last = m), spin?.update(label())), done: `message ${id} was sent` });
    problem = waitError(result, spec, `message ${id}`);
  } catch (err) {
    problem = err;
  } finally {
    spin?.stop();
  }
  const mark = last.status === 'failed' ? 'failed' : settled(last, spec.target) ? undefined : 'pending';
  await ctx.print(withStatus(body, last), { success: `${success}: {status}`, mark });
  if (problem) throw problem;
}

/** How many messages are in each status: `3 sent, 1 delivered, 0 read, 1 failed` (and any other the channel names). */
export function funnel(messages: Followed[]): Record<string, number> {
  const counts: Record<string, number> = { sent: 0, delivered: 0, read: 0, failed: 0 };
  for (const m of messages) counts[m.status] = (counts[m.status] ?? 0) + 1;
  return counts;
}

export const funnelText = (messages: Followed[]) =>
  Object.entries(funnel(messages))
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
