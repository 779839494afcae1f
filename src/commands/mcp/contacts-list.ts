// contacts list: tool list_contacts.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';
import { runTool } from './tool.js';

function positiveInt(v: unknown, flag: string, max?: number): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  if (!/^\d+$/.test(s) || Number(s) < 1) throw new UsageError(`${flag}: must be a whole number of at least 1, got "${s}"`);
  if (max !== undefined && Number(s) > max) throw new UsageError(`${flag}: must be at most ${max}, got ${s}`);
  return Number(s);
}

export const run: Run = async (ctx, { opts }) => {
  const args: Record<string, unknown> = {};
  const page = positiveInt(opts.page, '--page');
  const limit = positiveInt(opts.limit, '--limit', 100);
  if (page !== undefined) args.page = page;
  if (limit !== undefined) args.limit = limit;
  if (typeof opts.search === 'string') args.search = opts.search;
  await runTool(ctx, 'list_contacts', args);
};
