// campaigns recurring ID (--pattern P | --off): `{ is_recurring, recurring_pattern }`.
import { readJsonArg } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { RECURRING_OPTIONS } from './options.js';
import { recurring } from '../../schemas/campaigns.js';
import { parseOrUsage } from '../../schemas/problems.js';
import { behaviourOf } from '../../ops/behaviour.js';
import { confirmCampaign } from './audience.js';

export const run: Run<OptsOf<typeof RECURRING_OPTIONS>> = async (ctx, { args, opts }) => {
  const id = String(args.CAMPAIGN_ID ?? '');
  if (id.trim() === '') throw new UsageError('CAMPAIGN_ID: must not be empty');
  const { pattern, off } = opts;
  if (pattern !== undefined && off) throw new UsageError('--pattern and --off: give only one of them');

  let body: Record<string, unknown> = {};
  if (opts.data !== undefined) {
    const parsed = await readJsonArg(ctx, opts.data, '--data');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--data: must be a JSON object');
    body = parsed as Record<string, unknown>;
  } else if (pattern === undefined && !off) {
    throw new UsageError('give --pattern daily|weekly|monthly to make the campaign recurring, or --off to stop it');
  }
  if (pattern !== undefined) body = { ...body, is_recurring: true, recurring_pattern: pattern };
  if (off) {
    const { recurring_pattern: _dropped, ...rest } = body;
    body = { ...rest, is_recurring: false };
  }

  const json = parseOrUsage(recurring, body, { recurring_pattern: '--pattern', is_recurring: '--data: is_recurring' });
  // Stopping a recurrence messages nobody; starting one schedules sends to the whole audience
  // (the operation's row in ops/behaviour.ts says which, for the mcp serve tool too).
  const verb = behaviourOf('campaigns.setupRecurring').audience?.verb(json);
  if (verb) await confirmCampaign(ctx, verb, id);
  const api = await ctx.api();
  const res = await api.call('campaigns.setupRecurring', { params: { campaign_id: id }, json });
  if (!res.dryRun) await ctx.print(res.body);
};
