// The batch flags of docs/contract.md (chat send-batch, contacts import); src/batch/command.ts reads them.
import type { OptSpec } from './types.js';

export const BATCH_OPTIONS: OptSpec[] = [
  { flags: '--concurrency <n>', description: 'requests in flight at once (default 8)' },
  { flags: '--rate <n>', description: 'at most N requests in any one second, paced evenly from the first' },
  { flags: '--journal <file>', description: 'journal of the run (default FILE.journal)' },
  { flags: '--resume', description: 'continue the run of the journal: skip sent rows (matched by recipient and message), keep uncertain ones' },
  { flags: '--restart', description: 'start a new run: move the existing journal aside (FILE.journal.1)' },
  { flags: '--retry-uncertain', description: 'with --resume, send uncertain rows again (they may arrive twice)' },
  { flags: '--results <file>', description: "write every row's final state as CSV, one line per input row, in input order" },
  { flags: '--max-errors <n>', description: 'stop dispatching once more than N rows failed or became uncertain' },
  { flags: '--strict', description: 'a row whose {{column}} is empty is invalid (default: a warning)' },
  { flags: '--delimiter <c>', description: 'CSV field delimiter: , ; or tab (default: detected from the header)' },
];

