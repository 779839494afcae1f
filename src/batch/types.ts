// What a batch is given and what it reports: the options of runBatch, and its summary
// (rows = sent + failed + uncertain + skipped + not_sent).
import type { Pace } from '../api/types.js';
import type { Clock } from '../core/clock.js';
import type { Host } from '../core/host.js';
import type { IO } from '../core/io.js';
import type { Pacer } from './limiter.js';
import type { Record_ } from './reader.js';

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
  /**
   * What every row's message is made from, before per-row values (the sender, --text or
   * --template and its variables, media): recorded in the journal, and a --resume with other
   * options is refused unless `newMessage`.
   */
  message?: Record<string, unknown>;
  newMessage?: boolean;
  concurrency?: number;
  /**
   * --rate: every row's first attempt takes its turn here, its retries in the client. Made by
   * batchFlags on the context's clock, so the command's other requests may share it.
   */
  pace?: Pacer;
  /** Stop dispatching once more rows than this have failed or become uncertain. */
  maxErrors?: number;
  /** The deadline of each row's request, retries included (--timeout). */
  timeoutMs: number;
  /** What the rows' deadlines are timed by: the context's clock (a fake one in tests). */
  clock: Clock;
  /** CSV delimiter (detected when not given). */
  delimiter?: string;
  /** A row with a warning (an empty {{column}}) is invalid. */
  strict?: boolean;
  dryRun?: boolean;
  io: IO;
  /** Aborted on Ctrl-C: stop dispatching, let requests in flight finish. */
  signal: AbortSignal;
  /** SIGTERM and SIGHUP drain the run as Ctrl-C does; a second signal exits; the journal's lock is released on exit. */
  host: Pick<Host, 'onSignal' | 'exit' | 'atExit'>;
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
  /**
   * Ask before the first send, once the input is checked (not for stdin, not under --dry-run):
   * `rows` in the file, `sent` of them by an earlier run (--resume), the `first` few recipients.
   * Throw to send nothing.
   */
  confirm?(count: { rows: number; sent: number; first: string[] }): Promise<void>;
  /**
   * One cheap authenticated request before the first send; an AuthError stops the run. With
   * --rate, `pace` goes into the request's options (RequestOptions): it goes out in its turn.
   */
  preflight?(pace?: Pace): Promise<void>;
  /**
   * Send; resolves to the id the server gave (message id, contact id). Abort on `signal`. With
   * --rate, the first attempt has taken its turn; `pace` in the request's options paces the
   * retries and hears of a 429.
   */
  send(req: Req, signal: AbortSignal, pace?: Pace): Promise<string | undefined>;
  /** --dry-run: what the first valid row's request would be. */
  describe?(req: Req): Promise<unknown>;
}

/** Why a run stopped before its last row. */
export type StopBy = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'auth' | 'config' | 'network' | 'max_errors' | 'journal' | 'input';

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
