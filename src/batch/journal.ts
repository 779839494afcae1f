// The append-only journal that makes a batch crash-safe. One record a line, tab-separated:
//
//   I <row> <key>            intent: the request is about to be sent (durable BEFORE it goes out)
//   S <row> <key> <id>       sent: the server accepted it (id = message id)
//   F <row> <key> <error>    failed: refused, invalid, or never reached the server
//   U <row> <key> <error>    uncertain: it may have reached the server, the answer was lost
//
// Lines starting with `#` are comments (a header per run). A row's state is its last
// record; an `I` with nothing after it is uncertain too (the process died in between).
// Intents are group-committed: the intents of the rows about to go out are written with one
// write() and one fdatasync(), and only then are their requests sent. Outcomes ride on
// the next commit, or a timer, so losing some to a crash only turns rows uncertain.
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export const RowState = { None: 0, Intent: 1, Sent: 2, Failed: 3, Uncertain: 4 } as const;
export type RowState = (typeof RowState)[keyof typeof RowState];

const CODE: Record<string, RowState> = { I: RowState.Intent, S: RowState.Sent, F: RowState.Failed, U: RowState.Uncertain };

/** Keep a journal line on one line and in its columns. */
const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

export interface JournalRecord {
  kind: 'I' | 'S' | 'F' | 'U';
  row: number;
  key: string;
  detail: string;
}

export function parseRecord(line: string): JournalRecord | undefined {
  const [kind, row, key = '', detail = ''] = line.split('\t');
  if (!(kind in CODE) || !/^\d+$/.test(row ?? '')) return undefined;
  return { kind: kind as JournalRecord['kind'], row: Number(row), key, detail };
}

/**
 * Every complete line of a journal, in order. A torn last line (no newline: the process
 * died mid-write) is not a record.
 */
export async function* journalLines(path: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
}

/** The last state of every row, and the index of the line that set it; a few bytes a row. */
export class JournalState {
  states = new Uint8Array(1024);
  lastLine = new Uint32Array(1024);

  set(row: number, state: RowState, line: number): void {
    if (row >= this.states.length) {
      let n = this.states.length;
      while (n <= row) n *= 2;
      const s = new Uint8Array(n);
      s.set(this.states);
      const l = new Uint32Array(n);
      l.set(this.lastLine);
      this.states = s;
      this.lastLine = l;
    }
    this.states[row] = state;
    this.lastLine[row] = line;
  }

  get(row: number): RowState {
    return row < this.states.length ? (this.states[row] as RowState) : RowState.None;
  }
}

export async function scanJournal(path: string): Promise<JournalState> {
  const state = new JournalState();
  let i = 0;
  for await (const line of journalLines(path)) {
    const r = parseRecord(line);
    if (r) state.set(r.row, CODE[r.kind], i);
    i++;
  }
  return state;
}

export interface JournalOptions {
  /** Outcomes are synced at least this often (ms). */
  flushMs?: number;
  /** Intents are synced once this many wait... */
  intentBatch?: number;
  /** ...or after this long (ms). */
  intentDelayMs?: number;
}

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
  ) {}

  /** Open for appending; a torn last line from a crash is cut off first (it was never a record). */
  static async open(path: string, header: Record<string, unknown>, o: JournalOptions = {}): Promise<Journal> {
    const fh = await open(path, 'a+', 0o600);
    await cutTornLine(fh);
    const j = new Journal(fh, { flushMs: 200, intentBatch: 1, intentDelayMs: 2, ...o });
    j.buf.push(`# ${JSON.stringify(header)}\n`);
    await j.flush();
    return j;
  }

  /** Record an intent; resolves once it is on disk (the request may then be sent). */
  intent(row: number, key: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.buf.push(`I\t${row}\t${clean(key)}\n`);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      // One fsync per row would cost more than the requests: wait (briefly) for a batch.
      if (++this.intents >= this.o.intentBatch) this.kick(true);
      else this.intentTimer ??= setTimeout(() => this.kick(true), this.o.intentDelayMs);
    });
  }

  outcome(kind: 'S' | 'F' | 'U', row: number, key: string, detail = ''): void {
    this.buf.push(`${kind}\t${row}\t${clean(key)}\t${clean(detail)}\n`);
    if (this.buf.length >= 512) this.kick(false);
    else this.timer ??= setTimeout(() => this.kick(false), this.o.flushMs);
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
        await this.fh.write(lines);
        await this.fh.datasync();
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

/** Truncate after the last newline: a partial `S\t12` must not be read as row 12 once more is appended. */
async function cutTornLine(fh: FileHandle): Promise<void> {
  const { size } = await fh.stat();
  if (size === 0) return;
  const tail = Buffer.alloc(Math.min(size, 65536));
  await fh.read(tail, 0, tail.length, size - tail.length);
  if (tail[tail.length - 1] === 10) return;
  const nl = tail.lastIndexOf(10);
  await fh.truncate(nl === -1 ? size - tail.length : size - tail.length + nl + 1);
}
