// `mcp call` of a tool that messages many or destroys asks first, as the commands that reach the
// same tools do (`campaigns send` asks before `send_campaign`): on a terminal, naming the tool and
// its target; otherwise --yes is needed (exit 2, nothing called). The set is the one `mcp serve`
// gates: the catalog's destructive and sending tools, by their own names (a `chatcrm mcp serve
// --http` endpoint) and by the service's tool they relay (`campaigns_send` → `send_campaign`);
// and any tool whose server marks it destructive (`destructiveHint: true`). Names compare by
// toolKey, so the server's spelling (`Send_Campaign`, `send_campaign `, fullwidth) decides nothing,
// and every entry tools/list gives the name counts: one marked destructive is enough.
import type { CmdSpec } from '../../runtime/command-types.js';
import type { Context } from '../../runtime/context.js';
import { toolKey } from '../../describe/tool-names.js';
import type { Tool } from '../../mcp/client.js';
import type { gatedTools } from '../../describe/catalog.js';
import { describeArgs } from '../../mcp/serve/elicit.js';
import { describeAudience, readAudience } from '../../ops/audience.js';

type Gated = ReturnType<typeof gatedTools>[number];

/** The catalog's gated tools by the key of every name a tool endpoint may give them. */
async function gatedByName(commands: CmdSpec[]): Promise<Map<string, Gated>> {
  const { gatedTools } = await import('../../describe/catalog.js');
  const gated = new Map<string, Gated>();
  for (const t of gatedTools(commands)) {
    gated.set(toolKey(t.name), t);
    if (t.relay) gated.set(toolKey(t.relay), t);
  }
  return gated;
}

const destructive = (t: Tool) => (t.annotations as { destructiveHint?: unknown } | undefined)?.destructiveHint === true;

/** Ask before calling the tool `name` when it is gated; returns at once for any other tool. */
export async function confirmTool(ctx: Context, commands: () => Promise<CmdSpec[]>, tools: Tool[], name: string, args: Record<string, unknown>): Promise<void> {
  const key = toolKey(name);
  const gated = (await gatedByName(await commands())).get(key);
  // A server's entry need not be well formed: a name that is not a string is no entry of this one.
  const hinted = tools.some((t) => typeof t.name === 'string' && toolKey(t.name) === key && destructive(t));
  if (!gated && !hinted) return;
  const effect = gated?.audience ? "messages the campaign's whole audience" : gated?.sends && !gated.destructive ? 'sends a message' : 'cannot be undone';
  const campaign = gated?.audience && typeof args.campaign_id === 'string' ? args.campaign_id : undefined;
  const target = campaign ? `on campaign ${campaign}` : describeArgs(args);
  await ctx.confirm(
    `Call ${name} ${target} (${effect})?`,
    campaign ? async () => `Call ${name} on ${describeAudience(await readAudience(await ctx.api(), campaign))} (${effect})?` : undefined,
  );
}
