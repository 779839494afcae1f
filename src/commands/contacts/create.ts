// contacts create: tool create_contact (phone normalised like chat --to).
import type { Run } from '../../runtime/command-types.js';
import { contactArgs } from '../../ops/contacts.js';
import { FLAG_NAMES, keyValues } from './args.js';
import { runTool } from '../mcp/tool.js';

export const run: Run = async (ctx, { opts }) => {
  const args = contactArgs(
    {
      phone: opts.phone,
      name: opts.name,
      email: opts.email,
      source: opts.source,
      status: opts.status,
      tags: (opts.tag as string[] | undefined) ?? [],
      customFields: keyValues((opts.field as string[] | undefined) ?? [], '--field'),
    },
    FLAG_NAMES,
  );
  await runTool(ctx, 'create_contact', args, { unwrap: true });
};
