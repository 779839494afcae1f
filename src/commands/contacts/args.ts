// The arguments of the tool create_contact (docs/service-api.md 4.5), from `contacts create` flags or
// from a row of `contacts import`: the same checks, naming the flag or the column.
import { UsageError } from '../../core/errors.js';
import { normalizePhone } from '../chat/recipient.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ContactInput {
  phone?: unknown;
  name?: unknown;
  email?: unknown;
  source?: unknown;
  status?: unknown;
  tags?: string[];
  customFields?: Record<string, string>;
}

/** What each input is called where it came from (`--phone`, or the column `phone_number`). */
export interface ContactNames {
  phone: string;
  name: string;
  email: string;
  tag: string;
}

export const FLAG_NAMES: ContactNames = { phone: '--phone', name: '--name', email: '--email', tag: '--tag' };

export function contactArgs(input: ContactInput, names: ContactNames): Record<string, unknown> {
  if (typeof input.phone !== 'string' || input.phone.trim() === '') throw new UsageError(`${names.phone}: required (the contact's phone number)`);
  if (typeof input.name !== 'string' || input.name.trim() === '') throw new UsageError(`${names.name}: required (the contact's name)`);
  const args: Record<string, unknown> = { phone_number: normalizePhone(input.phone, names.phone), name: input.name };
  if (typeof input.email === 'string' && input.email !== '') {
    if (!EMAIL.test(input.email)) throw new UsageError(`${names.email}: "${input.email}" is not an email address`);
    args.email = input.email;
  }
  if (typeof input.source === 'string' && input.source !== '') args.source = input.source;
  if (typeof input.status === 'string' && input.status !== '') args.status = input.status;
  const tags = input.tags ?? [];
  if (tags.some((t) => t.trim() === '')) throw new UsageError(`${names.tag}: must not be empty`);
  if (tags.length) args.tags = tags;
  if (input.customFields && Object.keys(input.customFields).length) args.custom_fields = input.customFields;
  return args;
}

/** `key=value` pairs (repeatable --field) as an object. */
export function keyValues(pairs: string[], flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of pairs) {
    const eq = f.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} ${JSON.stringify(f)}: expected key=value`);
    out[f.slice(0, eq)] = f.slice(eq + 1);
  }
  return out;
}
