// sandbox inbound: a customer writes to a running sandbox (POST /_sandbox/simulate/inbound),
// received as a signed /webhook/chat event would be, and forwarded by --forward-to.
import { readTextArg, type Context } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { INBOUND_OPTIONS } from './options.js';
import { inbound } from '../../schemas/sandbox.js';
import { parseOrUsage } from '../../schemas/problems.js';

type Opts = OptsOf<typeof INBOUND_OPTIONS>;

async function messageOf(ctx: Context, opts: Opts): Promise<unknown> {
  if (opts.text !== undefined && opts.data !== undefined) throw new UsageError('--text and --data: give one of them, not both');
  if (opts.text !== undefined) return { type: 'text', text: { body: opts.text } };
  if (opts.data === undefined) throw new UsageError('--text or --data: required (what the customer writes)');
  const text = await readTextArg(ctx, opts.data, '--data');
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError('--data: not valid JSON (a message object, e.g. {"type":"text","text":{"body":"Hi"}})');
  }
}

export const run: Run<Opts> = async (ctx, { opts }) => {
  const body = { from: opts.from, sender_id: opts.sender, name: opts.name, message: await messageOf(ctx, opts) };
  const json = parseOrUsage(inbound, body, { from: '--from', sender_id: '--sender', name: '--name', message: '--data', 'message.type': '--data' });
  const res = await (await ctx.api()).call('sandbox.inbound', { json });
  if (!res.dryRun) await ctx.print(res.body, { id: 'message_id' });
};
