// The flow body of create and update: a file (JSON or YAML) overridden by flags, checked
// offline (shape and graph) before anything is sent. Warnings go to stderr and do not fail.
import type { Context } from '../../runtime/context.js';
import type { OptsOf } from '../../runtime/options.js';
import type { flowOptions } from './options.js';
import { flagName } from '../../runtime/command-types.js';
import { UsageError } from '../../core/errors.js';
import { checkFlow } from '../../schemas/flows.js';
import { problemLine } from '../../schemas/problems.js';
import { readDataFile } from './file.js';

/** option (camelCase) → flow field. */
const FLAGS = { name: 'name', keyword: 'keyword', prefix: 'prefix', platform: 'platform', returnTo: 'return_to' } as const;

export type FlowOpts = OptsOf<ReturnType<typeof flowOptions>>;

export async function flowBody(ctx: Context, opts: FlowOpts, partial: boolean): Promise<Record<string, unknown>> {
  const { file } = opts;
  const body = file ? await readDataFile(ctx, file, `--file ${file}`) : {};
  const byFlag: Record<string, string> = {};
  for (const opt of Object.keys(FLAGS) as (keyof typeof FLAGS)[]) {
    if (opts[opt] === undefined) continue;
    body[FLAGS[opt]] = opts[opt];
    byFlag[FLAGS[opt]] = flagName(opt);
  }
  if (opts.active !== undefined || opts.inactive !== undefined) {
    if (opts.active && opts.inactive) throw new UsageError('--active, --inactive: give only one');
    body.is_active = Boolean(opts.active);
    byFlag.is_active = opts.active ? '--active' : '--inactive';
  }
  if (partial && Object.keys(body).length === 0) throw new UsageError('nothing to update: give --file PARTIAL or a flag such as --name');
  if (!partial) {
    if (!file && body.name === undefined) throw new UsageError('--name: required (or give the whole flow with --file flow.yaml)');
    if (!file && body.keyword === undefined) throw new UsageError('--keyword: required (the word that triggers the flow)');
    body.platform ??= 'chat';
  }
  return checked(ctx, body, partial, file, byFlag);
}

/** Check a flow; print warnings; throw every problem, naming its flag or its path in the file. */
export function checked(ctx: Context, body: unknown, partial: boolean, file?: string, byFlag: Record<string, string> = {}): Record<string, unknown> {
  const { value, problems, warnings } = checkFlow(body, partial);
  const where = file ? `${file}: ` : '';
  if (value) for (const w of warnings) ctx.io.err(`Warning: ${where}${w.path}: ${w.message}`);
  else throw new UsageError(problemLine(problems, byFlag, where));
  return value;
}
