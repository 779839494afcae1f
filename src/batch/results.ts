// The results file: one line per input row, in input order (so it joins back to the input),
// written while the run goes. Rows finish out of order (concurrency); a finished row waits
// here until every row before it has finished. Every cell is server or user text bound for a
// spreadsheet: controls made visible, the API key scrubbed, formulas defused, then quoted.
import { once } from 'node:events';
import { constants, createWriteStream, type WriteStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { openPrivate, type OpenFile, type Trust } from '../core/private-file.js';
import { csvText } from '../core/sanitize.js';

export type ResultStatus = 'sent' | 'failed' | 'uncertain' | 'skipped' | 'not_sent';

/** What a `--wait` learned of a message: the status it ended in, and the error cell that carried a failure's reason. */
export interface Learned {
  final: string;
  error: string;
}

/**
 * What an earlier run's results file learned (`final_status`, from its `--wait`), by message id;
 * undefined when it has no such column (or no text).
 */
export async function learnedFrom(text: string): Promise<Map<string, Learned> | undefined> {
  if (!text) return undefined;
  const { parse } = await import('csv-parse/sync');
  const [header, ...rows] = parse(text, { relax_column_count: true, relax_quotes: true }) as string[][];
  const at = header?.indexOf('final_status') ?? -1;
  if (at < 0) return undefined;
  return new Map(rows.filter((r) => r[3] && r[at]).map((r) => [r[3], { final: r[at], error: r[4] ?? '' }]));
}

/** The text a file holds, read at its start (the descriptor's position stays where it was); '' for a device or a FIFO. */
async function textOf(fh: FileHandle): Promise<string> {
  const st = await fh.stat();
  if (!st.isFile() || !st.size) return '';
  const buf = Buffer.alloc(st.size);
  const { bytesRead } = await fh.read(buf, 0, st.size, 0);
  return buf.toString('utf8', 0, bytesRead);
}

export class ResultsWriter {
  private readonly done = new Map<number, string>();
  private next = 1;
  private chunk = '';

  /**
   * Phone numbers and names: a private file (0600, an existing one made so), never written through
   * a symlink, refused when another user's (core/private-file.ts openPrivate). `keepLearned` (a
   * resume): what the earlier run's file learned is read through the descriptor checked to be
   * ours, then the file is emptied; it has `final_status` again, filled for the rows an earlier
   * run sent.
   */
  static async open(
    path: string,
    columns: { key: string; id: string },
    scrub: (s: string) => string,
    o: { trust?: Trust; openFile?: OpenFile; keepLearned?: boolean } = {},
  ): Promise<ResultsWriter> {
    const flags = o.keepLearned ? constants.O_RDWR | constants.O_CREAT : constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC;
    const fh = await openPrivate(path, flags, '--results', o.trust, o.openFile);
    let learned: Map<string, Learned> | undefined;
    if (o.keepLearned) {
      try {
        learned = await learnedFrom(await textOf(fh));
        if ((await fh.stat()).isFile()) await fh.truncate(0);
      } catch (err) {
        await fh.close();
        throw err;
      }
    }
    return new ResultsWriter(createWriteStream(path, { fd: fh }), columns, scrub, learned);
  }

  private constructor(
    private readonly out: WriteStream,
    columns: { key: string; id: string },
    private readonly scrub: (s: string) => string,
    private readonly learned: Map<string, Learned> | undefined,
  ) {
    this.out.write(`row,${columns.key},status,${columns.id},error${learned ? ',final_status' : ''}\n`);
  }

  /** The cells after `status`: the id, the error, and with an earlier run's learning, its final status. */
  private tail(status: ResultStatus, id: string, error: string): string {
    const known = this.learned && status === 'sent' && id ? this.learned.get(id) : undefined;
    const final = this.learned ? `,${known ? csvText(known.final, false) : ''}` : '';
    if (!known?.error) return `${csvText(this.scrub(id))},${csvText(this.scrub(error))}${final}`;
    // Read back from the earlier file, already made safe for a spreadsheet: not defused twice.
    const carried = !error || known.error.startsWith(error) ? csvText(known.error, false) : csvText(this.scrub(`${error}; ${known.error}`));
    return `${csvText(this.scrub(id))},${carried}${final}`;
  }

  /** Rows finished but waiting for an earlier row. */
  get waiting(): number {
    return this.done.size;
  }

  add(row: number, key: string, status: ResultStatus, id = '', error = ''): void {
    const line = `${row},${csvText(this.scrub(key))},${status},${this.tail(status, id, error)}\n`;
    if (row !== this.next) {
      this.done.set(row, line);
      return;
    }
    this.chunk += line;
    this.next++;
    for (let l = this.done.get(this.next); l !== undefined; l = this.done.get(this.next)) {
      this.chunk += l;
      this.done.delete(this.next++);
    }
    if (this.chunk.length > 16384) this.write();
  }

  /** Resolves when the file has taken what it was given (backpressure for the reader). */
  async drained(): Promise<void> {
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.write();
    this.out.end();
    await once(this.out, 'finish');
  }

  private write(): void {
    if (this.chunk) this.out.write(this.chunk);
    this.chunk = '';
  }
}
