// The append-only journal that makes a batch crash-safe. One record a line, tab-separated:
//
//   I <row> <id> <key> <request>  intent: the request is about to be sent (durable BEFORE it goes out)
//   S <row> <id> <key> <msg id>   sent: the server accepted it
//   F <row> <id> <key> <error>    failed: refused, or never reached the server
//   U <row> <id> <key> <error>    uncertain: it may have reached the server, the answer was lost
//   N <row> <id> <key> <reason>   not sent after all (the run stopped between intent and send)
//
// <id> is the row's identity (recipient + rendered request, see identity.ts): resume matches
// rows by it, never by <row>, which is informational. Lines starting with `#` are a JSON header
// per run (input fingerprint, pid, host) and a footer when a run ends. An identity's state is
// its last record; an `I` with nothing after it is uncertain (the process died in between).
// Intents are group-committed: the intents of the rows about to go out are written with one
// durable write() (O_DSYNC; or write() and fdatasync()), and only then are their requests sent.
// Outcomes ride on the next commit, or a timer, so losing some to a crash only turns rows
// uncertain.
import { constants, createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { openPrivate, type OpenFile, type Trust } from '../core/private-file.js';
import { IdTable, State } from './identity.js';

/** A journal decides who is not messaged again: one that others may write is not believed. */
export const JOURNAL_TRUST: Trust = { mask: 0o022 };

export type Kind = 'I' | 'S' | 'F' | 'U' | 'N';
const CODE: Record<Kind, State> = { I: State.Intent, S: State.Sent, F: State.Failed, U: State.Uncertain, N: State.NotSent };

/** Keep a journal field on one line and in its column. */
const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

export interface JournalRecord {
  kind: Kind;
  row: number;
  id: string;
  key: string;
  detail: string;
}

export function parseRecord(line: string): JournalRecord | undefined {
  const [kind, row, id = '', key = '', detail = ''] = line.split('\t');
  if (!(kind in CODE) || !/^\d+$/.test(row ?? '') || !/^[0-9a-f]{16}$/.test(id)) return undefined;
  return { kind: kind as Kind, row: Number(row), id, key, detail };
}

/**
 * Every complete line of a journal with its byte offset. A torn last line (no newline: the
 * process died mid-write) is not a record.
 */
export async function* journalLines(journal: string | FileHandle): AsyncGenerator<[line: string, offset: number]> {
  let rest: Buffer = Buffer.alloc(0);
  let base = 0;
  // An open journal is read from its start, and stays open for the reads after this one.
  const chunks = typeof journal === 'string' ? createReadStream(journal) : journal.createReadStream({ start: 0, autoClose: false });
  for await (const chunk of chunks) {
    const buf = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
      yield [buf.toString('utf8', start, nl), base + start];
      start = nl + 1;
    }
    rest = buf.subarray(start);
    base += start;
  }
}

export interface RunHeader {
  v?: number;
  input?: string;
  fingerprint?: { size: number; sha256: string } | null;
  /** The options every row's message is made from (BatchOptions.message). */
  message?: Record<string, unknown>;
  end?: 'complete' | 'stopped' | 'interrupted';
  /** In a footer: rows of that run that failed (invalid ones too, which have no record). */
  failed?: number;
  [k: string]: unknown;
}

export interface JournalScan {
  table: IdTable;
  /** The header of the last run. */
  header?: RunHeader;
  /** The footer of the last run, if it ended (how, and its counts). */
  footer?: RunHeader;
  /** The last run reached the end of its input. */
  completed: boolean;
  /** Records of an older, row-numbered format (not usable for resume). */
  legacy: number;
}

export async function scanJournal(journal: string | FileHandle, table = new IdTable()): Promise<JournalScan> {
  const scan: JournalScan = { table, completed: false, legacy: 0 };
  for await (const [line, offset] of journalLines(journal)) {
    if (line.startsWith('# ')) {
      let h: RunHeader;
      try {
        h = JSON.parse(line.slice(2)) as RunHeader;
      } catch {
        continue;
      }
      if (h.end) {
        scan.completed = h.end === 'complete';
        scan.footer = h;
      } else {
        scan.header = h;
        scan.completed = false;
        scan.footer = undefined;
      }
      continue;
    }
    const r = parseRecord(line);
    if (r) table.set(table.slot(r.id), CODE[r.kind], offset);
    else if (/^[ISFU]\t\d+\t/.test(line)) scan.legacy++;
  }
  return scan;
}

/** The record at a byte offset of a journal (what an earlier run recorded for a skipped row). */
export async function recordAt(fh: FileHandle, offset: number): Promise<JournalRecord | undefined> {
  const buf = Buffer.alloc(4096);
  const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
  const nl = buf.subarray(0, bytesRead).indexOf(10);
  return parseRecord(buf.toString('utf8', 0, nl === -1 ? bytesRead : nl));
}

export interface JournalOptions {
  /** Outcomes are synced at least this often (ms). */
  flushMs?: number;
  /** Intents are synced once this many wait... */
  intentBatch?: number;
  /** ...or after this long (ms). */
  intentDelayMs?: number;
}

/**
 * Appends that are durable when write() returns (O_DSYNC): one system call a commit instead of
 * write() + fdatasync(), each a round trip through libuv's thread pool. fdatasync() where the
 * platform has no O_DSYNC.
 */
const DSYNC = constants.O_DSYNC ?? 0;

export class Journal {
  private buf: string[] = [];
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private committing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private intentTimer?: NodeJS.Timeout;
  private failure?: Error;
  private intents = 0;
  private flushing = false;

  private constructor(
    private readonly fh: FileHandle,
    private readonly o: Required<JournalOptions>,
    private readonly scrub: (s: string) => string,
  ) {}

  /**
   * Open for appending (0600, never through a symlink, refused when another user's or writable by
   * others: core/private-file.ts openPrivate); a torn last line from a crash is cut off first (it
   * was never a record).
   */
  static async open(path: string, header: RunHeader, o: JournalOptions = {}, scrub = (s: string) => s, openFile: OpenFile = open): Promise<Journal> {
    const fh = await openPrivate(path, constants.O_RDWR | constants.O_CREAT | constants.O_APPEND | DSYNC, '--journal', JOURNAL_TRUST, openFile);
    await cutTornLine(fh);
    const j = new Journal(fh, { flushMs: 200, intentBatch: 1, intentDelayMs: 2, ...o }, scrub);
    // The header holds the message options too: the key never goes to disk, wherever it was pasted.
    j.buf.push(`# ${scrub(JSON.stringify(header))}\n`);
    await j.flush();
    return j;
  }

  /**
   * Record an intent, with the request as text (a resume shows it when the row has changed since);
   * resolves once it is on disk (the request may then be sent).
   */
  intent(row: number, id: string, key: string, request = ''): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.buf.push(`I\t${row}\t${id}\t${this.scrub(clean(key))}\t${this.scrub(clean(request))}\n`);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      // One fsync per row would cost more than the requests: wait (briefly) for a batch.
      if (++this.intents >= this.o.intentBatch) this.kick(true);
      else this.intentTimer ??= setTimeout(() => this.kick(true), this.o.intentDelayMs);
    });
  }

  outcome(kind: Exclude<Kind, 'I'>, row: number, id: string, key: string, detail = ''): void {
    this.buf.push(`${kind}\t${row}\t${id}\t${this.scrub(clean(key))}\t${this.scrub(clean(detail))}\n`);
    if (this.buf.length >= 512) this.kick(false);
    else this.timer ??= setTimeout(() => this.kick(false), this.o.flushMs);
  }

  /** The footer of a run: how it ended. */
  end(footer: RunHeader): void {
    this.buf.push(`# ${JSON.stringify(footer)}\n`);
  }

  get error(): Error | undefined {
    return this.failure;
  }

  /** Write and sync everything buffered. */
  async flush(): Promise<void> {
    this.flushing = true;
    try {
      this.kick(false);
      while (this.committing) await this.committing;
    } finally {
      this.flushing = false;
    }
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.fh.close();
    }
  }

  private kick(soon: boolean): void {
    clearTimeout(this.timer);
    clearTimeout(this.intentTimer);
    this.timer = this.intentTimer = undefined;
    if (this.committing || this.failure) return;
    // setImmediate lets the dispatcher queue the intents of a whole batch of free slots.
    this.committing = new Promise<void>((resolve) => (soon ? setImmediate : queueMicrotask)(() => this.commit().then(resolve)));
  }

  private async commit(): Promise<void> {
    const lines = this.buf.join('');
    const waiters = this.waiters;
    this.buf = [];
    this.waiters = [];
    this.intents = 0;
    try {
      if (lines) {
        await writeAll(this.fh, lines);
        if (!DSYNC) await this.fh.datasync();
      }
      for (const w of waiters) w.resolve();
    } catch (err) {
      this.failure = new Error(`cannot write the journal: ${(err as Error).message}`);
      for (const w of [...waiters, ...this.waiters]) w.reject(this.failure);
      this.waiters = [];
    }
    this.committing = undefined;
    if (this.failure || !this.buf.length) return;
    // What arrived meanwhile: a full batch goes now, the rest when its timer says.
    if (this.intents >= this.o.intentBatch || (this.flushing && this.buf.length)) this.kick(false);
    else if (this.intents) this.intentTimer ??= setTimeout(() => this.kick(true), this.o.intentDelayMs);
    else this.timer ??= setTimeout(() => this.kick(false), this.o.flushMs);
  }
}

/**
 * A write may take only part of the text (a full disk, a file size limit): the rest is written,
 * or fails, before any intent in it counts as on disk. The text goes as a string (no Buffer copy)
 * unless a write falls short.
 */
async function writeAll(fh: FileHandle, text: string): Promise<void> {
  const size = Buffer.byteLength(text);
  let done = (await fh.write(text)).bytesWritten;
  if (done === size) return;
  const buf = Buffer.from(text);
  while (done < size) {
    const { bytesWritten } = await fh.write(buf, done);
    if (bytesWritten === 0) throw new Error('the file takes no more bytes');
    done += bytesWritten;
  }
}

/** Truncate after the last newline: a partial `S\t12\t...` must not be read as a record once more is appended. */
async function cutTornLine(fh: FileHandle): Promise<void> {
  const { size } = await fh.stat();
  if (size === 0) return;
  const tail = Buffer.alloc(Math.min(size, 65536));
  await fh.read(tail, 0, tail.length, size - tail.length);
  if (tail[tail.length - 1] === 10) return;
  const nl = tail.lastIndexOf(10);
  await fh.truncate(nl === -1 ? size - tail.length : size - tail.length + nl + 1);
}
