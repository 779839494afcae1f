// The results file: one line per input row, in input order (so it joins back to the input),
// written while the run goes. Rows finish out of order (concurrency); a finished row waits
// here until every row before it has finished. Every cell is server or user text bound for a
// spreadsheet: controls made visible, the API key scrubbed, formulas defused, then quoted.
import { once } from 'node:events';
import { constants, createWriteStream, type WriteStream } from 'node:fs';
import { openPrivate, type OpenFile, type Trust } from '../core/private-file.js';
import { csvText } from '../core/sanitize.js';

export type ResultStatus = 'sent' | 'failed' | 'uncertain' | 'skipped' | 'not_sent';


export class ResultsWriter {
  private readonly done = new Map<number, string>();
  private next = 1;
  private chunk = '';

  /**
   * Phone numbers and names: a private file (0600, an existing one made so), never written through
   * a symlink, refused when another user's (core/private-file.ts openPrivate).
   */
  static async open(path: string, columns: { key: string; id: string }, scrub: (s: string) => string, trust?: Trust, openFile?: OpenFile): Promise<ResultsWriter> {
    const fh = await openPrivate(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, '--results', trust, openFile);
    return new ResultsWriter(createWriteStream(path, { fd: fh }), columns, scrub);
  }

  private constructor(
    private readonly out: WriteStream,
    columns: { key: string; id: string },
    private readonly scrub: (s: string) => string,
  ) {
    this.out.write(`row,${columns.key},status,${columns.id},error\n`);
  }

  /** Rows finished but waiting for an earlier row. */
  get waiting(): number {
    return this.done.size;
  }

  add(row: number, key: string, status: ResultStatus, id = '', error = ''): void {
    const line = `${row},${csvText(this.scrub(key))},${status},${csvText(this.scrub(id))},${csvText(this.scrub(error))}\n`;
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
