// campaigns send CAMPAIGN_ID: tool send_campaign. With --wait delivered|read, the campaign's
// insights are read just before the send (the baseline) and then followed until this send's
// messages (this-send.ts) all reached the status or failed: the funnel as bars on a terminal
// (the renderer of `campaigns insights`), the counts as data with -o json.
import { secs } from '../../api/retry.js';
import type { Context } from '../../runtime/context.js';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import { shapeOf } from '../../core/output/shape.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { WAIT_OPTIONS } from '../../runtime/option-lists.js';
import { printToolResult } from '../../mcp/result.js';
import { runTool, withMcp } from '../mcp/tool.js';
import { type WaitSpec, waitSpec } from '../wait/wait.js';
import { pollCall, pollUntil } from '../wait/poll.js';
import { confirmCampaign } from './audience.js';
import { inFlight, type Insights, over, share, shareText } from './this-send.js';

const itemOf = (body: unknown) => (shapeOf(body).item ?? {}) as Insights;

/** The insights before the send: without them this send could not be told from the earlier ones, so nothing is sent. */
async function baseline(ctx: Context, id: string): Promise<Insights> {
  const res = await (await ctx.api()).call('campaigns.insights', { params: { campaign_id: id } });
  return itemOf(res.body);
}

/** Follow this send's share of the insights (a spinner with the counts on a terminal); print them; end as the wait did. */
async function followCampaign(ctx: Context, id: string, spec: WaitSpec, before: Insights): Promise<void> {
  let body: unknown;
  let mine = share(before, before, spec.target);
  const spin = await ctx.io.spinner(`Waiting for ${spec.target}: campaign ${id}`);
  const done = `campaign ${id} was sent`;
  let problem: unknown;
  try {
    const { timedOut, waitedMs } = await pollUntil(
      { ...spec, signal: ctx.signal, clock: ctx.clock },
      async (signal) => {
        const res = await pollCall(ctx, 'campaigns.insights', { params: { campaign_id: id } }, signal);
        if ('retryAfterMs' in res) return res;
        body = res.body;
        mine = share(before, itemOf(body), spec.target);
        spin?.update(`Waiting for ${spec.target}: ${shareText(mine, spec.target)}`);
        return over(mine);
      },
      done,
    );
    const what = `campaign ${id}, this send: ${shareText(mine, spec.target)}`;
    const waited = `after waiting ${secs(waitedMs)} (--wait-timeout ${secs(spec.timeoutMs)})`;
    // A failure known at the end wins over the time running out.
    if (mine.failed) problem = new CliError(`${what}${timedOut ? ` ${waited}` : ''}: see \`chatcrm campaigns report ${id}\` for who`, EXIT.rejected, undefined, 'message_failed');
    else if (timedOut) problem = new CliError(`${what} ${waited}; ${done}`, EXIT.waitTimeout, undefined, 'timeout');
  } catch (err) {
    problem = err;
  } finally {
    spin?.stop();
  }
  // The ✓ line of a table run says how this send ended, marked as it ended.
  const mark = mine.failed ? 'failed' : over(mine) ? undefined : 'pending';
  if (body !== undefined) await ctx.print(body, { summary: 'funnel', success: `Campaign ${id}, this send: ${shareText(mine, spec.target)}`, mark });
  if (problem) throw problem;
}

export const run: Run<OptsOf<typeof WAIT_OPTIONS>> = async (ctx, { args, opts }) => {
  const id = String(args.CAMPAIGN_ID ?? '').trim();
  if (!id) throw new UsageError('CAMPAIGN_ID: must not be empty');
  const wait = waitSpec(opts);
  await confirmCampaign(ctx, 'Send', id);
  if (!wait) return runTool(ctx, 'send_campaign', { campaign_id: id }, { unwrap: true });
  const before = ctx.settings.dryRun ? {} : await baseline(ctx, id);
  const earlier = inFlight(before, wait.target);
  if (earlier) ctx.io.err(`Warning: ${earlier} message${earlier === 1 ? '' : 's'} of earlier sends of campaign ${id} ${earlier === 1 ? 'is' : 'are'} not ${wait.target} yet; the insights count the campaign, not a send, so if they settle during this wait they are counted as this send's`);
  const result = await withMcp(ctx, (client) => client.callTool('send_campaign', { campaign_id: id }));
  // With -o json the insights are the one answer on stdout; a table shows the send's too.
  if (result.dryRun || result.isError || ctx.settings.output === 'table') await printToolResult(ctx, result, 'send_campaign', { unwrap: true });
  if (!result.dryRun) await followCampaign(ctx, id, wait, before);
};
