// campaigns send CAMPAIGN_ID: tool send_campaign.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../core/command-types.js';
import { runTool } from '../mcp/tool.js';
import { confirmCampaign } from './audience.js';

export const run: Run = async (ctx, { args }) => {
  const id = String(args.CAMPAIGN_ID ?? '').trim();
  if (!id) throw new UsageError('CAMPAIGN_ID: must not be empty');
  await confirmCampaign(ctx, 'Send', id);
  await runTool(ctx, 'send_campaign', { campaign_id: id }, { unwrap: true });
};
