// sandbox status: the channel reports a status of a sent message (POST /_sandbox/simulate/status).
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { STATUS_OPTIONS } from './options.js';
import { status } from '../../schemas/sandbox.js';
import { parseOrUsage } from '../../schemas/problems.js';

export const run: Run<OptsOf<typeof STATUS_OPTIONS>> = async (ctx, { args, opts }) => {
  const body = { message_id: args.MESSAGE_ID, status: String(args.STATUS ?? '').toLowerCase(), error: opts.error };
  const json = parseOrUsage(status, body, { message_id: 'MESSAGE_ID', status: 'STATUS', error: '--error' });
  const res = await (await ctx.api()).call('sandbox.status', { json });
  if (!res.dryRun) await ctx.print(res.body, { id: 'message_id' });
};
