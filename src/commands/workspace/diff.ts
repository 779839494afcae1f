// workspace diff FILE|- [--prune] [--only ...] [--exit-code] [--out PLAN]: the plan of a sync,
// sent nowhere; --out saves it for `sync --plan` (plan-file.ts).
import type { Run } from '../../runtime/command-types.js';
import { EXIT } from '../../core/errors.js';
import { loadPlan } from './load.js';
import { shownPlan } from './mask.js';
import { checkOut, writePlanFile } from './plan-file.js';
import { planData, planLines } from './render.js';

export const run: Run = async (ctx, { args, opts }) => {
  if (opts.out !== undefined) checkOut(String(opts.out));
  const loaded = await loadPlan(ctx, String(args.FILE), opts);
  if (!loaded) return;
  if (opts.out !== undefined) {
    writePlanFile(String(opts.out), loaded);
    ctx.io.err(`Plan saved to ${String(opts.out)}: apply it with \`chatcrm workspace sync --plan ${String(opts.out)}\``);
  }
  const { plan, masker } = loaded;
  const shown = shownPlan(plan, masker);
  if (ctx.settings.output === 'json') ctx.io.data(JSON.stringify(planData(shown), null, 2));
  else for (const line of planLines(shown)) ctx.io.out(line);
  if (opts.exitCode && plan.changes.length) return EXIT.differences;
};
