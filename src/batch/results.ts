// The results file, rebuilt from the journal at the end of a run: every row once, with its
// final state (the last journal record of the row), so it also covers rows sent by earlier
// runs. Rows come in journal order; rows the run never reached are appended from the input.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { journalLines, parseRecord, RowState, scanJournal } from './journal.js';
import { openRows, type Record_ } from './reader.js';

export interface ResultsJob {
  results: string;
  journal: string;
  columns: { key: string; id: string };
  unreached?: { file: string; key: (record: Record_) => string; reason: string };
}

const STATUS = { I: 'uncertain', U: 'uncertain', S: 'sent', F: 'failed' } as const;

export function csvCell(v: string): string {
  return /[",\r\n]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

async function write(out: WriteStream, line: string): Promise<void> {
  if (!out.write(line)) await once(out, 'drain');
}

export async function writeResults(job: ResultsJob): Promise<void> {
  const state = await scanJournal(job.journal);
  const out = createWriteStream(job.results);
  await write(out, `row,${job.columns.key},status,${job.columns.id},error\n`);
  let i = 0;
  for await (const line of journalLines(job.journal)) {
    const r = parseRecord(line);
    if (r && state.lastLine[r.row] === i && state.get(r.row) !== RowState.None) {
      const id = r.kind === 'S' ? r.detail : '';
      const error = r.kind === 'F' || r.kind === 'U' ? r.detail : r.kind === 'I' ? 'no answer recorded (the run stopped while it was in flight)' : '';
      await write(out, `${r.row},${csvCell(r.key)},${STATUS[r.kind]},${csvCell(id)},${csvCell(error)}\n`);
    }
    i++;
  }
  if (job.unreached) {
    const { rows } = await openRows(job.unreached.file);
    for await (const { row, record } of rows) {
      if (state.get(row) !== RowState.None) continue;
      let key = '';
      try {
        key = job.unreached.key(record);
      } catch {
        // an unusable key was already reported when the row was read
      }
      await write(out, `${row},${csvCell(key)},failed,,${csvCell(job.unreached.reason)}\n`);
    }
  }
  out.end();
  await once(out, 'finish');
}
