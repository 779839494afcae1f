// The generic batch engine: one request per input row, streamed (flat memory for any number of
// rows), a worker pool, a rate limit, and the journal that makes it crash-safe and resumable by
// row identity. A command supplies how a row becomes a request and how a request is sent; the
// engine does the rest. Retries (429, 503 with Retry-After, unwritten connections) belong to the
// ApiClient; what an answer means for the row (sent, failed, uncertain) belongs to outcome.ts;
// the steps of one row to run.ts; opening its files to run-files.ts. Here: check, open, feed the
// rows, drain and summarise.
import { resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { lockJournal } from './lock.js';
import { dryRun } from './dry-run.js';
import { checkPaths, resumeNotes } from './prior-run.js';
import { checkInput, type InputCheck } from './input-check.js';
import { openRows, STDIN, type InputRow } from './reader.js';
import { closeRunFiles, openRunFiles, type RunFiles } from './run-files.js';
import { RunState } from './run-state.js';
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

  const source = await openRows(o.file, { delimiter: o.delimiter, stdin: stdin ? o.io.stdin : undefined });
  o.checkColumns(source.columns);
  // A file is read once before anything is sent: a syntax error on line 2,976 is bad input, not
  // "2,975 sent, then a crash". stdin cannot be read twice: a bad line stops the run there.
  const check: InputCheck | undefined = stdin ? undefined : await checkInput(o.file, { delimiter: o.delimiter });

  const state = new RunState(o);
  if (o.dryRun) {
    const valid = await dryRun(o, source.rows, (record, row) => state.build(record, row).req, (row, message) => state.report(row, message), state.summary);
    return Object.assign(state.summary, { valid, not_sent: valid, elapsed_s: Number(state.progress.elapsedS().toFixed(2)) });
  }

  const release = lockJournal(journalPath, o.host);
  try {
    const files = await openRunFiles(o, state, journalPath, input, check);
    try {
      await feed(new BatchRun(o, state, files), state, source.rows, o);
      return await summarise(state, files, o);
    } finally {
      state.stop.unlisten(o.signal);
      await closeRunFiles(files);
    }
  } finally {
    release();
  }
}

/** Every input row through the run's steps; after a stop the rest is still read, each row listed as not sent. */
async function feed<Req>(run: BatchRun<Req>, state: RunState<Req>, rows: AsyncIterable<InputRow>, o: BatchOptions<Req>): Promise<void> {
  try {
    for await (const input of rows) {
      state.summary.rows++;
      const key = state.keyOf(input.record);
      if (state.stop.state) {
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
    state.stop.halt(err instanceof UsageError ? err.message : `cannot read ${o.file === STDIN ? 'stdin' : o.file}: ${(err as Error).message}`, 'input');
  } finally {
    await run.drain();
  }
}

/** The outcomes not yet on disk, then how the run ended: in the summary and the journal's footer. */
async function summarise<Req>({ summary, stop, progress }: RunState<Req>, { journal, prior }: RunFiles, o: BatchOptions<Req>): Promise<BatchSummary> {
  // A journal that cannot take them stops the run like any write.
  await journal.flush().catch((err: Error) => stop.halt(err.message, 'journal'));
  const s = stop.state;
  if (s) Object.assign(summary, { status: isSignal(s.by) ? 'interrupted' : 'stopped', stop_reason: s.reason, stopped_by: s.by });
  if (prior) resumeNotes(o.io, summary, prior.sent, Boolean(o.newMessage));
  Object.assign(summary, { elapsed_s: Number(progress.elapsedS().toFixed(2)), rate_per_s: Math.round(progress.rate()) });
  const { rows, sent, failed, uncertain, skipped, not_sent } = summary;
  journal.end({ end: summary.status, rows, sent, failed, uncertain, skipped, not_sent, at: new Date().toISOString() });
  return summary;
}
