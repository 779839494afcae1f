// Recipient and sender resolution shared by every chat command.
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../core/errors.js';
import type { Context } from '../../runtime/context.js';
import type { Prompter } from '../../core/prompter.js';
import { sanitizeCell } from '../../core/sanitize.js';

/** `+1 (555) 123-4567` → `15551234567`; letters or a length outside 6–15 digits is invalid. */
export function normalizePhone(input: string, flag = '--to'): string {
  const digits = input.replace(/[\s\-()+.]/g, '');
  if (!/^\d+$/.test(digits)) throw new UsageError(`${flag}: "${input}" is not a phone number (digits only, after removing spaces, -, ( ) and +)`);
  if (digits.length < 6 || digits.length > 15) throw new UsageError(`${flag}: "${input}" has ${digits.length} digit${digits.length === 1 ? '' : 's'}; a phone number has 6 to 15`);
  return digits;
}

/**
 * A sender chosen from the workspace's senders (any failure to list them: typed instead).
 * `none` adds a choice for no sender, answered as undefined.
 */
export async function chooseSender(api: ApiClient, prompter: Prompter, o: { message: string; current?: string; none?: boolean }): Promise<string | undefined> {
  let senders: Record<string, unknown>[] = [];
  try {
    const res = await api.call<{ data?: unknown }>('chat.senders', { retries: 0 });
    if (Array.isArray(res.body?.data)) senders = res.body.data as Record<string, unknown>[];
  } catch {
    // Falls back to a free-text answer below.
  }
  if (!senders.length) {
    const typed = await prompter.input({ message: `${o.message} id${o.none ? ' (optional)' : ''}`, default: o.current, validate: (v) => Boolean(o.none || v.trim()) || 'a sender id is required' });
    return typed.trim() || undefined;
  }
  const choice = await prompter.select({
    message: o.message,
    default: o.current,
    choices: [
      ...senders.map((s) => ({ name: sanitizeCell(`${String(s.sender_id)}  ${String(s.name ?? '')} ${s.phone_number ? `(+${String(s.phone_number)})` : ''}`.trim()), value: String(s.sender_id) })),
      ...(o.none ? [{ name: '(none)', value: '' }] : []),
    ],
  });
  return choice || undefined;
}

export function resolveSender(ctx: Context, flag: unknown): string {
  const sender = typeof flag === 'string' && flag !== '' ? flag : ctx.settings.defaultSender;
  if (!sender) {
    throw new UsageError('--sender: no sender given and the profile has no default-sender; list them with `chatcrm chat senders`, then pass --sender ID or run `chatcrm profiles set default-sender ID`');
  }
  return sender;
}
