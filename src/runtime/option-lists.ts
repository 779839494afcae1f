// The option lists several commands share, data only: the manifest declares commands with them,
// commands/ and batch/ read their types (OptsOf, options.ts). Apart from options.ts, which the
// start of every run loads (help shows --data), so that only the commands' areas load these.
import type { OptSpec } from './command-types.js';

/** Paging of every list the server pages (commands/list.ts reads them). */
export const PAGE_OPTIONS = [
  { flags: '--page <n>', description: 'page number (default 1)' },
  { flags: '--limit <n>', description: 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' },
  { flags: '--all', description: 'every page (jsonl, csv and json stream as pages arrive)' },
  { flags: '--max-items <n>', description: 'stop after N records (implies --all)' },
] as const satisfies readonly OptSpec[];

/** page / limit / search, the list query parameters the service uses, and --all. */
export const LIST_OPTIONS = [...PAGE_OPTIONS, { flags: '--search <text>', description: 'filter by text' }] as const satisfies readonly OptSpec[];

/** --wait and --wait-timeout of every command that sends (commands/wait/wait.ts reads them). */
export const WAIT_OPTIONS = [
  { flags: '--wait <status>', description: 'then follow the status until delivered or read (read counts as delivered): exit 5 when any failed (even with others pending), else 8 when --wait-timeout ran out', choices: ['delivered', 'read'] },
  { flags: '--wait-timeout <duration>', description: 'the deadline of the whole wait, polls included: 500ms, 30s, 2m (default 5m)' },
] as const satisfies readonly OptSpec[];

/** The batch flags of docs/contract.md (chat send-batch, contacts import); src/batch/command.ts reads them. */
export const BATCH_OPTIONS = [
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
] as const satisfies readonly OptSpec[];
