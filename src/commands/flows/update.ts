// flows update: a partial file and/or flags; only the given fields are sent.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { FlowOpts } from './body.js';
import { flowBody } from './body.js';

export const run: Run<FlowOpts> = async (ctx, { args, opts }) => {
  const flow_id = String(args.FLOW_ID ?? '');
  if (!flow_id.trim()) throw new UsageError('FLOW_ID: must not be empty');
  const json = await flowBody(ctx, opts, true);
  const res = await (await ctx.api()).call('flows.update', { params: { flow_id }, json });
  if (!res.dryRun) await ctx.print(res.body);
};
