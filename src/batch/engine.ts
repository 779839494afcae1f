// The generic batch engine: one request per input row, streamed (flat memory for any number of
// rows), a worker pool, a rate limit, and the journal that makes it crash-safe and resumable by
// row identity. A command supplies how a row becomes a request and how a request is sent; the
// engine does the rest. Retries (429, 503 with Retry-After, unwritten connections) belong to the
// ApiClient; what an answer means for the row (sent, failed, uncertain) belongs to outcome.ts;
// the steps of one row to run.ts. Here: check, open, feed the rows, drain and summarise.
import { open } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { InterruptedError, UsageError } from '../core/errors.js';
import { IdTable, State } from './identity.js';
import { Journal } from './journal.js';
import { lockJournal } from './lock.js';
import { refuseForeign } from './owner.js';
import { dryRun } from './dry-run.js';
import { checkMessage, checkPaths, priorRun, resumeNotes } from './prior-run.js';
import { intentRequest, messagedRecipients, refuseChangedRows } from './changed-rows.js';
import { checkInput, type InputCheck } from './input-check.js';
import { openRows, STDIN, type InputRow } from './reader.js';
import { ResultsWriter } from './results.js';
import { BatchRun, CHANGED } from './run.js';
import { isSignal } from './stop.js';
import type { BatchOptions, BatchSummary } from './types.js';

export async function runBatch<Req>(o: BatchOptions<Req>): Promise<BatchSummary> {
  const stdin = o.file === STDIN;
  if (!o.dryRun && o.resume && o.restart) throw new UsageError('--restart: starts a new run; it cannot be combined with --resume');
  if (!o.dryRun && stdin && !o.journal) throw new UsageError('--journal: required when FILE is - (stdin): the journal is named after the input file');
  const input = stdin ? undefined : resolve(o.file);
  const journalPath = resolve(o.journal ?? `${o.file}.journal`);
  checkPaths(input, journalPath, o.results);
  if (!o.dryRun) {
    // A resume reads the journal and appends to both; a new run only truncates the results file.
    if (o.resume) refuseForeign(journalPath, '--journal', { private: true });
    if (o.results) refuseForeign(o.results, '--results', { private: Boolean(o.resume) });
  }

  const source = await openRows(o.file, { delimiter: o.delimiter });
  o.checkColumns(source.columns);
  // A file is read once before anything is sent: a syntax error on line 2,976 is bad input, not
  // "2,975 sent, then a crash". stdin cannot be read twice: a bad line stops the run there.
  const check: InputCheck | undefined = stdin ? undefined : await checkInput(o.file, { delimiter: o.delimiter });

  const run = new BatchRun(o);
  if (o.dryRun) {
    const valid = await dryRun(o, source.rows, (record, row) => run.build(record, row), (row, message) => run.report(row, message), run.summary);
    return Object.assign(run.summary, { valid, not_sent: valid, elapsed_s: Number(run.progress.elapsedS().toFixed(2)) });
  }

  const release = lockJournal(journalPath);
  try {
    const journalSent = await openFiles(run, o, journalPath, input, check);
    await feed(run, source.rows, o);
    return await summarise(run, o, journalSent);
  } finally {
    run.stop.unlisten(o.signal);
    try {
      // A journal that failed has stopped the run and the summary says so; one that cannot take
      // the footer reads as a run that did not finish, which --resume handles.
      await run.journal?.close().catch(() => undefined);
      await run.results?.close();
      await run.priorFile?.close();
    } finally {
      release();
    }
  }
}

/**
 * Under the lock: what an earlier run left (read by identity), then the results file and the
 * journal, opened; the progress line starts. Returns how many rows the journal had as sent.
 */
async function openFiles<Req>(run: BatchRun<Req>, o: BatchOptions<Req>, journalPath: string, input: string | undefined, check: InputCheck | undefined): Promise<number> {
  const { summary } = run;
  // The journal and the results are files: the IO chokepoint scrubs what goes there too.
  const scrub = (text: string) => o.io.scrub(text);
  run.table = new IdTable(check?.rows);
  run.prior = await priorRun(o, journalPath, run.table);
  if (run.prior) {
    checkMessage(run.prior, o);
    run.priorFile = await open(journalPath, 'r');
    if (!o.newMessage) {
      run.messaged = await messagedRecipients(journalPath, run.prior);
      // A file is read once more: every edited row is found before the first send. stdin cannot
      // be: there the run stops at the first one (run.ts), which is not sent.
      if (input) await refuseChangedRows(o, run.prior, run.messaged, { read: intentRequest(run.priorFile) });
    }
  }
  const fingerprint = check ? { size: check.size, sha256: check.sha256 } : null;
  const before = run.prior?.header?.fingerprint;
  if (run.prior) {
    summary.matched = 0;
    if (before && fingerprint && before.sha256 !== fingerprint.sha256) {
      summary.input_changed = true;
      o.io.err(`Note: ${o.file} changed since the journal was written; rows are matched by recipient and message, not by line`);
    }
  }
  // Before the journal and results are written: a declined question leaves no trace.
  if (check && o.confirm) await o.confirm({ rows: check.rows, sent: run.prior ? run.table.count(State.Sent) : 0 }).catch(cancelled);

  run.stop.listen(o.signal);

  if (o.results) {
    run.results = await ResultsWriter.open(o.results, o.resultColumns, scrub);
    summary.results = o.results;
  }
  // A long batch allocates steadily but keeps little alive (~15 MB): V8 would let the old
  // generation grow to ~4x that between full GCs (+50 MiB RSS). 1.5x costs a few % of CPU.
  setFlagsFromString('--heap-growing-percent=50');
  try {
    const header = { v: 2, input: input ?? 'stdin', fingerprint, started: new Date().toISOString(), resume: Boolean(o.resume), pid: process.pid, host: hostname(), message: o.message };
    run.journal = await Journal.open(journalPath, header, {}, scrub);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--journal: cannot write ${journalPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  summary.journal = journalPath;
  run.progress.total = check?.rows;
  run.progress.start();
  return run.prior ? run.table.count(State.Sent) : 0;
}

/** Ctrl-C at the question says what "n" says (nothing was sent), with Ctrl-C's exit code. */
function cancelled(err: unknown): never {
  if (err instanceof InterruptedError) throw new InterruptedError('Cancelled: nothing was sent', err.exitCode);
  throw err;
}

/** Every input row through the run's steps; after a stop the rest is still read, each row listed as not sent. */
async function feed<Req>(run: BatchRun<Req>, rows: AsyncIterable<InputRow>, o: BatchOptions<Req>): Promise<void> {
  try {
    for await (const input of rows) {
      run.summary.rows++;
      const key = run.keyOf(input.record);
      if (run.stop.state) {
        run.notSent(input.row, key);
        continue;
      }
      const r = run.read(input, key);
      if (!r) continue;
      const what = run.classify(r);
      if (what === CHANGED) run.changed(r);
      else if (what !== 'send') await run.skip(r, what);
      else if (await run.waitForSlot()) run.startSend(r);
      else run.notSent(r.row, r.key, r.warning);
    }
  } catch (err) {
    run.stop.halt(err instanceof UsageError ? err.message : `cannot read ${o.file === STDIN ? 'stdin' : o.file}: ${(err as Error).message}`, 'input');
  } finally {
    await run.drain();
  }
}

/** The outcomes not yet on disk, then how the run ended: in the summary and the journal's footer. */
async function summarise<Req>(run: BatchRun<Req>, o: BatchOptions<Req>, journalSent: number): Promise<BatchSummary> {
  const { summary, stop } = run;
  const journal = run.journal!;
  // A journal that cannot take them stops the run like any write.
  await journal.flush().catch((err: Error) => stop.halt(err.message, 'journal'));
  const s = stop.state;
  if (s) Object.assign(summary, { status: isSignal(s.by) ? 'interrupted' : 'stopped', stop_reason: s.reason, stopped_by: s.by });
  if (run.prior) resumeNotes(o.io, summary, journalSent);
  Object.assign(summary, { elapsed_s: Number(run.progress.elapsedS().toFixed(2)), rate_per_s: Math.round(run.progress.rate()) });
  const { rows, sent, failed, uncertain, skipped, not_sent } = summary;
  journal.end({ end: summary.status, rows, sent, failed, uncertain, skipped, not_sent, at: new Date().toISOString() });
  return summary;
}
