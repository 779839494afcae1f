// The files a batch run reads and writes, opened under the journal's lock before the first row:
// what an earlier run left (read by identity), then the results file and the journal. Opening
// returns them as one value the run is built from; a failure part way undoes what was done (the
// signals listened to, the files opened).
import type { FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { InterruptedError, UsageError } from '../core/errors.js';
import { intentRequest, messagedRecipients, refuseChangedRows } from './changed-rows.js';
import { IdTable, State } from './identity.js';
import type { InputCheck } from './input-check.js';
import { Journal, type JournalScan } from './journal.js';
import { checkMessage, moveAside, priorRun } from './prior-run.js';
import { openRows } from './reader.js';
import { ResultsWriter } from './results.js';
import type { RunState } from './run-state.js';
import type { BatchOptions } from './types.js';

/** The run a --resume continues. */
export interface PriorRun {
  readonly scan: JournalScan;
  /** Its journal, open for reading: a row skipped for it is listed with what it recorded. */
  readonly file: FileHandle;
  /** The recipients it reached; null under --new-message (changed-rows.ts). */
  readonly messaged: IdTable | null;
  /** The rows it recorded as sent. */
  readonly sent: number;
}

export interface RunFiles {
  /** Each identity's state: as the earlier run left it (empty for a new run), then as this run meets it. */
  readonly table: IdTable;
  readonly prior: PriorRun | null;
  /** null without --results. */
  readonly results: ResultsWriter | null;
  readonly journal: Journal;
}

interface Closable {
  close(): Promise<void>;
}

/** `input`: the input file's path, undefined for stdin; `check`: what reading it once found. */
export async function openRunFiles<Req>(o: BatchOptions<Req>, state: RunState<Req>, journalPath: string, input: string | undefined, check: InputCheck | undefined): Promise<RunFiles> {
  const opened: Closable[] = [];
  try {
    const table = new IdTable(check?.rows);
    const prior = await readPrior(o, journalPath, input, table, opened);
    const { summary } = state;
    const fingerprint = check ? { size: check.size, sha256: check.sha256 } : null;
    const before = prior?.scan.header?.fingerprint;
    if (prior) {
      summary.matched = 0;
      if (before && fingerprint && before.sha256 !== fingerprint.sha256) {
        summary.input_changed = true;
        o.io.err(`Note: ${o.file} changed since the journal was written; rows are matched by recipient and message, not by line`);
      }
    }
    // Before the journal and results are written: a declined question leaves no trace.
    if (check && o.confirm) await o.confirm({ rows: check.rows, sent: prior?.sent ?? 0, first: await firstRecipients(o) }).catch(cancelled);
    if (o.restart) moveAside(journalPath, o.io);

    state.stop.listen(o.signal, o.host);

    // The journal and the results are files: the IO chokepoint scrubs what goes there too.
    const scrub = (text: string) => o.io.scrub(text);
    // A resume writes the results file anew: what the earlier run's --wait learned is kept. On a
    // resume the file is held to the journal's rule (docs/chat.md): not writable by others.
    const results = o.results ? await ResultsWriter.open(o.results, o.resultColumns, scrub, { trust: { mask: o.resume ? 0o022 : 0 }, keepLearned: Boolean(prior) }) : null;
    if (results) opened.push(results);
    if (o.results) summary.results = o.results;
    // A long batch allocates steadily but keeps little alive (~15 MB): V8 would let the old
    // generation grow to ~4x that between full GCs (+50 MiB RSS). 1.5x costs a few % of CPU.
    setFlagsFromString('--heap-growing-percent=50');
    const header = { v: 2, input: input ?? 'stdin', fingerprint, started: new Date().toISOString(), resume: Boolean(o.resume), pid: process.pid, host: hostname(), message: o.message };
    const journal = await Journal.open(journalPath, header, {}, scrub).catch((err: unknown) => {
      if (err instanceof UsageError) throw err;
      throw new UsageError(`--journal: cannot write ${journalPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    });
    summary.journal = journalPath;
    state.progress.total = check?.rows;
    state.progress.start();
    return { table, prior, results, journal };
  } catch (err) {
    state.stop.unlisten(o.signal);
    await closeAll(opened);
    throw err;
  }
}

/** What an earlier run left, when this run continues it (--resume): checked against this run's message and rows. */
async function readPrior<Req>(o: BatchOptions<Req>, journalPath: string, input: string | undefined, table: IdTable, opened: Closable[]): Promise<PriorRun | null> {
  const prior = await priorRun(o, journalPath, table);
  if (!prior) return null;
  const { scan, file } = prior;
  opened.push(file);
  checkMessage(scan, o);
  let messaged: IdTable | null = null;
  if (!o.newMessage) {
    messaged = await messagedRecipients(file, scan);
    // A file is read once more: every edited row is found before the first send. stdin cannot
    // be: there the run stops at the first one (run.ts), which is not sent.
    if (input) await refuseChangedRows(o, scan, messaged, { read: intentRequest(file) });
  }
  return { scan, file, messaged, sent: table.count(State.Sent) };
}

/** Recipients named in the question: the first few valid rows' (the file is read again, only that far). */
const NAMED = 3;

async function firstRecipients<Req>(o: BatchOptions<Req>): Promise<string[]> {
  const first: string[] = [];
  const { rows } = await openRows(o.file, { delimiter: o.delimiter });
  for await (const { record, error } of rows) {
    if (first.length === NAMED) break;
    if (error) continue;
    try {
      const key = o.key(record);
      o.build(record, 0, () => undefined);
      first.push(key);
    } catch {
      // invalid: the run reports it
    }
  }
  return first;
}

/** Ctrl-C at the question says what "n" says (nothing was sent), with Ctrl-C's exit code. */
function cancelled(err: unknown): never {
  if (err instanceof InterruptedError) throw new InterruptedError('Cancelled: nothing was sent', err.exitCode);
  throw err;
}

/**
 * After the run: a journal that failed has stopped the run and the summary says so; one that
 * cannot take the footer reads as a run that did not finish, which --resume handles.
 */
export async function closeRunFiles(files: RunFiles): Promise<void> {
  await files.journal.close().catch(() => undefined);
  await files.results?.close();
  await files.prior?.file.close();
}

/** What was opened before a failure, the last opened first. */
async function closeAll(opened: Closable[]): Promise<void> {
  for (const f of opened.reverse()) await f.close();
}
