// flows suggest: ask for a suggested flow; --out writes it (YAML, or JSON by extension)
// ready for `flows create --file`, never over an existing file without --force.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { loadYaml } from '../../core/output/print.js';
import { shapeOf, isObj } from '../../core/output/shape.js';
import { flagName, type Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SUGGEST_OPTIONS } from './options.js';
import { checkFlow, suggestRequest } from '../../schemas/flows.js';
import { parseOrUsage } from '../../schemas/problems.js';

/** option (camelCase) → suggest request field. */
const SUGGEST_FIELDS = {
  businessName: 'businessName',
  language: 'language',
  industry: 'industry',
  purpose: 'purpose',
  action: 'action',
  tone: 'tone',
  occasion: 'occasion',
  details: 'additionalDetails',
  platform: 'platform',
} as const;
const FLOW_FIELDS = ['name', 'keyword', 'prefix', 'platform', 'is_active', 'return_to', 'greeting', 'screens'];

/** The flow inside a suggest answer (`flow`, `suggestion` or the data itself), without server fields. */
export function suggestedFlow(body: unknown): Record<string, unknown> | undefined {
  const item = shapeOf(body).item;
  if (!isObj(item)) return undefined;
  const flow = [item.flow, item.suggestion, item.suggestedFlow, item].find((v) => isObj(v) && ('screens' in v || 'keyword' in v)) as Record<string, unknown> | undefined;
  return flow && Object.fromEntries(FLOW_FIELDS.filter((k) => flow[k] !== undefined).map((k) => [k, flow[k]]));
}

const exists = (out: string) => new UsageError(`--out: ${out} exists: pass --force to overwrite it`);

export const run: Run<OptsOf<typeof SUGGEST_OPTIONS>> = async (ctx, { opts }) => {
  const { out } = opts;
  // Checked before the request (nothing is asked for in vain), and again when writing ('wx').
  if (out && !opts.force && existsSync(out)) throw exists(out);
  const body: Record<string, string> = {};
  for (const opt of Object.keys(SUGGEST_FIELDS) as (keyof typeof SUGGEST_FIELDS)[]) if (opts[opt] !== undefined) body[SUGGEST_FIELDS[opt]] = opts[opt];
  const json = parseOrUsage(suggestRequest, body, Object.fromEntries(Object.entries(SUGGEST_FIELDS).map(([opt, field]) => [field, flagName(opt)])));
  const res = await (await ctx.api()).call('flows.suggest', { json });
  if (res.dryRun) return;
  const flow = suggestedFlow(res.body);
  const message = shapeOf(res.body).message;
  if (message) ctx.io.err(message);
  if (!flow) {
    if (out) throw new UsageError(`--out: the answer holds no flow to write`);
    return ctx.print(res.body);
  }
  for (const p of checkFlow(flow).problems) ctx.io.err(`Warning: suggested flow: ${p.path}: ${p.message}`);
  const asJson = out ? extname(out).toLowerCase() === '.json' : ctx.settings.output === 'json';
  const text = asJson ? `${JSON.stringify(flow, null, 2)}\n` : (await loadYaml()).stringify(flow);
  if (!out) return ctx.io.data(text.trimEnd());
  await writeFile(out, text, { flag: opts.force ? 'w' : 'wx' }).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'EEXIST' ? exists(out) : err;
  });
  ctx.io.err(`Wrote ${out}; create the flow with: chatcrm flows create --file ${out}`);
};
