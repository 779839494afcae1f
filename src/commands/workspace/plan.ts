// The plan of a sync, as data: from the server's state and the file, what to create, what to
// update (the fields that change, old → new) and, with prune, what to delete. Pure: no I/O,
// no ids invented; the applier carries it out and the renderer shows it.
import { AREA, AREAS, isSensitiveField, type AreaName } from './areas.js';
import type { FileRecord, WorkspaceFile } from './schema.js';
import type { CurrentState } from './state.js';

export interface FieldChange {
  field: string;
  /** undefined: the server has no value for it. */
  old: unknown;
  new: unknown;
}

export type Change =
  | { action: 'create'; area: AreaName; key: string; record: FileRecord }
  | { action: 'update'; area: AreaName; key: string; id: string; changes: FieldChange[] }
  | { action: 'delete'; area: AreaName; key: string; id: string };

export interface Plan {
  /** In the order they apply: creates and updates by area dependency, then deletes in reverse. */
  changes: Change[];
  /** Templates named by the file that sync will not touch (they go through the channel's review). */
  templates: { inFile: number; missing: string[] };
  /** Secrets of existing records that the server does not show: never compared, so never a change. */
  notComparable: { area: AreaName; key: string; field: string }[];
}

export interface PlanOptions {
  /** Delete the records of the file's areas that it does not name. */
  prune?: boolean;
  /** The areas to plan (default: all). */
  only?: readonly AreaName[];
}

/** Keys compared as the service compares names: in any case, without surrounding blanks. */
export const naturalKey = (v: unknown) => String(v ?? '').trim().toLowerCase();

/** Deep equality of JSON values, objects in any key order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The fields of the file's record that differ from the server's (fields the file leaves out are left alone). */
export function fieldChanges(current: FileRecord, desired: FileRecord): FieldChange[] {
  return Object.keys(desired)
    .filter((f) => desired[f] !== undefined && !sameValue(current[f], desired[f]))
    .map((field) => ({ field, old: current[field], new: desired[field] }));
}

/** A secret the server leaves out (or shows masked) is write-only: there is nothing to compare it with. */
const writeOnly = (f: FieldChange) => isSensitiveField(f.field) && (f.old === undefined || f.old === null || (typeof f.old === 'string' && f.old.includes('***')));

type AreaPlan = { upserts: Change[]; deletes: Change[]; notComparable: Plan['notComparable'] };

function planArea(area: AreaName, current: CurrentState, desired: FileRecord[], prune: boolean): AreaPlan {
  const def = AREA[area];
  const have = new Map((current[area] ?? []).map((c) => [naturalKey(c.record[def.key]), c]));
  const named = new Set<string>();
  const upserts: Change[] = [];
  const notComparable: Plan['notComparable'] = [];
  for (const record of desired) {
    const k = naturalKey(record[def.key]);
    named.add(k);
    const key = String(record[def.key]);
    const found = have.get(k);
    if (!found) upserts.push({ action: 'create', area, key, record });
    else {
      const all = fieldChanges(found.record, record);
      notComparable.push(...all.filter(writeOnly).map((f) => ({ area, key, field: f.field })));
      const changes = all.filter((f) => !writeOnly(f));
      if (changes.length) upserts.push({ action: 'update', area, key, id: found.id, changes });
    }
  }
  const deletes: Change[] = prune
    ? (current[area] ?? []).filter((c) => !named.has(naturalKey(c.record[def.key]))).map((c) => ({ action: 'delete', area, key: String(c.record[def.key]), id: c.id }))
    : [];
  return { upserts, deletes, notComparable };
}

/**
 * The plan. Only the areas the file lists (and --only names) are planned: an area the file
 * leaves out is left alone, even with prune (an empty list, `tags: []`, prunes every tag).
 */
export function planSync(current: CurrentState, file: WorkspaceFile, opts: PlanOptions = {}): Plan {
  const only = opts.only ?? AREAS;
  const upserts: Change[] = [];
  const deletes: Change[] = [];
  const notComparable: Plan['notComparable'] = [];
  for (const area of AREAS) {
    const desired = file[area] as FileRecord[] | undefined;
    if (AREA[area].readOnly || desired === undefined || !only.includes(area)) continue;
    const p = planArea(area, current, desired, opts.prune === true);
    upserts.push(...p.upserts);
    deletes.unshift(...p.deletes);
    notComparable.push(...p.notComparable);
  }
  const known = new Set((current.templates ?? []).map((t) => naturalKey(t.record.template_name)));
  const listed = only.includes('templates') ? (file.templates ?? []) : [];
  return {
    changes: [...upserts, ...deletes],
    templates: { inFile: listed.length, missing: listed.map((t) => t.template_name).filter((n) => !known.has(naturalKey(n))) },
    notComparable,
  };
}

export interface PlanCounts {
  create: number;
  update: number;
  delete: number;
}

export function countPlan(plan: Plan): PlanCounts {
  const n = (a: Change['action']) => plan.changes.filter((c) => c.action === a).length;
  return { create: n('create'), update: n('update'), delete: n('delete') };
}
