// An existing journal before a run: the files a run may not clobber, and what an earlier run
// left (moved aside with --restart, read with --resume, or a refusal that says what to do).
import { constants, existsSync, realpathSync, renameSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { flagName } from '../runtime/command-types.js';
import { UsageError } from '../core/errors.js';
import { openPrivate, refuseSymlink } from '../core/private-file.js';
import { lookAlike } from './changed-rows.js';
import { IdTable, State } from './identity.js';
import { JOURNAL_TRUST, scanJournal, type JournalScan } from './journal.js';
import type { IO } from '../core/io.js';
import type { BatchOptions, BatchSummary } from './types.js';

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** --journal and --results must not be symlinks, or name the input, each other, or the lock. */
export function checkPaths(input: string | undefined, journal: string, results: string | undefined): void {
  refuseSymlink(journal, '--journal');
  if (results) refuseSymlink(results, '--results');
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
 * What to make of an existing journal: left for moveAside (--restart, after the question), read
 * (--resume), or refused. Returns the journal being resumed, open for reading, and its scan: what
 * is believed is read through a descriptor checked to be ours (openPrivate), not from whatever
 * the path names later.
 */
export async function priorRun(
  o: Pick<BatchOptions<unknown>, 'restart' | 'resume' | 'io'>,
  journalPath: string,
  table: IdTable,
): Promise<{ scan: JournalScan; file: FileHandle } | undefined> {
  if (!existsSync(journalPath)) {
    if (o.resume) throw new UsageError(`--resume: no journal at ${journalPath} (pass --journal FILE, or run without --resume)`);
    return undefined;
  }
  if (o.restart) return undefined;
  if (!o.resume) throw new UsageError(inUse(journalPath, await scanJournal(journalPath)));
  const file = await openPrivate(journalPath, constants.O_RDONLY, '--journal', JOURNAL_TRUST);
  try {
    const scan = await scanJournal(file, table);
    if (scan.legacy && !scan.header?.v) throw new UsageError(`--resume: ${journalPath} was written by an older chatcrm (rows by line number) and cannot be resumed by row identity; start over with --restart`);
    // Resuming appends to it: a file that is not a journal is someone's other data.
    if (!scan.header?.v) throw new UsageError(`--resume: ${journalPath} is not a chatcrm journal (no journal header); name the run's journal with --journal`);
    return { scan, file };
  } catch (err) {
    await file.close();
    throw err;
  }
}

/** --restart, once the run is confirmed: the old journal to FILE.journal.N (a no leaves it where it was). */
export function moveAside(journalPath: string, io: IO): void {
  if (!existsSync(journalPath)) return;
  const aside = asideName(journalPath);
  renameSync(journalPath, aside);
  io.err(`Moved the old journal aside: ${aside}`);
}

/**
 * A resume sends the message of the journal's run. Other message options (another --text,
 * template, variable, media or sender) make every row new: recipients the earlier run reached
 * would get the new message too. Refused before anything is sent, both shown, unless --new-message.
 */
export function checkMessage(prior: JournalScan, o: Pick<BatchOptions<unknown>, 'message' | 'newMessage' | 'io'>): void {
  const before = prior.header?.message;
  if (!before || !o.message || o.newMessage) return;
  // As the journal has it: scrubbed.
  const now = JSON.parse(o.io.scrub(JSON.stringify(o.message))) as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(now[k]));
  if (!changed.length) return;
  const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));
  const diff = changed
    .map((k) => {
      const alike = lookAlike(show(before[k]), show(now[k]));
      return `${flagName(k)} ${show(before[k])} (recorded) vs ${show(now[k])} (now)${alike ? ` (${alike})` : ''}`;
    })
    .join('; ');
  throw new UsageError(
    `--resume: the message differs from the one the journal recorded: ${diff}; ` +
      `every row would be sent the new message, the ${prior.table.count(State.Sent)} recorded as sent too: resume with the recorded options, or pass --new-message to send it so`,
  );
}

/**
 * After a resume: how much of the input the journal knew, and a warning when sent rows did not
 * match. Without --new-message a row to a recipient the journal records as sent or uncertain was
 * refused (changed-rows.ts), so the rows sent now are to new recipients: the journal's rows that
 * did not match were removed or their recipient changed. Only --new-message sends the new
 * message to recipients the earlier run reached.
 */
export function resumeNotes(io: IO, summary: BatchSummary, journalSent: number, newMessage: boolean): void {
  if (summary.input_changed) io.err(`Note: ${summary.matched} of ${summary.rows} rows matched the journal`);
  if (summary.skipped_sent < journalSent && summary.sent + summary.uncertain > 0) {
    const why = newMessage
      ? 'with --new-message, a row whose message or sender changed (--text, --template, --sender, a {{column}}) is a new row: its recipient was sent the new message too'
      : 'the others are not in this input (removed, or their recipient changed); the rows sent now went to recipients the journal does not record as sent';
    io.err(`Warning: ${summary.skipped_sent} of the ${journalSent} rows the journal records as sent matched this input${summary.stop_reason ? ' (rows after the stop were not compared)' : ''}; ${why}`);
  }
}
