// --state FILE: saved at most every SAVE_EVERY_MS after a write, and on close, off the request
// path: a write only marks the state dirty; a timer writes the whole file atomically (temp
// file, fsync, rename) without blocking requests meanwhile. A kill -9 loses at most the last
// interval, and the file is always a whole state. It holds the key and tokens: every write is a
// new 0600 file (store.ts refuses, at start, one that others own or may write).
import { writeAtomic, writeAtomicAsync } from '../core/atomic-write.js';
import type { Store } from './store.js';

export const SAVE_EVERY_MS = 200;

export class Saver {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;

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
    }, this.everyMs);
  }

  /** Save now, synchronously (start and close). */
  saveNow(): void {
    if (!this.file) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty = false;
    writeAtomic(this.file, JSON.stringify(this.store.data), 0o600);
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
    const text = JSON.stringify(this.store.data);
    this.writing = writeAtomicAsync(this.file!, text, 0o600)
      .catch((err: Error) => this.log(`sandbox: cannot save --state ${this.file}: ${err.message}`))
      .finally(() => (this.writing = undefined));
    await this.writing;
  }
}
