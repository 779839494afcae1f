// A workspace as it is on the server: every page of every area's list (the areas in parallel),
// each record as the file writes it (no ids, timestamps or counters; references to other
// records by name; secrets stay for the planner to compare, and dump leaves them out), sorted
// by natural key. The dumper writes it; the planner compares the file with it. An answer that
// is not a list stops the read (never an empty area), and so do an area past its cap and a read
// past its deadline.
import type { ApiClient } from '../../api/client.js';
import { requestOf } from '../../api/operations.js';
import { CliError, EXIT, InterruptedError } from '../../core/errors.js';
import { MAX_LIMIT, morePages, ownId } from '../../core/output/shape.js';
import { listShape, pageKey } from '../list.js';
import { AREA, isServerField, refArea, references, type AreaDef, type AreaName } from './areas.js';
import type { FileRecord } from './schema.js';

/** One record on the server: its own id (`_id` or `id`; '' when it has neither) and its fields as the file writes them. */
export interface Current {
  id: string;
  record: FileRecord;
}

export type CurrentState = Partial<Record<AreaName, Current[]>>;

/** Names by id, per area: to write references by name (dump) and to resolve them back (sync). */
export type Names = Map<AreaName, Map<string, string>>;

/** The most records an area may hold: a server that keeps saying "more" is not followed past it. */
export const MAX_AREA_RECORDS = 100_000;

/** Reading the workspace, every page of every area, stops this long after it began. */
export const READ_DEADLINE_MS = 10 * 60_000;

/** When reading stops, on a clock (a fake one in the tests). */
export interface ReadDeadline {
  at: number;
  now: () => number;
}

/** An error while reading an area, worded with the area's name (Ctrl-C is no error of the area's). */
function inArea(area: AreaName, err: unknown): unknown {
  return err instanceof CliError && !(err instanceof InterruptedError) ? new CliError(`${area}: ${err.message}`, err.exitCode, err.status, err.code) : err;
}

/** Every page of one list; a page that repeats the previous one (a server ignoring `page`) ends it. */
export async function listAll(api: ApiClient, def: AreaDef, deadline: ReadDeadline): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let previous: string | undefined;
  try {
    for (let page = 1; ; page++) {
      if (deadline.now() > deadline.at) throw new CliError(`still reading after ${READ_DEADLINE_MS / 60_000} minutes (${page - 1} pages, ${out.length} records); stopped`, EXIT.server, undefined, 'timeout');
      const res = await api.call(def.list, { query: { page, limit: MAX_LIMIT } });
      if (res.dryRun) return out;
      const shape = listShape(requestOf(def.list), res.body, page, res.status);
      const records = shape.records!;
      const key = pageKey(records);
      if (!records.length || key === previous) return out;
      previous = key;
      out.push(...records);
      if (out.length > MAX_AREA_RECORDS) throw new CliError(`more than ${MAX_AREA_RECORDS} records (the most an area may hold) after ${page} pages; stopped`, EXIT.server, undefined, 'too_large');
      const more = morePages(shape.pagination, records.length);
      if (more === false || (more === undefined && records.length < (shape.pagination?.limit ?? MAX_LIMIT))) return out;
    }
  } catch (err) {
    throw inArea(def.name, err);
  }
}

export type RawState = Partial<Record<AreaName, Record<string, unknown>[]>>;

/** The raw records of the areas named, read in parallel. */
async function readAreas(api: ApiClient, areas: AreaName[], deadline: ReadDeadline): Promise<RawState> {
  const lists = await Promise.all(areas.map((a) => listAll(api, AREA[a], deadline)));
  return Object.fromEntries(areas.map((a, i) => [a, lists[i]]));
}

/**
 * The areas named, and the names of the records they refer to: an area their references point
 * at is read too (once), for its names only, so `--only segments` still writes tags by name.
 */
export async function readState(api: ApiClient, areas: AreaName[], now = Date.now): Promise<{ raw: RawState; names: Names }> {
  const deadline = { at: now() + READ_DEADLINE_MS, now };
  const raw = await readAreas(api, areas, deadline);
  const referred = new Set<AreaName>();
  for (const records of Object.values(raw)) for (const ref of references(records)) if (!areas.includes(ref.area)) referred.add(ref.area);
  const extra = await readAreas(api, [...referred], deadline);
  return { raw, names: namesOf({ ...raw, ...extra }) };
}

const keyOf = (def: AreaDef, r: Record<string, unknown>) => String(r[def.key] ?? '');

export function namesOf(raw: RawState): Names {
  const names: Names = new Map();
  for (const [area, records] of Object.entries(raw) as [AreaName, Record<string, unknown>[]][]) {
    const def = AREA[area];
    const m = new Map<string, string>();
    for (const r of records) {
      const id = ownId(r);
      if (id !== undefined) m.set(id, keyOf(def, r));
      // A template is referred to by its channel id as well as by its record id.
      if (area === 'templates' && typeof r.template_id === 'string') m.set(r.template_id, keyOf(def, r));
    }
    names.set(area, m);
  }
  return names;
}

/** References by id become references by name (an id the state does not know stays as it is). */
export function idsToNames(value: unknown, names: Names, field?: string): unknown {
  const area = field === undefined ? undefined : refArea(field);
  const byId = area && names.get(area);
  if (byId && typeof value === 'string') return byId.get(value) ?? value;
  if (byId && Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v) => byId.get(v) ?? v);
  if (Array.isArray(value)) return value.map((v) => idsToNames(v, names));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, idsToNames(v, names, k)]));
}

/** A server record as the file writes it: its key first, then its fields by name. */
export function fileRecord(def: AreaDef, answered: Record<string, unknown>, names: Names): FileRecord {
  const raw = def.read?.(answered) ?? answered;
  const fields = Object.keys(raw)
    .filter((k) => k !== def.key && !isServerField(def, k) && raw[k] !== undefined)
    .sort();
  // A name the server keeps as a number (42) is a name all the same: the file writes a string.
  const out: FileRecord = { [def.key]: String(raw[def.key]) };
  for (const k of fields) out[k] = idsToNames(raw[k], names, k);
  return out;
}

/** One collator for every comparison: localeCompare(b, 'en') looks its collator up on each call (10,000 records, ~130,000 calls). */
const EN = new Intl.Collator('en');

const byKey = (def: AreaDef) => (a: Record<string, unknown>, b: Record<string, unknown>) => EN.compare(keyOf(def, a), keyOf(def, b));

/** The state of the areas named, as the file writes it. */
export function currentState(raw: RawState, names = namesOf(raw)): CurrentState {
  const out: CurrentState = {};
  for (const [area, records] of Object.entries(raw) as [AreaName, Record<string, unknown>[]][]) {
    const def = AREA[area];
    // A record without a key cannot be named in a file: left out. One without an id is kept (the
    // file may name it: it is not created again), but never updated or deleted (idProblem).
    const usable = records.filter((r) => keyOf(def, r).trim() !== '' && (typeof r[def.key] === 'string' || typeof r[def.key] === 'number'));
    out[area] = usable.sort(byKey(def)).map((r) => ({ id: ownId(r) ?? '', record: fileRecord(def, r, names) }));
  }
  return out;
}
