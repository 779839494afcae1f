// workspace sync FILE|- [--prune] [--only ...], or sync --plan PLAN (a plan saved by diff --out,
// applied as it is once the server is found unchanged): the plan shown, confirmed (a terminal
// asks; --yes otherwise), then applied in its order with progress on a terminal and a summary.
// --dry-run reads the workspace for real and prints the requests it would send.
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SYNC_OPTIONS } from './options.js';
import { Applier, Ids, summaryLine } from './apply.js';
import { countPlan } from './plan.js';
import { UsageError } from '../../core/errors.js';
import type { Context } from '../../runtime/context.js';
import { loadPlan } from './load.js';
import { maskedClient, shownPlan } from './mask.js';
import { loadSavedPlan } from './plan-file.js';
import { paintedLine, planData, planLines } from './render.js';

type Opts = OptsOf<typeof SYNC_OPTIONS>;

async function load(ctx: Context, file: unknown, opts: Opts) {
  if (opts.plan !== undefined) return loadSavedPlan(ctx, opts.plan, opts, file);
  if (file === undefined) throw new UsageError('workspace sync: give a workspace FILE (or - for stdin), or --plan PLAN');
  // The plan needs the workspace as it is, even when the changes are only printed.
  return (await loadPlan(ctx, String(file), opts, { dryRun: false }))!;
}

export const run: Run<Opts> = async (ctx, { args, opts }) => {
  const { plan, names, masker } = await load(ctx, args.FILE, opts);
  const shown = shownPlan(plan, masker);
  const json = ctx.settings.output === 'json';
  // Under --dry-run stdout carries the requests, so the plan goes to stderr.
  const say = ctx.settings.dryRun ? (line: string) => ctx.io.err(...paintedLine(line, ctx.io.paint)) : (line: string) => ctx.io.out(...paintedLine(line, ctx.io.paint));
  if (!json) planLines(shown).forEach(say);
  else if (!ctx.settings.dryRun) ctx.io.data(JSON.stringify(planData(shown), null, 2));
  if (!plan.changes.length) return;
  const n = countPlan(plan);
  await ctx.confirm(`Apply ${plural(plan.changes.length, 'change')} (${n.create} to create, ${n.update} to update, ${n.delete} to delete) to this workspace?`);
  // Its dry-run bodies, --verbose traces and errors show filled-in values as the file wrote them.
  const api = await maskedClient(ctx, masker);
  const applier = new Applier(api, new Ids(names), (key) => String(masker.value(key)));
  const progress = ctx.io.stderrIsTTY && !ctx.settings.dryRun ? (line: string) => ctx.io.redraw(line) : undefined;
  try {
    for (const [i, c] of plan.changes.entries()) {
      progress?.(`Applying ${i + 1}/${plan.changes.length}: ${c.area} ${shown.changes[i].key}…`);
      await applier.apply(c);
    }
  } catch (err) {
    progress?.('');
    const stopped = `Stopped: ${summaryLine(applier.applied)}; ${plan.changes.length - countDone(applier.applied) - applier.applied.failed} not tried. ${again(opts)}`;
    // With --json, stderr carries the JSON error alone: what was applied goes into its message.
    if (!json) ctx.io.err(stopped);
    if (err instanceof Error) err.message = masker.text(json ? `${err.message} (${stopped})` : err.message);
    throw err;
  } finally {
    await api.close();
  }
  progress?.('');
  ctx.io.err(ctx.settings.dryRun ? `Dry run: ${plural(plan.changes.length, 'change')}, nothing was sent` : `Synced: ${summaryLine(applier.applied)}`);
};

// A saved plan is stale once part of it is applied: a new one plans only what is left.
const again = (opts: Opts) => `${opts.plan === undefined ? 'Run the sync again' : 'Make the plan again (workspace diff --out)'} to finish: it plans only what is left.`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const countDone = (a: { created: number; updated: number; deleted: number }) => a.created + a.updated + a.deleted;
