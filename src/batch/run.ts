// One batch run, whole from its first row: built from its open files (run-files.ts) and what it
// shares with --dry-run (run-state.ts: the summary, the stop, the row reports). Here, the steps
// each input row goes through, each a method with its name:
//
//   read (key, request, identity) → classify (duplicate, sent or left uncertain by an earlier
//   run, to send) → wait for a slot → start the send: a rate token → the intent on disk → send →
//   the outcome recorded.
//
// engine.ts opens the files, builds the run, feeds it the rows, and drains and summarises.
import { AuthError, UsageError } from '../core/errors.js';
import { sanitizeText } from '../core/sanitize.js';
import { Deadlines, untilAborted } from './deadline.js';
import { changedRow } from './changed-rows.js';
import { identity, State } from './identity.js';
import { recordAt } from './journal.js';
import { rowError, unreachable, type RowError } from './outcome.js';
import type { InputRow } from './reader.js';
import type { ResultStatus } from './results.js';
import type { RunFiles } from './run-files.js';
import type { RunState } from './run-state.js';
import type { Stop } from './stop.js';
import type { BatchOptions, BatchSummary } from './types.js';
/** Finished rows held back for the in-order results file while an earlier row is in flight. */
const MAX_WAITING = 10_000;
/** Rows in a row that could not reach the server (no answer of any kind between) before the run stops. */
const MAX_UNREACHABLE = 10;
/** How a stop for an unreachable server begins (the summary line says `stopped: ...`). */
const UNREACHABLE = 'the server cannot be reached';

/** A row read and built: what it sends, and what it carries to the journal and results file. */
export interface Row<Req> {
  row: number;
  key: string;
  req: Req;
  /** The request as text (render): in its identity, and in the journal's intent. */
  text: string;
  id: string;
  /** Its warnings (an empty {{column}}), for the results file. */
  warning: string;
}

/** Why a built row is not sent: the same as an earlier row, or an earlier run sent it or left it uncertain. */
export type Skip = 'duplicate' | 'sent_before' | 'uncertain_before';

/** Another message to a recipient an earlier run reached (stdin only: a file is refused before the first send). */
export const CHANGED = 'changed';

export class BatchRun<Req> {
  private readonly summary: BatchSummary;
  private readonly stop: Stop;
  private pending = 0;
  private preflight: BatchOptions<Req>['preflight'];
  private readonly deadlines: Deadlines;
  /** Rows since the last answer from the server that could not reach it. */
  private unreachableRows = 0;

  constructor(
    private readonly o: BatchOptions<Req>,
    /** The summary, the stop and the row reports, which the dry run has too. */
    private readonly shared: RunState<Req>,
    /** Opened under the lock before the first row (run-files.ts). */
    private readonly files: RunFiles,
  ) {
    this.summary = shared.summary;
    this.stop = shared.stop;
    this.preflight = o.preflight;
    this.deadlines = new Deadlines(o.timeoutMs, o.clock);
    // The pace was made with the flags: its seam with an earlier run is from when this one holds the lock.
    o.pace?.begin();
  }

  /** Read and check a row: its request and identity, or undefined for an invalid row (counted, reported, listed). */
  read({ row, record, error }: InputRow, key: string): Row<Req> | undefined {
    try {
      if (error) throw new UsageError(error);
      const { req, warning } = this.shared.build(record, row);
      const text = this.o.render(req);
      return { row, key, req, text, id: identity(key, text), warning };
    } catch (err) {
      const message = (err as Error).message;
      this.summary.failed++;
      this.summary.invalid++;
      this.shared.report(row, `invalid, not sent: ${message}`);
      this.result(row, key, 'failed', '', `invalid: ${message}`, '');
      this.checkErrors();
      return undefined;
    }
  }

  /** Send the row, or skip it and why. */
  classify(r: Row<Req>): Skip | typeof CHANGED | 'send' {
    const { table, prior } = this.files;
    const slot = table.slot(r.id);
    if (!table.firstSeen(slot)) return 'duplicate';
    if (prior?.messaged && changedRow(table, prior.messaged, r.id, r.key) !== undefined) return CHANGED;
    const state = table.state(slot);
    if (prior && state !== State.None) this.summary.matched = (this.summary.matched ?? 0) + 1;
    if (state === State.Sent) return 'sent_before';
    if ((state === State.Intent || state === State.Uncertain) && !this.o.retryUncertain) return 'uncertain_before';
    return 'send';
  }

  /** A row not sent again: listed with what the earlier run recorded for it. */
  async skip(r: Row<Req>, why: Skip): Promise<void> {
    this.summary.skipped++;
    if (why === 'duplicate') {
      this.summary.skipped_duplicate++;
      this.shared.report(r.row, 'duplicate of an earlier row (same recipient and message): sent once');
      return this.result(r.row, r.key, 'skipped', '', 'duplicate of an earlier row', r.warning);
    }
    const { table, prior, results } = this.files;
    // An identity the earlier run recorded has its record's offset (journal.ts scanJournal): no offset, nothing to quote.
    const offset = table.offset(table.slot(r.id));
    const rec = results && prior && offset !== undefined ? await recordAt(prior.file, offset) : undefined;
    if (why === 'sent_before') {
      this.summary.skipped_sent++;
      this.result(r.row, r.key, 'sent', rec?.detail ?? '', 'sent by an earlier run', r.warning);
    } else {
      this.summary.skipped_uncertain++;
      this.result(r.row, r.key, 'uncertain', '', rec?.kind === 'U' ? rec.detail : 'no answer recorded (an earlier run stopped while it was in flight)', r.warning);
    }
  }

  private readonly slotFree = () =>
    this.stop.state !== undefined || (this.pending < this.shared.concurrency && !(this.files.results && this.files.results.waiting > MAX_WAITING));

  /** Wait for a free slot (and the check before the first send); false when the run stopped meanwhile. */
  async waitForSlot(): Promise<boolean> {
    await this.shared.wake.until(this.slotFree);
    if (!this.stop.state && this.preflight) await this.checkFirst(this.preflight);
    if (this.stop.state) return false;
    if (this.files.results) await this.files.results.drained();
    return true;
  }

  /** Before the first send, not before a resume that sends nothing. */
  private async checkFirst(preflight: NonNullable<BatchOptions<Req>['preflight']>): Promise<void> {
    this.preflight = undefined;
    // A request like the sends: with --rate it goes out in its turn (`pace`).
    await preflight(this.o.pace).catch((err: unknown) => {
      // A refused key, or settings no request can go out with (no API address, plain http
      // to a remote host), stop here; anything else, the sends will meet and report per row.
      // A 403 says only that this key may not list senders, not that it may not send.
      if (err instanceof AuthError && err.status !== 403) this.stop.halt(err.message, 'auth');
      else if (err instanceof UsageError) this.stop.halt(err.message, 'config');
      // Every row would meet the same closed door: stop before the first, all rows not sent.
      else if (unreachable(err)) this.stop.halt(`${UNREACHABLE}: ${err.message}`, 'network');
    });
  }

  /**
   * Send a row in the slot it now holds (not awaited: rows overlap). The slot is taken before
   * the rate token and the intent: a crash leaves at most `concurrency` rows uncertain. Its
   * retries take their turns in the client (`pace` in the request's options).
   */
  startSend(r: Row<Req>): void {
    this.pending++;
    void this.sendInSlot(r);
  }

  private async sendInSlot(r: Row<Req>): Promise<void> {
    try {
      if (await this.intend(r)) await this.send(r);
      else this.notSent(r.row, r.key, r.warning);
    } finally {
      this.pending--;
      this.shared.wake.wake();
    }
  }

  /** A rate token, then the intent on disk: true when the request may go out. */
  private async intend(r: Row<Req>): Promise<boolean> {
    const { journal } = this.files;
    try {
      await this.o.pace?.take(this.stop.signal);
      if (this.stop.cancelled) return false;
      await journal.intent(r.row, r.id, r.key, r.text);
      // Stopped while the intent was syncing: it never went out, and the journal says so.
      const stopped = this.stop.cancelled ? this.stop.state : undefined;
      if (stopped) journal.outcome('N', r.row, r.id, r.key, `not sent: ${stopped.reason}`);
      return !stopped;
    } catch {
      // The journal could not take the intent, or the wait for a token was cut short: not sent.
      if (journal.error) this.stop.halt(journal.error.message, 'journal');
      return false;
    }
  }

  /** The request, within the row's deadline (--timeout: aborted, and uncertain), and its outcome. */
  private async send(r: Row<Req>): Promise<void> {
    let messageId: string;
    try {
      const signal = this.deadlines.current();
      messageId = (await untilAborted(this.o.send(r.req, signal, this.o.pace), signal)) ?? '';
    } catch (err) {
      return this.refused(r, rowError(err));
    }
    this.files.journal.outcome('S', r.row, r.id, r.key, messageId);
    this.unreachableRows = 0;
    this.summary.sent++;
    this.result(r.row, r.key, 'sent', messageId, '', r.warning);
  }

  /** Failed or uncertain; a refused key stops the run, and so do a server that cannot be reached and --max-errors. */
  private refused(r: Row<Req>, e: RowError): void {
    this.files.journal.outcome(e.verdict, r.row, r.id, r.key, e.message);
    const status = e.verdict === 'U' ? 'uncertain' : 'failed';
    this.summary[status]++;
    this.shared.report(r.row, `${status}: ${e.message}`);
    this.result(r.row, r.key, status, '', e.message, r.warning);
    this.unreachableRows = e.unreachable ? this.unreachableRows + 1 : 0;
    if (e.stops) this.stop.halt(e.message, 'auth');
    else if (this.unreachableRows >= MAX_UNREACHABLE) this.stop.halt(`${UNREACHABLE} (${MAX_UNREACHABLE} rows in a row: ${e.message})`, 'network');
    else this.checkErrors();
  }

  /** A row that would message a recipient an earlier run reached, again: not sent, and the run stops. */
  changed(r: Row<Req>): void {
    this.stop.halt(`row ${r.row}: ${sanitizeText(r.key)} was sent another message by an earlier run (the journal's); pass --new-message to send it the new one`, 'input');
    this.notSent(r.row, r.key, r.warning);
  }

  /** A row never attempted: the run stopped first. */
  notSent(row: number, key: string, warning = ''): void {
    this.summary.not_sent++;
    this.result(row, key, 'not_sent', '', `not sent: ${this.stop.state?.reason ?? 'the run stopped'}`, warning);
  }

  /** Wait for the rows in flight. */
  async drain(): Promise<void> {
    await this.shared.wake.until(() => this.pending === 0);
    this.shared.progress.stop();
  }

  private result(row: number, key: string, status: ResultStatus, id: string, error: string, warning: string): void {
    this.files.results?.add(row, key, status, id, warning && error ? `${error}; ${warning}` : error || warning);
  }

  private checkErrors(): void {
    const { maxErrors } = this.o;
    if (maxErrors !== undefined && this.summary.failed + this.summary.uncertain > maxErrors) this.stop.halt(`more than ${maxErrors} errors (--max-errors)`, 'max_errors');
  }
}
