// flows validate FILE: the offline checks of create/update, every problem on its own line.
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import { checkFlow } from '../../schemas/flows.js';
import { readDataFile } from './file.js';

export const run: Run<OptsOf<[]>> = async (ctx, { args }) => {
  const file = String(args.FILE);
  const flow = await readDataFile(ctx, file, file);
  const { value, problems, warnings } = checkFlow(flow);
  const json = ctx.settings.output === 'json';
  if (json) ctx.io.out(JSON.stringify({ file, valid: problems.length === 0, problems, warnings }, null, 2));
  for (const w of warnings) ctx.io.err(`Warning: ${file}: ${w.path}: ${w.message}`);
  for (const p of problems) ctx.io.err(`Error: ${file}: ${p.path}: ${p.message}`);
  if (!value) return 2;
  const screens = Object.keys(value.screens ?? {}).length;
  if (!json) ctx.io.err(`✓ ${file} is a valid flow (${screens} screen${screens === 1 ? '' : 's'}${warnings.length ? `, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : ''})`);
};
