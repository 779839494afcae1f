// Streaming input of a batch: CSV with a header row (csv-parse) or JSON Lines, from a file or
// stdin (`-`). Rows are numbered from 1 (the Nth record; a CSV header is not a record) and never
// held in memory. A file is read once before anything is sent (input-check.ts).
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { UsageError } from '../core/errors.js';

export type Record_ = Record<string, unknown>;

export interface InputRow {
  row: number;
  record: Record_;
  /** Set when the record itself is unusable (a JSONL line that is not an object, a CSV row of the wrong width). */
  error?: string;
}

export interface RowSource {
  /** The CSV header, or the keys of the first JSONL record (normalised by columnName). */
  columns: string[];
  rows: AsyncIterable<InputRow>;
}

export interface ReadOptions {
  /** A CSV field delimiter; detected from the header line when not given. */
  delimiter?: string;
  /** stdin, for FILE `-`. */
  stdin?: NodeJS.ReadableStream;
}


export const STDIN = '-';

/**
 * Header names match case-insensitively (`To` is `to`). Only the part before the first dot is
 * folded: in `field.City` the custom field keeps its name.
 */
export const columnName = (h: string) => h.trim().replace(/^[^.]*/, (s) => s.toLowerCase());

export const isJsonl = (file: string) => /\.(jsonl|ndjson)$/i.test(file);

function checkReadable(file: string): void {
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new UsageError(`FILE: ${file} is a directory, not a CSV or JSONL file`);
    if (st.size === 0) throw new UsageError(`FILE: ${file} is empty`);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`FILE: cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code}`);
  }
}

/** `--delimiter`: one character; `tab` or `\t` for a tab. */
export function delimiterFlag(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  const d = s === 'tab' || s === '\\t' ? '\t' : s;
  if (d.length !== 1 || d === '"' || d === '\n' || d === '\r') throw new UsageError(`--delimiter: must be one character (or "tab"), got "${s}"`);
  return d;
}

/** The most frequent of `,` `;` tab on the header line, outside quotes; `,` when none. */
export function detectDelimiter(head: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of head) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]++;
  }
  return Object.entries(counts).reduce((best, cur) => (cur[1] > best[1] ? cur : best), [',', 0])[0];
}

async function loadParse() {
  const m = await import('csv-parse');
  return (m.parse ?? (m as unknown as { default: typeof m }).default.parse) as typeof m.parse;
}

export function fileHead(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    return buf.toString('utf8', 0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** The first bytes of an input (for sniffing), and the whole input as chunks. */
async function peek(file: string, o: ReadOptions): Promise<{ head: string; chunks: AsyncIterable<Buffer> }> {
  if (file !== STDIN) return { head: fileHead(file), chunks: createReadStream(file, { highWaterMark: 256 * 1024 }) };
  if (!o.stdin) throw new Error('internal error: FILE - read without a stdin');
  const it = o.stdin[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await it.next();
  if (first.done) throw new UsageError('FILE: stdin is empty');
  const firstBuf = Buffer.from(first.value);
  return {
    head: firstBuf.toString('utf8'),
    chunks: (async function* () {
      yield firstBuf;
      for (let r = await it.next(); !r.done; r = await it.next()) yield Buffer.from(r.value);
    })(),
  };
}

function header(raw: string[], where: string): string[] {
  const columns = raw.map((h) => columnName(String(h)));
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw new UsageError(`FILE: ${where} line 1: duplicate column "${c}" (column names match case-insensitively)`);
    seen.add(c);
  }
  return columns;
}

/**
 * The records of a parser, and only then its error: a stream's async iterator drops what it had
 * buffered when the stream fails, so the rows before a bad line of stdin would be lost.
 */
async function* records(parser: Readable): AsyncGenerator<string[]> {
  let queue: string[][] = [];
  let failure: Error | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  parser.on('data', (r: string[]) => {
    if (queue.push(r) >= 1024) parser.pause();
    poke();
  });
  parser.on('end', () => ((ended = true), poke()));
  parser.on('error', (e: Error) => ((failure = e), poke()));
  try {
    for (;;) {
      if (queue.length) {
        const batch = queue;
        queue = [];
        parser.resume();
        yield* batch;
      } else if (failure) throw failure;
      else if (ended) return;
      else await new Promise<void>((r) => (wake = r));
    }
  } finally {
    parser.destroy();
  }
}

async function* csvRows(chunks: AsyncIterable<Buffer>, delimiter: string, where: string, onHeader: (c: string[]) => void): AsyncGenerator<InputRow> {
  const parse = await loadParse();
  let columns: string[] | undefined;
  let row = 0;
  const source = Readable.from(chunks);
  const parser = source.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, delimiter }));
  // pipe() passes no error on: a read that fails part way (stdin's pipe broken, EIO) would leave
  // the parser waiting for an end that never comes, and the error unhandled. The parser ends
  // instead (the rows it holds are read), then the error is thrown.
  let readError: Error | undefined;
  source.once('error', (err) => {
    readError = err;
    parser.end();
  });
  for await (const fields of records(parser)) {
    if (!columns) {
      columns = header(fields, where);
      onHeader(columns);
      continue;
    }
    const record: Record_ = {};
    const n = Math.min(fields.length, columns.length);
    for (let i = 0; i < n; i++) record[columns[i]] = fields[i];
    row++;
    if (fields.length !== columns.length) yield { row, record, error: `${fields.length} fields, the header has ${columns.length}` };
    else yield { row, record };
  }
  if (readError) throw new ReadFailure(readError.message, { cause: readError });
}

function jsonRecord(v: Record_): Record_ {
  for (const k in v) {
    if (columnName(k) !== k) {
      const out: Record_ = {};
      for (const [key, value] of Object.entries(v)) out[columnName(key)] = value;
      return out;
    }
  }
  return v;
}

async function* jsonlRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<InputRow> {
  let rest = '';
  let row = 0;
  const parse = (line: string): InputRow | undefined => {
    if (line.trim() === '') return undefined;
    row++;
    try {
      const v = JSON.parse(line) as unknown;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return { row, record: jsonRecord(v as Record_) };
      return { row, record: {}, error: 'line is not a JSON object' };
    } catch {
      return { row, record: {}, error: 'line is not valid JSON' };
    }
  };
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      const r = parse(line);
      if (r) yield r;
    }
  }
  const r = parse(rest + decoder.decode());
  if (r) yield r;
}

/** The input could not be read (its pipe broke, EIO): not a CSV problem, said as it is. */
class ReadFailure extends Error {}

const notCsv = (file: string, err: unknown) => new UsageError(`FILE: ${file === STDIN ? 'stdin' : file} is not valid CSV: ${(err as Error).message}`);

/** Open the input: checks it, reads up to the first record, and returns the columns. */
export async function openRows(file: string, o: ReadOptions = {}): Promise<RowSource> {
  if (file !== STDIN) checkReadable(file);
  const { head, chunks } = await peek(file, o);
  const jsonl = file === STDIN ? /^\s*\{/.test(head) : isJsonl(file);
  let columns: string[] | undefined;
  const gen = jsonl ? jsonlRows(chunks) : csvRows(chunks, o.delimiter ?? detectDelimiter(head), file === STDIN ? 'stdin' : file, (c) => (columns = c));
  let first: IteratorResult<InputRow>;
  try {
    first = await gen.next();
  } catch (err) {
    if (err instanceof UsageError || err instanceof ReadFailure) throw err;
    throw notCsv(file, err);
  }
  if (first.done) throw new UsageError(`FILE: ${file === STDIN ? 'stdin' : file} has no rows${columns ? ' (only a header)' : ''}`);
  if (jsonl) columns = Object.keys(first.value.record);
  const firstRow = first.value;
  return {
    columns: columns ?? [],
    rows: (async function* () {
      yield firstRow;
      try {
        yield* gen;
      } catch (err) {
        throw jsonl || err instanceof ReadFailure ? err : notCsv(file, err);
      }
    })(),
  };
}
