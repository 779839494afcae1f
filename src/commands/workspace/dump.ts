// workspace dump [-O FILE|-] [--only AREA,...]: the workspace's configuration as a file that
// `workspace validate`, `diff` and `sync` read back (YAML, or JSON with -o json).
import type { Run } from '../../runtime/command-types.js';
import { UsageError } from '../../core/errors.js';
import { loadYaml } from '../../core/output/print.js';
import { parseOnly, type AreaName } from './areas.js';
import { MAX_FILE_BYTES } from './read.js';
import { currentState, readState, type CurrentState } from './state.js';

/** The file of a state: `version: 1`, then each area's records in the areas' order. */
export function fileOf(state: CurrentState, areas: AreaName[]): Record<string, unknown> {
  return { version: 1, ...Object.fromEntries(areas.map((a) => [a, (state[a] ?? []).map((c) => c.record)])) };
}

export const run: Run = async (ctx, { opts }) => {
  const areas = parseOnly(opts.only);
  const target = opts.outputFile === undefined ? '-' : String(opts.outputFile);
  if (!target) throw new UsageError('--output-file: give a file name, or - for stdout');
  const { raw, names } = await readState(await ctx.api(), areas);
  if (ctx.settings.dryRun) return;
  const file = fileOf(currentState(raw, names), areas);
  const { stringify } = await loadYaml();
  const text = ctx.settings.output === 'json' ? `${JSON.stringify(file, null, 2)}\n` : stringify(file, { lineWidth: 0, aliasDuplicateObjects: false });
  const mib = (n: number) => `${Math.ceil((n / 1024 / 1024) * 10) / 10} MiB`;
  const size = Buffer.byteLength(text);
  if (size > MAX_FILE_BYTES) ctx.io.err(`Warning: the file is ${mib(size)}, over the ${mib(MAX_FILE_BYTES)} that validate, diff and sync read: dump fewer areas per file with --only`);
  if (target === '-') return ctx.io.data(text.replace(/\n$/, ''));
  const { writeAtomic } = await import('../../core/atomic-write.js');
  try {
    writeAtomic(target, text);
  } catch (err) {
    throw new UsageError(`--output-file: cannot write ${target}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const counts = areas.map((a) => `${(raw[a] ?? []).length} ${a}`).join(', ');
  ctx.io.err(`Wrote ${target} (${counts})`);
};
