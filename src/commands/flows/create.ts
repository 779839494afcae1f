// flows create: from a JSON/YAML file, flags, or both (flags win); validated offline first.
import type { Run } from '../../runtime/command-types.js';
import type { FlowOpts } from './body.js';
import { flowBody } from './body.js';

export const run: Run<FlowOpts> = async (ctx, { opts }) => {
  const json = await flowBody(ctx, opts, false);
  const res = await (await ctx.api()).call('flows.create', { json });
  if (!res.dryRun) await ctx.print(res.body);
};
