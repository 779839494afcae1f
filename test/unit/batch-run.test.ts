// BatchRun built from a RunFiles in memory: what the run does with the table, the earlier run
// and the journal it is given, without a command, a lock or an input file.
import { readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IdTable, identity, State } from '../../src/batch/identity.js';
import { Journal, scanJournal } from '../../src/batch/journal.js';
import { ResultsWriter } from '../../src/batch/results.js';
import { openRunFiles, type PriorRun, type RunFiles } from '../../src/batch/run-files.js';
import { RunState } from '../../src/batch/run-state.js';
import { BatchRun, CHANGED } from '../../src/batch/run.js';
import type { BatchOptions } from '../../src/batch/types.js';
import { tempDir } from '../helpers/cli.js';
import { textBatch, type TextReq } from '../helpers/batch.js';
import { testHost } from '../helpers/io.js';

const dir = tempDir('chatcrm-batch-run-unit-');
type Req = TextReq;

const options = textBatch;

let journals = 0;
async function runOf(o: BatchOptions<Req>, files: Omit<RunFiles, 'journal'>) {
  const path = join(dir, `${++journals}.journal`);
  const journal = await Journal.open(path, { v: 2 });
  const state = new RunState(o);
  return { run: new BatchRun(o, state, { ...files, journal }), state, journal, path };
}

/** An earlier run that recorded `states` (identity → state); no file is read unless a results file asks for it. */
function priorOf(table: IdTable, messaged: IdTable | null = null): PriorRun {
  return { scan: { table, completed: false, legacy: 0 }, file: undefined as never, messaged, sent: table.count(State.Sent) };
}

const row = (n: number, to: string, text: string) => ({ row: n, record: { to, text } });

describe('BatchRun from its files', () => {
  it('a new run: a repeated row is a duplicate, every other row is sent', async () => {
    const { run, journal } = await runOf(options(), { table: new IdTable(), prior: null, results: null });
    const kinds = [row(1, '111', 'hi'), row(2, '222', 'hi'), row(3, '111', 'hi')].map((r) => run.classify(run.read(r, r.record.to)!));
    expect(kinds).toEqual(['send', 'send', 'duplicate']);
    await journal.close();
  });

  it('a resume: the rows the earlier run sent or left uncertain are skipped, and counted as matched', async () => {
    const table = new IdTable();
    table.set(table.slot(identity('111', 'hi')), State.Sent, 0);
    table.set(table.slot(identity('222', 'hi')), State.Uncertain, 0);
    table.set(table.slot(identity('333', 'hi')), State.Failed, 0);
    const { run, state, journal } = await runOf(options(), { table, prior: priorOf(table), results: null });
    const kinds = ['111', '222', '333', '444'].map((to, i) => run.classify(run.read(row(i + 1, to, 'hi'), to)!));
    expect(kinds).toEqual(['sent_before', 'uncertain_before', 'send', 'send']);
    expect(state.summary.matched).toBe(3);
    await journal.close();
  });

  it('--retry-uncertain sends the row an earlier run left uncertain', async () => {
    const table = new IdTable();
    table.set(table.slot(identity('222', 'hi')), State.Uncertain, 0);
    const { run, journal } = await runOf(options({ retryUncertain: true }), { table, prior: priorOf(table), results: null });
    expect(run.classify(run.read(row(1, '222', 'hi'), '222')!)).toBe('send');
    await journal.close();
  });

  it('another message to a recipient the earlier run reached is a changed row, unless its recipients are not given (--new-message)', async () => {
    const table = new IdTable();
    table.set(table.slot(identity('111', 'hi')), State.Sent, 0);
    const messaged = new IdTable();
    messaged.set(messaged.slot(identity('111', '')), State.Sent, 0);
    const changed = await runOf(options(), { table, prior: priorOf(table, messaged), results: null });
    expect(changed.run.classify(changed.run.read(row(1, '111', 'hello'), '111')!)).toBe(CHANGED);
    await changed.journal.close();

    const table2 = new IdTable();
    table2.set(table2.slot(identity('111', 'hi')), State.Sent, 0);
    const newMessage = await runOf(options(), { table: table2, prior: priorOf(table2), results: null });
    expect(newMessage.run.classify(newMessage.run.read(row(1, '111', 'hello'), '111')!)).toBe('send');
    await newMessage.journal.close();
  });

  it('a sent row goes to the journal it was given: its intent, then its outcome with the id the server gave', async () => {
    const { run, state, journal, path } = await runOf(options(), { table: new IdTable(), prior: null, results: null });
    const r = run.read(row(1, '111', 'hi'), '111')!;
    expect(await run.waitForSlot()).toBe(true);
    run.startSend(r);
    await run.drain();
    await journal.close();
    expect(state.summary.sent).toBe(1);
    const records = readFileSync(path, 'utf8').split('\n').filter((l) => /^[IS]\t/.test(l));
    expect(records).toEqual([`I\t1\t${r.id}\t111\thi`, `S\t1\t${r.id}\t111\twamid.111`]);
  });

  it('a resume with --results lists a skipped row with what the earlier journal recorded last for it: the message id, the reason, or no answer', async () => {
    const id = (to: string) => identity(to, 'hi');
    const prior = join(dir, 'prior.journal');
    // Each identity's intent comes before its last record: a lookup by the wrong record would quote the intent.
    writeFileSync(prior, ['# {"v":2}', `I\t1\t${id('111')}\t111\thi`, `I\t2\t${id('222')}\t222\thi`, `S\t1\t${id('111')}\t111\twamid.111`, `U\t2\t${id('222')}\t222\tRequest timed out`, `I\t3\t${id('333')}\t333\thi`, ''].join('\n'));
    const scan = await scanJournal(prior);
    const out = join(dir, 'prior-results.csv');
    const results = await ResultsWriter.open(out, { key: 'to', id: 'message_id' }, (t) => t);
    const file = await open(prior, 'r');
    const { run, journal } = await runOf(options(), { table: scan.table, prior: { scan, file, messaged: null, sent: 1 }, results });
    for (const [i, to] of ['111', '222', '333'].entries()) {
      const r = run.read(row(i + 1, to, 'hi'), to)!;
      const why = run.classify(r);
      expect(why).not.toBe('send');
      await run.skip(r, why as Exclude<typeof why, 'send' | typeof CHANGED>);
    }
    await Promise.all([results.close(), file.close(), journal.close()]);
    expect(readFileSync(out, 'utf8').split('\n')).toEqual([
      'row,to,status,message_id,error',
      '1,111,sent,wamid.111,sent by an earlier run',
      '2,222,uncertain,,Request timed out',
      '3,333,uncertain,,no answer recorded (an earlier run stopped while it was in flight)',
      '',
    ]);
  });

  it.each([
    ['max_errors', 'is not sent, and the journal records it so with the reason', 0, ['N\t1\t%ID\t111\tnot sent: stopped for the test']],
    ['input', 'is sent: an unreadable input stops the reading, not the rows already read', 1, ['S\t1\t%ID\t111\t1']],
  ] as const)('a stop by %s while the row\'s intent is being written: the row %s', async (by, _, sent, after) => {
    const path = join(dir, `held-${by}.journal`);
    let started!: () => void;
    const writing = new Promise<void>((r) => (started = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let hold = false;
    // The header goes through; the intent's write waits until the run has stopped.
    const journal = await Journal.open(path, { v: 2 }, {}, undefined, async (p, flags, mode) => {
      const fh = await open(p, flags, mode);
      const write = fh.write.bind(fh) as (...a: unknown[]) => Promise<unknown>;
      return Object.assign(fh, { write: async (...a: unknown[]) => (hold && ((hold = false), started(), await held), write(...a)) });
    });
    hold = true;
    let sends = 0;
    const o = options({ send: async () => String(++sends) });
    const state = new RunState(o);
    const run = new BatchRun(o, state, { table: new IdTable(), prior: null, results: null, journal });
    const r = run.read(row(1, '111', 'hi'), '111')!;
    expect(await run.waitForSlot()).toBe(true);
    run.startSend(r);
    await writing;
    state.stop.halt('stopped for the test', by);
    release();
    await run.drain();
    await journal.close();
    expect([sends, state.summary.sent, state.summary.not_sent]).toEqual([sent, sent, 1 - sent]);
    expect(readFileSync(path, 'utf8').split('\n').slice(1)).toEqual([`I\t1\t${r.id}\t111\thi`, ...after.map((l) => l.replace('%ID', r.id)), '']);
  });

  it('opening files that fail part way undoes what it did: no SIGTERM or SIGHUP listened to, the error names the flag', async () => {
    const host = testHost({});
    const o = options({ results: join(dir, 'undo.csv'), host });
    const opening = openRunFiles(o, new RunState(o), join(dir, 'no-such-dir', 'undo.journal'), undefined, undefined);
    await expect(opening).rejects.toThrow(/^--journal: /);
    expect([host.listeners('SIGTERM'), host.listeners('SIGHUP')]).toEqual([0, 0]);
  });
});
