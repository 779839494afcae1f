// The sandbox's shared building blocks: the generic CRUD routes of a record type (resource()),
// the checks and lookups several areas' handlers share, and the names of generated records.
import type * as z from 'zod/mini';
import { created, fail, notFound, ok, paged, validate, type Handler, type SandboxReply } from './http.js';
import type { Doc, Store } from './store.js';
import { ids } from '../schemas/common.js';

/** Names compared as the service compares them: in any case. */
export const same = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

/** Every id must name a live document: 404 listing the unknown ones, nothing changed. */
export function findAll(store: Store, coll: string, ids: string[], what: string): Doc[] | SandboxReply {
  const docs = ids.map((id) => store.get(coll, id));
  const missing = ids.filter((_, i) => !docs[i]);
  return missing.length ? fail(404, `${what} not found: ${missing.join(', ')}`) : (docs as Doc[]);
}

export const deleteMany = (coll: string, what: string, after?: (store: Store, docs: Doc[]) => SandboxReply | void): Handler => (req, { store }) => {
  const p = validate(ids, req.body);
  if ('reply' in p) return p.reply;
  const docs = findAll(store, coll, p.data.ids, what);
  if (!Array.isArray(docs)) return docs;
  const refused = after?.(store, docs);
  if (refused) return refused;
  for (const d of docs) store.softDelete(coll, d._id);
  return ok({ deleted_count: docs.length, ids: docs.map((d) => d._id) }, `${docs.length} ${what.toLowerCase()}(s) deleted successfully`);
};

export const getOne = (coll: string, what: string, param: string, view: (store: Store, d: Doc) => unknown = (_s, d) => d): Handler => (req, { store }) => {
  const d = store.get(coll, req.params[param]);
  return d ? ok(view(store, d), `${what} fetched successfully`) : notFound(what);
};

export const now = () => new Date().toISOString();

/** Request fields a client may not set on a stored record. */
export function editable(body: Record<string, unknown>): Record<string, unknown> {
  const { _id, id, __v, created_at, updated_at, deleted_at, ...rest } = body;
  return rest;
}

const sameName = (a: unknown, b: unknown) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase();

interface ResourceSpec {
  collection: string;
  /** Singular and plural for messages: ['Team', 'teams']. */
  names: [string, string];
  /** A field that must be unique among live records (409 otherwise). */
  unique?: string;
  create?: z.ZodMiniType<Record<string, unknown>>;
  update?: z.ZodMiniType<Record<string, unknown>>;
  defaults?: Record<string, unknown>;
  searchFields?: string[];
}

/** The CRUD routes every workspace record shares. */
export function resource(r: ResourceSpec) {
  const [one, many] = r.names;
  const duplicate = (store: Store, value: unknown, except?: string) =>
    r.unique !== undefined && value !== undefined && store.list(r.collection, (d) => d._id !== except && sameName(d[r.unique!], value)).length > 0;
  const conflict = () => fail(409, `${one} with this ${r.unique} already exists`);

  const list: Handler = (req, { store }) => paged(store.list(r.collection), req.query, { searchFields: r.searchFields ?? ['name'], message: `${one}s fetched successfully` });
  const get: Handler = (req, { store }) => {
    const doc = store.get(r.collection, Object.values(req.params)[0]);
    return doc ? ok(doc, `${one} fetched successfully`) : notFound(one);
  };
  const create: Handler = (req, { store }) => {
    const v = validate(r.create!, req.body);
    if ('reply' in v) return v.reply;
    if (r.unique && duplicate(store, v.data[r.unique])) return conflict();
    return created(store.insert(r.collection, { ...r.defaults, ...editable(v.data) }), `${one} created successfully`);
  };
  const update: Handler = (req, { store }) => {
    const id = Object.values(req.params)[0];
    if (!store.get(r.collection, id)) return notFound(one);
    const v = validate(r.update!, req.body);
    if ('reply' in v) return v.reply;
    if (r.unique && duplicate(store, v.data[r.unique], id)) return conflict();
    return ok(store.update(r.collection, id, editable(v.data)), `${one} updated successfully`);
  };
  const remove: Handler = (req, { store }) => {
    const doc = store.softDelete(r.collection, Object.values(req.params)[0]);
    return doc ? ok({ _id: doc._id, deleted_at: doc.deleted_at }, `${one} deleted successfully`) : notFound(one);
  };
  /** All ids must exist, else 404 naming the unknown ones and nothing is deleted. */
  const removeMany: Handler = (req, { store }) => {
    const v = validate(ids, req.body);
    if ('reply' in v) return v.reply;
    const missing = v.data.ids.filter((id) => !store.get(r.collection, id));
    if (missing.length) return fail(404, `${many[0].toUpperCase()}${many.slice(1)} not found: ${missing.join(', ')}`);
    for (const id of v.data.ids) store.softDelete(r.collection, id);
    return ok({ deletedCount: new Set(v.data.ids).size, ids: v.data.ids }, `${many[0].toUpperCase()}${many.slice(1)} deleted successfully`);
  };
  return { list, get, create, update, remove, removeMany };
}

/** Flip a status field between two values. */
export function toggle(collection: string, what: string, field: string, [on, off]: [unknown, unknown]): Handler {
  return (req, { store }) => {
    const id = Object.values(req.params)[0];
    const doc = store.get(collection, id);
    if (!doc) return notFound(what);
    const next = doc[field] === on ? off : on;
    return ok(store.update(collection, id, { [field]: next }), `${what} is now ${String(next)}`);
  };
}

/** Names of generated records: 000001, 000002, ... */
export const seq = (i: number) => String(i + 1).padStart(6, '0');
