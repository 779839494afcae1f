// `mcp call` of a tool that messages many or destroys asks first, as the commands that reach the
// same tools do (`campaigns send` asks before `send_campaign`): on a terminal, naming the tool and
// its target; otherwise --yes is needed (exit 2, nothing called). The set is the one `mcp serve`
// gates: the catalog's destructive and sending tools, by their own names (a `chatcrm mcp serve
// --http` endpoint) and by the service's tool they relay (`campaigns_send` → `send_campaign`);
// and any tool whose server marks it destructive (`destructiveHint: true`).
import type { CmdSpec } from '../../runtime/command-types.js';
import type { Context } from '../../runtime/context.js';
import type { Tool } from '../../mcp/client.js';
import type { gatedTools } from '../../mcp/serve/catalog.js';
import { describeArgs } from '../../mcp/serve/elicit.js';
import { describeAudience, readAudience } from '../../ops/audience.js';

type Gated = ReturnType<typeof gatedTools>[number];

/** The catalog's gated tools by every name a tool endpoint may give them. */
async function gatedByName(commands: CmdSpec[]): Promise<Map<string, Gated>> {
  const { gatedTools } = await import('../../mcp/serve/catalog.js');
  const gated = new Map<string, Gated>();
  for (const t of gatedTools(commands)) {
    gated.set(t.name, t);
    if (t.relay) gated.set(t.relay, t);
  }
  return gated;
}

/** Ask before calling `tool` when it is gated; returns at once for any other tool. */
export async function confirmTool(ctx: Context, commands: () => Promise<CmdSpec[]>, tool: Tool, args: Record<string, unknown>): Promise<void> {
  const gated = (await gatedByName(await commands())).get(tool.name);
  const hinted = (tool.annotations as { destructiveHint?: unknown } | undefined)?.destructiveHint === true;
  if (!gated && !hinted) return;
  const effect = gated?.audience ? "messages the campaign's whole audience" : gated?.sends && !gated.destructive ? 'sends a message' : 'cannot be undone';
  const campaign = gated?.audience && typeof args.campaign_id === 'string' ? args.campaign_id : undefined;
  const target = campaign ? `on campaign ${campaign}` : describeArgs(args);
  await ctx.confirm(
    `Call ${tool.name} ${target} (${effect})?`,
    campaign ? async () => `Call ${tool.name} on ${describeAudience(await readAudience(await ctx.api(), campaign))} (${effect})?` : undefined,
  );
}
