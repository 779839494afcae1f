// The generic batch engine: one request per input row, streamed (flat memory for any number of
// rows), a worker pool, a rate limit, and the journal that makes it crash-safe and resumable by
// row identity. A command supplies how a row becomes a request and how a request is sent; the
// engine does the rest. Retries (429, 503 with Retry-After, unwritten connections) belong to the
// ApiClient; what an answer means for the row (sent, failed, uncertain) belongs to outcome.ts.
import { open, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { AuthError, UsageError } from '../core/errors.js';
import { sanitizeText } from '../core/sanitize.js';
import { Deadlines, untilAborted } from './deadline.js';
import { IdTable, identity, State } from './identity.js';
import { Journal, recordAt } from './journal.js';
import { TokenBucket } from './limiter.js';
import { lockJournal } from './lock.js';
import { rowError } from './outcome.js';
import { dryRun } from './dry-run.js';
import { checkPaths, priorRun, resumeNotes } from './prior-run.js';
import { Progress, type Counts } from './progress.js';
import { checkInput, type InputCheck } from './input-check.js';
import { openRows, STDIN, type Record_ } from './reader.js';
import { ResultsWriter, type ResultStatus } from './results.js';
import { isSignal, Stop } from './stop.js';
import type { BatchOptions, BatchSummary } from './types.js';

/** Invalid-row, warning and failure reports on stderr; the rest go to the results file. */
const MAX_REPORTED = 20;
/** Finished rows held back for the in-order results file while an earlier row is in flight. */
const MAX_WAITING = 10_000;


export async function runBatch<Req>(o: BatchOptions<Req>): Promise<BatchSummary> {
  const concurrency = o.concurrency ?? 8;
  const stdin = o.file === STDIN;
  // The journal and the results are files: the IO chokepoint scrubs what goes there too.
  const scrub = (text: string) => o.io.scrub(text);
  const summary: BatchSummary = {
    rows: 0, sent: 0, failed: 0, uncertain: 0, skipped: 0, not_sent: 0,
    skipped_sent: 0, skipped_uncertain: 0, skipped_duplicate: 0, invalid: 0, warnings: 0,
    status: 'complete', elapsed_s: 0, rate_per_s: 0,
  };
  const counts: Counts = { sent: 0, failed: 0, uncertain: 0, skipped: 0 };
  const progress = new Progress(o.io, o.label, counts);
  let reported = 0;
  const report = (row: number, message: string) => {
    if (reported++ < MAX_REPORTED) progress.note(sanitizeText(scrub(`row ${row}: ${message}`)));
    else if (reported === MAX_REPORTED + 1) progress.note(`(more rows to report: see ${o.results ? o.results : 'the journal, or pass --results FILE'})`);
  };
  // The row being built and its warnings (an empty {{column}}): past the cap of stderr reports,
  // the results file is where a warned row is found.
  let building = 0;
  let warned = '';
  const warn = (message: string) => {
    if (o.strict) throw new UsageError(`${message} (--strict)`);
    summary.warnings++;
    warned = `${warned && `${warned}; `}warning: ${message}`;
    report(building, `warning: ${message}`);
  };
  const build = (record: Record_, row: number): Req => {
    building = row;
    warned = '';
    return o.build(record, row, warn);
  };
  const input = stdin ? undefined : resolve(o.file);

  if (!o.dryRun && o.resume && o.restart) throw new UsageError('--restart: starts a new run; it cannot be combined with --resume');
  if (!o.dryRun && stdin && !o.journal) throw new UsageError('--journal: required when FILE is - (stdin): the journal is named after the input file');
  const journalPath = resolve(o.journal ?? `${o.file}.journal`);
  checkPaths(input, journalPath, o.results);

  const source = await openRows(o.file, { delimiter: o.delimiter });
  o.checkColumns(source.columns);
  // A file is read once before anything is sent: a syntax error on line 2,976 is bad input, not
  // "2,975 sent, then a crash". stdin cannot be read twice: a bad line stops the run there.
  const check: InputCheck | undefined = stdin ? undefined : await checkInput(o.file, { delimiter: o.delimiter });

  if (o.dryRun) {
    const valid = await dryRun(o, source.rows, build, report, summary);
    return Object.assign(summary, { valid, not_sent: valid, elapsed_s: Number(progress.elapsedS().toFixed(2)) });
  }

  // The loop waits here for a free slot; a finished row or a stop wakes it.
  let wake: (() => void) | undefined;
  const signalWake = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const stop = new Stop(concurrency, signalWake);
  const release = lockJournal(journalPath);
  let journal: Journal | undefined;
  let priorFile: FileHandle | undefined;
  let results: ResultsWriter | undefined;
  try {
    // The journal says what earlier runs did, by identity; read under the lock.
    const table = new IdTable(check?.rows);
    const prior = await priorRun(o, journalPath, table);
    if (prior) priorFile = await open(journalPath, 'r');
    const fingerprint = check ? { size: check.size, sha256: check.sha256 } : null;
    const before = prior?.header?.fingerprint;
    const journalSent = prior ? table.count(State.Sent) : 0;
    if (prior) {
      summary.matched = 0;
      if (before && fingerprint && before.sha256 !== fingerprint.sha256) {
        summary.input_changed = true;
        o.io.err(`Note: ${o.file} changed since the journal was written; rows are matched by recipient and message, not by line`);
      }
    }

    stop.listen(o.signal);

    if (o.results) {
      results = new ResultsWriter(o.results, o.resultColumns, scrub);
      summary.results = o.results;
    }
    const result = (row: number, key: string, status: ResultStatus, id: string, error: string, warning: string) =>
      results?.add(row, key, status, id, warning && error ? `${error}; ${warning}` : error || warning);
    const notSent = (row: number, key: string, warning = '') => {
      summary.not_sent++;
      result(row, key, 'not_sent', '', `not sent: ${stop.state?.reason ?? 'the run stopped'}`, warning);
    };

    // A long batch allocates steadily but keeps little alive (~15 MB): V8 would let the old
    // generation grow to ~4x that between full GCs (+50 MiB RSS). 1.5x costs a few % of CPU.
    setFlagsFromString('--heap-growing-percent=50');
    try {
      journal = await Journal.open(
        journalPath,
        { v: 2, input: input ?? 'stdin', fingerprint, started: new Date().toISOString(), resume: Boolean(o.resume), pid: process.pid, host: hostname() },
        {},
        scrub,
      );
    } catch (err) {
      throw new UsageError(`--journal: cannot write ${journalPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    summary.journal = journalPath;
    progress.total = check?.rows;
    progress.start();

    const limiter = o.rate ? new TokenBucket(o.rate, Math.max(1, Math.min(o.rate, concurrency))) : undefined;
    let pending = 0;
    let preflight = o.preflight;
    const checkErrors = () => {
      if (o.maxErrors !== undefined && summary.failed + summary.uncertain > o.maxErrors) stop.halt(`more than ${o.maxErrors} errors (--max-errors)`, 'max_errors');
    };
    const deadlines = new Deadlines(o.timeoutMs);
    /** The row's request with its deadline: aborted, and uncertain, when --timeout passes. */
    const sendWithin = (req: Req): Promise<string | undefined> => {
      const signal = deadlines.current();
      return untilAborted(o.send(req, signal), signal);
    };

    // A row holds a slot (pending) before its rate token and its intent: a crash leaves at most
    // `concurrency` rows uncertain.
    const dispatch = async (row: number, key: string, id: string, req: Req, warning: string) => {
      let out = false;
      try {
        if (limiter) await limiter.take(stop.signal);
        if (!stop.cancelled) {
          await journal!.intent(row, id, key);
          // Stopped while the intent was syncing: it never went out, and the journal says so.
          if (stop.cancelled) journal!.outcome('N', row, id, key, `not sent: ${stop.state!.reason}`);
        }
        if (stop.cancelled) return notSent(row, key, warning);
        out = true;
        const messageId = (await sendWithin(req)) ?? '';
        journal!.outcome('S', row, id, key, messageId);
        summary.sent++;
        counts.sent++;
        result(row, key, 'sent', messageId, '', warning);
      } catch (err) {
        if (!out) {
          // The journal could not take the intent, or the wait for a token was cut short: not sent.
          if (journal!.error) stop.halt(journal!.error.message, 'journal');
          notSent(row, key, warning);
          return;
        }
        const e = rowError(err);
        journal!.outcome(e.verdict, row, id, key, e.message);
        if (e.verdict === 'U') {
          summary.uncertain++;
          counts.uncertain++;
        } else {
          summary.failed++;
          counts.failed++;
        }
        const status = e.verdict === 'U' ? 'uncertain' : 'failed';
        report(row, `${status}: ${e.message}`);
        result(row, key, status, '', e.message, warning);
        if (e.stops) stop.halt(e.message, 'auth');
        else checkErrors();
      } finally {
        pending--;
        signalWake();
      }
    };

    try {
      for await (const { row, record, error } of source.rows) {
        summary.rows++;
        let key = '';
        try {
          key = o.key(record);
        } catch {
          // reported by build
        }
        // After a stop the rest is still read: every row is counted (and listed) as not sent.
        if (stop.state) {
          notSent(row, key);
          continue;
        }
        let req: Req;
        let id: string;
        try {
          if (error) throw new UsageError(error);
          req = build(record, row);
          id = identity(key, o.render(req));
        } catch (err) {
          const message = (err as Error).message;
          summary.failed++;
          summary.invalid++;
          counts.failed++;
          report(row, `invalid, not sent: ${message}`);
          result(row, key, 'failed', '', `invalid: ${message}`, '');
          checkErrors();
          continue;
        }
        const slot = table.slot(id);
        if (!table.firstSeen(slot)) {
          summary.skipped++;
          summary.skipped_duplicate++;
          counts.skipped++;
          report(row, 'duplicate of an earlier row (same recipient and message): sent once');
          result(row, key, 'skipped', '', 'duplicate of an earlier row', warned);
          continue;
        }
        const state = table.state(slot);
        if (prior && state !== State.None) summary.matched!++;
        if (state === State.Sent || ((state === State.Intent || state === State.Uncertain) && !o.retryUncertain)) {
          summary.skipped++;
          counts.skipped++;
          const rec = results && priorFile ? await recordAt(priorFile, table.offset(slot)!) : undefined;
          if (state === State.Sent) {
            summary.skipped_sent++;
            result(row, key, 'sent', rec?.detail ?? '', 'sent by an earlier run', warned);
          } else {
            summary.skipped_uncertain++;
            result(row, key, 'uncertain', '', rec?.kind === 'U' ? rec.detail : 'no answer recorded (an earlier run stopped while it was in flight)', warned);
          }
          continue;
        }
        while ((pending >= concurrency || (results && results.waiting > MAX_WAITING)) && !stop.state) await new Promise<void>((r) => (wake = r));
        if (stop.state) {
          notSent(row, key, warned);
          continue;
        }
        if (preflight) {
          // Before the first send, not before a resume that sends nothing.
          await preflight().catch((err: unknown) => {
            // A refused key, or settings no request can go out with (no API address, plain http
            // to a remote host), stop here; anything else, the sends will meet and report per row.
            // A 403 says only that this key may not list senders, not that it may not send.
            if (err instanceof AuthError && err.status !== 403) stop.halt(err.message, 'auth');
            else if (err instanceof UsageError) stop.halt(err.message, 'config');
          });
          preflight = undefined;
          if (stop.state) {
            notSent(row, key, warned);
            continue;
          }
        }
        if (results) await results.drained();
        pending++;
        void dispatch(row, key, id, req, warned);
      }
    } catch (err) {
      stop.halt(err instanceof UsageError ? err.message : `cannot read ${stdin ? 'stdin' : o.file}: ${(err as Error).message}`, 'input');
    } finally {
      while (pending > 0) await new Promise<void>((r) => (wake = r));
      progress.stop();
    }
    // The outcomes not yet on disk: a journal that cannot take them stops the run like any write.
    await journal.flush().catch((err: Error) => stop.halt(err.message, 'journal'));

    const s = stop.state;
    if (s) Object.assign(summary, { status: isSignal(s.by) ? 'interrupted' : 'stopped', stop_reason: s.reason, stopped_by: s.by });
    if (prior) resumeNotes(o.io, summary, journalSent);
    Object.assign(summary, { elapsed_s: Number(progress.elapsedS().toFixed(2)), rate_per_s: Math.round(progress.rate()) });
    const { rows, sent, failed, uncertain, skipped, not_sent } = summary;
    journal.end({ end: summary.status, rows, sent, failed, uncertain, skipped, not_sent, at: new Date().toISOString() });
    return summary;
  } finally {
    stop.unlisten(o.signal);
    try {
      // A journal that failed has stopped the run and the summary says so; one that cannot take
      // the footer reads as a run that did not finish, which --resume handles.
      await journal?.close().catch(() => undefined);
      await results?.close();
      await priorFile?.close();
    } finally {
      release();
    }
  }
}
