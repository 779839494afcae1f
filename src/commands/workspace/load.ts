// What diff and sync share: the file read, the server's state of the areas it lists read,
// and the plan between them, refused when sync could not apply it (a name no side has).
import type { ClientOptions } from '../../api/types.js';
import type { Context } from '../../runtime/context.js';
import { ResponseError } from '../../core/errors.js';
import { checkReferences } from './apply.js';
import { AREA, AREAS, parseOnly, references, type AreaName } from './areas.js';
import { maskedClient, type Masker } from './mask.js';
import { naturalKey, planSync, type Plan } from './plan.js';
import { readWorkspace } from './read.js';
import type { WorkspaceFile } from './schema.js';
import { currentState, readState, type Current, type CurrentState, type Names } from './state.js';
import type { OptsOf } from '../../runtime/options.js';
import type { PLAN_OPTIONS } from './options.js';

export interface Loaded {
  file: WorkspaceFile;
  plan: Plan;
  /** Names by id of every area read: the applier resolves references with them. */
  names: Names;
  /** What may be printed of the values filled in from the environment. */
  masker: Masker;
  /** The server's records the plan was made from, and the areas read for them (a saved plan keeps their fingerprints). */
  current: CurrentState;
  areas: AreaName[];
}

/** The areas to read: those the file lists and --only names, and those their references point at. */
function areasToRead(file: WorkspaceFile, only: AreaName[]): AreaName[] {
  const listed = AREAS.filter((a) => file[a] !== undefined && only.includes(a));
  const referred = new Set<AreaName>(listed);
  for (const a of listed) {
    // A dump lists every area: then there is nothing more to find, and no record to walk.
    if (referred.size === AREAS.length) break;
    for (const ref of references(file[a])) referred.add(ref.area);
  }
  return AREAS.filter((a) => referred.has(a));
}

/** undefined under --dry-run of the reads (diff --dry-run prints the GETs it would send). */
export async function loadPlan(ctx: Context, source: string, opts: OptsOf<typeof PLAN_OPTIONS>, reads: Partial<ClientOptions> = {}): Promise<Loaded | undefined> {
  const only = parseOnly(opts.only);
  const { data: file, masker } = await readWorkspace(ctx, source);
  // The answers hold what an earlier sync wrote from the variables: --verbose shows them masked too.
  const api = await maskedClient(ctx, masker, reads);
  try {
    const areas = areasToRead(file, only);
    const { raw, names } = await readState(api, areas);
    if (api.opts.dryRun) return undefined;
    const current = currentState(raw, names);
    const plan = planSync(current, file, { prune: opts.prune === true, only });
    checkPlan(plan, current, names);
    return { file, plan, names, masker, current, areas };
  } finally {
    await api.close();
  }
}

/** Refuse, before anything is written, a plan that cannot be applied safely or names a record no side has. */
export function checkPlan(plan: Plan, current: CurrentState, names: Names): void {
  const problem = idProblem(plan, current);
  if (problem) throw new ResponseError(problem, undefined, 'bad_answer');
  checkReferences(plan, names);
}

/**
 * Why the plan cannot be applied safely, if it cannot: it updates or deletes a record the
 * server gave no id of its own, or one whose id another record of its area has too (the
 * request would reach either of them).
 */
export function idProblem(plan: Plan, current: CurrentState): string | undefined {
  for (const c of plan.changes) {
    if (c.action === 'create') continue;
    const cannot = `so it cannot be ${c.action === 'update' ? 'updated' : 'deleted'}; nothing was changed`;
    if (c.id === '') return `${c.area} "${c.key}": the server gave this record no _id or id, ${cannot}`;
    const name = (o: Current) => String(o.record[AREA[c.area].key]);
    const same = (current[c.area] ?? []).filter((o) => o.id === c.id);
    const other = same.find((o) => naturalKey(name(o)) !== naturalKey(c.key)) ?? same[1];
    if (other) return `${c.area} "${c.key}": its id ${c.id} is also the id of ${c.area} "${name(other)}", ${cannot}`;
  }
  return undefined;
}
