// The plan file of `diff --out` and `sync --plan` (the format is saved-plan.ts): written whole
// (a temporary file of ours, O_EXCL, renamed over it), 0600, never through a link or over what
// is not a regular file; read back, and checked against the server before anything is written.
import { lstatSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { writeAtomic } from '../../core/atomic-write.js';
import { UsageError } from '../../core/errors.js';
import { refuseSymlink } from '../../core/private-file.js';
import type { Context } from '../../runtime/context.js';
import { checkPlan, type Loaded } from './load.js';
import { maskedClient } from './mask.js';
import { parseSavedPlan, planToApply, savePlan, staleError, staleness, type Made } from './saved-plan.js';
import { currentState, readState } from './state.js';
import type { OptsOf } from '../../runtime/options.js';
import type { PLAN_OPTIONS } from './options.js';

/** The largest plan file read: a workspace file is at most 8 MiB, and its plan about as large. */
export const MAX_PLAN_BYTES = 64 * 1024 * 1024;

/** Refuse an --out path that cannot take a plan, before anything is read or sent. */
export function checkOut(path: string): void {
  if (path === '' || path === '-') throw new UsageError('--out: name a file for the plan (it is not written to stdout)');
  refuseSymlink(path, '--out');
  let isFile = true;
  try {
    isFile = lstatSync(path).isFile();
  } catch {
    // not there yet
  }
  if (!isFile) throw new UsageError(`--out: ${path} is not a regular file; name another file with --out`);
}

/** Write the plan of a diff to `path` (0600, whole or not at all). */
export function writePlanFile(path: string, made: Made): void {
  checkOut(path);
  try {
    writeAtomic(path, `${JSON.stringify(savePlan(made), null, 2)}\n`, 0o600);
  } catch (err) {
    throw new UsageError(`--out: cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

async function readPlanFile(path: string): Promise<string> {
  try {
    const st = await stat(path);
    if (!st.isFile()) throw new UsageError(`--plan: ${path} is not a regular file`);
    if (st.size > MAX_PLAN_BYTES) throw new UsageError(`--plan: ${path}: larger than ${MAX_PLAN_BYTES / 1024 / 1024} MiB, the most a plan file may be`);
    return await readFile(path, 'utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`--plan: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)}`);
  }
}

/**
 * `sync --plan`: the saved plan, its variables filled in, after the areas it read are read again:
 * a record it touches that changed, or a name it resolves that moved, is exit 9 before any write.
 */
export async function loadSavedPlan(ctx: Context, path: string, opts: OptsOf<typeof PLAN_OPTIONS>, file: unknown): Promise<Pick<Loaded, 'plan' | 'names' | 'masker'>> {
  const extra = file !== undefined ? 'FILE' : opts.prune ? '--prune' : opts.only !== undefined ? '--only' : undefined;
  if (extra) throw new UsageError(`--plan: the plan says what to apply: give it no ${extra} (they were given to diff when it was made)`);
  const saved = parseSavedPlan(await readPlanFile(path), path);
  const { plan, masker } = planToApply(saved, ctx.env);
  // The plan needs the workspace as it is, even when the changes are only printed.
  const api = await maskedClient(ctx, masker, { dryRun: false });
  try {
    const { raw, names } = await readState(api, saved.areas);
    const current = currentState(raw, names);
    const stale = staleness(saved, plan, current, names);
    if (stale) throw staleError(stale);
    checkPlan(plan, current, names);
    return { plan, names, masker };
  } finally {
    await api.close();
  }
}
