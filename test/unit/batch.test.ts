import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, RowState, scanJournal } from '../../src/batch/journal.js';
import { TokenBucket } from '../../src/batch/limiter.js';
import { formatDuration, progressBar, statusLine } from '../../src/batch/progress.js';
import { countRows, openRows } from '../../src/batch/reader.js';
import { csvCell, writeResults } from '../../src/batch/results.js';
import { tempDir } from '../helpers/cli.js';

const dir = tempDir('chatcrm-batch-unit-');
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('reader', () => {
  it('streams CSV records numbered from 1 with the header as columns', async () => {
    const f = join(dir, 'a.csv');
    writeFileSync(f, '\uFEFFto, name\n1,"A, with comma"\n\n2,"multi\nline"\n');
    const src = await openRows(f);
    expect(src.columns).toEqual(['to', 'name']);
    expect(await collect(src.rows)).toEqual([
      { row: 1, record: { to: '1', name: 'A, with comma' } },
      { row: 2, record: { to: '2', name: 'multi\nline' } },
    ]);
  });

  it('streams JSONL, skipping blank lines and flagging bad ones', async () => {
    const f = join(dir, 'a.jsonl');
    writeFileSync(f, '{"to":"1","x":1}\n\n[1]\nnope\n{"to":"2"}');
    const src = await openRows(f);
    expect(src.columns).toEqual(['to', 'x']);
    const rows = await collect(src.rows);
    expect(rows.map((r) => [r.row, r.error ?? r.record.to])).toEqual([[1, '1'], [2, 'line is not a JSON object'], [3, 'line is not valid JSON'], [4, '2']]);
    expect(await countRows(f)).toBe(5);
  });
});

describe('journal', () => {
  it('makes intents durable before resolving, and a row state is its last record', async () => {
    const p = join(dir, 'j1.journal');
    const j = await Journal.open(p, { run: 1 });
    await Promise.all([j.intent(1, '111'), j.intent(2, '222'), j.intent(3, '333')]);
    // The intents are on disk as soon as intent() resolves; outcomes may still be buffered.
    expect(readFileSync(p, 'utf8').match(/^I\t/gm)).toHaveLength(3);
    j.outcome('S', 1, '111', 'wamid.1');
    j.outcome('F', 2, '222', 'bad\tthing\nhere');
    await j.close();
    const text = readFileSync(p, 'utf8');
    expect(text).toContain('F\t2\t222\tbad thing here\n');
    const s = await scanJournal(p);
    expect([s.get(1), s.get(2), s.get(3), s.get(4)]).toEqual([RowState.Sent, RowState.Failed, RowState.Intent, RowState.None]);
  });

  it('ignores a torn last line, and cuts it off before appending', async () => {
    const p = join(dir, 'j2.journal');
    writeFileSync(p, 'I\t1\t111\nI\t2\t222\nS\t1');
    let s = await scanJournal(p);
    expect([s.get(1), s.get(2)]).toEqual([RowState.Intent, RowState.Intent]);
    const j = await Journal.open(p, { run: 2 });
    j.outcome('S', 2, '222', 'wamid.2');
    await j.close();
    s = await scanJournal(p);
    expect([s.get(1), s.get(2)]).toEqual([RowState.Intent, RowState.Sent]);
    expect(readFileSync(p, 'utf8')).toMatch(/^I\t2\t222\n# /m);
  });

  it('group-commits intents: a batch is synced in one write, a partial batch after a short delay', async () => {
    const p = join(dir, 'j4.journal');
    const j = await Journal.open(p, { run: 4 }, { intentBatch: 3, intentDelayMs: 30 });
    const lines = () => readFileSync(p, 'utf8').match(/^I\t/gm)?.length ?? 0;
    const first = Promise.all([j.intent(1, 'a'), j.intent(2, 'b'), j.intent(3, 'c')]);
    await first;
    expect(lines()).toBe(3);
    const started = performance.now();
    await j.intent(4, 'd');
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(lines()).toBe(4);
    await j.close();
  });

  it('grows its state arrays for large row numbers', async () => {
    const p = join(dir, 'j3.journal');
    appendFileSync(p, 'I\t5000000\tx\n');
    expect((await scanJournal(p)).get(5_000_000)).toBe(RowState.Intent);
  });
});

describe('results', () => {
  it('lists every row once with its final state, across runs', async () => {
    const p = join(dir, 'r.journal');
    writeFileSync(p, ['# run 1', 'I\t1\t111', 'F\t2\t222\tHTTP 400', 'I\t3\t333', 'S\t1\t111\twamid.1', '# run 2', 'I\t2\t222', 'S\t2\t222\twamid.2', 'U\t4\t444\treset', ''].join('\n'));
    const out = join(dir, 'r.csv');
    await writeResults({ results: out, journal: p, columns: { key: 'to', id: 'message_id' } });
    expect(readFileSync(out, 'utf8').trim().split('\n')).toEqual([
      'row,to,status,message_id,error',
      '3,333,uncertain,,no answer recorded (the run stopped while it was in flight)',
      '1,111,sent,wamid.1,',
      '2,222,sent,wamid.2,',
      '4,444,uncertain,,reset',
    ]);
  });

  it('quotes cells that need it, and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe('"=1+1"');
    expect(csvCell('plain')).toBe('plain');
  });
});

describe('token bucket', () => {
  it('spaces requests at the rate after the burst', () => {
    let now = 0;
    const b = new TokenBucket(10, 2, () => now);
    expect([b.reserve(), b.reserve()]).toEqual([0, 0]);
    expect(b.reserve()).toBeCloseTo(100);
    now = 1000;
    expect(b.reserve()).toBe(0);
  });
});

describe('progress', () => {
  it('draws a bar with rate and ETA, and a status line', () => {
    expect(progressBar(50, 100, 10, 10)).toBe('[#####-----] 50/100 50% 10/s ETA 5s');
    expect(progressBar(5, undefined, 0, 4)).toBe('[----] 5 0/s ETA ?');
    expect(formatDuration(3725)).toBe('1h02m');
    expect(statusLine('send-batch', { sent: 3, failed: 1, uncertain: 0, skipped: 2 }, 4, 61)).toBe(
      'send-batch: 4 done (3 sent, 1 failed, 0 uncertain, 2 skipped) in 1m01s, 4/s',
    );
  });
});
