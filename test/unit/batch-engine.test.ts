// runBatch (engine.ts) called in-process on a CSV file, with a send that answers from memory:
// the checks before the run, --dry-run, the rows fed through a stop, the summary and the footer.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NetworkError, UsageError } from '../../src/core/errors.js';
import { runBatch } from '../../src/batch/engine.js';
import type { BatchOptions } from '../../src/batch/types.js';
import { tempDir } from '../helpers/cli.js';
import { textBatch, textCsv, type TextReq } from '../helpers/batch.js';
import { testIO } from '../helpers/io.js';

const dir = tempDir('chatcrm-batch-engine-unit-');
type Req = TextReq;

const csv = textCsv(dir);

const options = (file: string, over: Partial<BatchOptions<Req>> = {}) => textBatch({ file, ...over });

const footer = (journal: string) => JSON.parse(readFileSync(journal, 'utf8').trimEnd().split('\n').at(-1)!.replace(/^# /, ''));

describe('runBatch: before the first row', () => {
  it('--resume with --restart is refused naming --restart; under --dry-run it is not', async () => {
    const file = csv([['111', 'hi']]);
    await expect(runBatch(options(file, { resume: true, restart: true }))).rejects.toThrow(/^--restart: .*cannot be combined with --resume/);
    expect(existsSync(`${file}.journal`)).toBe(false);
    const dry = await runBatch(options(file, { resume: true, restart: true, dryRun: true }));
    expect(dry.valid).toBe(1);
  });

  it('stdin with no --journal is refused naming --journal', async () => {
    await expect(runBatch(options('-'))).rejects.toThrow(/^--journal: required when FILE is - \(stdin\)/);
  });

  it.each([
    ['CSV', 'to,text\n111,hi\n222,hi\n'],
    ['JSONL', '{"to":"111","text":"hi"}\n{"to":"222","text":"hi"}\n'],
  ])('%s on stdin that fails part way: the rows read are sent, the run stops by its input, naming stdin and why', async (_kind, text) => {
    // Two rows, then the stream breaks when asked for more (a pipe whose writer died, EIO).
    let reads = 0;
    const stdin = new Readable({
      read() {
        if (reads++ === 0) this.push(text);
        else this.destroy(new Error('EIO: the pipe broke'));
      },
    });
    const sent: string[] = [];
    const send = async (req: Req) => (sent.push(req.to), `wamid.${req.to}`);
    const s = await runBatch(options('-', { io: testIO({ stdin }), journal: join(dir, `stdin-broken-${_kind}.journal`), send }));
    expect(sent).toEqual(['111', '222']);
    expect(s).toMatchObject({ rows: 2, sent: 2, stopped_by: 'input', stop_reason: 'cannot read stdin: EIO: the pipe broke' });
    // (Before the fix the CSV run waited for ever: a bound, not a measure.)
  }, 30_000);

  it('the journal is FILE.journal unless --journal names another', async () => {
    const file = csv([['111', 'hi']]);
    expect((await runBatch(options(file))).journal).toBe(`${file}.journal`);
    const other = join(dir, 'other.journal');
    const s = await runBatch(options(file, { journal: other }));
    expect(s.journal).toBe(other);
    expect(footer(other).end).toBe('complete');
  });

  it('files others may write: refused on a resume (the journal read, the results appended to), not on a new run', async () => {
    const file = csv([['111', 'hi']]);
    const results = join(dir, 'shared.csv');
    writeFileSync(results, '');
    chmodSync(results, 0o666);
    // A new run truncates the results file: only its owner matters.
    await runBatch(options(file, { results }));
    chmodSync(results, 0o620);
    await expect(runBatch(options(file, { results, resume: true }))).rejects.toThrow(/^--results: .* can be written by its group/);
    chmodSync(results, 0o600);
    chmodSync(`${file}.journal`, 0o620);
    await expect(runBatch(options(file, { results, resume: true }))).rejects.toThrow(/^--journal: .* can be written by its group/);
    // --restart moves the journal aside unread.
    expect(await runBatch(options(file, { results, restart: true }))).toMatchObject({ sent: 1 });
  });

  it('--dry-run checks no file an earlier run left: a group-writable journal with --resume is not refused', async () => {
    const file = csv([['111', 'hi']]);
    await runBatch(options(file));
    chmodSync(`${file}.journal`, 0o620);
    expect(await runBatch(options(file, { resume: true, dryRun: true }))).toMatchObject({ valid: 1 });
    chmodSync(`${file}.journal`, 0o600);
  });

  it('--delimiter is used to read and to check the file (a comma inside a |-separated value)', async () => {
    const file = join(dir, 'pipe.csv');
    writeFileSync(file, 'to|text\n111|hi, there\n');
    const seen: string[][] = [];
    const texts: string[] = [];
    const s = await runBatch(options(file, { delimiter: '|', checkColumns: (c) => void seen.push(c), send: async (req) => (texts.push(req.text), 'id') }));
    expect(seen).toEqual([['to', 'text']]);
    expect(texts).toEqual(['hi, there']);
    expect(s).toMatchObject({ sent: 1, failed: 0 });
  });

  it('--delimiter is also how the file is checked before the run: a quoted value holding commas is valid only with it', async () => {
    const file = join(dir, 'commas.csv');
    writeFileSync(file, 'to|a,b,c,d\n111|"x,y"\n222|y\n');
    const s = await runBatch(options(file, { delimiter: '|', build: (r) => ({ to: String(r.to), text: 'hi' }) }));
    expect(s).toMatchObject({ rows: 2, sent: 2, failed: 0 });
  });

  it('the columns are checked before any row is read, and a refusal sends nothing', async () => {
    const file = csv([['111', 'hi']]);
    let sent = 0;
    const seen: string[][] = [];
    const o = options(file, {
      checkColumns: (c) => {
        seen.push(c);
        throw new UsageError('FILE: no phone column');
      },
      send: async () => `${++sent}`,
    });
    await expect(runBatch(o)).rejects.toThrow('FILE: no phone column');
    expect(seen).toEqual([['to', 'text']]);
    expect(sent).toBe(0);
    expect(existsSync(`${file}.journal`)).toBe(false);
  });

  it('a bad line anywhere in a file is refused before the first send', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'to,text\n111,hi\n222,"unclosed\n');
    let sent = 0;
    await expect(runBatch(options(file, { send: async () => `${++sent}` }))).rejects.toThrow(/^FILE: /);
    expect(sent).toBe(0);
  });
});

describe('runBatch --dry-run', () => {
  it('counts the valid rows as not sent, writes no journal, sends nothing', async () => {
    const file = csv([['111', 'hi'], ['bad', 'hi'], ['333', 'hi']]);
    let sent = 0;
    const o = options(file, {
      dryRun: true,
      build: (r) => {
        if (r.to === 'bad') throw new UsageError('to: not a phone number');
        return { to: String(r.to), text: String(r.text) };
      },
      send: async () => `${++sent}`,
    });
    const s = await runBatch(o);
    expect(s).toMatchObject({ rows: 3, valid: 2, not_sent: 2, invalid: 1, failed: 1, sent: 0, status: 'complete' });
    expect(s.elapsed_s).toBeGreaterThanOrEqual(0);
    expect(s.elapsed_s).toBeLessThan(60);
    expect(o.io.stderrText()).toContain('row 2: invalid: to: not a phone number');
    expect(sent).toBe(0);
    expect(existsSync(`${file}.journal`)).toBe(false);
  });
});

describe('runBatch: the rows and the end', () => {
  it('every row sent: the summary, the rate, and the journal footer counting them; the lock is let go', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi'], ['111', 'hi']]);
    const s = await runBatch(options(file));
    expect(s).toMatchObject({ rows: 3, sent: 2, skipped: 1, skipped_duplicate: 1, not_sent: 0, status: 'complete' });
    expect(s.stop_reason).toBeUndefined();
    expect(s.rate_per_s).toBeGreaterThan(0);
    expect(Number.isInteger(s.rate_per_s)).toBe(true);
    expect(footer(`${file}.journal`)).toMatchObject({ end: 'complete', rows: 3, sent: 2, failed: 0, uncertain: 0, skipped: 1, not_sent: 0 });
    // Released: a resume of the same journal takes the lock again, and sends nothing new.
    const again = await runBatch(options(file, { resume: true }));
    expect(again).toMatchObject({ rows: 3, sent: 0, skipped: 3, skipped_sent: 2, skipped_duplicate: 1 });
  });

  it('an invalid row is not sent and the rows after it are', async () => {
    const file = csv([['bad', 'hi'], ['222', 'hi']]);
    const o = options(file, {
      build: (r) => {
        if (r.to === 'bad') throw new UsageError('to: not a phone number');
        return { to: String(r.to), text: String(r.text) };
      },
    });
    expect(await runBatch(o)).toMatchObject({ rows: 2, sent: 1, failed: 1, invalid: 1 });
  });

  it('a stop (--max-errors) lists every later row as not sent, with why: stopped, not interrupted', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi'], ['333', 'hi'], ['444', 'hi']]);
    const results = join(dir, 'stop.csv');
    const o = options(file, {
      results, maxErrors: 0, concurrency: 1,
      send: async () => {
        throw new NetworkError('refused', false);
      },
    });
    const s = await runBatch(o);
    expect(s).toMatchObject({ rows: 4, failed: 1, not_sent: 3, status: 'stopped', stopped_by: 'max_errors', stop_reason: 'more than 0 errors (--max-errors)' });
    expect(footer(`${file}.journal`)).toMatchObject({ end: 'stopped', rows: 4, failed: 1, not_sent: 3 });
    const lines = readFileSync(results, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.slice(2)).toEqual(['2,222,not_sent,,not sent: more than 0 errors (--max-errors)', '3,333,not_sent,,not sent: more than 0 errors (--max-errors)', '4,444,not_sent,,not sent: more than 0 errors (--max-errors)']);
  });

  it('after a stop every later row is listed not sent: an invalid row or a duplicate too, not counted as such', async () => {
    const file = csv([['1001', 'hi'], ['1002', 'hi'], ['bad', 'hi'], ['1002', 'hi']]);
    const o = options(file, {
      maxErrors: 0, concurrency: 1,
      build: (r) => {
        if (r.to === 'bad') throw new UsageError('to: not a phone number');
        return { to: String(r.to), text: String(r.text) };
      },
      send: async () => {
        throw new NetworkError('refused', false);
      },
    });
    expect(await runBatch(o)).toMatchObject({ rows: 4, failed: 1, invalid: 0, skipped: 0, not_sent: 3, stopped_by: 'max_errors' });
  });

  it('Ctrl-C before the first row: interrupted by SIGINT, every row not sent', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    const ctrlC = new AbortController();
    ctrlC.abort();
    let sent = 0;
    const s = await runBatch(options(file, { signal: ctrlC.signal, send: async () => `${++sent}` }));
    expect(s).toMatchObject({ rows: 2, not_sent: 2, status: 'interrupted', stopped_by: 'SIGINT' });
    expect(sent).toBe(0);
    expect(footer(`${file}.journal`).end).toBe('interrupted');
  });

  it('a resume whose input sent rows did not match warns (resumeNotes)', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    await runBatch(options(file));
    writeFileSync(file, 'to,text\n111,hello\n222,hello\n');
    const o = options(file, { resume: true, newMessage: true });
    const s = await runBatch(o);
    expect(s).toMatchObject({ sent: 2, skipped_sent: 0, input_changed: true, matched: 0 });
    expect(o.io.stderrText()).toContain('Note: 0 of 2 rows matched the journal');
    expect(o.io.stderrText()).toContain('Warning: 0 of the 2 rows the journal records as sent matched this input');
  });
});
