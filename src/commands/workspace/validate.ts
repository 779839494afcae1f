// workspace validate FILE|-: offline; every problem on its own line (file, line, field), exit 2;
// a warning (an id where a name goes) on its own line, exit 0.
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import { AREAS, recordCount } from './areas.js';
import { parseWorkspace, problemLine, readSource } from './read.js';

export const run: Run<OptsOf<[]>> = async (ctx, { args }) => {
  const { name, text } = await readSource(ctx, String(args.FILE));
  const { data, problems, warnings } = parseWorkspace(text, ctx.env);
  if (ctx.settings.output === 'json') ctx.io.out(JSON.stringify({ file: name, valid: data !== undefined, problems, warnings }, null, 2));
  for (const p of problems) ctx.io.err(`Error: ${problemLine(name, p)}`);
  for (const p of warnings) ctx.io.err(`Warning: ${problemLine(name, p)}`);
  if (!data) return 2;
  const counts = AREAS.filter((a) => data[a] !== undefined).map((a) => recordCount(data[a]!.length, a));
  if (ctx.settings.output !== 'json') ctx.io.err(`✓ ${name} is a valid workspace file${counts.length ? ` (${counts.join(', ')})` : ''}`);
};
