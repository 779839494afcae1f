// chat send: one message, validated against the spec's schema before anything is sent.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';
import { sendRequest, type Message } from '../../schemas/chat.js';
import { parseOrUsage } from '../../schemas/index.js';
import { normalizePhone, resolveSender } from './recipient.js';

/** The CONTENT flags; exactly one of them is given. */
const CONTENT = ['text'] as const;

function buildMessage(opts: Record<string, unknown>): Message {
  const given = CONTENT.filter((k) => opts[k] !== undefined);
  if (given.length !== 1) {
    const list = CONTENT.map((k) => `--${k}`).join(', ');
    throw new UsageError(given.length ? `give only one content flag, got ${given.map((k) => `--${k}`).join(' and ')}` : `give one content flag: ${list}`);
  }
  return { type: 'text', text: { body: String(opts.text) } };
}

export const run: Run = async (ctx, { opts }) => {
  if (typeof opts.to !== 'string') throw new UsageError('--to: required (the recipient phone number)');
  const to = normalizePhone(opts.to);
  const message = buildMessage(opts);
  const sender_id = resolveSender(ctx, opts.sender);
  const body = parseOrUsage(sendRequest, { sender_id, to, message });
  const api = await ctx.api();
  const res = await api.call('chat.send', { json: body });
  if (!res.dryRun) await ctx.print(res.body, { success: `Sent to ${to}` });
};
