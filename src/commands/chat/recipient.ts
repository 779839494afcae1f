// Recipient and sender resolution shared by every chat command.
import { UsageError } from '../../core/errors.js';
import type { Context } from '../../core/context.js';

/** `+1 (555) 123-4567` → `15551234567`; letters or a length outside 6–15 digits is invalid. */
export function normalizePhone(input: string, flag = '--to'): string {
  const digits = input.replace(/[\s\-()+.]/g, '');
  if (!/^\d+$/.test(digits)) throw new UsageError(`${flag}: "${input}" is not a phone number (digits only, after removing spaces, -, ( ) and +)`);
  if (digits.length < 6 || digits.length > 15) throw new UsageError(`${flag}: "${input}" has ${digits.length} digits; a phone number has 6 to 15`);
  return digits;
}

export function resolveSender(ctx: Context, flag: unknown): string {
  const sender = typeof flag === 'string' && flag !== '' ? flag : ctx.settings.defaultSender;
  if (!sender) {
    throw new UsageError('--sender: no sender given and the profile has no default-sender; list them with `chatcrm chat senders`, then pass --sender ID or run `chatcrm profiles set default-sender ID`');
  }
  return sender;
}
