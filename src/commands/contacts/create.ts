// contacts create: tool create_contact (phone normalised like chat --to).
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { CREATE_OPTIONS } from './options.js';
import { contactArgs } from '../../ops/contacts.js';
import { FLAG_NAMES, keyValues } from './args.js';
import { runTool } from '../mcp/tool.js';

export const run: Run<OptsOf<typeof CREATE_OPTIONS>> = async (ctx, { opts }) => {
  const args = contactArgs(
    {
      phone: opts.phone,
      name: opts.name,
      email: opts.email,
      source: opts.source,
      status: opts.status,
      tags: opts.tag ?? [],
      customFields: keyValues(opts.field ?? [], '--field'),
    },
    FLAG_NAMES,
  );
  await runTool(ctx, 'create_contact', args, { unwrap: true });
};
