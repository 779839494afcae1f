// A resume after the rows themselves changed (an edited text column, Ann → Anne in a {{name}}):
// the edited row is a new identity, so the journal alone would let it go out, and its recipient,
// messaged by the earlier run, would get the new message too. A recipient the journal records as
// sent or uncertain is matched here by recipient alone; a row for them with another request is
// refused before anything is sent (exit 2), both messages shown, unless --new-message.
import type { FileHandle } from 'node:fs/promises';
import { UsageError } from '../core/errors.js';
import { sanitizeCell } from '../core/sanitize.js';
import { identity, IdTable, State } from './identity.js';
import { journalLines, parseRecord, recordAt, type JournalScan } from './journal.js';
import { openRows } from './reader.js';
import type { BatchOptions } from './types.js';

/** Recipients listed in the refusal; the rest are counted. */
const MAX_LISTED = 20;
/** Characters of each message shown around where the two differ. */
const CONTEXT = 30;
const SHOWN = 90;

/** A recipient's slot in the table of messaged recipients (a recipient alone, not an identity). */
const keyId = (key: string) => identity(key, '');

/** An earlier run sent it, or may have (its intent is on disk): the recipient may have it. */
const reached = (s: State) => s === State.Sent || s === State.Intent || s === State.Uncertain;

/**
 * The recipients an earlier run sent a message to, or may have: recipient → Sent or Uncertain,
 * and the offset of the intent that carries the request (the last one of them). A second pass
 * over the journal, on resume only: an identity's state is known once the whole journal is read.
 */
export async function messagedRecipients(journal: FileHandle, prior: JournalScan): Promise<IdTable> {
  const keys = new IdTable();
  for await (const [line, offset] of journalLines(journal)) {
    if (!line.startsWith('I\t')) continue;
    const r = parseRecord(line);
    if (!r) continue;
    const state = prior.table.state(prior.table.slot(r.id));
    if (!reached(state)) continue;
    const slot = keys.slot(keyId(r.key));
    keys.set(slot, keys.state(slot) === State.Sent || state === State.Sent ? State.Sent : State.Uncertain, offset);
  }
  return keys;
}

/**
 * The state an earlier run left the row's recipient in, when this row is another message to
 * them (its own identity unknown to the journal, or failed, or not sent); else undefined.
 */
export function changedRow(table: IdTable, messaged: IdTable, id: string, key: string): State | undefined {
  if (reached(table.state(table.slot(id)))) return undefined;
  const state = messaged.state(messaged.slot(keyId(key)));
  return state === State.None ? undefined : state;
}

/** The two texts from a little before where they first differ, each cut to a line's width. */
export function sideBySide(before: string, now: string): [string, string] {
  let start = 0;
  while (start < before.length && before[start] === now[start]) start++;
  const from = Math.max(0, start - CONTEXT);
  const cut = (s: string) => sanitizeCell(`${from ? '…' : ''}${s.length - from > SHOWN ? `${s.slice(from, from + SHOWN - 1)}…` : s.slice(from)}`);
  return [cut(before), cut(now)];
}

/** Code points listed where two texts differ, each side. */
const MAX_POINTS = 8;
/** How a text shows on a terminal, roughly: composed, compatibility forms folded, format characters unseen, any space a space. */
const shown = (s: string) => s.normalize('NFKC').replace(/\p{Cf}/gu, '').replace(/\s/gu, ' ');
const points = (cps: string[]) => {
  const listed = cps.slice(0, MAX_POINTS).map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  return (cps.length ? listed.join(' ') : '(nothing)') + (cps.length > MAX_POINTS ? ' …' : '');
};

/**
 * Two texts that differ but would look the same on a terminal (é composed and decomposed, a
 * zero-width space, a no-break space): where they differ, as code points; else undefined.
 */
export function lookAlike(before: string, now: string): string | undefined {
  if (before === now || shown(before) !== shown(now)) return undefined;
  const a = [...before];
  const b = [...now];
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return `they look alike but differ at character ${start + 1}: ${points(a.slice(start, a.length - end))} recorded, ${points(b.slice(start, b.length - end))} now`;
}

interface Listed {
  row: number;
  key: string;
  state: State;
  before: string;
  now: string;
}

function refusal(listed: Listed[], count: number): UsageError {
  const lines = listed.map((c) => {
    const [before, now] = sideBySide(c.before, c.now);
    const alike = lookAlike(c.before, c.now);
    const pad = ' '.repeat(String(c.row).length + 8);
    return `  row ${c.row}: ${sanitizeCell(c.key)} (${c.state === State.Sent ? 'sent' : 'uncertain'}): recorded ${before}\n${pad}now      ${now}${alike ? `\n${pad}(${alike})` : ''}`;
  });
  if (count > listed.length) lines.push(`  and ${count - listed.length} more`);
  return new UsageError(
    `--resume: ${count} row${count === 1 ? '' : 's'} would send another message to recipients the journal records as sent or uncertain; nothing was sent:\n${lines.join('\n')}\n` +
      'resume with the rows as they were, or pass --new-message to send these recipients the new message',
  );
}

/**
 * Read the input once more before the first send (a file, not stdin) and refuse the run when any
 * row is another message to a recipient an earlier run reached.
 */
export async function refuseChangedRows<Req>(o: BatchOptions<Req>, prior: JournalScan, messaged: IdTable, journal: { read: (offset: number) => Promise<string> }): Promise<void> {
  const listed: Listed[] = [];
  let count = 0;
  const warn = (message: string) => {
    if (o.strict) throw new UsageError(message);
  };
  for await (const { row, record, error } of (await openRows(o.file, { delimiter: o.delimiter })).rows) {
    if (error) continue;
    let key: string;
    let now: string;
    try {
      key = o.key(record);
      now = o.render(o.build(record, row, warn));
    } catch {
      continue; // invalid: the run reports it, and never sends it
    }
    const state = changedRow(prior.table, messaged, identity(key, now), key);
    if (state === undefined) continue;
    if (++count > MAX_LISTED) continue;
    const before = await journal.read(messaged.offset(messaged.slot(keyId(key)))!);
    listed.push({ row, key, state, before: before || '(not recorded: the journal is older than this check)', now: o.io.scrub(now).replace(/[\t\r\n]+/g, ' ') });
  }
  if (count) throw refusal(listed, count);
}

/** The request an intent record at `offset` carries. */
export const intentRequest = (fh: Parameters<typeof recordAt>[0]) => async (offset: number) => (await recordAt(fh, offset))?.detail ?? '';
