// flows test: run a flow on a test message; the answer says what matched and where it landed.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { TEST_OPTIONS } from './options.js';
import { testRequest } from '../../schemas/flows.js';
import { parseOrUsage } from '../../schemas/problems.js';

export const run: Run<OptsOf<typeof TEST_OPTIONS>> = async (ctx, { args, opts }) => {
  const flow_id = String(args.FLOW_ID ?? '');
  if (!flow_id.trim()) throw new UsageError('FLOW_ID: must not be empty');
  if (!opts.message) throw new UsageError('--message: required (the text to test the flow with)');
  const json = parseOrUsage(testRequest, { flow_id, test_data: { message: opts.message, messageType: opts.messageType } }, { 'test_data.message': '--message', 'test_data.messageType': '--message-type' });
  const res = await (await ctx.api()).call('flows.test', { params: { flow_id }, json });
  if (!res.dryRun) await ctx.print(res.body);
};
