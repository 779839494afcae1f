// An agent's `confirm: true` is the model's word, not the user's. MCP lets the server ask the user
// through the client: elicitation (`elicitation/create`, specification 2025-06-18 and later). When
// the connected client declares the `elicitation` capability, a destructive or sending tool asks
// first, naming the tool and what it reaches (the campaign by name and whole id, with its audience
// size when the service tells it; the records by their arguments), and runs only on `accept`.
// `decline`, `cancel`, or a client that fails to answer: a tool error, nothing sent.
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../core/errors.js';
import { sanitizeCell } from '../../core/sanitize.js';
import { behaviourOf } from '../../ops/behaviour.js';
import type { JsonObject, ToolDef } from './catalog.js';

export type Answer = 'accept' | 'decline' | 'cancel';
/** Asks the user through the client; undefined when the client cannot be asked (no capability). */
export type Ask = (message: string) => Promise<Answer>;

/** The tools a person is asked about: what --allow-destructive gates, and every send. */
export const asksFirst = (tool: ToolDef) => tool.destructive || tool.sends;

/** `segment_id=6b04…, ids=["a","b"]`: the arguments that name the target (`confirm` says nothing of it). */
export function describeArgs(args: Record<string, unknown>): string {
  const shown = Object.entries(args)
    .filter(([k]) => k !== 'confirm')
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
  const text = shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
  return text ? `with ${sanitizeCell(text)}` : 'with no arguments';
}

/** What the user reads: the tool, its target, and what it does. */
export async function question(tool: ToolDef, args: JsonObject, api: () => Promise<ApiClient>): Promise<string> {
  const { describeAudience, readAudience } = await import('../../ops/audience.js');
  if (tool.audience && typeof args.campaign_id === 'string') {
    const what = behaviourOf(tool.op).audience === 'schedule' ? `schedule repeated sends of ${describeAudience(await readAudience(await api(), args.campaign_id))}` : `send ${describeAudience(await readAudience(await api(), args.campaign_id))} now`;
    return `The agent asks to ${what} (tool ${tool.name}): this messages the campaign's whole audience. Allow it?`;
  }
  const effect = tool.sends ? 'this sends a message' : 'this cannot be undone';
  return `The agent asks to call ${tool.name} ${describeArgs(args)}: ${effect}. Allow it?`;
}

/** Ask, and throw unless the user accepted. */
export async function askUser(tool: ToolDef, args: JsonObject, ask: Ask, api: () => Promise<ApiClient>): Promise<void> {
  const answer = await ask(await question(tool, args, api)).catch((): Answer => 'cancel');
  if (answer === 'accept') return;
  throw new UsageError(`${tool.name}: the user ${answer === 'decline' ? 'declined' : 'cancelled'} it when asked through the client; nothing was sent`);
}
