// contacts create: tool create_contact (phone normalised like chat --to).
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';
import { normalizePhone } from '../chat/recipient.js';
import { runTool } from './tool.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const run: Run = async (ctx, { opts }) => {
  if (typeof opts.phone !== 'string') throw new UsageError('--phone: required (the contact\'s phone number)');
  if (typeof opts.name !== 'string' || opts.name.trim() === '') throw new UsageError('--name: required (the contact\'s name)');
  const args: Record<string, unknown> = { phone_number: normalizePhone(opts.phone, '--phone'), name: opts.name };
  if (typeof opts.email === 'string') {
    if (!EMAIL.test(opts.email)) throw new UsageError(`--email: "${opts.email}" is not an email address`);
    args.email = opts.email;
  }
  if (typeof opts.source === 'string') args.source = opts.source;
  if (typeof opts.status === 'string') args.status = opts.status;
  const tags = (opts.tag as string[] | undefined) ?? [];
  if (tags.some((t) => t.trim() === '')) throw new UsageError('--tag: must not be empty');
  if (tags.length) args.tags = tags;
  const fields = (opts.field as string[] | undefined) ?? [];
  if (fields.length) {
    const custom: Record<string, string> = {};
    for (const f of fields) {
      const eq = f.indexOf('=');
      if (eq <= 0) throw new UsageError(`--field ${JSON.stringify(f)}: expected key=value`);
      custom[f.slice(0, eq)] = f.slice(eq + 1);
    }
    args.custom_fields = custom;
  }
  await runTool(ctx, 'create_contact', args);
};
