// contacts list: tool list_contacts, a page at a time or --all of them.
import { toolValue } from '../../mcp/result.js';
import type { View } from '../../core/output/print.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { LIST_CONTACTS_OPTIONS } from './options.js';
import { runList } from '../list.js';
import { withMcp } from '../mcp/tool.js';

export const COLUMNS = ['_id', 'name', 'phone_number', 'email', 'status', 'tags'];
export const VIEW: View = { columns: COLUMNS, drop: ['tags', 'email', 'status'], cut: ['name', 'email'] };

export const run: Run<OptsOf<typeof LIST_CONTACTS_OPTIONS>> = (ctx, { opts }) =>
  withMcp(ctx, (client) =>
    runList(ctx, opts, {
      what: 'tool list_contacts',
      view: VIEW,
      fetch: async (page, limit) => {
        const args: Record<string, unknown> = {};
        if (page !== undefined) args.page = page;
        if (limit !== undefined) args.limit = limit;
        if (opts.search !== undefined) args.search = opts.search;
        return toolValue(await client.callTool('list_contacts', args), 'list_contacts');
      },
    }),
  );
