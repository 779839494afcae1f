// chat send: one message of any type, validated against the spec's schema before anything is sent.
import { readJsonArg } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';
import { buildContent, contentKind, sendCall } from './content.js';
import { normalizePhone, resolveSender } from './recipient.js';

export const run: Run = async (ctx, { opts }) => {
  if (typeof opts.to !== 'string') throw new UsageError('--to: required (the recipient phone number)');
  const to = normalizePhone(opts.to);
  if (opts.viaMcp) {
    // The tool send_chat_message takes a phone number and a text; it picks the sender itself.
    if (contentKind(opts) !== 'text') throw new UsageError('--via-mcp: the tool endpoint sends text only; use --text');
    if (opts.sender !== undefined) throw new UsageError('--sender: not used with --via-mcp (the tool endpoint chooses the sender)');
    const { sendViaMcp } = await import('./send-via-mcp.js');
    return sendViaMcp(ctx, { to, text: String(opts.text) });
  }
  const flags = { ...opts };
  if (typeof opts.message === 'string') flags.message = await readJsonArg(ctx, opts.message, '--message');
  const content = buildContent(flags);
  const sender_id = resolveSender(ctx, opts.sender);
  const { op, options } = sendCall(sender_id, to, content);
  const api = await ctx.api();
  const res = await api.call(op, options);
  if (!res.dryRun) await ctx.print(res.body, { success: `Sent to ${to}` });
};
