// Carrying out a plan, change by change in its order: a create (then the state steps its
// answer calls for), an update of the changed fields (the record keeps its id, then the state
// steps), a delete. References by name are resolved to ids as requests go out, so a record
// created earlier in the run can be referred to (checkReferences resolves them all the same
// way before anything is sent). The first failure stops the run; a change counts as applied
// once all its requests are, so the summary adds up to the plan.
import type { ApiClient } from '../../api/client.js';
import { getOperation, pathParams, type OperationId } from '../../api/operations.js';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import { ownId, shapeOf } from '../../core/output/shape.js';
import { AREA, refArea, references, type AreaDef, type AreaName } from './areas.js';
import { naturalKey, type Change, type Plan } from './plan.js';
import type { FileRecord } from './schema.js';
import type { Names } from './state.js';

export interface Applied {
  created: number;
  updated: number;
  deleted: number;
  failed: number;
}

/** Ids by natural key, per area: the server's, and those of records this run creates. */
export class Ids {
  private byName = new Map<AreaName, Map<string, string>>();

  constructor(names: Names) {
    for (const [area, m] of names) this.byName.set(area, new Map([...m].map(([id, name]) => [naturalKey(name), id])));
  }

  add(area: AreaName, name: unknown, id: string): void {
    if (!this.byName.has(area)) this.byName.set(area, new Map());
    this.byName.get(area)!.set(naturalKey(name), id);
  }

  /** The id of the record of `area` a reference names; a name the workspace does not have is an error naming it. */
  id(area: AreaName, name: string, where: string, field: string): string {
    const id = this.byName.get(area)?.get(naturalKey(name));
    if (id === undefined) throw new UsageError(`${where}: ${field}: no ${area} record named "${name}" in the file or the workspace`);
    return id;
  }

  /** References by name become ids (references() finds the same fields, in the same order). */
  resolve(value: unknown, where: string, field?: string): unknown {
    const area = field === undefined ? undefined : refArea(field);
    if (area && typeof value === 'string') return this.id(area, value, where, field!);
    if (area && Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v: string) => this.id(area, v, where, field!));
    if (Array.isArray(value)) return value.map((v) => this.resolve(v, where));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v, where, k)]));
  }
}

/**
 * The id a dry run shows for a record it would create: named after it (`NEW_TAGS_ID(gold)`), so
 * that a segment's two new tags are told apart; `shown` is the key as it may be printed.
 */
const newId = (def: AreaDef, shown: string) => `NEW_${def.name.toUpperCase()}_ID(${shown})`;

/**
 * Every reference the plan would send, resolved as the applier resolves it, in the plan's order
 * (a record created earlier may be named): one that names no record of the file or the
 * workspace is a usage error naming the record, before anything is written.
 */
export function checkReferences(plan: Plan, names: Names): void {
  const ids = new Ids(names);
  for (const c of plan.changes) {
    if (c.action === 'delete') continue;
    // Found, not resolved: a copy of every record of the plan would be made only to be dropped.
    const fields = c.action === 'create' ? c.record : Object.fromEntries(c.changes.map((f) => [f.field, f.new]));
    for (const ref of references(fields)) for (const name of ref.names) ids.id(ref.area, name, `${c.area} "${c.key}"`, String(ref.path[ref.path.length - 1]));
    if (c.action === 'create') ids.add(c.area, c.key, newId(AREA[c.area], c.key));
  }
}

/** The fields a create or update sends: not the key-less state fields, references as ids. */
function bodyOf(def: AreaDef, fields: FileRecord, ids: Ids, where: string): Record<string, unknown> {
  const plain = Object.fromEntries(Object.entries(fields).filter(([f]) => !def.states?.[f]));
  return ids.resolve(plain, where) as Record<string, unknown>;
}

export class Applier {
  readonly applied: Applied = { created: 0, updated: 0, deleted: 0, failed: 0 };

  constructor(
    private api: ApiClient,
    private ids: Ids,
    /** A key as it may be printed (a value filled from a variable shown as the file wrote it). */
    private shownKey: (key: string) => string = (key) => key,
  ) {}

  private async send(op: OperationId, id: string | undefined, json?: unknown): Promise<unknown> {
    const [param] = pathParams(getOperation(op).path);
    const res = await this.api.call(op, { params: param && id !== undefined ? { [param]: id } : undefined, json });
    return res.body;
  }

  /** The state steps from the server's value to the file's, for each state field the file sets. */
  private async states(def: AreaDef, id: string, from: Record<string, unknown>, to: FileRecord): Promise<void> {
    for (const [field, steps] of Object.entries(def.states ?? {})) {
      if (!(field in to)) continue;
      for (const step of steps(from[field], to[field])) await this.send(step.op, id, step.body?.(id));
    }
  }

  private async create(c: Extract<Change, { action: 'create' }>, def: AreaDef, where: string): Promise<void> {
    const body = await this.send(def.create!, undefined, bodyOf(def, c.record, this.ids, where));
    const made = (shapeOf(body).item ?? body ?? {}) as Record<string, unknown>;
    // A dry run answers nothing: later requests show where the new id would go.
    const id = ownId(made) ?? (this.api.opts.dryRun ? newId(def, this.shownKey(c.key)) : undefined);
    if (id === undefined) throw new CliError(`${where}: created, but the answer has no id: run the sync again to finish`, 1);
    this.ids.add(def.name, c.key, id);
    try {
      await this.states(def, id, { ...def.created, ...(def.read?.(made) ?? made) }, c.record);
    } catch (err) {
      if (err instanceof CliError) throw new CliError(`${where}: created, but its state is not set: ${err.message}`, err.exitCode, err.status, err.code);
      throw err;
    }
    // Counted once its states are set: a state step that fails counts the change as failed.
    this.applied.created++;
  }

  private async update(c: Extract<Change, { action: 'update' }>, def: AreaDef, where: string): Promise<void> {
    const fields = Object.fromEntries(c.changes.map((f) => [f.field, f.new]));
    const body = bodyOf(def, fields, this.ids, where);
    if (Object.keys(body).length) await this.send(def.update!, c.id, body);
    await this.states(def, c.id, Object.fromEntries(c.changes.map((f) => [f.field, f.old])), fields);
    this.applied.updated++;
  }

  private async remove(c: Extract<Change, { action: 'delete' }>, def: AreaDef): Promise<void> {
    const r = def.remove!;
    await this.send(r.op, r.ids ? undefined : c.id, r.ids ? { ids: [c.id] } : r.body);
    this.applied.deleted++;
  }

  /** One change; a failure is counted and thrown, worded with the record it was about. */
  async apply(c: Change): Promise<void> {
    const def = AREA[c.area];
    const where = `${c.area} "${c.key}"`;
    try {
      if (c.action === 'create') await this.create(c, def, where);
      else if (c.action === 'update') await this.update(c, def, where);
      else await this.remove(c, def);
    } catch (err) {
      this.applied.failed++;
      if (!(err instanceof CliError)) throw err;
      // The plan's references were checked before anything was sent (checkReferences): one that
      // fails now is the workspace changing under the sync, and exit 2 would say nothing was sent.
      const code = err.exitCode === EXIT.usage ? EXIT.unexpected : err.exitCode;
      const message = err.message.startsWith(where) ? err.message : `${where}: ${err.message}`;
      throw code === err.exitCode && message === err.message ? err : new CliError(message, code, err.status, code === err.exitCode ? err.code : undefined);
    }
  }
}

export const summaryLine = (a: Applied) => `${a.created} created, ${a.updated} updated, ${a.deleted} deleted, ${a.failed} failed`;
