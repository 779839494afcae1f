// flows list: one table row per flow with its state. The service may give the state as
// `status` or only as the is_active / is_paused flags; the table shows one `state` column.
import type { Run } from '../../manifest/types.js';
import { shapeOf } from '../../core/output/shape.js';

export const COLUMNS = ['_id', 'name', 'keyword', 'platform', 'state', 'updated_at'];

export function stateOf(r: Record<string, unknown>): string {
  if (typeof r.status === 'string') return r.status;
  return r.is_paused ? 'paused' : r.is_active ? 'active' : 'draft';
}

export const run: Run = async (ctx, { opts }) => {
  const query = typeof opts.status === 'string' ? { status: opts.status } : undefined;
  const res = await (await ctx.api()).call('flows.list', { query });
  if (res.dryRun) return;
  for (const r of shapeOf(res.body).records ?? []) r.state ??= stateOf(r);
  await ctx.print(res.body, { columns: COLUMNS });
};
