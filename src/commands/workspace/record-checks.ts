// The checks of a workspace file's value, by path: the schema (a server field said as one),
// then what the schema cannot say: duplicate keys, one default currency, references between
// records, a flow's screens. read.ts puts file and line to each.
import { checkParsedFlow } from '../../schemas/flows.js';
import { AREA, AREAS, isServerField, references, type AreaName } from './areas.js';
import { schemaProblems } from './file-problems.js';
import { workspaceFileSchema, type WorkspaceFile } from './schema.js';

export type Path = (string | number)[];

/** The schema and the checks beyond it, by path; `data` when the schema holds (there may still be problems). */
export function checkValue(value: unknown, sourceAt: (path: Path) => string | undefined): { data?: WorkspaceFile; problems: Found[]; warnings: Found[] } {
  const r = workspaceFileSchema.safeParse(value, { reportInput: true });
  const owned = serverOwned(value);
  if (!r.success) {
    // A server field is said as one (not as an unknown field).
    const ownedAt = new Set(owned.map((p) => JSON.stringify(p.path)));
    const schema = schemaProblems(r.error.issues, sourceAt).filter((p) => !ownedAt.has(JSON.stringify(p.path)));
    return { problems: [...schema, ...owned], warnings: [] };
  }
  const refs = referenceProblems(r.data);
  return { data: r.data, problems: [...duplicates(r.data), ...oneDefault(r.data), ...owned, ...refs.problems, ...flowProblems(r.data)], warnings: refs.warnings };
}

export interface Found {
  path: Path;
  message: string;
}

const norm = (v: unknown) => String(v).trim().toLowerCase();

const areaRecords = (data: WorkspaceFile, area: AreaName) => (data[area] ?? []) as Record<string, unknown>[];

/** Two records of an area with one natural key (compared as the service compares names: in any case). */
function duplicates(data: WorkspaceFile): Found[] {
  const out: Found[] = [];
  for (const area of AREAS) {
    const key = AREA[area].key;
    const seen = new Map<string, number>();
    areaRecords(data, area).forEach((r, i) => {
      const k = norm(r[key]);
      const first = seen.get(k);
      if (first !== undefined) out.push({ path: [area, i, key], message: `duplicate: ${area}[${first}] has the same ${key} "${String(r[key])}"` });
      else seen.set(k, i);
    });
  }
  return out;
}

/**
 * A field the server sets would never settle: it is refused, saying what sets it. Read from the
 * file as it is, before the schema, so that the schema's "unknown field" does not hide it.
 */
function serverOwned(value: unknown): Found[] {
  const file = (value ?? {}) as Record<string, unknown>;
  const out: Found[] = [];
  // Loops, not a chain of arrays: this looks at every field of every record of the file.
  for (const area of AREAS) {
    const records = Array.isArray(file[area]) ? (file[area] as unknown[]) : [];
    records.forEach((r, i) => {
      if (r === null || typeof r !== 'object') return;
      for (const f of Object.keys(r)) {
        if (!isServerField(AREA[area], f)) continue;
        out.push({ path: [area, i, f], message: area === 'flows' && (f === 'is_active' || f === 'is_paused') ? 'set by the server from `status`: write `status: draft`, `active` or `paused`' : 'set by the server: a workspace file does not set it' });
      }
    });
  }
  return out;
}

/** The service keeps exactly one default currency. */
function oneDefault(data: WorkspaceFile): Found[] {
  const defaults = (data.currencies ?? []).flatMap((c, i) => (c.is_default === true ? [i] : []));
  return defaults.slice(1).map((i) => ({ path: ['currencies', i, 'is_default'], message: `a second default currency (currencies[${defaults[0]}] is the default; there is one)` }));
}

/** A record id of the service (docs/service-api.md 10: `_id`, 24 hex digits), not a name. */
const looksLikeId = (v: string) => /^[0-9a-f]{24}$/i.test(v);

/**
 * A reference to an area the file lists must name one of its records. An id in its place is
 * what dump writes for a record that is gone (found as is): a warning naming the record, which
 * diff turns into a refusal only if the plan would send it.
 */
function referenceProblems(data: WorkspaceFile): { problems: Found[]; warnings: Found[] } {
  const problems: Found[] = [];
  const warnings: Found[] = [];
  // The names of each area, once (not once a reference: 1,000 segments naming tags of 1,000).
  const keys = new Map<AreaName, Set<string>>();
  const namesOf = (a: AreaName) => keys.get(a) ?? keys.set(a, new Set(areaRecords(data, a).map((x) => norm(x[AREA[a].key])))).get(a)!;
  for (const area of AREAS) {
    areaRecords(data, area).forEach((r, i) => {
      for (const ref of references(r, [area, i])) {
        if (data[ref.area] === undefined) continue;
        const known = namesOf(ref.area);
        const missing = ref.names.filter((n) => !known.has(norm(n)));
        const name = missing.find((n) => !looksLikeId(n));
        const record = `${area} "${String(r[AREA[area].key])}"`;
        if (name !== undefined) problems.push({ path: ref.path, message: `no ${ref.area} record named "${name}" in the file` });
        else if (missing.length) warnings.push({ path: ref.path, message: `${record} refers to ${missing[0]}, an id no ${ref.area} record of the file has (a record that is gone, dumped as found); diff refuses to send it` });
      }
    });
  }
  return { problems, warnings };
}

/** A flow's screens and gotos, checked as `flows validate` checks them. */
function flowProblems(data: WorkspaceFile): Found[] {
  return (data.flows ?? []).flatMap((f, i) => {
    const { status: _status, ...definition } = f;
    return checkParsedFlow(definition).problems.map((p) => ({ path: [`flows`, i, ...pathParts(p.path)], message: p.message }));
  });
}

const pathParts = (p: string): Path => p.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

