// Streaming input of a batch: CSV with a header row (csv-parse) or JSON Lines. Rows are
// numbered from 1 (the Nth record; a CSV header is not a record) and never held in memory.
import { createReadStream, statSync } from 'node:fs';
import { UsageError } from '../core/errors.js';

export type Record_ = Record<string, unknown>;

export interface InputRow {
  row: number;
  record: Record_;
  /** Set when the record itself is unreadable (a JSONL line that is not an object). */
  error?: string;
}

export interface RowSource {
  /** The CSV header, or the keys of the first JSONL record. */
  columns: string[];
  rows: AsyncIterable<InputRow>;
}

const isJsonl = (file: string) => /\.(jsonl|ndjson)$/i.test(file);

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

async function* csvRows(file: string, onHeader: (columns: string[]) => void): AsyncGenerator<InputRow> {
  const m = await import('csv-parse');
  const parse = (m.parse ?? (m as unknown as { default: typeof m }).default.parse) as typeof m.parse;
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      columns: (header: string[]) => {
        const columns = header.map((h) => String(h).trim());
        onHeader(columns);
        return columns;
      },
    }),
  );
  let row = 0;
  for await (const record of parser) yield { row: ++row, record: record as Record_ };
}

async function* jsonlRows(file: string): AsyncGenerator<InputRow> {
  let rest = '';
  let row = 0;
  const parse = (line: string): InputRow | undefined => {
    if (line.trim() === '') return undefined;
    row++;
    try {
      const v = JSON.parse(line) as unknown;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return { row, record: v as Record_ };
      return { row, record: {}, error: 'line is not a JSON object' };
    } catch {
      return { row, record: {}, error: 'line is not valid JSON' };
    }
  };
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      const r = parse(line);
      if (r) yield r;
    }
  }
  const r = parse(rest);
  if (r) yield r;
}

/** Open the input: checks it, reads up to the first record, and returns the columns. */
export async function openRows(file: string): Promise<RowSource> {
  checkReadable(file);
  let columns: string[] | undefined;
  const jsonl = isJsonl(file);
  const gen = jsonl ? jsonlRows(file) : csvRows(file, (c) => (columns = c));
  let first: IteratorResult<InputRow>;
  try {
    first = await gen.next();
  } catch (err) {
    throw new UsageError(`FILE: ${file} is not valid CSV: ${(err as Error).message}`);
  }
  if (first.done) throw new UsageError(`FILE: ${file} has no rows${columns ? ' (only a header)' : ''}`);
  if (jsonl) columns = Object.keys(first.value.record);
  const firstRow = first.value;
  return {
    columns: columns ?? [],
    rows: (async function* () {
      yield firstRow;
      yield* gen;
    })(),
  };
}

/** Approximate number of records (newlines), for the progress bar's ETA only. */
export async function countRows(file: string): Promise<number> {
  let n = 0;
  let last = 10;
  for await (const chunk of createReadStream(file)) {
    const buf = chunk as Buffer;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
    last = buf[buf.length - 1];
  }
  if (last !== 10) n++;
  return isJsonl(file) ? n : Math.max(0, n - 1);
}
