// An agent's `confirm: true` is the model's word, not the user's. MCP lets the server ask the user
// through the client: elicitation (`elicitation/create`, specification 2025-06-18 and later). When
// the connected client declares the `elicitation` capability, a destructive or sending tool asks
// first, naming the tool and what it reaches (the campaign by name and whole id, with its audience
// size when the service tells it; the records by their arguments), and runs only on `accept`.
// `decline`, `cancel`, or a client that fails to answer: a tool error, nothing sent.
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../core/errors.js';
import { isObj } from '../../core/output/shape.js';
import { sanitizeCell } from '../../core/sanitize.js';
import { behaviourOf } from '../../ops/behaviour.js';
import type { JsonObject, ToolDef } from '../../describe/catalog.js';

export type Answer = 'accept' | 'decline' | 'cancel';
/** Asks the user through the client; undefined when the client cannot be asked (no capability). */
export type Ask = (message: string) => Promise<Answer>;

/** The tools a person is asked about: what --allow-destructive gates, and every send. */
export const asksFirst = (tool: ToolDef) => tool.destructive || tool.sends;

/** Arguments that name who or what a call reaches: shown first and whole (a list counted, its first few named). */
const TARGET = /^(to|sender_id|group_id|group_name|mentions|ids?|[a-z_]+_ids?)$/;
/** Items of a list named in a question; the rest are counted. */
const MAX_LISTED = 5;
/** Characters of free text (a message, a description) shown; only free text is cut. */
const MAX_TEXT = 120;

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);
const listed = (v: unknown[]) => `${v.length} (${v.slice(0, MAX_LISTED).map(asText).join(', ')}${v.length > MAX_LISTED ? `, and ${v.length - MAX_LISTED} more` : ''})`;

/**
 * `segment_id=6b04…, ids=3 (a, b, c)`: the arguments that name the target first and whole,
 * then the rest, free text cut (`confirm` says nothing of it).
 */
export function describeArgs(args: Record<string, unknown>): string {
  const entries = Object.entries(args).filter(([k]) => k !== 'confirm');
  const target = entries.filter(([k]) => TARGET.test(k));
  const rest = entries.filter(([k]) => !TARGET.test(k));
  const shown = [...target.map(([k, v]) => `${k}=${Array.isArray(v) ? listed(v) : asText(v)}`), ...rest.map(([k, v]) => `${k}=${cut(asText(v))}`)];
  return sanitizeCell(shown.join(', '));
}

/** A message as a person reads it: a text in quotes (cut), else its type and content. */
function describeMessage(m: unknown): string {
  if (!isObj(m) || typeof m.type !== 'string') return cut(asText(m));
  const inner = m[m.type];
  if (m.type === 'text' && isObj(inner) && typeof inner.body === 'string') return `"${cut(inner.body)}"`;
  return `a ${m.type} message ${cut(asText(inner))}`;
}

/** A message's question: who it reaches and from whom first, then what it says. */
function sendQuestion(tool: ToolDef, args: JsonObject): string {
  const { message, sender_id, to, group_id, group_name, mentions, confirm: _confirm, ...rest } = args;
  const who = to !== undefined ? `to ${asText(to)}` : `to group ${asText(group_id ?? group_name)}`;
  const also = Array.isArray(mentions) ? `, mentioning ${listed(mentions)}` : '';
  const more = Object.keys(rest).length ? ` (with ${describeArgs(rest)})` : '';
  return sanitizeCell(`Send a message ${who} from sender ${asText(sender_id)}${also}: ${describeMessage(message)}${more}. The agent asks for it (tool ${tool.name}); allow it?`);
}

/** What the user reads: who or what is reached first, then the tool and what it does. */
export async function question(tool: ToolDef, args: JsonObject, api: () => Promise<ApiClient>): Promise<string> {
  const { describeAudience, readAudience } = await import('../../ops/audience.js');
  if (tool.audience && typeof args.campaign_id === 'string') {
    const audience = describeAudience(await readAudience(await api(), args.campaign_id));
    const what = behaviourOf(tool.op).audience?.when === 'schedule' ? `Schedule repeated sends of ${audience}` : `Send ${audience} now`;
    return `${what}: this messages the campaign's whole audience. The agent asks for it (tool ${tool.name}); allow it?`;
  }
  if (tool.sends) return sendQuestion(tool, args);
  const target = describeArgs(args);
  return `${target ? `${target}: the agent asks to call ${tool.name}` : `The agent asks to call ${tool.name}`}, which cannot be undone. Allow it?`;
}

/** Ask, and throw unless the user accepted. */
export async function askUser(tool: ToolDef, args: JsonObject, ask: Ask, api: () => Promise<ApiClient>): Promise<void> {
  const answer = await ask(await question(tool, args, api)).catch((): Answer => 'cancel');
  if (answer === 'accept') return;
  throw new UsageError(`${tool.name}: the user ${answer === 'decline' ? 'declined' : 'cancelled'} it when asked through the client; nothing was sent`);
}
