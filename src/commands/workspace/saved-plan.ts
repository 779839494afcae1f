// Saved plans, as Terraform's `plan -out`: `diff FILE --out PLAN` writes the plan as data, with a
// fingerprint of every server record it updates or deletes and of each area's names it resolves
// references with; `sync --plan PLAN` applies exactly that plan, after reading those areas again
// and refusing (exit 9, before any write) one whose records changed in between. A value filled in
// from `${env:CHATCRM_WS_NAME}` is kept as that text, never as the value: it is filled in again
// from the environment when the plan is applied. Pure but for the file and the hash.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import { issuePath } from '../../schemas/problems.js';
import { AREA, AREAS, type AreaName } from './areas.js';
import { Masker, shownField, type Filled } from './mask.js';
import { naturalKey, type Change, type Plan } from './plan.js';
import { fillText } from './read.js';
import { RECORDS } from './schema.js';
import type { CurrentState, Names } from './state.js';

export const PLAN_FORMAT = 'chatcrm-workspace-plan' as const;
export const PLAN_VERSION = 1 as const;

const area = z.enum(AREAS);
const fields = z.record(z.string(), z.unknown());
const change = z.union([
  z.strictObject({ action: z.literal('create'), area, key: z.string(), record: fields }),
  z.strictObject({ action: z.literal('update'), area, key: z.string(), id: z.string(), changes: z.array(z.strictObject({ field: z.string(), old: z.unknown(), new: z.unknown() })) }),
  z.strictObject({ action: z.literal('delete'), area, key: z.string(), id: z.string() }),
]);
const sha = z.string().check(z.regex(/^[0-9a-f]{64}$/));

const savedPlanSchema = z.strictObject({
  format: z.literal(PLAN_FORMAT),
  version: z.literal(PLAN_VERSION),
  /** The areas the diff read (sync reads them again, and those their references point at). */
  areas: z.array(area),
  changes: z.array(change),
  templates: z.strictObject({ inFile: z.number(), missing: z.array(z.string()) }),
  notComparable: z.array(z.strictObject({ area, key: z.string(), field: z.string() })),
  fingerprints: z.strictObject({
    /** Each record the plan updates or deletes, as the diff read it. */
    records: z.array(z.strictObject({ area, id: z.string(), sha256: sha })),
    /** Each area's id → name set, which references were resolved with. */
    names: z.record(z.string(), sha),
  }),
  /** Of everything above: a plan edited by hand is refused (the check is for mistakes, not a signature). */
  checksum: sha,
});

export type SavedPlan = z.infer<typeof savedPlanSchema>;

/** JSON with every object's keys sorted: the same value, the same text. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => canonical(x ?? null)).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const entries = Object.entries(v).filter(([, x]) => x !== undefined);
  return `{${entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
    .join(',')}}`;
}

export const fingerprint = (v: unknown) => createHash('sha256').update(canonical(v)).digest('hex');

const namesPrint = (m: Map<string, string>) => fingerprint([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** A change as the plan file keeps it: filled-in values as the file's text; an old value as shown (it only says where a state starts). */
function storedChange(c: Change, m: Masker): Change {
  const key = String(m.value(c.key));
  if (c.action === 'create') return { ...c, key, record: m.value(c.record) as Record<string, unknown> };
  if (c.action === 'update') return { ...c, key, changes: c.changes.map((f) => ({ field: f.field, old: shownField(m, f.field, f.old), new: m.value(f.new) })) };
  return { ...c, key };
}

export interface Made {
  plan: Plan;
  names: Names;
  masker: Masker;
  current: CurrentState;
  areas: AreaName[];
}

/** The plan file's content for a plan and the state it was made from. */
export function savePlan(made: Made): SavedPlan {
  const { plan, masker: m, current } = made;
  const records = plan.changes.flatMap((c) => {
    const read = c.action === 'create' ? undefined : current[c.area]?.find((o) => o.id === c.id);
    return read && c.action !== 'create' ? [{ area: c.area, id: c.id, sha256: fingerprint(read.record) }] : [];
  });
  const body = {
    format: PLAN_FORMAT,
    version: PLAN_VERSION,
    areas: made.areas,
    changes: plan.changes.map((c) => storedChange(c, m)),
    templates: { inFile: plan.templates.inFile, missing: plan.templates.missing.map((k) => String(m.value(k))) },
    notComparable: plan.notComparable.map((n) => ({ ...n, key: String(m.value(n.key)) })),
    fingerprints: { records, names: Object.fromEntries([...made.names].map(([a, ids]) => [a, namesPrint(ids)])) },
  };
  return { ...body, checksum: fingerprint(body) };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A plan file's text as a plan; anything else (not JSON, another format or version, edited) is exit 2 naming the file. */
export function parseSavedPlan(text: string, name: string): SavedPlan {
  const bad = (why: string) => new UsageError(`--plan: ${name}: ${why}`);
  const made = 'one is made by `chatcrm workspace diff FILE --out PLAN`';
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which may hold a secret the file wrote as it is.
    throw bad(`not JSON, so not a workspace plan (${made})`);
  }
  if (!isObject(data) || data.format !== PLAN_FORMAT) throw bad(`not a workspace plan (${made})`);
  if (data.version !== PLAN_VERSION) throw bad(`a plan of format version ${JSON.stringify(data.version)}; this chatcrm applies version ${PLAN_VERSION}: run diff again`);
  const { checksum, ...body } = data;
  if (checksum !== fingerprint(body)) throw bad('changed since it was made (its checksum does not match): run diff again');
  const r = savedPlanSchema.safeParse(data);
  if (!r.success) throw bad(`not a workspace plan: ${issuePath(r.error.issues[0].path) || '(top)'}: ${r.error.issues[0].message}`);
  return r.data;
}

/** Fills in the `${env:...}` of a plan's values; `strict`: a refusal is exit 2 (a value to send), else the text stays. */
class Filler {
  readonly filled: Filled[] = [];

  constructor(private env: NodeJS.ProcessEnv) {}

  fill(v: unknown, strict: boolean): unknown {
    if (Array.isArray(v)) return v.map((x) => this.fill(x, strict));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.fill(x, strict)]));
    if (typeof v !== 'string' || !v.includes('${env:')) return v;
    const value = fillText(v, this.env);
    if (typeof value !== 'string') {
      if (strict) throw new UsageError(`--plan: ${value.refused} (a plan keeps the variable, never its value: set it as for the diff)`);
      return v;
    }
    this.filled.push({ values: [value], template: v });
    return value;
  }

  /**
   * A record's fields filled in, then checked as the file's are: the schema trims and upper-cases
   * what validate would, and refuses what validate would refuse. Untouched when nothing is filled.
   */
  fields(area: AreaName, v: Record<string, unknown>, where: string): Record<string, unknown> {
    const filled = this.fill(v, true) as Record<string, unknown>;
    if (canonical(filled) === canonical(v)) return filled;
    const r = z.partial(RECORDS[area] as z.ZodMiniObject).safeParse(filled);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new UsageError(new Masker(this.filled).text(`--plan: ${where}: ${issuePath(issue.path)}: ${issue.message}`));
    }
    const out = r.data as Record<string, unknown>;
    for (const k of Object.keys(filled)) {
      if (typeof v[k] === 'string' && typeof out[k] === 'string' && out[k] !== filled[k]) this.filled.push({ values: [out[k]], template: v[k] });
    }
    return Object.fromEntries(Object.keys(filled).map((k) => [k, out[k]]));
  }
}

/** The plan to apply, its variables filled in from the environment, and what may be printed of them. */
export function planToApply(saved: SavedPlan, env: NodeJS.ProcessEnv): { plan: Plan; masker: Masker } {
  const f = new Filler(env);
  const changes = saved.changes.map((c): Change => {
    const key = String(f.fill(c.key, c.action !== 'delete'));
    const where = `${c.area} "${c.key}"`;
    if (c.action === 'create') return { ...c, key, record: f.fields(c.area, c.record, where) };
    if (c.action === 'delete') return { ...c, key };
    const news = f.fields(c.area, Object.fromEntries(c.changes.map((x) => [x.field, x.new])), where);
    return { ...c, key, changes: c.changes.map((x) => ({ field: x.field, old: f.fill(x.old, false), new: news[x.field] })) };
  });
  return { plan: { changes, templates: saved.templates, notComparable: saved.notComparable }, masker: new Masker(f.filled) };
}

/**
 * Why the plan no longer fits the server, if it does not: a record it updates or deletes that
 * changed or is gone, a record it creates that now exists, an area whose names changed (records
 * added, renamed or deleted: references would resolve otherwise). `plan` is `saved` filled in.
 */
export function staleness(saved: SavedPlan, plan: Plan, current: CurrentState, names: Names): string | undefined {
  for (const [i, c] of plan.changes.entries()) {
    const stale = (why = '') => `${c.area}/${saved.changes[i].key} changed since the plan was made${why}; run diff again`;
    const mine = current[c.area] ?? [];
    if (c.action === 'create') {
      if (mine.some((o) => naturalKey(o.record[AREA[c.area].key]) === naturalKey(c.key))) return stale(' (a record of that name now exists)');
      continue;
    }
    const now = mine.find((o) => o.id === c.id);
    if (!now) return stale(' (it was deleted)');
    const print = saved.fingerprints.records.find((p) => p.area === c.area && p.id === c.id);
    if (print?.sha256 !== fingerprint(now.record)) return stale();
  }
  for (const [a, print] of Object.entries(saved.fingerprints.names)) {
    const ids = names.get(a as AreaName);
    if (!ids || namesPrint(ids) !== print) return `${a}: records were added, renamed or deleted since the plan was made; run diff again`;
  }
  return undefined;
}

export const staleError = (why: string) => new CliError(why, EXIT.differences, undefined, 'stale_plan');
