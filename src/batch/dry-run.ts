// --dry-run of a batch: every row read, built and checked as a run would; nothing is sent, no
// journal or results file is written.
import { UsageError } from '../core/errors.js';
import type { InputRow, Record_ } from './reader.js';
import type { BatchOptions, BatchSummary } from './types.js';

/** --dry-run: every row built and checked, the first valid one described; nothing is sent. Returns the valid rows. */
export async function dryRun<Req>(o: BatchOptions<Req>, rows: AsyncIterable<InputRow>, build: (record: Record_, row: number) => Req, report: (row: number, message: string) => void, summary: BatchSummary): Promise<number> {
  let valid = 0;
  for await (const { row, record, error } of rows) {
    if (o.signal.aborted) {
      summary.status = 'interrupted';
      summary.stopped_by = 'SIGINT';
      break;
    }
    summary.rows++;
    try {
      if (error) throw new UsageError(error);
      const req = build(record, row);
      if (valid++ === 0 && o.describe) summary.request = await o.describe(req);
    } catch (err) {
      summary.failed++;
      summary.invalid++;
      report(row, `invalid: ${(err as Error).message}`);
    }
  }
  return valid;
}
