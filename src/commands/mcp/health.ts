// mcp health: GET {mcp_url}/healthz.
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';

export const run: Run<OptsOf<[]>> = async (ctx) => {
  const res = await (await ctx.api()).call('mcp.health');
  if (!res.dryRun) await ctx.print(res.body ?? { status: 'ok' }, { success: 'The tool endpoint is healthy' });
};
