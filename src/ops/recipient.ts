// Who a message goes to and from, the same for a command's flags, a batch row and a tool's
// arguments: a phone number as the service takes it, the sender from the flag or the profile.
import { UsageError } from '../core/errors.js';
import type { Context } from '../runtime/context.js';

/** `+1 (555) 123-4567` → `15551234567`; letters or a length outside 6–15 digits is invalid. */
export function normalizePhone(input: string, flag = '--to'): string {
  const digits = input.replace(/[\s\-()+.]/g, '');
  if (!/^\d+$/.test(digits)) throw new UsageError(`${flag}: "${input}" is not a phone number (digits only, after removing spaces, -, ( ) and +)`);
  if (digits.length < 6 || digits.length > 15) throw new UsageError(`${flag}: "${input}" has ${digits.length} digit${digits.length === 1 ? '' : 's'}; a phone number has 6 to 15`);
  return digits;
}

export function resolveSender(ctx: Context, flag: unknown): string {
  const sender = typeof flag === 'string' && flag !== '' ? flag : ctx.settings.defaultSender;
  if (!sender) {
    throw new UsageError('--sender: no sender given and the profile has no default-sender; list them with `chatcrm chat senders`, then pass --sender ID or run `chatcrm profiles set default-sender ID`');
  }
  return sender;
}
