// openRunFiles (run-files.ts) through runBatch and alone: the question before the first send, what
// a resume checks of the earlier run, the journal's header, and a journal that cannot be written.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXIT, InterruptedError, UsageError } from '../../src/core/errors.js';
import { runBatch } from '../../src/batch/engine.js';
import { checkInput } from '../../src/batch/input-check.js';
import { Journal } from '../../src/batch/journal.js';
import { closeRunFiles, openRunFiles } from '../../src/batch/run-files.js';
import { RunState } from '../../src/batch/run-state.js';
import type { BatchOptions } from '../../src/batch/types.js';
import { tempDir } from '../helpers/cli.js';
import { textBatch, textCsv, type TextReq } from '../helpers/batch.js';

const dir = tempDir('chatcrm-batch-run-files-unit-');
type Req = TextReq;

const csv = textCsv(dir);

const options = (file: string, over: Partial<BatchOptions<Req>> = {}) => textBatch({ file, ...over });

const header = (journal: string) => JSON.parse(readFileSync(journal, 'utf8').split('\n')[0]!.replace(/^# /, ''));

describe('the question before the first send', () => {
  it('is asked with the rows of the file, the first three recipients and, on a resume, the rows already sent', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi'], ['333', 'hi']]);
    const asked: unknown[] = [];
    const confirm = async (c: { rows: number; sent: number; first: string[] }) => void asked.push(c);
    let n = 0;
    // The first run sends two rows, then fails every later one and stops.
    await runBatch(options(file, { confirm, concurrency: 1, maxErrors: 0, send: async () => {
      if (++n > 2) throw new UsageError('no');
      return `${n}`;
    } }));
    await runBatch(options(file, { confirm, resume: true }));
    expect(asked).toEqual([{ rows: 3, sent: 0, first: ['111', '222', '333'] }, { rows: 3, sent: 2, first: ['111', '222', '333'] }]);
  });

  it('names the first three valid recipients (an invalid row is skipped, a fourth is not read)', async () => {
    const file = csv([['111', 'hi'], ['', 'hi'], ['222', 'hi'], ['333', 'hi'], ['444', 'hi']]);
    const asked: { first: string[] }[] = [];
    const key = (r: Record<string, unknown>) => {
      if (!r.to) throw new UsageError('to: required');
      return String(r.to);
    };
    await runBatch(options(file, { key, confirm: async (c) => void asked.push(c) }));
    expect(asked.map((c) => c.first)).toEqual([['111', '222', '333']]);
  });

  it('names no row the reader could not read (a JSONL line that is not an object is not a recipient)', async () => {
    const file = join(dir, 'first.jsonl');
    writeFileSync(file, ['{"to":"111","text":"hi"}', '[1,2]', '{"to":"222","text":"hi"}', '{"to":"333","text":"hi"}', ''].join('\n'));
    const asked: { first: string[] }[] = [];
    await runBatch(options(file, { confirm: async (c) => void asked.push(c) }));
    expect(asked.map((c) => c.first)).toEqual([['111', '222', '333']]);
  });

  it('reads the first recipients with --delimiter (a header the detection would split at its commas)', async () => {
    const file = join(dir, 'first-pipe.csv');
    writeFileSync(file, 'to|text,with,commas\n111|"a,b"\n222|c\n');
    const asked: { first: string[] }[] = [];
    await runBatch(options(file, { delimiter: '|', build: (r) => ({ to: String(r.to), text: 'hi' }), confirm: async (c) => void asked.push(c) }));
    expect(asked.map((c) => c.first)).toEqual([['111', '222']]);
  });

  it('Ctrl-C at the question: "Cancelled: nothing was sent" with its exit code, no journal, nothing sent', async () => {
    const file = csv([['111', 'hi']]);
    let sent = 0;
    const o = options(file, { confirm: async () => { throw new InterruptedError('interrupted', EXIT.interrupted); }, send: async () => `${++sent}` });
    const err = await runBatch(o).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as InterruptedError).message).toBe('Cancelled: nothing was sent');
    expect((err as InterruptedError).exitCode).toBe(EXIT.interrupted);
    expect(sent).toBe(0);
    expect(() => readFileSync(`${file}.journal`)).toThrow();
  });

  it('"n" at the question passes through as it is', async () => {
    const file = csv([['111', 'hi']]);
    const no = new UsageError('declined');
    await expect(runBatch(options(file, { confirm: async () => { throw no; } }))).rejects.toBe(no);
  });
});

describe('a resume', () => {
  it('of the same file: every row matched, no note that it changed', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    await runBatch(options(file));
    const o = options(file, { resume: true });
    const s = await runBatch(o);
    expect(s).toMatchObject({ matched: 2, skipped_sent: 2 });
    expect(s.input_changed).toBeUndefined();
    expect(o.io.stderrText()).not.toContain('changed since');
  });

  it('of an edited file: a note that it changed, rows matched by recipient and message', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    await runBatch(options(file));
    writeFileSync(file, 'to,text\n222,hi\n111,hi\n');
    const o = options(file, { resume: true });
    const s = await runBatch(o);
    expect(s).toMatchObject({ matched: 2, skipped_sent: 2, input_changed: true, sent: 0 });
    expect(o.io.stderrText()).toContain(`Note: ${file} changed since the journal was written; rows are matched by recipient and message, not by line`);
  });

  it('of a journal that has no fingerprint (written from stdin): no note, no crash', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    await runBatch(options(file));
    const journal = `${file}.journal`;
    const [first, ...rest] = readFileSync(journal, 'utf8').split('\n');
    writeFileSync(journal, [first!.replace(/"fingerprint":\{[^}]*\}/, '"fingerprint":null'), ...rest].join('\n'));
    expect(header(journal).fingerprint).toBeNull();
    const o = options(file, { resume: true });
    const s = await runBatch(o);
    expect(s).toMatchObject({ matched: 2, skipped_sent: 2, sent: 0 });
    expect(s.input_changed).toBeUndefined();
    expect(o.io.stderrText()).not.toContain('changed since');
  });

  it('with another message to a sent recipient: refused before the first send, showing what was sent; --new-message sends it', async () => {
    const file = csv([['111', 'hi']]);
    await runBatch(options(file));
    writeFileSync(file, 'to,text\n111,hello\n');
    let sent = 0;
    const send = async () => `${++sent}`;
    await expect(runBatch(options(file, { resume: true, send }))).rejects.toThrow(/^--resume: 1 row would send another message[\s\S]*recorded hi[\s\S]*now +hello[\s\S]*--new-message/);
    expect(sent).toBe(0);
    expect(await runBatch(options(file, { resume: true, newMessage: true, send }))).toMatchObject({ sent: 1 });
  });
});

describe('the files opened', () => {
  it('the journal header: the input, its fingerprint, a resume or not, the message; --results in the summary', async () => {
    const file = csv([['111', 'hi']]);
    const results = join(dir, 'h.csv');
    const s = await runBatch(options(file, { results, message: { text: 'hi' } }));
    expect(s.results).toBe(results);
    const h = header(`${file}.journal`);
    const check = await checkInput(file, {});
    expect(h).toMatchObject({ v: 2, input: file, fingerprint: { size: check.size, sha256: check.sha256 }, resume: false, pid: process.pid, message: { text: 'hi' } });
    await runBatch(options(file, { resume: true, message: { text: 'hi' } }));
    // A resume appends its own header.
    expect(readFileSync(`${file}.journal`, 'utf8')).toMatch(/\n# \{"v":2,[^\n]*"resume":true/);
    expect(readFileSync(results, 'utf8').split('\n')[0]).toBe('row,to,status,message_id,error');
  });

  it('the journal and the results file are scrubbed of secrets', async () => {
    const file = csv([['111', 'sk_live_123456']]);
    const results = join(dir, 's.csv');
    const o = options(file, { results, send: async () => { throw new UsageError('bad sk_live_123456'); } });
    o.io.secret('sk_live_123456');
    await runBatch(o);
    expect(readFileSync(`${file}.journal`, 'utf8')).not.toContain('sk_live_123456');
    expect(readFileSync(results, 'utf8')).not.toContain('sk_live_123456');
    expect(readFileSync(results, 'utf8')).toContain('***');
  });

  it('the progress total is the rows of the file checked; unknown for stdin', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    const o = options(file);
    const check = await checkInput(file, {});
    const state = new RunState(o);
    const f = await openRunFiles(o, state, join(dir, 'total.journal'), file, check);
    expect(state.progress.total).toBe(2);
    expect(f.prior).toBeNull();
    expect(f.results).toBeNull();
    expect(f.table.count(0)).toBe(0);
    await closeRunFiles(f);
    state.stop.unlisten(o.signal);
    const state2 = new RunState(o);
    const f2 = await openRunFiles(o, state2, join(dir, 'total2.journal'), undefined, undefined);
    expect(state2.progress.total).toBeUndefined();
    expect(header(join(dir, 'total2.journal'))).toMatchObject({ input: 'stdin', fingerprint: null });
    await closeRunFiles(f2);
    state2.stop.unlisten(o.signal);
  });

  it('no --results: none in the summary', async () => {
    const s = await runBatch(options(csv([['111', 'hi']])));
    expect(Object.keys(s)).not.toContain('results');
  });

  it('a journal in a missing folder: the error names --journal, the path and the code', async () => {
    const o = options(csv([['111', 'hi']]));
    const path = join(dir, 'no-such-dir', 'x.journal');
    await expect(openRunFiles(o, new RunState(o), path, undefined, undefined)).rejects.toThrow(`--journal: cannot write ${path}: ENOENT`);
  });

  it('a journal refused with its own usage error keeps it; one failing without a code names the message', async () => {
    const o = options(csv([['111', 'hi']]));
    const path = join(dir, 'refused.journal');
    const own = new UsageError('--journal: refused.journal is a symlink; refusing to follow it');
    const openJournal = vi.spyOn(Journal, 'open').mockRejectedValueOnce(own);
    try {
      await expect(openRunFiles(o, new RunState(o), path, undefined, undefined)).rejects.toBe(own);
      openJournal.mockRejectedValueOnce(new Error('the disk went away'));
      await expect(openRunFiles(o, new RunState(o), path, undefined, undefined)).rejects.toThrow(new UsageError(`--journal: cannot write ${path}: the disk went away`));
    } finally {
      openJournal.mockRestore();
    }
  });
});
