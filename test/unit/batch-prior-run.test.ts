// What a run makes of an existing journal (src/batch/prior-run.ts), unit by unit: the refusal
// and the counts it names, --restart's aside name, --resume's checks, the message compared with
// the recorded one, and the notes after a resume (issue 31's mutation audit; the e2e tests
// see these only through the CLI).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IdTable, State } from '../../src/batch/identity.js';
import { checkMessage, checkPaths, moveAside, priorRun, resumeNotes } from '../../src/batch/prior-run.js';
import { scanJournal } from '../../src/batch/journal.js';
import type { IO } from '../../src/core/io.js';
import type { BatchSummary } from '../../src/batch/types.js';
import { tempDir } from '../helpers/cli.js';

const dir = tempDir('chatcrm-prior-run-');
const ID = (n: number) => n.toString(16).padStart(16, '0');
let files = 0;
/** A journal file of these lines (each ends with a newline). */
const journal = (...lines: string[]) => {
  const p = join(dir, `run${++files}.journal`);
  writeFileSync(p, lines.map((l) => `${l}\n`).join(''));
  return p;
};
const header = (o: object = {}) => `# ${JSON.stringify({ v: 2, ...o })}`;
const sent = (n: number) => `S\t${n}\t${ID(n)}\t1555000${n}\twamid.${n}`;
const failed = (n: number) => `F\t${n}\t${ID(n)}\t1555000${n}\tbad`;

function fakeIO(scrub = (s: string) => s): IO & { lines: string[] } {
  const lines: string[] = [];
  return { lines, err: (...parts: unknown[]) => lines.push(parts.join(' ')), scrub } as unknown as IO & { lines: string[] };
}

describe('priorRun: an existing journal', () => {
  it('none there: nothing to do, but --resume is refused naming the path', async () => {
    const p = join(dir, 'absent.journal');
    await expect(priorRun({ io: fakeIO() }, p, new IdTable())).resolves.toBeUndefined();
    await expect(priorRun({ io: fakeIO(), resume: true }, p, new IdTable())).rejects.toThrow(`--resume: no journal at ${p} (pass --journal FILE, or run without --resume)`);
  });

  it('a completed run with every row sent: --journal NEW or --restart is offered', async () => {
    const p = journal(header(), sent(1), sent(2), '# {"end":"complete","failed":0}');
    await expect(priorRun({ io: fakeIO() }, p, new IdTable())).rejects.toThrow(`--journal: ${p} is the journal of a run that completed with every row sent; to send again, pass --journal NEW for a new journal, or --restart to move this one aside`);
  });

  it.each([
    ['completed with a failed row', [sent(1), failed(2), '# {"end":"complete"}'], 'completed, not every row sent', 1],
    ['completed with an invalid row (only the footer counts it)', [sent(1), sent(2), '# {"end":"complete","failed":1}'], 'completed, not every row sent', 2],
    ['stopped with every row sent', [sent(1), '# {"end":"stopped"}'], 'did not finish', 1],
    ['cut off (no footer)', [sent(1), sent(2)], 'did not finish', 2],
  ])('%s: --resume is offered, the rows sent counted', async (_name, lines, how, n) => {
    const p = journal(header(), ...lines);
    await expect(priorRun({ io: fakeIO() }, p, new IdTable())).rejects.toThrow(
      `--journal: ${p} is the journal of an earlier run that ${how} (${n} recorded as sent); send the rest with --resume (it skips the rows recorded as sent), or start over with --restart (which sends every row again, the ${n} already sent too)`,
    );
  });

  it('--restart leaves it where it is (the question comes first); moveAside then moves it to the first free FILE.N, and says so', async () => {
    const p = journal(header(), sent(1));
    writeFileSync(`${p}.1`, 'taken\n');
    const io = fakeIO();
    await expect(priorRun({ io, restart: true }, p, new IdTable())).resolves.toBeUndefined();
    expect(readFileSync(p, 'utf8')).toBe(`${header()}\n${sent(1)}\n`);
    expect(io.lines).toEqual([]);
    moveAside(p, io);
    expect(existsSync(p)).toBe(false);
    expect(readFileSync(`${p}.2`, 'utf8')).toBe(`${header()}\n${sent(1)}\n`);
    expect(readFileSync(`${p}.1`, 'utf8')).toBe('taken\n');
    expect(io.lines).toEqual([`Moved the old journal aside: ${p}.2`]);
  });

  it('moveAside with no journal there (a --restart of a first run) moves nothing and says nothing', () => {
    const p = join(dir, 'never-written.journal');
    const io = fakeIO();
    expect(() => moveAside(p, io)).not.toThrow();
    expect([existsSync(p), existsSync(`${p}.1`), io.lines]).toEqual([false, false, []]);
  });

  it('--resume reads it into the table and returns its scan, and the journal open', async () => {
    const p = journal(header({ message: { text: 'Hi' } }), sent(1), failed(2));
    const table = new IdTable();
    const prior = await priorRun({ io: fakeIO(), resume: true }, p, table);
    expect(prior?.scan.header?.message).toEqual({ text: 'Hi' });
    expect((await prior!.file.readFile('utf8')).split('\n')[0]).toBe(header({ message: { text: 'Hi' } }));
    await prior!.file.close();
    expect([table.state(table.slot(ID(1))), table.state(table.slot(ID(2)))]).toEqual([State.Sent, State.Failed]);
  });

  it('--resume refuses a journal of rows by line number, and a file with no journal header', async () => {
    const legacy = journal('# {"input":"in.csv"}', 'S\t1\t15550001\twamid.1');
    await expect(priorRun({ io: fakeIO(), resume: true }, legacy, new IdTable())).rejects.toThrow(`--resume: ${legacy} was written by an older chatcrm (rows by line number) and cannot be resumed by row identity; start over with --restart`);
    const headless = journal('S\t1\t15550001\twamid.1');
    await expect(priorRun({ io: fakeIO(), resume: true }, headless, new IdTable())).rejects.toThrow(`--resume: ${headless} was written by an older chatcrm`);
    const other = journal('to,name', '1555,Ada');
    await expect(priorRun({ io: fakeIO(), resume: true }, other, new IdTable())).rejects.toThrow(`--resume: ${other} is not a chatcrm journal (no journal header); name the run's journal with --journal`);
    // Rows by line number under a versioned header: not the older format, so it resumes.
    const mixed = journal(header(), 'S\t1\t15550001\twamid.1');
    const prior = await priorRun({ io: fakeIO(), resume: true }, mixed, new IdTable());
    expect(prior?.scan.legacy).toBe(1);
    await prior?.file.close();
  });
});

describe('checkMessage: a resume sends the recorded message', () => {
  const scanOf = (message: object) => scanJournal(journal(header({ message }), sent(1), sent(2), failed(3)));

  it('the same options (in any order) pass; --new-message, or no recorded message, passes anything', async () => {
    const prior = await scanOf({ text: 'Hi {{name}}', sender: 'wa_1' });
    expect(() => checkMessage(prior, { io: fakeIO(), message: { sender: 'wa_1', text: 'Hi {{name}}' } })).not.toThrow();
    expect(() => checkMessage(prior, { io: fakeIO(), message: { text: 'Other' }, newMessage: true })).not.toThrow();
    expect(() => checkMessage(prior, { io: fakeIO() })).not.toThrow();
    const none = await scanJournal(journal(header(), sent(1)));
    expect(() => checkMessage(none, { io: fakeIO(), message: { text: 'Other' } })).not.toThrow();
    const headless = await scanJournal(journal(sent(1)));
    expect(() => checkMessage(headless, { io: fakeIO(), message: { text: 'Other' } })).not.toThrow();
  });

  it('an option now absent, added or changed is refused, each named as its flag, with the rows sent counted', async () => {
    const prior = await scanOf({ image: 'https://x.test/a.png', caption: 'Hi {{name}}', mediaType: 'image' });
    expect(() => checkMessage(prior, { io: fakeIO(), message: { image: 'https://x.test/a.png', mediaType: 'video', sender: 'wa_2' } })).toThrow(
      '--resume: the message differs from the one the journal recorded: --caption "Hi {{name}}" (recorded) vs (none) (now); --media-type "image" (recorded) vs "video" (now); --sender (none) (recorded) vs "wa_2" (now); ' +
        'every row would be sent the new message, the 2 recorded as sent too: resume with the recorded options, or pass --new-message to send it so',
    );
  });

  it('compares as the journal has it: scrubbed of the key', async () => {
    const prior = await scanOf({ text: 'key ***' });
    const io = fakeIO((s) => s.split('sekrit').join('***'));
    expect(() => checkMessage(prior, { io, message: { text: 'key sekrit' } })).not.toThrow();
  });

  it('a text that only looks the same (a no-break space recorded, a space now) is refused naming where it differs', async () => {
    const prior = await scanOf({ text: 'Hi\u00a0there' });
    expect(() => checkMessage(prior, { io: fakeIO(), message: { text: 'Hi there' } })).toThrow(
      '--resume: the message differs from the one the journal recorded: --text "Hi\u00a0there" (recorded) vs "Hi there" (now) (they look alike but differ at character 4: U+00A0 recorded, U+0020 now); ',
    );
  });
});

describe('resumeNotes', () => {
  const summary = (o: Partial<BatchSummary>) => ({ rows: 4, matched: 4, sent: 0, uncertain: 0, skipped_sent: 2, ...o }) as BatchSummary;

  it('a changed input: how many rows matched', () => {
    const io = fakeIO();
    resumeNotes(io, summary({ input_changed: true, matched: 3 }), 2, false);
    expect(io.lines).toEqual(['Note: 3 of 4 rows matched the journal']);
  });

  it('fewer sent rows matched than the journal has, and some sent now, with --new-message: the new message reached earlier recipients (the stop named)', () => {
    for (const [o, tail] of [
      [{ sent: 1 }, ''],
      [{ uncertain: 1, stop_reason: 'too many errors' }, ' (rows after the stop were not compared)'],
    ] as const) {
      const io = fakeIO();
      resumeNotes(io, summary({ skipped_sent: 1, ...o }), 2, true);
      expect(io.lines).toEqual([
        `Warning: 1 of the 2 rows the journal records as sent matched this input${tail}; with --new-message, a row whose message or sender changed (--text, --template, --sender, a {{column}}) is a new row: its recipient was sent the new message too`,
      ]);
    }
  });

  it('the same without --new-message: the rows that did not match were removed or their recipient changed, nobody was sent the message twice', () => {
    const io = fakeIO();
    resumeNotes(io, summary({ skipped_sent: 1, sent: 1 }), 2, false);
    expect(io.lines).toEqual([
      'Warning: 1 of the 2 rows the journal records as sent matched this input; the others are not in this input (removed, or their recipient changed); the rows sent now went to recipients the journal does not record as sent',
    ]);
  });

  it('no warning when every sent row matched, or nothing was sent now', () => {
    const io = fakeIO();
    resumeNotes(io, summary({ skipped_sent: 2, sent: 3 }), 2, true);
    resumeNotes(io, summary({ skipped_sent: 1 }), 2, true);
    expect(io.lines).toEqual([]);
  });
});

describe('checkPaths', () => {
  it('--journal or --results naming the input, or --results naming the journal or its lock, is refused', () => {
    const input = join(dir, 'in.csv');
    writeFileSync(input, 'to\n1\n');
    const j = join(dir, 'paths.journal');
    expect(() => checkPaths(input, input, undefined)).toThrow(`--journal: ${input} is the input file; name another file`);
    expect(() => checkPaths(input, j, input)).toThrow(`--results: ${input} is the input file; name another file`);
    expect(() => checkPaths(input, j, j)).toThrow(`--results: ${j} is the journal; name another file`);
    expect(() => checkPaths(input, j, `${j}.lock`)).toThrow(`--results: ${j}.lock is the journal; name another file`);
    expect(() => checkPaths(undefined, j, join(dir, 'out.csv'))).not.toThrow();
    expect(() => checkPaths(input, j, undefined)).not.toThrow();
  });
});
