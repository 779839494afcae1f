// What a batch run has before its files are open, shared by --dry-run and the run itself: one
// summary (the progress line reads it too), how the run stops and wakes its dispatcher, and each
// row's request built, its warnings and problems reported on stderr.
import { UsageError } from '../core/errors.js';
import { sanitizeText } from '../core/sanitize.js';
import { Progress } from './progress.js';
import type { Record_ } from './reader.js';
import { Stop } from './stop.js';
import type { BatchOptions, BatchSummary } from './types.js';
import { Wake } from './wake.js';

/** Invalid-row, warning and failure reports on stderr; the rest go to the results file. */
const MAX_REPORTED = 20;

export class RunState<Req> {
  readonly summary: BatchSummary = {
    rows: 0, sent: 0, failed: 0, uncertain: 0, skipped: 0, not_sent: 0,
    skipped_sent: 0, skipped_uncertain: 0, skipped_duplicate: 0, invalid: 0, warnings: 0,
    status: 'complete', elapsed_s: 0, rate_per_s: 0,
  };
  readonly progress: Progress;
  readonly concurrency: number;
  /** The dispatcher waits here for a slot, and at the end for the rows in flight. */
  readonly wake = new Wake();
  /** Listened to once the run is confirmed, before its files are written (run-files.ts). */
  readonly stop: Stop;
  private reported = 0;
  /** The row being built and its warnings so far. */
  private building = 0;
  private warned = '';

  constructor(private readonly o: BatchOptions<Req>) {
    this.concurrency = o.concurrency ?? 8;
    this.progress = new Progress(o.io, o.label, this.summary);
    this.stop = new Stop(this.concurrency, () => this.wake.wake());
  }

  /** A line on stderr about a row; past MAX_REPORTED, one pointer to where the rest are. */
  report(row: number, message: string): void {
    if (this.reported++ < MAX_REPORTED) this.progress.note(sanitizeText(this.o.io.scrub(`row ${row}: ${message}`)));
    else if (this.reported === MAX_REPORTED + 1) this.progress.note(`(more rows to report: see ${this.o.results ? this.o.results : 'the journal, or pass --results FILE'})`);
  }

  /** The command builds the row's request; its warnings are reported. Returns them too, for the results file. */
  build(record: Record_, row: number): { req: Req; warning: string } {
    this.building = row;
    this.warned = '';
    return { req: this.o.build(record, row, this.warn), warning: this.warned };
  }

  private readonly warn = (message: string) => {
    if (this.o.strict) throw new UsageError(`${message} (--strict)`);
    this.summary.warnings++;
    this.warned = `${this.warned && `${this.warned}; `}warning: ${message}`;
    this.report(this.building, `warning: ${message}`);
  };

  /** The row's key (the recipient) for the journal and results; '' when there is none (build says why). */
  keyOf(record: Record_): string {
    try {
      return this.o.key(record);
    } catch {
      return '';
    }
  }
}
