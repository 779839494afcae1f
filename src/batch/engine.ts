// The generic batch engine: one request per input row, streamed (flat memory for any
// number of rows), a worker pool, a rate limit, and the journal that makes it crash-safe.
// A command supplies how a row becomes a request and how a request is sent; the engine
// does the rest. Retries of 429/503/unwritten connections belong to the ApiClient.
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { resolve } from 'node:path';
import { AuthError, NetworkError, UsageError } from '../core/errors.js';
import type { IO } from '../core/io.js';
import { Journal, RowState, scanJournal, type JournalState } from './journal.js';
import { TokenBucket } from './limiter.js';
import { Progress, type Counts } from './progress.js';
import { countRows, openRows, type Record_ } from './reader.js';
import { writeResults } from './results.js';

export interface BatchOptions<Req> {
  file: string;
  /** Default: FILE.journal */
  journal?: string;
  results?: string;
  resume?: boolean;
  retryUncertain?: boolean;
  concurrency?: number;
  /** Requests a second. */
  rate?: number;
  /** Stop dispatching once more rows than this have failed or become uncertain. */
  maxErrors?: number;
  dryRun?: boolean;
  io: IO;
  /** Aborted on Ctrl-C: stop dispatching, let requests in flight finish. */
  signal: AbortSignal;
  /** Shown in progress and status lines, e.g. `send-batch`. */
  label: string;
  /** Names of the key and id columns of the results file. */
  resultColumns?: { key: string; id: string };
  /** Refuse an input whose columns cannot work (throw UsageError), before anything is sent. */
  checkColumns(columns: string[]): void;
  /** The key of a row for the journal and results (e.g. the recipient). */
  key(record: Record_): string;
  /** Validate a row and build its request; throw to mark the row failed (it is not sent). */
  build(record: Record_, row: number): Req;
  /** Send; resolves to the id the server gave (message id, contact id). */
  send(req: Req): Promise<string | undefined>;
}

export interface BatchSummary {
  rows: number;
  sent: number;
  failed: number;
  uncertain: number;
  /** Sent by an earlier run (resume). */
  skipped_sent: number;
  /** Left uncertain by an earlier run and not retried. */
  skipped_uncertain: number;
  /** Rows that passed validation in a --dry-run. */
  valid?: number;
  status: 'complete' | 'interrupted' | 'stopped';
  stop_reason?: string;
  elapsed_s: number;
  rate_per_s: number;
  journal?: string;
  results?: string;
}

/** Invalid-row and failure reports on stderr; the rest go to the results file. */
const MAX_REPORTED = 20;

/**
 * A request that may have been written and got no answer is uncertain; any answer, or a
 * connection that never carried the request, is a failure. A 401 (or no key) would fail
 * every row the same way, so it stops the run.
 */
function classify(err: unknown): { kind: 'F' | 'U'; message: string; fatal?: boolean } {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof NetworkError) return { kind: err.written ? 'U' : 'F', message };
  if (err instanceof AuthError && err.status !== 403) return { kind: 'F', message, fatal: true };
  return { kind: 'F', message };
}

export async function runBatch<Req>(o: BatchOptions<Req>): Promise<BatchSummary> {
  const concurrency = o.concurrency ?? 8;
  const journalPath = resolve(o.journal ?? `${o.file}.journal`);
  const source = await openRows(o.file);
  o.checkColumns(source.columns);

  let prior: JournalState | undefined;
  if (!o.dryRun) {
    if (o.resume) {
      if (!existsSync(journalPath)) throw new UsageError(`--resume: no journal at ${journalPath} (pass --journal FILE, or run without --resume)`);
      prior = await scanJournal(journalPath);
    } else if (existsSync(journalPath)) {
      throw new UsageError(`--journal: ${journalPath} exists from an earlier run; continue it with --resume, or remove it to send everything again`);
    }
  }

  const counts: Counts = { sent: 0, failed: 0, uncertain: 0, skipped: 0 };
  const summary: BatchSummary = { rows: 0, sent: 0, failed: 0, uncertain: 0, skipped_sent: 0, skipped_uncertain: 0, status: 'complete', elapsed_s: 0, rate_per_s: 0 };
  const progress = new Progress(o.io, o.label, counts);
  let reported = 0;
  const report = (row: number, message: string) => {
    if (reported++ < MAX_REPORTED) progress.note(`row ${row}: ${message}`);
    else if (reported === MAX_REPORTED + 1) progress.note(`(more failed rows: see ${o.results ? o.results : 'the journal, or pass --results FILE'})`);
  };

  if (o.dryRun) {
    let valid = 0;
    for await (const { row, record, error } of source.rows) {
      if (o.signal.aborted) {
        summary.status = 'interrupted';
        break;
      }
      summary.rows++;
      try {
        if (error) throw new Error(error);
        o.build(record, row);
        valid++;
      } catch (err) {
        counts.failed++;
        report(row, `invalid: ${(err as Error).message}`);
      }
    }
    return Object.assign(summary, { failed: counts.failed, valid, elapsed_s: Number(progress.elapsedS().toFixed(2)) });
  }

  // A long batch allocates steadily but keeps little alive (~15 MB): V8 would let the old
  // generation grow to ~4x that between full GCs (+50 MiB RSS). 1.5x costs a few % of CPU;
  // --optimize-for-size would cost ~40% (it also changes the JIT).
  setFlagsFromString('--heap-growing-percent=50');
  const journal = await Journal.open(
    journalPath,
    { input: resolve(o.file), started: new Date().toISOString(), resume: Boolean(o.resume), pid: process.pid },
    { intentBatch: Math.ceil(concurrency / 2) },
  );
  summary.journal = journalPath;
  if (o.io.stderrIsTTY) void countRows(o.file).then((n) => (progress.total = n), () => undefined);
  progress.start();

  const limiter = o.rate ? new TokenBucket(o.rate, Math.max(1, Math.min(o.rate, concurrency))) : undefined;
  // Rows between their intent and their answer: up to `concurrency` in flight, and as many
  // again having their intents synced, so that waiting for an fsync never idles the pool.
  let pending = 0;
  let wake: (() => void) | undefined;
  const signalWake = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  let sending = 0;
  const slotQueue: (() => void)[] = [];
  const acquire = () => (sending < concurrency ? (sending++, Promise.resolve()) : new Promise<void>((r) => slotQueue.push(r)));
  const release = () => {
    const next = slotQueue.shift();
    if (next) next();
    else sending--;
  };
  let stop: string | undefined;
  const halt = (reason: string) => {
    stop ??= reason;
    signalWake();
  };
  const onAbort = () => halt('interrupted');
  o.signal.addEventListener('abort', onAbort, { once: true });
  const errors = () => counts.failed + counts.uncertain;
  const failRow = (row: number, key: string, kind: 'F' | 'U', message: string, label = kind === 'U' ? 'uncertain' : 'failed') => {
    journal.outcome(kind, row, key, message);
    if (kind === 'U') counts.uncertain++;
    else counts.failed++;
    report(row, `${label}: ${message}`);
    if (o.maxErrors !== undefined && errors() > o.maxErrors) halt(`more than ${o.maxErrors} errors (--max-errors)`);
  };

  const dispatch = async (row: number, key: string, req: Req) => {
    try {
      await journal.intent(row, key);
      await acquire();
      try {
        if (limiter && !stop) await limiter.take(o.signal).catch(() => undefined);
        // Stopped while waiting: we know it never went out, so the journal says so (not uncertain).
        if (stop) {
          journal.outcome('F', row, key, `not sent: ${stop}`);
          counts.failed++;
          return;
        }
        const id = await o.send(req);
        journal.outcome('S', row, key, id ?? '');
        counts.sent++;
      } finally {
        release();
      }
    } catch (err) {
      if (journal.error) halt(journal.error.message);
      else {
        const c = classify(err);
        failRow(row, key, c.kind, c.message);
        if (c.fatal) halt(c.message);
      }
    } finally {
      pending--;
      signalWake();
    }
  };

  try {
    for await (const { row, record, error } of source.rows) {
      if (stop) break;
      summary.rows++;
      const before = prior?.get(row) ?? RowState.None;
      if (before === RowState.Sent) {
        summary.skipped_sent++;
        counts.skipped++;
        continue;
      }
      if ((before === RowState.Intent || before === RowState.Uncertain) && !o.retryUncertain) {
        summary.skipped_uncertain++;
        counts.skipped++;
        continue;
      }
      let key = '';
      let req: Req;
      try {
        key = o.key(record);
        if (error) throw new Error(error);
        req = o.build(record, row);
      } catch (err) {
        failRow(row, key, 'F', (err as Error).message, 'invalid, not sent');
        continue;
      }
      while (pending >= 2 * concurrency && !stop) await new Promise<void>((r) => (wake = r));
      if (stop) break;
      pending++;
      void dispatch(row, key, req);
    }
  } catch (err) {
    halt(`cannot read ${o.file}: ${(err as Error).message}`);
  } finally {
    o.signal.removeEventListener('abort', onAbort);
    while (pending > 0) await new Promise<void>((r) => (wake = r));
    progress.stop();
    await journal.close();
  }

  if (stop) {
    summary.status = stop === 'interrupted' ? 'interrupted' : 'stopped';
    summary.stop_reason = stop;
  }
  const { sent, failed, uncertain } = counts;
  Object.assign(summary, { sent, failed, uncertain, elapsed_s: Number(progress.elapsedS().toFixed(2)), rate_per_s: Math.round(progress.rate()) });
  if (o.results) {
    summary.results = o.results;
    await writeResults({
      results: o.results,
      journal: journalPath,
      columns: o.resultColumns ?? { key: 'key', id: 'id' },
      // Rows never reached (stopped early) are listed from the input as not sent.
      unreached: stop ? { file: o.file, key: o.key, reason: `not sent: ${stop}` } : undefined,
    });
  }
  return summary;
}
