import { appendFileSync, constants, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { IdTable, identity, State } from '../../src/batch/identity.js';
import { Journal, scanJournal } from '../../src/batch/journal.js';
import { openPrivate, type OpenFile } from '../../src/core/private-file.js';
import { checkPaths } from '../../src/batch/prior-run.js';
import { lockJournal } from '../../src/batch/lock.js';
import { accepted, rowError, type RowError } from '../../src/batch/outcome.js';
import { formatDuration, progressBar, statusLine } from '../../src/batch/progress.js';
import { checkInput, CsvScan } from '../../src/batch/input-check.js';
import { detectDelimiter, openRows } from '../../src/batch/reader.js';
import fc from 'fast-check';
import { learnedFrom, ResultsWriter } from '../../src/batch/results.js';
import { csvText as csvCell } from '../../src/core/sanitize.js';
import { summaryLine } from '../../src/batch/command.js';
import { ApiError, AuthError, NetworkError, ResponseError } from '../../src/core/errors.js';
import { tempDir } from '../helpers/cli.js';
import { HostExit, testHost } from '../helpers/io.js';
import { Wake } from '../../src/batch/wake.js';

const dir = tempDir('chatcrm-batch-unit-');
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};
const write = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
const ID = (n: number) => n.toString(16).padStart(16, '0');

describe('reader', () => {
  it('streams CSV records numbered from 1 with the header as columns', async () => {
    const f = write('a.csv', '\uFEFFto, name\n1,"A, with comma"\n\n2,"multi\nline"\n');
    const src = await openRows(f);
    expect(src.columns).toEqual(['to', 'name']);
    expect(await collect(src.rows)).toEqual([
      { row: 1, record: { to: '1', name: 'A, with comma' } },
      { row: 2, record: { to: '2', name: 'multi\nline' } },
    ]);
  });

  it('matches header names case-insensitively, keeping the case after a dot (field.City)', async () => {
    const src = await openRows(write('case.csv', 'To,NAME,field.City\n1,A,Paris\n'));
    expect(src.columns).toEqual(['to', 'name', 'field.City']);
    expect((await collect(src.rows))[0].record).toEqual({ to: '1', name: 'A', 'field.City': 'Paris' });
  });

  it('refuses a duplicate header, naming the column', async () => {
    await expect(openRows(write('dup.csv', 'to,name,TO\n1,a,2\n'))).rejects.toThrow(/line 1: duplicate column "to"/);
  });

  it('detects ; and tab delimiters, or takes --delimiter', async () => {
    expect(detectDelimiter('to;name;"a,b"\n1;2;3')).toBe(';');
    expect(detectDelimiter('to\tname\n')).toBe('\t');
    expect(detectDelimiter('to\n')).toBe(',');
    expect((await collect((await openRows(write('semi.csv', 'to;name\n1;Ada, Countess\n'))).rows))[0].record).toEqual({ to: '1', name: 'Ada, Countess' });
    expect((await collect((await openRows(write('tab.csv', 'to\tname\n1\tAda\n'))).rows))[0].record).toEqual({ to: '1', name: 'Ada' });
    expect((await collect((await openRows(write('pipe.csv', 'to|name\n1|Ada\n'), { delimiter: '|' })).rows))[0].record).toEqual({ to: '1', name: 'Ada' });
  });

  it('a row with more or fewer fields than the header is an invalid row', async () => {
    const rows = await collect((await openRows(write('width.csv', 'to,name\n1,a\n2\n3,b,c\n'))).rows);
    expect(rows.map((r) => r.error)).toEqual([undefined, '1 fields, the header has 2', '3 fields, the header has 2']);
  });

  it('checkInput: a CSV syntax error anywhere is refused, naming the line; else rows and fingerprint', async () => {
    const good = write('good.csv', 'to\n1\n2\n3\n');
    expect(await checkInput(good)).toEqual({ rows: 3, size: 9, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const lines = ['to,name', ...Array.from({ length: 3000 }, (_, i) => `${i},n`), '9,"unclosed', '10,x'];
    await expect(checkInput(write('bad.csv', lines.join('\n')))).rejects.toThrow(/is not valid CSV: line 3002: a quote opened here is never closed \(row 3001; Quote Not Closed\)/);
  });

  it('streams JSONL from a file or stdin, skipping blank lines and flagging bad ones', async () => {
    const text = '{"to":"1","X":1}\n\n[1]\nnope\n{"to":"2"}';
    const rows = await collect((await openRows(write('a.jsonl', text))).rows);
    expect(rows.map((r) => [r.row, r.error ?? r.record.to])).toEqual([[1, '1'], [2, 'line is not a JSON object'], [3, 'line is not valid JSON'], [4, '2']]);
    expect(rows[0].record).toEqual({ to: '1', x: 1 });
    const { Readable } = await import('node:stream');
    const stdin = await openRows('-', { stdin: Readable.from([Buffer.from(text.slice(0, 7)), Buffer.from(text.slice(7))]) });
    expect((await collect(stdin.rows)).map((r) => r.row)).toEqual([1, 2, 3, 4]);
  });
});

describe('CSV pre-pass scan', () => {
  const parsed = async (text: string, delimiter = ',') => {
    const { parse } = await import('csv-parse/sync');
    try {
      return { ok: true, rows: (parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, delimiter }) as unknown[]).length };
    } catch {
      return { ok: false, rows: 0 };
    }
  };
  const scanned = (text: string, delimiter = ',') => {
    const s = new CsvScan(delimiter.charCodeAt(0));
    // In two chunks: the state carries across a chunk boundary.
    const b = Buffer.from(text);
    s.push(b.subarray(0, b.length >> 1));
    s.push(b.subarray(b.length >> 1));
    s.end();
    return { ok: !s.error, rows: s.records };
  };
  it('agrees with csv-parse: what it passes parses, with as many records', async () => {
    // Every line end (a lone CR too) and every delimiter, as data or as the delimiter.
    const alphabet = fc.array(fc.constantFrom('a', 'b', ',', ';', '\t', '"', '\n', '\r\n', '\r', ' '), { maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(alphabet, fc.constantFrom(',', ';', '\t'), async (parts, delimiter) => {
        const text = parts.join('');
        const [s, p] = [scanned(text, delimiter), await parsed(text, delimiter)];
        if (s.ok) expect(p).toEqual(s);
      }),
      { numRuns: 5000 },
    );
  });
  it('names the line of an unclosed quote, a stray quote, a bad closing quote', () => {
    const err = (t: string) => {
      const s = new CsvScan(44);
      s.push(Buffer.from(t));
      s.end();
      return s.error;
    };
    expect(err('to\n1\n"2\n3\n')).toBe('line 3: a quote opened here is never closed');
    expect(err('to\n1\nab"c\n')).toBe('line 3: a quote inside a field that does not start with one');
    expect(err('to\n"1"x\n')).toBe('line 2: a closing quote must be followed by a delimiter or a line end');
    expect(err('to\n"multi\nline",x\n2\n')).toBeUndefined();
    // A CRLF file: a lone CR after a closing quote is not a line end (csv-parse: Invalid Closing Quote).
    expect(err('to,name\r\n15550000099,"Bob"\r15550000100,x\r\n')).toBe('line 2: a closing quote must be followed by a delimiter or a line end');
    // A CR file: CR LF is a line end and then an LF of data, a record of its own.
    const s = new CsvScan(44);
    s.push(Buffer.from('to\ra\r\nb\r'));
    s.end();
    expect([s.error, s.records]).toEqual([undefined, 3]);
  });
});

describe('identity', () => {
  it('is the recipient and the rendered request: same for the same send, different otherwise', () => {
    const a = identity('15550001', '{"text":"hi"}');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(identity('15550001', '{"text":"hi"}')).toBe(a);
    expect(identity('15550001', '{"text":"ho"}')).not.toBe(a);
    expect(identity('15550002', '{"text":"hi"}')).not.toBe(a);
  });

  it('IdTable keeps states, offsets and duplicates across growth', () => {
    const t = new IdTable();
    for (let i = 1; i <= 5000; i++) {
      const s = t.slot(ID(i * 7919));
      t.set(s, i % 2 ? State.Sent : State.Uncertain, i * 10);
      if (i % 3 === 0) expect(t.firstSeen(s)).toBe(true);
    }
    for (const i of [1, 2, 2500, 4998, 5000]) {
      const s = t.slot(ID(i * 7919));
      expect([t.state(s), t.offset(s), t.firstSeen(s)]).toEqual([i % 2 ? State.Sent : State.Uncertain, i * 10, i % 3 !== 0]);
    }
    expect(t.state(t.slot(ID(3)))).toBe(State.None);
  });
});

/** Open through the real fs, counting write() and datasync() calls. */
function countingOpen(): { open: OpenFile; writes: number; syncs: number } {
  const c = {
    writes: 0,
    syncs: 0,
    open: async (path: string, flags: number, mode: number): Promise<FileHandle> => {
      const fh = await open(path, flags, mode);
      return new Proxy(fh, {
        get(target, prop) {
          if (prop === 'write') c.writes++;
          if (prop === 'datasync' || prop === 'sync') c.syncs++;
          const v = Reflect.get(target, prop, target);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    },
  };
  return c;
}

describe('journal', () => {
  it('makes intents durable before resolving; an identity state is its last record; secrets scrubbed', async () => {
    const p = join(dir, 'j1.journal');
    const j = await Journal.open(p, { v: 2 }, {}, (s) => s.replace('sekrit-key', '***'));
    await Promise.all([j.intent(1, ID(1), '111'), j.intent(2, ID(2), '222'), j.intent(3, ID(3), '333')]);
    expect(readFileSync(p, 'utf8').match(/^I\t/gm)).toHaveLength(3);
    j.outcome('S', 1, ID(1), '111', 'wamid.1');
    j.outcome('F', 2, ID(2), '222', 'bad\tthing\nhere, key sekrit-key');
    j.end({ end: 'complete' });
    await j.close();
    const text = readFileSync(p, 'utf8');
    expect(text).toContain(`F\t2\t${ID(2)}\t222\tbad thing here, key ***\n`);
    expect(text).not.toContain('sekrit-key');
    const s = await scanJournal(p);
    expect(s.completed).toBe(true);
    expect([1, 2, 3, 4].map((i) => s.table.state(s.table.slot(ID(i))))).toEqual([State.Sent, State.Failed, State.Intent, State.None]);
  });

  it('ignores a torn last line, and cuts it off before appending', async () => {
    const p = join(dir, 'j2.journal');
    writeFileSync(p, `I\t1\t${ID(1)}\t111\nI\t2\t${ID(2)}\t222\nS\t1\t${ID(1)}`);
    let s = await scanJournal(p);
    expect([s.table.state(s.table.slot(ID(1))), s.table.state(s.table.slot(ID(2)))]).toEqual([State.Intent, State.Intent]);
    const j = await Journal.open(p, { v: 2 });
    j.outcome('S', 2, ID(2), '222', 'wamid.2');
    await j.close();
    s = await scanJournal(p);
    expect([s.table.state(s.table.slot(ID(1))), s.table.state(s.table.slot(ID(2)))]).toEqual([State.Intent, State.Sent]);
    expect(s.completed).toBe(false);
    expect(readFileSync(p, 'utf8')).toMatch(new RegExp(`^I\\t2\\t${ID(2)}\\t222\\n# `, 'm'));
  });

  it('group-commits intents: a batch is synced in one write', async () => {
    const p = join(dir, 'j4.journal');
    const fs = countingOpen();
    const j = await Journal.open(p, { v: 2 }, {}, undefined, fs.open);
    // Durable writes: O_DSYNC where the platform has it (no separate sync), else write + fdatasync.
    const syncsPerCommit = constants.O_DSYNC ? 0 : 1;
    const header = { writes: fs.writes, syncs: fs.syncs };
    expect(header).toEqual({ writes: 1, syncs: syncsPerCommit });
    await Promise.all(Array.from({ length: 8 }, (_, i) => j.intent(i + 1, ID(i + 1), `k${i}`)));
    expect(readFileSync(p, 'utf8').match(/^I\t/gm)).toHaveLength(8);
    expect({ writes: fs.writes - header.writes, syncs: fs.syncs - header.syncs }).toEqual({ writes: 1, syncs: syncsPerCommit });
    await j.close();
  });

  it('a partial batch waits briefly for more intents', async () => {
    const j = await Journal.open(join(dir, 'j5.journal'), { v: 2 }, { intentBatch: 3, intentDelayMs: 30 });
    const started = performance.now();
    await j.intent(1, ID(1), 'd');
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    await j.close();
  });

  it('reads identities whatever their row numbers', async () => {
    const p = join(dir, 'j3.journal');
    appendFileSync(p, `I\t5000000\t${ID(9)}\tx\n`);
    const s = await scanJournal(p);
    expect(s.table.state(s.table.slot(ID(9)))).toBe(State.Intent);
  });
});

describe('journal lock', () => {
  it('refuses a second hold in this process; a lock naming this pid that this process does not hold is a leftover', () => {
    const j = join(dir, 'own.journal');
    const release = lockJournal(j, testHost({}));
    expect(() => lockJournal(j, testHost({}))).toThrow(new RegExp(`is in use by pid ${process.pid} `));
    release();
    expect(existsSync(`${j}.lock`)).toBe(false);
    // What a run with the same pid (a container's pid 1) left behind when it was killed.
    writeFileSync(`${j}.lock`, JSON.stringify({ pid: process.pid, host: hostname() }));
    const again = lockJournal(j, testHost({}));
    expect(JSON.parse(readFileSync(`${j}.lock`, 'utf8'))).toEqual({ pid: process.pid, host: hostname() });
    again();
    expect(existsSync(`${j}.lock`)).toBe(false);
  });

  it('an exit (a second Ctrl-C skips finally blocks) releases it through the host; a release forgets that hook', () => {
    const j = join(dir, 'exit.journal');
    const host = testHost({});
    lockJournal(j, host);
    expect(existsSync(`${j}.lock`)).toBe(true);
    expect(() => host.exit(130)).toThrow(HostExit);
    expect(existsSync(`${j}.lock`)).toBe(false);
    // In-process runs share one host's lifetime: each hook left behind would pile up.
    const cancel = vi.fn();
    lockJournal(j, { atExit: () => cancel })();
    expect(cancel).toHaveBeenCalledOnce();
  });
});

describe('results', () => {
  it('writes one line per row in input order, whatever order rows finish in', async () => {
    const out = join(dir, 'r.csv');
    const w = await ResultsWriter.open(out, { key: 'to', id: 'message_id' }, (s) => s);
    w.add(3, '333', 'sent', 'wamid.3');
    w.add(2, '222', 'uncertain', '', 'reset');
    expect(w.waiting).toBe(2);
    w.add(1, '111', 'failed', '', 'HTTP 400');
    w.add(4, '444', 'not_sent', '', 'not sent: interrupted');
    await w.close();
    expect(readFileSync(out, 'utf8').trim().split('\n')).toEqual([
      'row,to,status,message_id,error',
      '1,111,failed,,HTTP 400',
      '2,222,uncertain,,reset',
      '3,333,sent,wamid.3,',
      '4,444,not_sent,,not sent: interrupted',
    ]);
  });

  it('quotes cells that need it, defuses formulas with a leading quote, scrubs the key', async () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2,3')).toBe(`"'-2,3"`);
    expect(csvCell('bell\u0007')).toBe('bell\\x07');
    expect(csvCell('plain')).toBe('plain');
    const out = join(dir, 'r2.csv');
    const w = await ResultsWriter.open(out, { key: 'to', id: 'id' }, (s) => s.split('sekrit-key').join('***'));
    w.add(1, '+1', 'failed', '', 'Invalid API key sekrit-key');
    await w.close();
    expect(readFileSync(out, 'utf8')).toBe("row,to,status,id,error\n1,'+1,failed,,Invalid API key ***\n");
  });

  it('a resume keeps what the earlier file learned: final_status and the reason, for the rows an earlier run sent', async () => {
    const out = join(dir, 'learned.csv');
    writeFileSync(out, ['row,to,status,message_id,error,final_status', '1,111,sent,wamid.1,,read', `2,222,sent,wamid.2,"'=blocked, by user",failed`, '3,333,failed,,HTTP 400,', ''].join('\n'));
    const learned = await learnedFrom(readFileSync(out, 'utf8'));
    expect([...learned!]).toEqual([
      ['wamid.1', { final: 'read', error: '' }],
      ['wamid.2', { final: 'failed', error: "'=blocked, by user" }],
    ]);
    // Read through the descriptor the open checked, then emptied and written from its start.
    const w = await ResultsWriter.open(out, { key: 'to', id: 'message_id' }, (s) => s, { keepLearned: true });
    w.add(1, '111', 'sent', 'wamid.1', 'sent by an earlier run');
    w.add(2, '222', 'sent', 'wamid.2', 'sent by an earlier run');
    w.add(3, '333', 'sent', 'wamid.9');
    w.add(4, '444', 'failed', 'wamid.2', 'HTTP 400');
    await w.close();
    expect(readFileSync(out, 'utf8').trim().split('\n')).toEqual([
      'row,to,status,message_id,error,final_status',
      '1,111,sent,wamid.1,sent by an earlier run,read',
      `2,222,sent,wamid.2,"sent by an earlier run; '=blocked, by user",failed`,
      '3,333,sent,wamid.9,,',
      '4,444,failed,wamid.2,HTTP 400,',
    ]);
  });

  it('a reason the earlier file already carries after the same error is not repeated, nor defused twice', async () => {
    const out = join(dir, 'learned2.csv');
    writeFileSync(out, `row,to,status,message_id,error,final_status\n1,111,sent,wamid.1,sent by an earlier run; '=x,failed\n`);
    const w = await ResultsWriter.open(out, { key: 'to', id: 'message_id' }, (s) => s, { keepLearned: true });
    w.add(1, '111', 'sent', 'wamid.1', 'sent by an earlier run');
    await w.close();
    expect(readFileSync(out, 'utf8')).toBe(`row,to,status,message_id,error,final_status\n1,111,sent,wamid.1,sent by an earlier run; '=x,failed\n`);
  });

  it('no earlier file, or one without final_status: nothing learned, the usual columns', async () => {
    expect(await learnedFrom('')).toBeUndefined();
    expect(await learnedFrom('row,to,status,message_id,error\n1,111,sent,wamid.1,\n')).toBeUndefined();
    // keepLearned of a new file, or one without final_status: the usual header.
    // The plain file is longer than what is written over it: emptied first, no old tail is left.
    write('plain-results.csv', `row,to,status,message_id,error\n${'9,999,sent,wamid.9,\n'.repeat(50)}`);
    for (const name of ['none.csv', 'plain-results.csv']) {
      const out = join(dir, name);
      const w = await ResultsWriter.open(out, { key: 'to', id: 'message_id' }, (s) => s, { keepLearned: true });
      w.add(1, '111', 'sent', 'wamid.1');
      await w.close();
      expect(readFileSync(out, 'utf8')).toBe('row,to,status,message_id,error\n1,111,sent,wamid.1,\n');
    }
  });
});

describe('outcomes', () => {
  const res = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, headers, body });
  const verdict = (f: () => unknown) => {
    try {
      f();
      return 'S';
    } catch (err) {
      return rowError(err).verdict;
    }
  };
  it('only a 2xx JSON body is sent; 4xx failed; 5xx and gateways uncertain; 3xx and HTML never sent', () => {
    expect(verdict(() => accepted(res(200, { data: { message_id: 'x' } })))).toBe('S');
    expect(verdict(() => accepted(res(200, '<html>Sign in</html>')))).toBe('U');
    expect(verdict(() => accepted(res(204, undefined)))).toBe('U');
    expect(verdict(() => accepted(res(302, '', { location: '/login' })))).toBe('U');
    expect(verdict(() => accepted(res(400, { message: 'bad' })))).toBe('F');
    expect(verdict(() => accepted(res(429, {}, { 'retry-after': '1' })))).toBe('F');
    for (const s of [500, 502, 504]) expect(verdict(() => accepted(res(s, 'Bad Gateway')))).toBe('U');
    expect(verdict(() => accepted(res(503, {})))).toBe('U');
    expect(verdict(() => accepted(res(503, {}, { 'retry-after': '5' })))).toBe('F');
    // Not a Retry-After the client can honour: it did not retry, and the send may have been processed.
    expect(verdict(() => accepted(res(503, {}, { 'retry-after': 'soon' })))).toBe('U');
    // 401 and 403 stop the run: every row would fail alike.
    for (const status of [401, 403]) {
      let row: RowError | undefined;
      try {
        accepted(res(status, { message: 'Invalid API key' }));
      } catch (err) {
        row = rowError(err);
      }
      expect(row?.verdict).toBe('F');
      expect(row?.stops).toBeInstanceOf(AuthError);
      expect(row?.exitCode).toBe(3);
    }
  });

  it('errors thrown by a send: written or timed out is uncertain, unwritten failed', () => {
    expect(rowError(new NetworkError('reset', true)).verdict).toBe('U');
    expect(rowError(new NetworkError('refused', false)).verdict).toBe('F');
    expect(rowError(new ApiError('gw', 504)).verdict).toBe('U');
    expect(rowError(new ApiError('bad', 422)).verdict).toBe('F');
    for (const code of ['redirect', 'not_json', 'too_large'] as const) expect(rowError(new ResponseError('policy', 200, code)).verdict).toBe('U');
    expect(rowError(new AuthError('no', 401)).stops).toBeInstanceOf(AuthError);
    expect(rowError(new AuthError('forbidden', 403)).stops).toBeInstanceOf(AuthError);
  });
});

describe('wake (the dispatcher waiting for a slot)', () => {
  it('returns at once when the condition holds, and otherwise only after a wake that makes it hold', async () => {
    const w = new Wake();
    await w.until(() => true);
    let free = 0;
    let done = false;
    const waiting = w.until(() => free > 0).then(() => (done = true));
    w.wake(); // woken, the condition still false: it waits again
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    free = 1;
    w.wake();
    await waiting;
    expect(done).toBe(true);
  });

  it('drops a wake with no one waiting (the waiter checks its condition first)', async () => {
    const w = new Wake();
    w.wake();
    let ready = false;
    let done = false;
    const waiting = w.until(() => ready).then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    ready = true;
    w.wake();
    await waiting;
    expect(done).toBe(true);
  });
});

describe('progress and summary', () => {
  it('draws a bar with rate and ETA, and a status line', () => {
    expect(progressBar(50, 100, 10, 10)).toBe('[#####-----] 50/100 50% 10/s ETA 5s');
    expect(progressBar(5, undefined, 0, 4)).toBe('[----] 5 0/s ETA ?');
    expect(formatDuration(3725)).toBe('1h02m');
    expect(statusLine('send-batch', { sent: 3, failed: 1, uncertain: 0, skipped: 2 }, 4, 61)).toBe(
      'send-batch: 4 done (3 sent, 1 failed, 0 uncertain, 2 skipped) in 1m01s, 4/s',
    );
  });

  it('the summary line counts every row', () => {
    const s = { rows: 300, sent: 0, failed: 1, uncertain: 0, skipped: 0, not_sent: 299, stop_reason: 'Invalid API key' } as Parameters<typeof summaryLine>[0];
    expect(summaryLine(s)).toBe('300 rows: 0 sent, 1 failed, 0 uncertain, 299 not sent (stopped: Invalid API key)');
    expect(summaryLine({ ...s, rows: 1, failed: 0, not_sent: 0, sent: 1, stop_reason: undefined })).toBe('1 row: 1 sent, 0 failed, 0 uncertain, 0 not sent');
  });
});

// Two layers refuse a symlinked results or journal file: checkPaths before the run (lstat), and
// openPrivate when it opens the file (O_NOFOLLOW, which also closes the gap between the two).
// Each is tested alone: the e2e tests see them only together.
describe('a symlink in place of a private file, each layer alone', () => {
  const setup = () => {
    const dir = tempDir('chatcrm-private-');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'not yours\n');
    const link = join(dir, 'results.csv');
    symlinkSync(victim, link);
    return { dir, victim, link };
  };

  it.skipIf(!constants.O_NOFOLLOW)('openPrivate refuses it by O_NOFOLLOW alone (no lstat before), the target untouched', async () => {
    const { victim, link } = setup();
    await expect(openPrivate(link, constants.O_WRONLY | constants.O_TRUNC, '--results')).rejects.toThrow(`--results: ${link} is a symbolic link; name the file itself`);
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
  });

  it('checkPaths refuses a symlinked --results (and --journal) before anything opens it', () => {
    const { dir, link } = setup();
    expect(() => checkPaths(join(dir, 'in.csv'), join(dir, 'run.journal'), link)).toThrow(`--results: ${link} is a symbolic link; name the file itself`);
    expect(() => checkPaths(join(dir, 'in.csv'), link, undefined)).toThrow(`--journal: ${link} is a symbolic link; name the file itself`);
    expect(() => checkPaths(join(dir, 'in.csv'), join(dir, 'run.journal'), join(dir, 'plain.csv'))).not.toThrow();
  });
});
