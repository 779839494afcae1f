// The arguments of the tool create_contact (docs/service-api.md 4.5), from `contacts create` flags,
// a row of `contacts import` or the arguments of the `contacts_create` tool of `mcp serve`: the
// same checks, naming the flag, the column or the argument.
import { UsageError } from '../core/errors.js';
import { normalizePhone } from './recipient.js';

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

/** The tool's own argument names, by which a row of `contacts import` and an agent's call give the inputs. */
export const ARG_NAMES: ContactNames = { phone: 'phone_number', name: 'name', email: 'email', tag: 'tags' };

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

/** create_contact's arguments as an agent gives them (`mcp serve`), checked as the CLI checks its flags. */
export function toolContactArgs(a: Record<string, unknown>): Record<string, unknown> {
  const { phone_number, name, email, source, status, tags, custom_fields } = a as Record<string, unknown> & { tags?: string[]; custom_fields?: Record<string, string> };
  return contactArgs({ phone: phone_number, name, email, source, status, tags, customFields: custom_fields }, ARG_NAMES);
}
