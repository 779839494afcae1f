// The steps of a row (run.ts) through runBatch with a send from memory: invalid rows, skips and
// what the results file says of them, the check before the first send, the slots, the verdicts,
// and the stops (--max-errors, an unreachable server, a refused key, a journal that fails).
import { readFileSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AuthError, NetworkError, UsageError } from '../../src/core/errors.js';
import { runBatch } from '../../src/batch/engine.js';
import { Pacer } from '../../src/batch/limiter.js';
import { systemClock } from '../../src/core/clock.js';
import { RowError } from '../../src/batch/outcome.js';
import type { BatchOptions } from '../../src/batch/types.js';
import { tempDir } from '../helpers/cli.js';
import { textBatch, textCsv, type TextReq } from '../helpers/batch.js';

const dir = tempDir('chatcrm-batch-run-send-unit-');
type Req = TextReq;

const csv = textCsv(dir);

/** `n` rows to 1001, 1002, ... */
const numbered = (n: number) => csv(Array.from({ length: n }, (_, i) => [String(1001 + i), 'hi']));

const options = (file: string, over: Partial<BatchOptions<Req>> = {}) => textBatch({ file, ...over });

/** The results file's lines after its header. */
const resultLines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').slice(1);
const journalLines = (file: string, kind: string) => readFileSync(`${file}.journal`, 'utf8').split('\n').filter((l) => l.startsWith(`${kind}\t`));

/** A send whose connection fails before the request is written. */
const failing = (message = 'refused') => async () => {
  throw new NetworkError(message, false);
};

describe('invalid rows', () => {
  it('a row the command refuses: failed and invalid, reported, listed with why, the next row sent', async () => {
    const file = csv([['bad', 'hi'], ['222', 'hi']]);
    const results = join(dir, 'invalid.csv');
    const o = options(file, {
      results,
      build: (r) => {
        if (r.to === 'bad') throw new UsageError('to: not a phone number');
        return { to: String(r.to), text: String(r.text) };
      },
    });
    expect(await runBatch(o)).toMatchObject({ rows: 2, sent: 1, failed: 1, invalid: 1, status: 'complete' });
    expect(o.io.stderrText()).toContain('row 1: invalid, not sent: to: not a phone number');
    expect(resultLines(results)).toEqual(['1,bad,failed,,invalid: to: not a phone number', '2,222,sent,wamid.222,']);
  });

  it('a line the reader cannot parse (a JSONL row that is not an object) is an invalid row', async () => {
    const file = join(dir, 'rows.jsonl');
    writeFileSync(file, '{"to":"111","text":"hi"}\n[1]\n');
    const o = options(file);
    expect(await runBatch(o)).toMatchObject({ rows: 2, sent: 1, failed: 1, invalid: 1 });
    expect(o.io.stderrText()).toMatch(/row 2: invalid, not sent: \S/);
  });

  it('--max-errors counts invalid rows: one more than allowed stops the run', async () => {
    const file = csv([['bad', 'hi'], ['bad', 'ho'], ['333', 'hi']]);
    const build = (r: Record<string, unknown>) => {
      if (r.to === 'bad') throw new UsageError('to: not a phone number');
      return { to: String(r.to), text: String(r.text) };
    };
    expect(await runBatch(options(file, { build, maxErrors: 1 }))).toMatchObject({ invalid: 2, sent: 0, not_sent: 1, stopped_by: 'max_errors' });
    expect(await runBatch(options(file, { build, maxErrors: 2, restart: true }))).toMatchObject({ invalid: 2, sent: 1, status: 'complete' });
  });

  it('a warning and an error share the results cell; a warning alone is there too', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    const results = join(dir, 'warn.csv');
    const o = options(file, {
      results,
      build: (r, _row, warn) => {
        warn('empty {{name}}');
        return { to: String(r.to), text: String(r.text) };
      },
      send: async (req) => {
        if (req.to === '222') throw new RowError('HTTP 400', 'F');
        return 'id1';
      },
    });
    await runBatch(o);
    expect(resultLines(results)).toEqual(['1,111,sent,id1,warning: empty {{name}}', '2,222,failed,,HTTP 400; warning: empty {{name}}']);
  });
});

describe('skips', () => {
  it('a duplicate is reported and listed; a resume lists the earlier message id and the earlier uncertainty', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi'], ['333', 'hi'], ['111', 'hi']]);
    const results = join(dir, 'skips.csv');
    const o = options(file, {
      results,
      send: async (req) => {
        if (req.to === '222') throw new RowError('HTTP 502 Bad Gateway', 'U');
        if (req.to === '333') throw new RowError('HTTP 400', 'F');
        return `wamid.${req.to}`;
      },
    });
    expect(await runBatch(o)).toMatchObject({ sent: 1, uncertain: 1, failed: 1, skipped: 1, skipped_duplicate: 1 });
    expect(o.io.stderrText()).toContain('row 4: duplicate of an earlier row (same recipient and message): sent once');
    expect(resultLines(results)[3]).toBe('4,111,skipped,,duplicate of an earlier row');
    const again = options(file, { results, resume: true });
    expect(await runBatch(again)).toMatchObject({ sent: 1, skipped: 3, skipped_sent: 1, skipped_uncertain: 1, skipped_duplicate: 1, matched: 3 });
    expect(resultLines(results)).toEqual([
      '1,111,sent,wamid.111,sent by an earlier run',
      '2,222,uncertain,,HTTP 502 Bad Gateway',
      '3,333,sent,wamid.333,',
      '4,111,skipped,,duplicate of an earlier row',
    ]);
  });

  it('a row whose intent the earlier run recorded with no answer: uncertain, "no answer recorded"; --retry-uncertain sends it', async () => {
    const file = csv([['111', 'hi']]);
    const results = join(dir, 'intent.csv');
    await runBatch(options(file));
    // Cut the journal back to the intent: the earlier run stopped with the row in flight.
    const journal = `${file}.journal`;
    writeFileSync(journal, readFileSync(journal, 'utf8').split('\n').filter((l) => l.startsWith('# ') || l.startsWith('I\t')).slice(0, 2).join('\n') + '\n');
    expect(await runBatch(options(file, { results, resume: true }))).toMatchObject({ sent: 0, skipped_uncertain: 1, matched: 1 });
    expect(resultLines(results)).toEqual(['1,111,uncertain,,no answer recorded (an earlier run stopped while it was in flight)']);
    expect(await runBatch(options(file, { resume: true, retryUncertain: true }))).toMatchObject({ sent: 1, skipped: 0 });
  });

  it('without --results a resume skips a row left uncertain, reading nothing of the earlier run', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    await runBatch(options(file, { send: async (req) => {
      if (req.to === '222') throw new RowError('HTTP 502 Bad Gateway', 'U');
      return 'id';
    } }));
    expect(await runBatch(options(file, { resume: true }))).toMatchObject({ status: 'complete', skipped_sent: 1, skipped_uncertain: 1, sent: 0 });
  });

  it('a skipped row\'s earlier record is read from the journal for --results only (one 4 KiB read a row), not without it', async () => {
    const file = csv([['111', 'hi'], ['222', 'hi']]);
    await runBatch(options(file));
    // The journal is read through a FileHandle: its reads of one record (recordAt's 4 KiB buffer) counted.
    const fh = await open(file, 'r');
    const read = vi.spyOn(Object.getPrototypeOf(fh) as FileHandle, 'read');
    await fh.close();
    const recordReads = () => read.mock.calls.filter(([buf]) => Buffer.isBuffer(buf) && buf.length === 4096).length;
    try {
      expect(await runBatch(options(file, { resume: true }))).toMatchObject({ skipped_sent: 2, sent: 0 });
      expect(recordReads()).toBe(0);
      expect(await runBatch(options(file, { resume: true, results: join(dir, 'skipped-read.csv') }))).toMatchObject({ skipped_sent: 2, sent: 0 });
      expect(recordReads()).toBe(2);
    } finally {
      read.mockRestore();
    }
  });

  it('without --results a resume still skips, and a new run counts no matches', async () => {
    const file = csv([['111', 'hi']]);
    const s = await runBatch(options(file));
    expect(s.matched).toBeUndefined();
    expect(await runBatch(options(file, { resume: true }))).toMatchObject({ skipped_sent: 1, matched: 1 });
  });
});

describe('the check before the first send (preflight)', () => {
  const run = async (err: unknown, rows = 2) => {
    const file = numbered(rows);
    let checks = 0;
    let sent = 0;
    const s = await runBatch(options(file, {
      preflight: async () => {
        checks++;
        if (err) throw err;
      },
      send: async () => `${++sent}`,
    }));
    return { s, checks, sent };
  };

  it('runs once, before the first send', async () => {
    expect(await run(undefined, 3)).toMatchObject({ checks: 1, sent: 3 });
  });

  it('a refused key (401) stops the run before any row, by auth', async () => {
    expect(await run(new AuthError('Invalid API key', 401))).toMatchObject({ sent: 0, s: { not_sent: 2, stopped_by: 'auth', stop_reason: 'Invalid API key' } });
  });

  it('a 403 (this key may not list senders) does not stop the run', async () => {
    expect(await run(new AuthError('Forbidden', 403))).toMatchObject({ sent: 2, s: { status: 'complete' } });
  });

  it('settings no request can go out with stop it, by config', async () => {
    expect(await run(new UsageError('no API address'))).toMatchObject({ sent: 0, s: { stopped_by: 'config', stop_reason: 'no API address' } });
  });

  it('an unreachable server stops it, by network; a slow one (written) does not', async () => {
    expect(await run(new NetworkError('ECONNREFUSED', false))).toMatchObject({ sent: 0, s: { stopped_by: 'network', stop_reason: 'the server cannot be reached: ECONNREFUSED' } });
    expect(await run(new NetworkError('timed out', true, 'timeout'))).toMatchObject({ sent: 2 });
  });

  it('any other error is left to the sends', async () => {
    expect(await run(new Error('odd'))).toMatchObject({ sent: 2, s: { status: 'complete' } });
  });

  it('is not made for a resume that sends nothing', async () => {
    const file = numbered(2);
    await runBatch(options(file));
    let checks = 0;
    await runBatch(options(file, { resume: true, preflight: async () => void checks++ }));
    expect(checks).toBe(0);
  });
});

describe('slots and verdicts', () => {
  it('no more rows in flight than --concurrency', async () => {
    const file = numbered(12);
    let inFlight = 0;
    let most = 0;
    const send = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return 'id';
    };
    expect(await runBatch(options(file, { concurrency: 3, send }))).toMatchObject({ sent: 12 });
    expect(most).toBe(3);
  });

  it('a send that gives no id is sent, with an empty id', async () => {
    const file = csv([['111', 'hi']]);
    const results = join(dir, 'noid.csv');
    expect(await runBatch(options(file, { results, send: async () => undefined }))).toMatchObject({ sent: 1 });
    expect(resultLines(results)).toEqual(['1,111,sent,,']);
    expect(journalLines(file, 'S')[0]).toMatch(/\t111\t$/);
  });

  it('a row past --timeout is uncertain, journaled U', async () => {
    const file = csv([['111', 'hi']]);
    const o = options(file, { timeoutMs: 50, send: () => new Promise(() => undefined) });
    expect(await runBatch(o)).toMatchObject({ uncertain: 1, sent: 0 });
    expect(o.io.stderrText()).toContain('row 1: uncertain: Request timed out after 0.05s (--timeout)');
    expect(journalLines(file, 'U')).toHaveLength(1);
  });

  it('a failed row is reported and journaled F', async () => {
    const file = csv([['111', 'hi']]);
    const o = options(file, { send: async () => { throw new RowError('HTTP 400: bad', 'F'); } });
    expect(await runBatch(o)).toMatchObject({ failed: 1, uncertain: 0 });
    expect(o.io.stderrText()).toContain('row 1: failed: HTTP 400: bad');
    expect(journalLines(file, 'F')[0]).toContain('HTTP 400: bad');
  });

  it('a refused key on a send stops the run by auth', async () => {
    const file = numbered(3);
    const send = async () => { throw new RowError('Invalid API key', 'F', new AuthError('Invalid API key', 401)); };
    expect(await runBatch(options(file, { concurrency: 1, send }))).toMatchObject({ failed: 1, not_sent: 2, stopped_by: 'auth' });
  });

  it('--max-errors counts uncertain rows with failed ones', async () => {
    const file = numbered(3);
    const send = async (req: Req) => {
      throw new RowError('HTTP 502', req.to === '1001' ? 'F' : 'U');
    };
    expect(await runBatch(options(file, { concurrency: 1, maxErrors: 1, send }))).toMatchObject({ failed: 1, uncertain: 1, not_sent: 1, stopped_by: 'max_errors' });
  });

  it('--max-errors N: N errors go on, N+1 stop', async () => {
    const file = numbered(4);
    const send = async () => { throw new RowError('HTTP 400', 'F'); };
    expect(await runBatch(options(file, { concurrency: 1, maxErrors: 3, send }))).toMatchObject({ failed: 4, stopped_by: 'max_errors' });
    expect(await runBatch(options(file, { concurrency: 1, maxErrors: 4, send, restart: true }))).toMatchObject({ failed: 4, status: 'complete' });
  });
});

describe('an unreachable server', () => {
  it('9 rows in a row that cannot reach it go on; the 10th stops the run, naming the count', async () => {
    expect(await runBatch(options(numbered(9), { concurrency: 1, send: failing() }))).toMatchObject({ failed: 9, status: 'complete' });
    const s = await runBatch(options(numbered(12), { concurrency: 1, send: failing('ECONNREFUSED') }));
    expect(s).toMatchObject({ failed: 10, not_sent: 2, stopped_by: 'network', stop_reason: 'the server cannot be reached (10 rows in a row: ECONNREFUSED)' });
  });

  it('any answer between resets the count: a sent row, or a refusal', async () => {
    for (const answer of [async () => 'id', async () => { throw new RowError('HTTP 400', 'F'); }]) {
      let n = 0;
      const send = async () => (++n % 9 === 0 ? answer() : failing()());
      expect(await runBatch(options(numbered(30), { concurrency: 1, send }))).toMatchObject({ rows: 30, status: 'complete' });
    }
  });

  it('a slow answer (timed out after writing) is not "unreachable"', async () => {
    const send = async () => {
      throw new NetworkError('timed out', true, 'timeout');
    };
    expect(await runBatch(options(numbered(11), { concurrency: 1, send }))).toMatchObject({ uncertain: 11, status: 'complete' });
  });
});

describe('a stop while rows are in flight', () => {
  it('rows waiting for their rate token are not sent and their intents never written', async () => {
    const file = numbered(4);
    const ctrlC = new AbortController();
    let sent = 0;
    const send = async () => {
      sent++;
      ctrlC.abort();
      return 'id';
    };
    const s = await runBatch(options(file, { signal: ctrlC.signal, pace: new Pacer(1, systemClock), concurrency: 4, send }));
    expect(sent).toBe(1);
    expect(s).toMatchObject({ sent: 1, not_sent: 3, status: 'interrupted', stopped_by: 'SIGINT' });
    expect(journalLines(file, 'I')).toHaveLength(1);
  });

  it('a stop that comes as a row is given its rate token: that row is not sent and its intent never written', async () => {
    const file = numbered(2);
    const ctrlC = new AbortController();
    let sent = 0;
    // The token is granted (take resolves) in the turn the Ctrl-C arrives in.
    const pace = new (class extends Pacer {
      override take(): Promise<void> {
        ctrlC.abort();
        return Promise.resolve();
      }
    })(1, systemClock);
    const s = await runBatch(options(file, { signal: ctrlC.signal, pace, concurrency: 1, send: async () => `${++sent}` }));
    expect(sent).toBe(0);
    expect(s).toMatchObject({ sent: 0, not_sent: 2, status: 'interrupted', stopped_by: 'SIGINT' });
    expect([journalLines(file, 'I'), journalLines(file, 'N')]).toEqual([[], []]);
  });

  it('Ctrl-C while every slot is busy wakes the dispatcher: the rest are listed not sent before the row in flight ends', async () => {
    const file = numbered(3);
    const ctrlC = new AbortController();
    let lastRead!: () => void;
    const readLast = new Promise<void>((r) => (lastRead = r));
    const o = options(file, {
      signal: ctrlC.signal,
      concurrency: 1,
      key: (r) => {
        if (r.to === '1003') lastRead();
        return String(r.to);
      },
      // Row 1 ends only once the dispatcher, woken by the stop, has read the last row.
      send: async () => {
        ctrlC.abort();
        await readLast;
        return 'id';
      },
    });
    expect(await runBatch(o)).toMatchObject({ sent: 1, not_sent: 2, uncertain: 0, stopped_by: 'SIGINT' });
  });

  it('a stop while an intent is being written: that row is journaled N, not sent', async () => {
    const file = numbered(2);
    const ctrlC = new AbortController();
    let sent = 0;
    let built = 0;
    const o = options(file, {
      signal: ctrlC.signal,
      concurrency: 1,
      build: (r) => {
        // The second row is read while the first one's intent is being written: stop then.
        if (++built === 2) queueMicrotask(() => ctrlC.abort());
        return { to: String(r.to), text: String(r.text) };
      },
      send: async () => `${++sent}`,
    });
    expect(await runBatch(o)).toMatchObject({ sent: 0, not_sent: 2, stopped_by: 'SIGINT' });
    expect(sent).toBe(0);
    expect(journalLines(file, 'I')).toHaveLength(1);
    expect(journalLines(file, 'N')).toEqual([expect.stringMatching(/^N\t1\t\w+\t1001\tnot sent: interrupted by SIGINT$/)]);
  });
});
