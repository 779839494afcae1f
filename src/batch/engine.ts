// The generic batch engine: one request per input row, streamed (flat memory for any number of
// rows), a worker pool, a rate limit, and the journal that makes it crash-safe and resumable by
// row identity. A command supplies how a row becomes a request and how a request is sent; the
// engine does the rest. Retries (429, 503 with Retry-After, unwritten connections) belong to the
// ApiClient; what an answer means for the row (sent, failed, uncertain) belongs to outcome.ts.
import { setMaxListeners } from 'node:events';
import { existsSync, realpathSync, renameSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { AuthError, EXIT, UsageError, type ExitCode } from '../core/errors.js';
import type { IO } from '../core/io.js';
import { sanitizeText } from '../core/sanitize.js';
import { Deadlines, untilAborted } from './deadline.js';
import { IdTable, identity, State } from './identity.js';
import { Journal, recordAt, scanJournal, type JournalScan } from './journal.js';
import { TokenBucket } from './limiter.js';
import { lockJournal } from './lock.js';
import { rowError } from './outcome.js';
import { Progress, type Counts } from './progress.js';
import { checkInput, openRows, STDIN, type InputCheck, type Record_ } from './reader.js';
import { ResultsWriter, type ResultStatus } from './results.js';

export interface BatchOptions<Req> {
  /** A CSV or JSONL file, or `-` for stdin. */
  file: string;
  /** Default: FILE.journal */
  journal?: string;
  results?: string;
  resume?: boolean;
  /** Move an existing journal aside (FILE.journal.1) and start a new run. */
  restart?: boolean;
  retryUncertain?: boolean;
  concurrency?: number;
  /** Requests a second. */
  rate?: number;
  /** Stop dispatching once more rows than this have failed or become uncertain. */
  maxErrors?: number;
  /** The deadline of each row's request, retries included (--timeout). */
  timeoutMs: number;
  /** CSV delimiter (detected when not given). */
  delimiter?: string;
  /** A row with a warning (an empty {{column}}) is invalid. */
  strict?: boolean;
  dryRun?: boolean;
  io: IO;
  /** Aborted on Ctrl-C: stop dispatching, let requests in flight finish. */
  signal: AbortSignal;
  /** Shown in progress and status lines, e.g. `send-batch`. */
  label: string;
  /** Names of the key and id columns of the results file. */
  resultColumns: { key: string; id: string };
  /** Refuse an input whose columns cannot work (throw UsageError), before anything is sent. */
  checkColumns(columns: string[]): void;
  /** The key of a row for the journal and results (e.g. the recipient). */
  key(record: Record_): string;
  /** Validate a row and build its request; throw to mark the row invalid (it is not sent). */
  build(record: Record_, row: number, warn: (message: string) => void): Req;
  /** The request as it will be sent, as text: with the key, what makes the row unique. */
  render(req: Req): string;
  /** One cheap authenticated request before the first send; an AuthError stops the run. */
  preflight?(): Promise<void>;
  /** Send; resolves to the id the server gave (message id, contact id). Abort on `signal`. */
  send(req: Req, signal: AbortSignal): Promise<string | undefined>;
  /** --dry-run: what the first valid row's request would be. */
  describe?(req: Req): Promise<unknown>;
}

type StopBy = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'auth' | 'config' | 'max_errors' | 'journal' | 'input';

export interface BatchSummary {
  /** rows = sent + failed + uncertain + skipped + not_sent */
  rows: number;
  sent: number;
  failed: number;
  uncertain: number;
  skipped: number;
  /** Never attempted: the run stopped first (or --dry-run). */
  not_sent: number;
  /** Sent by an earlier run (resume). */
  skipped_sent: number;
  /** Left uncertain by an earlier run and not retried. */
  skipped_uncertain: number;
  /** The same recipient and request as an earlier row of the input: sent once. */
  skipped_duplicate: number;
  /** Rows refused before sending (part of `failed`). */
  invalid: number;
  warnings: number;
  /** Rows that passed validation in a --dry-run. */
  valid?: number;
  /** --dry-run: the request of the first valid row. */
  request?: unknown;
  /** --resume: the input differs from the one the journal was written for. */
  input_changed?: boolean;
  /** --resume: rows whose identity the journal already had. */
  matched?: number;
  status: 'complete' | 'interrupted' | 'stopped';
  stop_reason?: string;
  stopped_by?: StopBy;
  elapsed_s: number;
  rate_per_s: number;
  journal?: string;
  results?: string;
}

/** Invalid-row, warning and failure reports on stderr; the rest go to the results file. */
const MAX_REPORTED = 20;
/** Finished rows held back for the in-order results file while an earlier row is in flight. */
const MAX_WAITING = 10_000;

const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', ExitCode> = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangup };
export const isSignal = (by?: StopBy): by is 'SIGINT' | 'SIGTERM' | 'SIGHUP' => by !== undefined && by in SIGNAL_EXIT;
export const signalExit = (by: 'SIGINT' | 'SIGTERM' | 'SIGHUP') => SIGNAL_EXIT[by];

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** --journal and --results must not name the input, each other, or the lock. */
function checkPaths(input: string | undefined, journal: string, results: string | undefined): void {
  const j = real(journal);
  if (input && j === real(input)) throw new UsageError(`--journal: ${journal} is the input file; name another file`);
  if (!results) return;
  const r = real(results);
  if (input && r === real(input)) throw new UsageError(`--results: ${results} is the input file; name another file`);
  if (r === j || r === real(`${journal}.lock`)) throw new UsageError(`--results: ${results} is the journal; name another file`);
}

/** FILE.journal.1, or .2, ...: the first name not taken. */
function asideName(journal: string): string {
  for (let i = 1; ; i++) if (!existsSync(`${journal}.${i}`)) return `${journal}.${i}`;
}

/**
 * Why an existing journal is not started over silently, and what to do. --restart sends every row
 * again, so it is offered first only when every row was sent; otherwise --resume, which sends
 * only the rows not recorded as sent.
 */
function inUse(journalPath: string, scan: JournalScan): string {
  const sent = scan.table.count(State.Sent);
  // Invalid rows have no record: the footer's count of failed rows has them.
  if (scan.completed && sent === scan.table.size && !scan.footer?.failed) {
    return `--journal: ${journalPath} is the journal of a run that completed with every row sent; to send again, pass --journal NEW for a new journal, or --restart to move this one aside`;
  }
  return (
    `--journal: ${journalPath} is the journal of an earlier run that ${scan.completed ? 'completed, not every row sent' : 'did not finish'} (${sent} recorded as sent); ` +
    `send the rest with --resume (it skips the rows recorded as sent), or start over with --restart (which sends every row again, the ${sent} already sent too)`
  );
}

/**
 * What to make of an existing journal: moved aside (--restart), read (--resume), or refused.
 * Returns the scan of the journal being resumed.
 */
async function priorRun(o: Pick<BatchOptions<unknown>, 'restart' | 'resume' | 'io'>, journalPath: string, table: IdTable): Promise<JournalScan | undefined> {
  if (!existsSync(journalPath)) {
    if (o.resume) throw new UsageError(`--resume: no journal at ${journalPath} (pass --journal FILE, or run without --resume)`);
    return undefined;
  }
  if (o.restart) {
    const aside = asideName(journalPath);
    renameSync(journalPath, aside);
    o.io.err(`Moved the old journal aside: ${aside}`);
    return undefined;
  }
  if (!o.resume) throw new UsageError(inUse(journalPath, await scanJournal(journalPath)));
  const prior = await scanJournal(journalPath, table);
  if (prior.legacy && !prior.header?.v) throw new UsageError(`--resume: ${journalPath} was written by an older chatcrm (rows by line number) and cannot be resumed by row identity; start over with --restart`);
  return prior;
}

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
    let valid = 0;
    for await (const { row, record, error } of source.rows) {
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
    return Object.assign(summary, { valid, not_sent: valid, elapsed_s: Number(progress.elapsedS().toFixed(2)) });
  }

  const release = lockJournal(journalPath);
  let journal: Journal | undefined;
  let priorFile: FileHandle | undefined;
  let results: ResultsWriter | undefined;
  const listeners: [NodeJS.Signals, () => void][] = [];
  let onAbort: (() => void) | undefined;
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

    let stop: { reason: string; by: StopBy } | undefined;
    const stopped = new AbortController();
    // Every row in flight may wait for a rate token on it at once, each with its own listener
    // (removed when the wait ends): up to --concurrency, more than the default warning's 10.
    setMaxListeners(concurrency, stopped.signal);
    let wake: (() => void) | undefined;
    const signalWake = () => {
      const w = wake;
      wake = undefined;
      w?.();
    };
    const stopping = () => stop;
    // An unreadable rest of the input stops reading, not the rows already read and dispatched.
    const cancelled = () => stop !== undefined && stop.by !== 'input';
    const halt = (reason: string, by: StopBy) => {
      // The first reason stands, except that a signal overrides a stop for another reason: whoever
      // sent it wants the run to end now, and the exit code (143, 129, 130) must say so.
      if (!stop || (isSignal(by) && !isSignal(stop.by))) {
        stop = { reason: stop ? `${stop.reason}; then ${reason}` : reason, by };
        stopped.abort();
      }
      signalWake();
    };
    // First signal: drain. Second: exit at once (every request that may have gone out has its intent on disk).
    const onSignal = (name: 'SIGINT' | 'SIGTERM' | 'SIGHUP') => {
      if (isSignal(stop?.by)) process.exit(SIGNAL_EXIT[name]);
      halt(`interrupted by ${name}`, name);
    };
    for (const name of ['SIGTERM', 'SIGHUP'] as const) {
      const l = () => onSignal(name);
      process.on(name, l);
      listeners.push([name, l]);
    }
    onAbort = () => onSignal('SIGINT');
    if (o.signal.aborted) onAbort();
    else o.signal.addEventListener('abort', onAbort, { once: true });

    if (o.results) {
      results = new ResultsWriter(o.results, o.resultColumns, scrub);
      summary.results = o.results;
    }
    const result = (row: number, key: string, status: ResultStatus, id: string, error: string, warning: string) =>
      results?.add(row, key, status, id, warning && error ? `${error}; ${warning}` : error || warning);
    const notSent = (row: number, key: string, warning = '') => {
      summary.not_sent++;
      result(row, key, 'not_sent', '', `not sent: ${stop?.reason ?? 'the run stopped'}`, warning);
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
      if (o.maxErrors !== undefined && summary.failed + summary.uncertain > o.maxErrors) halt(`more than ${o.maxErrors} errors (--max-errors)`, 'max_errors');
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
        if (limiter) await limiter.take(stopped.signal);
        if (!cancelled()) {
          await journal!.intent(row, id, key);
          // Stopped while the intent was syncing: it never went out, and the journal says so.
          if (cancelled()) journal!.outcome('N', row, id, key, `not sent: ${stop!.reason}`);
        }
        if (cancelled()) return notSent(row, key, warning);
        out = true;
        const messageId = (await sendWithin(req)) ?? '';
        journal!.outcome('S', row, id, key, messageId);
        summary.sent++;
        counts.sent++;
        result(row, key, 'sent', messageId, '', warning);
      } catch (err) {
        if (!out) {
          // The journal could not take the intent, or the wait for a token was cut short: not sent.
          if (journal!.error) halt(journal!.error.message, 'journal');
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
        if (e.stops) halt(e.message, 'auth');
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
        if (stop) {
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
        while ((pending >= concurrency || (results && results.waiting > MAX_WAITING)) && !stop) await new Promise<void>((r) => (wake = r));
        if (stop) {
          notSent(row, key, warned);
          continue;
        }
        if (preflight) {
          // Before the first send, not before a resume that sends nothing.
          await preflight().catch((err: unknown) => {
            // A refused key, or settings no request can go out with (no API address, plain http
            // to a remote host), stop here; anything else, the sends will meet and report per row.
            if (err instanceof AuthError) halt(err.message, 'auth');
            else if (err instanceof UsageError) halt(err.message, 'config');
          });
          preflight = undefined;
          if (stopping()) {
            notSent(row, key, warned);
            continue;
          }
        }
        if (results) await results.drained();
        pending++;
        void dispatch(row, key, id, req, warned);
      }
    } catch (err) {
      halt(err instanceof UsageError ? err.message : `cannot read ${stdin ? 'stdin' : o.file}: ${(err as Error).message}`, 'input');
    } finally {
      while (pending > 0) await new Promise<void>((r) => (wake = r));
      progress.stop();
    }
    // The outcomes not yet on disk: a journal that cannot take them stops the run like any write.
    await journal.flush().catch((err: Error) => halt(err.message, 'journal'));

    const s = stop as { reason: string; by: StopBy } | undefined;
    if (s) Object.assign(summary, { status: isSignal(s.by) ? 'interrupted' : 'stopped', stop_reason: s.reason, stopped_by: s.by });
    if (prior && summary.input_changed) o.io.err(`Note: ${summary.matched} of ${summary.rows} rows matched the journal`);
    // A row is its recipient and its message: another --text makes every row new, sent again.
    if (summary.skipped_sent < journalSent && summary.sent + summary.uncertain > 0) {
      o.io.err(
        `Warning: ${summary.skipped_sent} of the ${journalSent} rows the journal records as sent matched this input${s ? ' (rows after the stop were not compared)' : ''}; ` +
          'if the message or sender changed since (--text, --template, --sender, a {{column}}), those rows were new rows, and their recipients were sent the new message too',
      );
    }
    Object.assign(summary, { elapsed_s: Number(progress.elapsedS().toFixed(2)), rate_per_s: Math.round(progress.rate()) });
    const { rows, sent, failed, uncertain, skipped, not_sent } = summary;
    journal.end({ end: summary.status, rows, sent, failed, uncertain, skipped, not_sent, at: new Date().toISOString() });
    return summary;
  } finally {
    if (onAbort) o.signal.removeEventListener('abort', onAbort);
    for (const [name, l] of listeners) process.off(name, l);
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
