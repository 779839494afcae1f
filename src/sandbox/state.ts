// --state FILE: saved at most every SAVE_EVERY_MS after a write (longer under load, saveDelay),
// and on close, off the request path: a write only marks the state dirty; a timer writes the
// whole file atomically (temp file, fsync, rename) without blocking requests meanwhile. A kill -9
// loses at most the last interval, and the file is always a whole state. It holds the key and tokens: every write is a
// new 0600 file (store.ts refuses, at start, one that others own or may write).
//
// The file is written in slices (SLICE_DOCS documents or SLICE_MS of work), each serialised
// and written before the next, so answers wait for one slice rather than for a JSON.stringify of
// the whole state (tens of ms at 10,000 messages; 281–851 ms stalls when the history was
// unbounded). The save is of the state as it was when it began (snapshot): a request answered
// between slices is wholly in the next save, never half in this one. Chosen over an append
// journal of changes: a journal missing one kind of write would lose data silently, while a
// rewrite of what retention keeps (a few MB) stays cheap and needs no compaction.
import { writeAtomic, writeAtomicAsync } from '../core/atomic-write.js';
import type { Doc, Store, StoreData } from './store.js';

export const SAVE_EVERY_MS = 200;
const SLICE_DOCS = 500;
/** A piece's work stops at about this (ms), however few documents it holds. */
const SLICE_MS = 4;

/** Told of a document that has no JSON (a cycle or a BigInt, put there by code: the wire cannot). */
export type Unsaved = (collection: string, doc: Doc, err: Error) => void;

interface Snapshot {
  collections: Array<readonly [string, Doc[]]>;
  meta: string;
}

/** The state as it is now, in a form that later writes do not change. */
function snapshot(data: StoreData): Snapshot {
  return { collections: Object.entries(data.collections).map(([name, docs]) => [name, docs.slice()] as const), meta: JSON.stringify(data.meta) };
}

/**
 * The state's JSON (JSON.stringify's, byte for byte) in pieces of at most `sliceDocs` documents
 * or about SLICE_MS of work, whichever comes first (a few large documents must not make one long
 * piece). A document without JSON is left out and told to `unsaved`, the rest saved: one bad
 * record never costs the others their save. The state is taken whole before (snapshot): the
 * collections are copied (lists of references; the store replaces a document it changes, never
 * changes it in place) and meta serialised, so a request answered between pieces is either wholly
 * in the file or wholly out, and retention's splice cannot make a piece skip or repeat a document.
 */
function* stateParts({ collections, meta }: Snapshot, sliceDocs: number, unsaved: Unsaved): Generator<string> {
  let piece = '{"collections":{';
  let [docsIn, started] = [0, performance.now()];
  for (const [i, [name, docs]] of collections.entries()) {
    piece += `${i ? ',' : ''}${JSON.stringify(name)}:[`;
    let first = true;
    for (const doc of docs) {
      try {
        piece += (first ? '' : ',') + JSON.stringify(doc);
        first = false;
      } catch (err) {
        unsaved(name, doc, err as Error);
      }
      if (++docsIn < sliceDocs && performance.now() - started < SLICE_MS) continue;
      yield piece;
      [piece, docsIn, started] = ['', 0, performance.now()];
    }
    piece += ']';
  }
  yield `${piece}},"meta":${meta}}`;
}

/** The state's JSON as of this call (snapshot), in pieces, yielding to waiting requests between them. */
export function stateSlices(data: StoreData, sliceDocs = SLICE_DOCS, unsaved: Unsaved = () => undefined): AsyncGenerator<string> {
  const parts = stateParts(snapshot(data), sliceDocs, unsaved);
  return (async function* () {
    for (const part of parts) {
      yield part;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  })();
}

/**
 * How long a change waits for its save. Under load a save takes longer (its slices share the
 * CPU with the requests): the next one waits at least three times as long as the last took, so
 * saving has at most about a quarter of the time whatever the load. Measured at 50 connections
 * (10,000 messages kept): the sandbox's CPU time per send with --state fell by a quarter against
 * waiting as long again; a save then comes every few seconds, and SIGTERM still saves all.
 */
export function saveDelay(everyMs: number, lastSaveMs: number): number {
  return Math.max(everyMs, 3 * lastSaveMs);
}

export class Saver {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private lastSaveMs = 0;
  /** The documents told as unsaved (each is logged once). */
  private readonly unsaved = new Set<Doc>();
  private readonly skip: Unsaved = (name, doc, err) => {
    if (this.unsaved.has(doc)) return;
    this.unsaved.add(doc);
    this.log(`sandbox: cannot save ${name} ${String(doc._id)} to --state (${err.message}); the other records are saved`);
  };

  constructor(
    private readonly store: Store,
    private readonly file: string | undefined,
    private readonly log: (line: string) => void,
    private readonly everyMs = SAVE_EVERY_MS,
  ) {}

  /** Something changed: save within the interval. */
  changed(): void {
    if (!this.file) return;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flushAsync();
    }, saveDelay(this.everyMs, this.lastSaveMs));
  }

  /** Save now, synchronously (start and close). */
  saveNow(): void {
    if (!this.file) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty = false;
    writeAtomic(this.file, [...stateParts(snapshot(this.store.data), SLICE_DOCS, this.skip)].join(''), 0o600);
  }

  /** On close: wait for a write in progress, then write what is left. */
  async close(): Promise<void> {
    await this.writing;
    if (this.dirty || this.timer) this.saveNow();
  }

  private async flushAsync(): Promise<void> {
    if (this.writing) {
      // One write at a time: the one in progress is followed by another.
      await this.writing;
      return this.changed();
    }
    this.dirty = false;
    const started = Date.now();
    this.writing = writeAtomicAsync(this.file!, stateSlices(this.store.data, SLICE_DOCS, this.skip), 0o600)
      .then(() => void (this.lastSaveMs = Date.now() - started))
      .catch((err: Error) => this.log(`sandbox: cannot save --state ${this.file}: ${err.message}`))
      .finally(() => (this.writing = undefined));
    await this.writing;
  }
}
