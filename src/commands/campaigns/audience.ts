// The question `campaigns send/publish/recurring` ask before a campaign goes out, naming its
// audience (ops/audience.ts reads it).
import type { Context } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import { describeAudience, readAudience } from '../../ops/audience.js';

/**
 * Asks before a campaign goes out (`verb` says how: `Send`, `Publish`, `Make recurring`): on a
 * TTY naming it and its audience; otherwise --yes is needed (exit 2, nothing sent). --dry-run
 * needs neither.
 */
export async function confirmCampaign(ctx: Context, verb: string, id: string): Promise<void> {
  if (id.trim() === '') throw new UsageError('CAMPAIGN_ID: must not be empty');
  await ctx.confirm(`${verb} campaign ${id} (messages its whole audience)?`, async () => `${verb} ${describeAudience(await readAudience(await ctx.api(), id))}?`);
}
