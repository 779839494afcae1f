// The pass over a batch's input before anything is sent: a CSV syntax error anywhere is bad input
// (exit 2, naming the line), not "2,975 sent, then a crash"; the pass also gives the row count
// (progress, the identity table's size) and the input's fingerprint (the journal's header).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { UsageError } from '../core/errors.js';
import { detectDelimiter, fileHead, isJsonl, openRows, type ReadOptions } from './reader.js';

export interface InputCheck {
  rows: number;
  size: number;
  sha256: string;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * A byte-level CSV syntax check and record count, two orders of magnitude cheaper than parsing,
 * that agrees with csv-parse: quotes must open at the start of a field, close before the end of
 * the input, and be followed by a delimiter or a line end. The line end is the first one outside
 * quotes (CRLF, LF or CR, as csv-parse settles it); any other CR or LF is data. Blank lines are
 * not records.
 */
export class CsvScan {
  records = 0;
  error?: string;
  private line = 1;
  private quoted = false;
  private afterQuote = false;
  private fieldStart = true;
  private hasData = false;
  private quoteLine = 0;
  private eol?: 'lf' | 'crlf' | 'cr';
  /** A CR outside quotes where the line end is CRLF or not settled yet: the next byte decides. */
  private pendingCr = false;
  /** That CR came right after a closing quote (where only a whole line end may follow). */
  private crAfterQuote = false;
  private first = true;

  constructor(private readonly delimiter: number) {}

  push(buf: Buffer): void {
    let i = 0;
    if (this.first) {
      this.first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3;
    }
    for (; i < buf.length && !this.error; i++) this.byte(buf[i]);
  }

  end(): void {
    if (this.pendingCr && !this.error) this.crAlone();
    if (this.error) return;
    if (this.quoted) this.error = `line ${this.quoteLine}: a quote opened here is never closed`;
    else if (this.hasData) this.records++;
  }

  private endRecord(): void {
    if (this.hasData) this.records++;
    this.hasData = false;
    this.fieldStart = true;
    this.line++;
  }

  private data(): void {
    this.fieldStart = false;
    this.hasData = true;
  }

  private badClose(): void {
    this.error = `line ${this.line}: a closing quote must be followed by a delimiter or a line end`;
  }

  /** A CR not followed by LF: the line end of a CR file (the first makes it one), else data. */
  private crAlone(): void {
    this.pendingCr = false;
    this.eol ??= 'cr';
    if (this.eol === 'cr') this.endRecord();
    else if (this.crAfterQuote) this.badClose();
    else this.data();
  }

  private byte(c: number): void {
    if (this.pendingCr) {
      if (c === LF) {
        this.pendingCr = false;
        this.eol = 'crlf';
        return this.endRecord();
      }
      this.crAlone();
      if (this.error) return;
    }
    if (this.quoted) {
      if (c === QUOTE) {
        this.quoted = false;
        this.afterQuote = true;
      } else if (c === LF) this.line++;
      return;
    }
    const closed = this.afterQuote;
    if (closed) {
      this.afterQuote = false;
      if (c === QUOTE) {
        this.quoted = true;
        return;
      }
      // After a closing quote, a line end must be the file's (a CR may still turn out to be CRLF).
      const ends = c === this.delimiter || (c === LF && (this.eol ?? 'lf') === 'lf') || (c === CR && this.eol !== 'lf');
      if (!ends) return this.badClose();
    }
    if (c === LF) {
      this.eol ??= 'lf';
      if (this.eol === 'lf') this.endRecord();
      else this.data();
    } else if (c === CR) {
      if (this.eol === 'cr') this.endRecord();
      else if (this.eol === 'lf') this.data();
      else {
        this.pendingCr = true;
        this.crAfterQuote = closed;
      }
    } else if (c === this.delimiter) {
      this.fieldStart = true;
      this.hasData = true;
    } else if (c === QUOTE) {
      if (!this.fieldStart) {
        this.error = `line ${this.line}: a quote inside a field that does not start with one`;
        return;
      }
      this.quoted = true;
      this.quoteLine = this.line;
      this.fieldStart = false;
      this.hasData = true;
    } else this.data();
  }
}

/** Non-blank lines of JSON Lines. */
function countLines(buf: Buffer, state: { records: number; hasData: boolean }): void {
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (c === LF) {
      if (state.hasData) state.records++;
      state.hasData = false;
    } else if (c !== 32 && c !== 9 && c !== CR) state.hasData = true;
  }
}

/**
 * The pass before anything is sent: the input's fingerprint (size + SHA-256) for the journal
 * header, the number of rows, and for CSV a syntax check of every record (exit 2, naming the
 * line). What the quick check flags is confirmed by the real parser before it is reported.
 */
export async function checkInput(file: string, o: ReadOptions = {}): Promise<InputCheck> {
  const hash = createHash('sha256');
  let size = 0;
  const jsonl = isJsonl(file);
  const scan = new CsvScan((o.delimiter ?? detectDelimiter(fileHead(file))).charCodeAt(0));
  const lines = { records: 0, hasData: false };
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    size += buf.length;
    if (jsonl) countLines(buf, lines);
    else scan.push(buf);
  }
  if (jsonl) return { rows: lines.records + (lines.hasData ? 1 : 0), size, sha256: hash.digest('hex') };
  scan.end();
  if (scan.error) await confirmCsvError(file, o, scan.error);
  return { rows: Math.max(0, scan.records - 1), size, sha256: hash.digest('hex') };
}

async function confirmCsvError(file: string, o: ReadOptions, found: string): Promise<void> {
  const source = await openRows(file, o);
  let rows = 0;
  try {
    for await (const _ of source.rows) rows++;
  } catch (err) {
    throw new UsageError(`FILE: ${file} is not valid CSV: ${found} (row ${rows + 1}; ${(err as Error).message.replace(/^FILE: .*? is not valid CSV: /, '').replace(/:.*/s, '')})`);
  }
}
