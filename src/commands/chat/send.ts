// chat send: one message of any type, validated against the spec's schema before anything is sent.
import { readJsonArg, type Context } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SEND_OPTIONS } from './options.js';
import { finishSend, waitSpec } from '../wait/wait.js';
import { buildContent, CONTENT, contentKind, sendCall } from './content.js';

type Opts = OptsOf<typeof SEND_OPTIONS>;
import { normalizePhone, resolveSender } from '../../ops/recipient.js';
import { chooseSender } from './recipient.js';

/**
 * On a terminal, what the flags leave out is asked for, each question naming the flag that
 * answers it (gh pr create's way): the recipient, the sender, a text. Elsewhere nothing is
 * asked and the usual errors name the missing flag.
 */
async function askMissing(ctx: Context, opts: Opts): Promise<Opts> {
  if (!ctx.io.canPrompt) return opts;
  const filled = { ...opts };
  if (filled.to === undefined) {
    const valid = (v: string) => {
      try {
        return Boolean(normalizePhone(v));
      } catch (err) {
        return (err as Error).message.replace(/^--to: /, '');
      }
    };
    filled.to = (await (await ctx.prompter()).input({ message: 'Recipient (--to)', validate: valid })).trim();
  }
  if (!filled.viaMcp && filled.sender === undefined && !ctx.settings.defaultSender) {
    filled.sender = await chooseSender(await ctx.api(), await ctx.prompter(), { message: 'Sender (--sender)' });
  }
  if (CONTENT.every((k) => filled[k] === undefined)) {
    filled.text = await (await ctx.prompter()).input({ message: 'Message text (--text)', validate: (v) => v.trim() !== '' || 'the message must not be empty' });
  }
  return filled;
}

export const run: Run<Opts> = async (ctx, input) => {
  const opts = await askMissing(ctx, input.opts);
  if (opts.to === undefined) throw new UsageError('--to: required (the recipient phone number)');
  const to = normalizePhone(opts.to);
  const wait = waitSpec(opts);
  if (opts.viaMcp) {
    if (wait) throw new UsageError('--wait: not with --via-mcp (the tool endpoint answers no message id to follow)');
    // The tool send_chat_message takes a phone number and a text; it picks the sender itself.
    if (contentKind(opts) !== 'text') throw new UsageError('--via-mcp: the tool endpoint sends text only; use --text');
    if (opts.sender !== undefined) throw new UsageError('--sender: not used with --via-mcp (the tool endpoint chooses the sender)');
    const { sendViaMcp } = await import('./send-via-mcp.js');
    return sendViaMcp(ctx, { to, text: String(opts.text) });
  }
  const message = opts.message === undefined ? undefined : await readJsonArg(ctx, opts.message, '--message');
  const content = buildContent({ ...opts, message });
  const sender_id = resolveSender(ctx, opts.sender);
  const { op, options } = sendCall(sender_id, to, content, { sender_id: '--sender', to: '--to', ...content.flags });
  const api = await ctx.api();
  const res = await api.call(op, options);
  if (!res.dryRun) await finishSend(ctx, res.body, wait, `Sent to ${to}`);
};
