// workspace diff FILE|- [--prune] [--only ...] [--exit-code] [-o json|markdown] [--out PLAN]: the
// plan of a sync, sent nowhere; --out saves it for `sync --plan` (plan-file.ts).
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { DIFF_OPTIONS } from './options.js';
import { EXIT } from '../../core/errors.js';
import { loadPlan } from './load.js';
import { shownPlan } from './mask.js';
import { paintedLine, planData, planLines } from './render.js';

/** Its options, and -o markdown (a format of its own: program.ts gives it as opts.output). */
export const run: Run<OptsOf<typeof DIFF_OPTIONS> & { output?: 'markdown' }> = async (ctx, { args, opts }) => {
  // Only --out loads the saved plan's code (its schema, node:crypto for the fingerprints).
  const saving = opts.out === undefined ? undefined : { out: opts.out, file: await import('./plan-file.js') };
  saving?.file.checkOut(saving.out);
  const loaded = await loadPlan(ctx, String(args.FILE), opts);
  if (!loaded) return;
  if (saving) {
    saving.file.writePlanFile(saving.out, loaded);
    ctx.io.err(`Plan saved to ${saving.out}: apply it with \`chatcrm workspace sync --plan ${saving.out}\``);
  }
  const { plan, masker } = loaded;
  const shown = shownPlan(plan, masker);
  // Text for people, cleaned as every such line is (a name cannot drive the terminal), in one write.
  if (opts.output === 'markdown') ctx.io.outLines((await import('./render-markdown.js')).planMarkdown(shown).split('\n').map((line) => [line]));
  else if (ctx.settings.output === 'json') ctx.io.data(JSON.stringify(planData(shown), null, 2));
  else ctx.io.outLines(planLines(shown).map((line) => (ctx.io.color ? paintedLine(line, ctx.io.paint) : [line])));
  if (opts.exitCode && plan.changes.length) return EXIT.differences;
};
