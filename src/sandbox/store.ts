// The sandbox's state: named collections of MongoDB-like documents (`_id`, `__v`,
// `created_at`, `updated_at`, soft deletes with `deleted_at`), optionally loaded from a
// --state file (saved by state.ts). A request's writes are one transaction (`atomically`):
// every write a handler makes goes through insert, update, softDelete or reseed (a document is
// never changed in place), each of which journals how to undo itself, so a handler that throws
// half-way leaves the store as it found it. Undoing costs a closure per write, not a copy of
// the store (10,000 messages).
import { randomBytes } from 'node:crypto';
import { removeStaleTemps } from '../core/atomic-write.js';
import { UsageError } from '../core/errors.js';
import { distrust, readTrusted, UntrustedFile } from '../core/private-file.js';
import { MAX_DEPTH, tooDeep } from './depth.js';

export type Doc = Record<string, unknown> & { _id: string };

export interface StoreData {
  collections: Record<string, Doc[]>;
  meta: Record<string, unknown>;
}

let counter = randomBytes(3).readUIntBE(0, 3);
const processBytes = randomBytes(5).toString('hex');

/** 24 hex characters, time-ordered like a MongoDB ObjectId. */
export function objectId(): string {
  counter = (counter + 1) % 0xffffff;
  return Math.floor(Date.now() / 1000).toString(16).padStart(8, '0') + processBytes + counter.toString(16).padStart(6, '0');
}

const now = () => new Date().toISOString();

/**
 * How deep a state file may nest: a document (level 3 of the file) holds request bodies of up to
 * MAX_DEPTH levels a level or two down, and every state the sandbox saves must load again.
 */
export const STATE_DEPTH = 2 * MAX_DEPTH;

/** How many ids of dropped documents are remembered (up to twice this), to tell "dropped" from "never was". */
const REMEMBER_DROPPED = 50_000;

export class Store {
  data: StoreData;
  /**
   * Collections that keep only their newest documents (messages: --max-messages); absent or 0
   * keeps all. The oldest go first; the count of dropped ones is kept in meta (and the state file).
   */
  private readonly limits: Record<string, number> = {};
  // Two generations of the ids dropped lately: finding the oldest id of one large Set to delete
  // it scans the holes left by earlier deletes (0.3 ms a send at 100,000 ids).
  private droppedIds = new Set<string>();
  private droppedBefore = new Set<string>();
  /** Told once per collection, when it first drops a document. */
  onFirstDrop: (name: string, limit: number) => void = () => undefined;
  /** The undo steps of the transaction in progress (newest last), or undefined outside one. */
  private journal: Array<() => void> | undefined;

  constructor(
    readonly file?: string,
    data?: StoreData,
  ) {
    this.data = data ?? { collections: {}, meta: {} };
  }

  /** The state in `file` (undefined when there is none yet); a file that is not our state is bad input. */
  static load(file: string): Store | undefined {
    // It holds the key and tokens that the sandbox then answers to: only a file of ours is trusted.
    // Read through a descriptor checked to be ours (core/private-file.ts), not judged by the path first.
    let text: string | undefined;
    try {
      text = readTrusted(file, { mask: 0o022 });
    } catch (err) {
      if (!(err instanceof UntrustedFile)) throw new UsageError(`--state: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      const bad = distrust(err.bad, file, 'start again (the sandbox writes a new private file)');
      throw new UsageError(`--state: ${file} ${bad.why}; refusing to load it. Fix: ${bad.fix}`);
    }
    removeStaleTemps(file);
    if (text === undefined) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new UsageError(`--state: ${file} is not valid JSON (a sandbox state file); fix it, or remove it to start from the sample data`);
    }
    const d = data as Partial<StoreData> | null;
    const isMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (!isMap(d) || !isMap(d!.collections) || !Object.values(d!.collections!).every(Array.isArray) || (d!.meta !== undefined && !isMap(d!.meta))) {
      throw new UsageError(`--state: ${file} is not a sandbox state file (expected {"collections": {...}, "meta": {...}}); remove it to start from the sample data`);
    }
    const deep = tooDeep(data, STATE_DEPTH);
    if (deep !== undefined) throw new UsageError(`--state: ${file}: ${deep}: nested deeper than ${STATE_DEPTH} levels (not a state the sandbox saved); remove it to start from the sample data`);
    return new Store(file, { collections: d!.collections!, meta: d!.meta ?? {} });
  }

  get meta(): Record<string, unknown> {
    return this.data.meta;
  }

  /**
   * Run `fn` as one transaction: when it throws, every write it made is undone (newest first)
   * and the error goes on. Handlers are synchronous, so no other request's write interleaves.
   */
  atomically<T>(fn: () => T): T {
    if (this.journal) return fn();
    this.journal = [];
    try {
      return fn();
    } catch (err) {
      for (const undo of this.journal.reverse()) undo();
      throw err;
    } finally {
      this.journal = undefined;
    }
  }

  private undo(step: () => void): void {
    this.journal?.push(step);
  }

  /** Every document of a collection, soft-deleted ones included. */
  all(name: string): Doc[] {
    const docs = this.data.collections[name];
    if (docs) return docs;
    this.undo(() => delete this.data.collections[name]);
    return (this.data.collections[name] = []);
  }

  /** Live documents (not soft-deleted), optionally filtered. */
  list(name: string, filter: (d: Doc) => boolean = () => true): Doc[] {
    return this.all(name).filter((d) => !d.deleted_at && filter(d));
  }

  get(name: string, id: string): Doc | undefined {
    return this.all(name).find((d) => (d._id === id || d.id === id) && !d.deleted_at);
  }

  insert(name: string, fields: Record<string, unknown>): Doc {
    const t = now();
    const doc: Doc = { _id: objectId(), ...fields, created_at: t, updated_at: t, __v: 0 } as Doc;
    const docs = this.all(name);
    docs.push(doc);
    this.undo(() => docs.splice(docs.lastIndexOf(doc), 1));
    if (this.limits[name]) this.trim(name);
    return doc;
  }

  /** Keep only the newest `limit` documents of `name` (0: all), now and on every insert. */
  retain(name: string, limit: number): void {
    this.limits[name] = limit;
    if (limit) this.trim(name);
  }

  limit(name: string): number {
    return this.limits[name] ?? 0;
  }

  /** How many documents of `name` were dropped (since the seed, across --state restarts). */
  dropped(name: string): number {
    return Number((this.meta.dropped as Record<string, number> | undefined)?.[name] ?? 0);
  }

  /** Whether a document with this `_id` (or `message_id`) was dropped lately. */
  wasDropped(id: string): boolean {
    return this.droppedIds.has(id) || this.droppedBefore.has(id);
  }

  /** Back to the seed: its collections, and no document dropped. */
  reseed(collections: StoreData['collections']): void {
    const before = { collections: this.data.collections, dropped: this.meta.dropped, ids: this.droppedIds, idsBefore: this.droppedBefore };
    this.undo(() => {
      this.data.collections = before.collections;
      if (before.dropped === undefined) delete this.meta.dropped;
      else this.meta.dropped = before.dropped;
      [this.droppedIds, this.droppedBefore] = [before.ids, before.idsBefore];
    });
    this.droppedIds = new Set();
    this.droppedBefore = new Set();
    this.data.collections = collections;
    delete this.meta.dropped;
    for (const name of Object.keys(this.limits)) if (this.limits[name]) this.trim(name);
  }

  private trim(name: string): void {
    const docs = this.all(name);
    const limit = this.limits[name];
    if (docs.length <= limit) return;
    const hadCounts = this.meta.dropped !== undefined;
    const counts = (this.meta.dropped ??= {}) as Record<string, number>;
    if (!counts[name]) this.onFirstDrop(name, limit);
    // Removing from the front moves every document after it: past a limit of 100, the oldest
    // 1% go together, so the move happens once every limit/100 inserts, not on each.
    const old = docs.splice(0, docs.length - limit + Math.floor(limit / 100));
    const count = counts[name];
    counts[name] = (count ?? 0) + old.length;
    const [ids, idsBefore] = [this.droppedIds, this.droppedBefore];
    const added = old.flatMap((doc) => [doc._id, doc.message_id]).filter((id): id is string => typeof id === 'string' && !ids.has(id));
    for (const id of added) ids.add(id);
    if (ids.size >= REMEMBER_DROPPED) [this.droppedBefore, this.droppedIds] = [ids, new Set()];
    this.undo(() => {
      docs.unshift(...old);
      if (count === undefined) delete counts[name];
      else counts[name] = count;
      if (!hadCounts) delete this.meta.dropped;
      for (const id of added) ids.delete(id);
      [this.droppedIds, this.droppedBefore] = [ids, idsBefore];
    });
  }

  update(name: string, id: string, patch: Record<string, unknown>): Doc | undefined {
    const doc = this.get(name, id);
    return doc && this.replace(name, doc, { ...doc, ...patch, updated_at: now(), __v: ((doc.__v as number) ?? 0) + 1 });
  }

  softDelete(name: string, id: string): Doc | undefined {
    const doc = this.get(name, id);
    return doc && this.replace(name, doc, { ...doc, deleted_at: now() });
  }

  /**
   * Put `next` where `doc` was. A document is never changed in place: the state saver's copy of
   * a collection (a list of references) then stays the state as it was, however long it saves.
   */
  private replace(name: string, doc: Doc, next: Doc): Doc {
    const docs = this.all(name);
    docs[docs.indexOf(doc)] = next;
    this.undo(() => (docs[docs.indexOf(next)] = doc));
    return next;
  }
}

