// campaigns send CAMPAIGN_ID: tool send_campaign. With --wait delivered|read, the campaign's
// insights are then followed until every message it sent reached the status or failed: the
// funnel as bars on a terminal (the renderer of `campaigns insights`), the counts as data with -o json.
import type { Context } from '../../runtime/context.js';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import { shapeOf } from '../../core/output/shape.js';
import type { Run } from '../../runtime/command-types.js';
import { printToolResult } from '../../mcp/result.js';
import { runTool, withMcp } from '../mcp/tool.js';
import { pollCall, pollUntil, type WaitSpec, waitSpec } from '../message-status/wait.js';
import { confirmCampaign } from './audience.js';

type Insights = Record<string, unknown>;
const count = (i: Insights, k: string) => (typeof i[k] === 'number' && Number.isFinite(i[k]) ? (i[k] as number) : 0);
/** `delivered` counts the read ones too, as the insights do (a read message was delivered). */
const landed = (i: Insights, spec: WaitSpec) => count(i, spec.target) + count(i, 'failed');
const line = (i: Insights, spec: WaitSpec) => `${count(i, spec.target)} of ${count(i, 'sent')} ${spec.target}, ${count(i, 'failed')} failed`;

/** Follow the insights (a spinner with the counts on a terminal); print them; end as the wait did. */
async function followCampaign(ctx: Context, id: string, spec: WaitSpec): Promise<void> {
  let body: unknown;
  let insights: Insights = {};
  const spin = await ctx.io.spinner(`Waiting for ${spec.target}: campaign ${id}`);
  const done = `campaign ${id} was sent`;
  let problem: unknown;
  try {
    const { timedOut, waitedMs } = await pollUntil(
      ctx,
      spec,
      async () => {
        const res = await pollCall(ctx, 'campaigns.insights', { params: { campaign_id: id } });
        if ('retryAfterMs' in res) return res;
        body = res.body;
        insights = (shapeOf(body).item ?? {}) as Insights;
        spin?.update(`Waiting for ${spec.target}: ${line(insights, spec)}`);
        return count(insights, 'sent') > 0 && landed(insights, spec) >= count(insights, 'sent');
      },
      done,
    );
    const what = `campaign ${id}: ${line(insights, spec)}`;
    if (timedOut) problem = new CliError(`${what} after waiting ${Math.round(waitedMs / 1000)}s (--wait-timeout); ${done}`, EXIT.waitTimeout, undefined, 'timeout');
    else if (count(insights, 'failed')) problem = new CliError(`${what}: see \`chatcrm campaigns report ${id}\` for who`, EXIT.rejected, undefined, 'message_failed');
  } catch (err) {
    problem = err;
  } finally {
    spin?.stop();
  }
  if (body !== undefined) await ctx.print(body, { summary: 'funnel' });
  if (problem) throw problem;
}

export const run: Run = async (ctx, { args, opts }) => {
  const id = String(args.CAMPAIGN_ID ?? '').trim();
  if (!id) throw new UsageError('CAMPAIGN_ID: must not be empty');
  const wait = waitSpec(opts);
  await confirmCampaign(ctx, 'Send', id);
  if (!wait) return runTool(ctx, 'send_campaign', { campaign_id: id }, { unwrap: true });
  const result = await withMcp(ctx, (client) => client.callTool('send_campaign', { campaign_id: id }));
  // With -o json the insights are the one answer on stdout; a table shows the send's too.
  if (result.dryRun || result.isError || ctx.settings.output === 'table') await printToolResult(ctx, result, 'send_campaign', { unwrap: true });
  if (!result.dryRun) await followCampaign(ctx, id, wait);
};
