// flows list: one table row per flow with its state. The service may give the state as
// `status` or only as the is_active / is_paused flags; the table shows one `state` column
// (the operation's decorate, ops/behaviour.ts, as the tool of `mcp serve` does).
import type { View } from '../../core/output/print.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { LIST_FLOWS_OPTIONS } from './options.js';
import { decorator } from '../../ops/pipeline.js';
import { requestOf } from '../../api/operations.js';
import { runList } from '../list.js';

export const COLUMNS = ['_id', 'name', 'keyword', 'platform', 'state', 'updated_at'];
export const VIEW: View = { columns: COLUMNS, drop: ['updated_at', 'platform', 'keyword'], cut: ['name'] };

export const run: Run<OptsOf<typeof LIST_FLOWS_OPTIONS>> = async (ctx, { opts }) => {
  const { status } = opts;
  const api = await ctx.api();
  await runList(ctx, opts, {
    what: requestOf('flows.list'),
    view: VIEW,
    map: decorator('flows.list'),
    fetch: async (page, limit) => {
      const res = await api.call('flows.list', { query: { status, page, limit } });
      return res.dryRun ? undefined : res.body;
    },
  });
};
