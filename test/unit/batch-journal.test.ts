// The journal and the identity table at their boundaries (issue 31's mutation audit,
// stryker/unit.conf.mjs): which lines are records, runs' headers and footers, offsets across
// read chunks, writes that fall short or fail, when buffered records reach the disk, and the
// table's halves, states, counts and growth.
import { constants, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdTable, State } from '../../src/batch/identity.js';
import { Journal, type JournalOptions, parseRecord, recordAt, scanJournal } from '../../src/batch/journal.js';
import type { OpenFile } from '../../src/core/private-file.js';
import { tempDir } from '../helpers/cli.js';

const dir = tempDir('chatcrm-journal-unit-');
const ID = (n: number) => n.toString(16).padStart(16, '0');
let files = 0;
const path = () => join(dir, `j${++files}.journal`);

/** Opens through the real fs; `write` is replaced by the given one (which gets the real handle). */
function withWrite(write: (fh: FileHandle, args: unknown[]) => Promise<{ bytesWritten: number }>): OpenFile {
  return async (p: string, flags: number, mode: number) => {
    const fh = await open(p, flags, mode);
    return new Proxy(fh, {
      get(target, prop) {
        if (prop === 'write') return (...args: unknown[]) => write(target, args);
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  };
}
const real = (fh: FileHandle, args: unknown[]) => (fh.write as (...a: unknown[]) => Promise<{ bytesWritten: number }>)(...args);

describe('journal records', () => {
  it('a record is a known kind, a row number and a 16-digit lower-case hex identity', () => {
    expect(parseRecord(`S\t12\t${ID(1)}\t1555\twamid.1`)).toEqual({ kind: 'S', row: 12, id: ID(1), key: '1555', detail: 'wamid.1' });
    expect(parseRecord(`N\t1\t${ID(2)}`)).toEqual({ kind: 'N', row: 1, id: ID(2), key: '', detail: '' });
    for (const line of [`X\t1\t${ID(1)}\tk`, `S\t1x\t${ID(1)}\tk`, `S\tx1\t${ID(1)}\tk`, `S\t\t${ID(1)}\tk`, `S\t1\t${ID(1).slice(1)}\tk`, `S\t1\t${ID(1)}0\tk`, `S\t1\t${ID(1).toUpperCase().replace('0001', '000A')}\tk`, `S\t1\tx${ID(1).slice(1)}\tk`, 'S', '']) {
      expect(parseRecord(line), line).toBeUndefined();
    }
  });

  it('a scan: the last run header wins, its footer says whether it completed; older records by line number counted', async () => {
    const p = path();
    writeFileSync(
      p,
      [
        '# {"v":2,"input":"a.csv"}',
        `S\t1\t${ID(1)}\tk\twamid.1`,
        '# {"end":"complete","failed":0}',
        '# {not json',
        '# {"v":2,"input":"b.csv"}',
        `U\t1\t${ID(2)}\tk\ttimeout`,
        'S\t12\t15550002\twamid.2',
        'xS\t13\t15550013\tnot at the start of the line',
        'F\t3\t15550003\tbad',
        'N\t4\t15550004\tnot a legacy kind',
        '#not a header',
        '',
      ].join('\n'),
    );
    const s = await scanJournal(p);
    expect(s.header).toEqual({ v: 2, input: 'b.csv' });
    expect(s.footer).toBeUndefined();
    expect(s.completed).toBe(false);
    expect(s.legacy).toBe(2);
    expect([s.table.state(s.table.slot(ID(1))), s.table.state(s.table.slot(ID(2)))]).toEqual([State.Sent, State.Uncertain]);
    writeFileSync(p, `${readFileSync(p, 'utf8')}# {"end":"stopped","failed":2}\n`);
    const stopped = await scanJournal(p);
    expect([stopped.completed, stopped.footer]).toEqual([false, { end: 'stopped', failed: 2 }]);
    writeFileSync(p, `${readFileSync(p, 'utf8')}# {"end":"complete"}\n`);
    expect((await scanJournal(p)).completed).toBe(true);
    // Records and no header or footer at all: a run that did not finish.
    const bare = path();
    writeFileSync(bare, `S\t1\t${ID(1)}\tk\twamid.1\n`);
    expect((await scanJournal(bare)).completed).toBe(false);
  });

  it('offsets point at each identity’s last record, across the read chunks of a large journal', async () => {
    const p = path();
    const lines = ['# {"v":2}'];
    // ~100 kB: more than one 64 kB chunk, lines split across the boundary.
    for (let i = 1; i <= 1500; i++) lines.push(`I\t${i}\t${ID(i)}\t${'k'.repeat(30)}\t${'r'.repeat(30)}`, `S\t${i}\t${ID(i)}\t${'k'.repeat(30)}\twamid.${i}`);
    writeFileSync(p, `${lines.join('\n')}\nS\t9\t${ID(9)}\tlast\tno newline`);
    const s = await scanJournal(p);
    const fh = await open(p, 'r');
    try {
      for (const i of [1, 700, 1500]) {
        const slot = s.table.slot(ID(i));
        expect(s.table.state(slot)).toBe(State.Sent);
        expect(await recordAt(fh, s.table.offset(slot)!)).toEqual({ kind: 'S', row: i, id: ID(i), key: 'k'.repeat(30), detail: `wamid.${i}` });
      }
      // The torn last line is no record: ID 9's last record is the one before it.
      expect((await recordAt(fh, s.table.offset(s.table.slot(ID(9)))!))?.detail).toBe('wamid.9');
      // The record at the very end of a file with no newline after it is read too.
      const size = readFileSync(p).length;
      expect(await recordAt(fh, size - `S\t9\t${ID(9)}\tlast\tno newline`.length)).toMatchObject({ key: 'last', detail: 'no newline' });
    } finally {
      await fh.close();
    }
  });
});

describe('journal writes', () => {
  it('tabs, carriage returns and newlines in a key or detail become one space; the footer is written', async () => {
    const p = path();
    const j = await Journal.open(p, { v: 2 });
    await j.intent(1, ID(1), 'a\t\tb', 'x\r\ny');
    j.outcome('F', 1, ID(1), 'a\rb', 'bad\n\n\tthing');
    j.end({ end: 'complete', failed: 1 });
    await j.close();
    expect(readFileSync(p, 'utf8').split('\n').slice(1)).toEqual([`I\t1\t${ID(1)}\ta b\tx y`, `F\t1\t${ID(1)}\ta b\tbad thing`, '# {"end":"complete","failed":1}', '']);
  });

  it('a torn journal with no newline at all is cut to nothing before the header', async () => {
    const p = path();
    writeFileSync(p, `S\t1\t${ID(1)}\tpartial`);
    await (await Journal.open(p, { v: 2 })).close();
    expect(readFileSync(p, 'utf8')).toBe('# {"v":2}\n');
  });

  it('a torn last line is cut after the last newline, the lines before it kept; a journal ending in a newline is kept whole', async () => {
    const torn = path();
    writeFileSync(torn, `# {"v":1}\nS\t1\t${ID(1)}\tk\tm\nS\t2\t${ID(2)}\tpart`);
    await (await Journal.open(torn, { v: 2 })).close();
    expect(readFileSync(torn, 'utf8')).toBe(`# {"v":1}\nS\t1\t${ID(1)}\tk\tm\n# {"v":2}\n`);

    const short = path();
    writeFileSync(short, '#\npart');
    await (await Journal.open(short, { v: 2 })).close();
    expect(readFileSync(short, 'utf8')).toBe('#\n# {"v":2}\n');

    const whole = path();
    writeFileSync(whole, `# {"v":1}\nS\t1\t${ID(1)}\tk\tm\n`);
    await (await Journal.open(whole, { v: 2 })).close();
    expect(readFileSync(whole, 'utf8')).toBe(`# {"v":1}\nS\t1\t${ID(1)}\tk\tm\n# {"v":2}\n`);
  });

  it('a torn line at the end of a journal larger than the 64 KiB read back: cut at the right byte', async () => {
    const p = path();
    const lines = Array.from({ length: 3000 }, (_, i) => `S\t${i + 1}\t${ID(i + 1)}\tk\twamid.${i + 1}\n`).join('');
    writeFileSync(p, `${lines}S\t3001\t${ID(3001)}\tpa`);
    expect(Buffer.byteLength(lines)).toBeGreaterThan(65536);
    await (await Journal.open(p, { v: 2 })).close();
    expect(readFileSync(p, 'utf8')).toBe(`${lines}# {"v":2}\n`);
  });

  it('a write that falls short: the rest is written before the intent resolves', async () => {
    const p = path();
    let first = true;
    const j = await Journal.open(p, { v: 2 }, {}, undefined, withWrite(async (fh, args) => {
      if (!first || typeof args[0] !== 'string') return real(fh, args);
      first = false;
      return fh.write(Buffer.from(args[0]).subarray(0, 5));
    }));
    await j.intent(1, ID(1), 'key', 'request');
    expect(readFileSync(p, 'utf8')).toBe(`# {"v":2}\nI\t1\t${ID(1)}\tkey\trequest\n`);
    await j.close();
  });

  it('a file that takes no more bytes, or a failing write: the intent and every later one reject, flush throws', async () => {
    let zero = false;
    const full = await Journal.open(path(), { v: 2 }, {}, undefined, withWrite(async (fh, args) => (zero ? { bytesWritten: 0 } : real(fh, args))));
    zero = true;
    await expect(full.intent(1, ID(1), 'k')).rejects.toThrow('cannot write the journal: the file takes no more bytes');
    expect(full.error?.message).toBe('cannot write the journal: the file takes no more bytes');
    await expect(full.intent(2, ID(2), 'k')).rejects.toThrow('cannot write the journal: the file takes no more bytes');
    await expect(full.close()).rejects.toThrow('cannot write the journal');

    let fail = false;
    const broken = await Journal.open(path(), { v: 2 }, { intentBatch: 2, intentDelayMs: 3_600_000 }, undefined, withWrite(async (fh, args) => (fail ? Promise.reject(new Error('EIO: i/o error')) : real(fh, args))));
    fail = true;
    const both = [broken.intent(1, ID(1), 'k'), broken.intent(2, ID(2), 'k')];
    for (const p of both) await expect(p).rejects.toThrow('cannot write the journal: EIO: i/o error');
    await expect(broken.close()).rejects.toThrow('cannot write the journal: EIO: i/o error');
  });

  it('a full batch of intents is written at once, not after the delay', async () => {
    const p = path();
    const j = await Journal.open(p, { v: 2 }, { intentBatch: 3, intentDelayMs: 3_600_000 });
    await Promise.all([1, 2, 3].map((i) => j.intent(i, ID(i), 'k')));
    expect(readFileSync(p, 'utf8').match(/^I\t/gm)).toHaveLength(3);
    await j.close();
  });

  it('outcomes reach the disk within flushMs, or at once when 512 wait', async () => {
    const wrote = (): { open: OpenFile; next: () => Promise<void> } => {
      let signal: (() => void) | undefined;
      return {
        open: withWrite(async (fh, args) => {
          const r = await real(fh, args);
          signal?.();
          return r;
        }),
        next: () => new Promise<void>((r) => (signal = r)),
      };
    };
    const timed = wrote();
    const p1 = path();
    const j1 = await Journal.open(p1, { v: 2 }, { flushMs: 5 }, undefined, timed.open);
    const written = timed.next();
    j1.outcome('S', 1, ID(1), 'k', 'wamid.1');
    await written;
    expect(readFileSync(p1, 'utf8')).toContain(`S\t1\t${ID(1)}\tk\twamid.1\n`);
    await j1.close();

    const full = wrote();
    const p2 = path();
    const j2 = await Journal.open(p2, { v: 2 }, { flushMs: 3_600_000 }, undefined, full.open);
    const all = full.next();
    for (let i = 1; i <= 512; i++) j2.outcome('S', i, ID(i), 'k', `wamid.${i}`);
    await all;
    expect(readFileSync(p2, 'utf8').match(/^S\t/gm)).toHaveLength(512);
    await j2.close();
  });
});

/**
 * A journal whose writes can be held open (a write "in flight"), with every write's text, the
 * flags it was opened with, and when it was synced and closed, in order.
 */
async function heldJournal(o: JournalOptions = {}, scrub?: (s: string) => string) {
  const p = path();
  const events: string[] = [];
  let flags = 0;
  let held: Promise<Error | undefined> | undefined;
  let release = (_err?: Error) => {};
  let started: (() => void) | undefined;
  const openFile: OpenFile = async (file: string, f: number, mode: number) => {
    flags = f;
    const fh = await open(file, f, mode);
    return new Proxy(fh, {
      get(target, prop) {
        if (prop === 'write')
          return async (...args: unknown[]) => {
            events.push(`write ${String(args[0])}`);
            started?.();
            const err = held && (await held);
            if (err) throw err;
            const r = await real(target, args);
            events.push('written');
            return r;
          };
        if (prop === 'datasync' || prop === 'close') events.push(String(prop));
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  };
  const j = await Journal.open(p, { v: 2 }, o, scrub, openFile);
  events.length = 0;
  return {
    j,
    p,
    events,
    flags: () => flags,
    text: () => readFileSync(p, 'utf8'),
    /** Once `n` events have happened (writes are real I/O: they end when the thread pool says). */
    until: async (n: number) => {
      while (events.length < n) await new Promise<void>((r) => setImmediate(r));
      await turns();
    },
    /** The next write is held until release() (which fails it with `err`); resolves once it started. */
    hold: () => {
      held = new Promise<Error | undefined>((r) => (release = (err) => ((held = undefined), r(err))));
      return new Promise<void>((r) => (started = r));
    },
    release: (err?: Error) => release(err),
  };
}
const settled = (p: Promise<unknown>) => {
  const s = { done: false };
  p.then(() => (s.done = true), () => (s.done = true));
  return s;
};
/** Every pending microtask and I/O turn, a few times over (no timer fires: they are faked). */
const turns = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
};
const I = (row: number, key = 'k', req = '') => `I\t${row}\t${ID(row)}\t${key}\t${req}\n`;

describe('the journal writer, write by write', () => {
  afterEach(() => vi.useRealTimers());
  const fake = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  /** Timers faked, the next write held, and the first `intents` intents (rows 1, 2, ...) in it: resolves once that write started. */
  const duringFirstWrite = async (o: JournalOptions, intents = 1) => {
    fake();
    const h = await heldJournal(o);
    const started = h.hold();
    const first = Promise.all(Array.from({ length: intents }, (_, i) => h.j.intent(i + 1, ID(i + 1), 'k')));
    await started;
    return { h, first };
  };

  it('opens with O_APPEND and O_DSYNC, never syncs by hand, and writes the scrubbed header first', async () => {
    const p = path();
    let flags = 0;
    const j = await Journal.open(p, { v: 2, message: { text: 'secret-1' } }, {}, (s) => s.replaceAll('secret-1', '***'), async (f: string, fl: number, m: number) => ((flags = fl), open(f, fl, m)));
    await j.close();
    expect(flags & constants.O_APPEND).toBe(constants.O_APPEND);
    expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    expect(readFileSync(p, 'utf8')).toBe('# {"v":2,"message":{"text":"***"}}\n');

    const h = await heldJournal();
    await h.j.intent(1, ID(1), 'k');
    await h.j.close();
    expect(h.events).toEqual([`write ${I(1)}`, 'written', 'close']);
  });

  it('scrubs the key, the request and the detail; no detail leaves its column empty; the footer goes as it is', async () => {
    const h = await heldJournal({}, (s) => s.replaceAll('sk', '**'));
    await h.j.intent(1, ID(1), 'sk1', 'sk2');
    h.j.outcome('F', 1, ID(1), 'sk3', 'sk4');
    h.j.outcome('N', 2, ID(2), 'k');
    h.j.end({ end: 'complete', note: 'sk5' });
    await h.j.close();
    expect(h.text().split('\n').slice(1)).toEqual([`I\t1\t${ID(1)}\t**1\t**2`, `F\t1\t${ID(1)}\t**3\t**4`, `N\t2\t${ID(2)}\tk\t`, '# {"end":"complete","note":"sk5"}', '']);
  });

  it('defaults: an intent is written at once; outcomes wait 200 ms', async () => {
    fake();
    const h = await heldJournal();
    await h.j.intent(1, ID(1), 'k');
    h.j.outcome('S', 1, ID(1), 'k', 'm');
    await turns();
    vi.advanceTimersByTime(199);
    await turns();
    expect(h.events).toEqual([`write ${I(1)}`, 'written']);
    vi.advanceTimersByTime(1);
    await h.until(4);
    expect(h.events).toEqual([`write ${I(1)}`, 'written', `write S\t1\t${ID(1)}\tk\tm\n`, 'written']);
    expect(vi.getTimerCount()).toBe(0);
    await h.j.close();
  });

  it('intents below the batch wait for the delay, one timer for them all, then go in one write', async () => {
    fake();
    const h = await heldJournal({ intentBatch: 3, intentDelayMs: 50 });
    const a = settled(h.j.intent(1, ID(1), 'k'));
    await turns();
    vi.advanceTimersByTime(30);
    const b = settled(h.j.intent(2, ID(2), 'k'));
    await turns();
    vi.advanceTimersByTime(19);
    await turns();
    expect([a.done, b.done, h.events]).toEqual([false, false, []]);
    vi.advanceTimersByTime(1);
    await h.until(2);
    expect([a.done, b.done, h.events]).toEqual([true, true, [`write ${I(1)}${I(2)}`, 'written']]);
    expect(vi.getTimerCount()).toBe(0);
    await h.j.close();
  });

  it('an intent that fills the batch goes at once, with the outcomes buffered before it, and stops the timers', async () => {
    fake();
    const h = await heldJournal({ intentBatch: 2, intentDelayMs: 3_600_000, flushMs: 3_600_000 });
    h.j.outcome('S', 9, ID(9), 'k', 'm');
    const a = h.j.intent(1, ID(1), 'k');
    await turns();
    expect(h.events).toEqual([]);
    await Promise.all([a, h.j.intent(2, ID(2), 'k')]);
    expect(h.events).toEqual([`write S\t9\t${ID(9)}\tk\tm\n${I(1)}${I(2)}`, 'written']);
    expect(vi.getTimerCount()).toBe(0);
    await h.j.close();
  });

  it('511 outcomes wait for flushMs; the 512th buffered line sends them all', async () => {
    fake();
    const h = await heldJournal({ flushMs: 3_600_000 });
    for (let i = 1; i <= 511; i++) h.j.outcome('S', i, ID(i), 'k', 'm');
    await turns();
    expect(h.events).toEqual([]);
    h.j.outcome('S', 512, ID(512), 'k', 'm');
    await h.until(2);
    expect(h.events).toHaveLength(2);
    expect(h.events[0].match(/^(write )?S\t/gm)).toHaveLength(512);
    await h.j.close();
  });

  it('intents arriving during a write: a full batch goes right after it, not after the delay', async () => {
    const { h, first: a } = await duringFirstWrite({ intentBatch: 1, intentDelayMs: 3_600_000, flushMs: 3_600_000 });
    const b = settled(h.j.intent(2, ID(2), 'k'));
    await turns();
    expect(h.events).toEqual([`write ${I(1)}`]);
    h.release();
    await a;
    await h.until(4);
    expect(b.done).toBe(true);
    expect(h.events).toEqual([`write ${I(1)}`, 'written', `write ${I(2)}`, 'written']);
    expect(vi.getTimerCount()).toBe(0);
    await h.j.close();
  });

  it('intents arriving during a write, fewer than a batch: they wait for the delay after it', async () => {
    const { h, first } = await duringFirstWrite({ intentBatch: 2, intentDelayMs: 50, flushMs: 3_600_000 }, 2);
    const c = settled(h.j.intent(3, ID(3), 'k'));
    h.release();
    await first;
    await turns();
    vi.advanceTimersByTime(49);
    await turns();
    expect([c.done, h.events]).toEqual([false, [`write ${I(1)}${I(2)}`, 'written']]);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    await h.until(4);
    expect([c.done, h.events.slice(2)]).toEqual([true, [`write ${I(3)}`, 'written']]);
    await h.j.close();
  });

  it('outcomes arriving during a write wait for flushMs after it', async () => {
    const { h, first: a } = await duringFirstWrite({ flushMs: 100, intentDelayMs: 3_600_000 });
    h.j.outcome('S', 1, ID(1), 'k', 'm');
    h.release();
    await a;
    await turns();
    vi.advanceTimersByTime(99);
    await turns();
    expect(h.events).toEqual([`write ${I(1)}`, 'written']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    await h.until(4);
    expect(h.events.slice(2)).toEqual([`write S\t1\t${ID(1)}\tk\tm\n`, 'written']);
    await h.j.close();
  });

  it('flush and close during a write: what arrived meanwhile is written before they return, then the file closes', async () => {
    const { h, first: a } = await duringFirstWrite({ flushMs: 3_600_000, intentDelayMs: 3_600_000 });
    h.j.outcome('S', 1, ID(1), 'k', 'm');
    const flushed = settled(h.j.flush());
    await turns();
    expect(flushed.done).toBe(false);
    h.release();
    await a;
    await h.j.flush();
    expect(h.events).toEqual([`write ${I(1)}`, 'written', `write S\t1\t${ID(1)}\tk\tm\n`, 'written']);

    const again = h.hold();
    const b = h.j.intent(2, ID(2), 'k');
    await again;
    h.j.outcome('S', 2, ID(2), 'k', 'm');
    h.j.end({ end: 'complete' });
    const closed = h.j.close();
    await turns();
    expect(h.events.slice(4)).toEqual([`write ${I(2)}`]);
    h.release();
    await Promise.all([b, closed]);
    expect(h.events.slice(4)).toEqual([`write ${I(2)}`, 'written', `write S\t2\t${ID(2)}\tk\tm\n# {"end":"complete"}\n`, 'written', 'close']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('intents queued a few promise turns apart still share one write (the commit waits for the I/O turn)', async () => {
    const h = await heldJournal({ intentBatch: 1 });
    const a = h.j.intent(1, ID(1), 'k');
    await Promise.resolve();
    await Promise.resolve();
    const b = h.j.intent(2, ID(2), 'k');
    await Promise.all([a, b]);
    expect(h.events).toEqual([`write ${I(1)}${I(2)}`, 'written']);
    await h.j.close();
  });

  it('a full buffer of outcomes during a write: the intents behind them still wait for their own delay, the outcomes for flushMs', async () => {
    const { h, first } = await duringFirstWrite({ intentBatch: 2, intentDelayMs: 50, flushMs: 100 }, 2);
    const c = settled(h.j.intent(3, ID(3), 'k'));
    for (let i = 1; i <= 512; i++) h.j.outcome('S', i, ID(i), 'k', 'm');
    h.release();
    await first;
    await turns();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(49);
    await turns();
    expect([c.done, h.events.length]).toEqual([false, 2]);
    vi.advanceTimersByTime(1);
    await h.until(4);
    expect(c.done).toBe(true);
    expect(h.events[2].match(/^(write )?[IS]\t/gm)).toHaveLength(513);
    await h.j.close();

    const { h: o, first: a } = await duringFirstWrite({ flushMs: 100, intentDelayMs: 3_600_000 });
    for (let i = 1; i <= 512; i++) o.j.outcome('S', i, ID(i), 'k', 'm');
    o.release();
    await a;
    await turns();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(99);
    await turns();
    expect(o.events).toHaveLength(2);
    vi.advanceTimersByTime(1);
    await o.until(4);
    expect(o.events[2].match(/^(write )?S\t/gm)).toHaveLength(512);
    await o.j.close();
  });

  it('a journal path that is a symlink is refused, naming --journal', async () => {
    const target = path();
    const link = path();
    writeFileSync(target, '');
    symlinkSync(target, link);
    await expect(Journal.open(link, { v: 2 })).rejects.toThrow(/--journal/);
  });

  it('a flush with nothing buffered writes nothing', async () => {
    const h = await heldJournal();
    await h.j.flush();
    await h.j.close();
    expect(h.events).toEqual(['close']);
  });

  it('a write that fails: the intents that arrived during it reject too, later outcomes are never written, the file still closes', async () => {
    const { h, first: a } = await duringFirstWrite({ intentBatch: 1, intentDelayMs: 3_600_000, flushMs: 3_600_000 });
    const b = h.j.intent(2, ID(2), 'k');
    h.release(new Error('EIO: i/o error'));
    await expect(a).rejects.toThrow('cannot write the journal: EIO: i/o error');
    await expect(b).rejects.toThrow('cannot write the journal');
    h.j.outcome('S', 3, ID(3), 'k', 'm');
    await expect(h.j.close()).rejects.toThrow('cannot write the journal');
    expect(h.text()).toBe('# {"v":2}\n');
    expect(h.events.at(-1)).toBe('close');
  });
});

describe('the identity table', () => {
  it('tells identities apart by either half', () => {
    const t = new IdTable();
    const a = t.slot('0000000100000005');
    const b = t.slot('0000000200000005');
    const c = t.slot('0000000100000006');
    expect(new Set([a, b, c]).size).toBe(3);
    t.set(a, State.Sent);
    t.set(b, State.Failed);
    expect([t.state(t.slot('0000000100000005')), t.state(t.slot('0000000200000005')), t.state(t.slot('0000000100000006'))]).toEqual([State.Sent, State.Failed, State.None]);
    expect(t.size).toBe(3);
  });

  it('identities in the same slot (linear probing) stay apart, by either half, and through growth', () => {
    const t = new IdTable();
    // Same high half, low halves 1,024 apart: the same slot of the first 1,024. Same low half,
    // high halves 1,024 apart: the same slot too (the high half is multiplied by an odd number).
    // Low halves 2,048 apart share a slot again after the first growth.
    const ids = [ID(5), ID(5 + 1024), ID(5 + 2048), '0000000100000005', '0000040100000005', 'ffffffff00000001', 'ffffffff00000002'];
    const states = [State.Sent, State.Failed, State.Uncertain, State.NotSent, State.Intent, State.Sent, State.Failed];
    ids.forEach((id, i) => t.set(t.slot(id), states[i], i));
    expect(t.size).toBe(ids.length);
    const check = () => expect(ids.map((id) => [t.state(t.slot(id)), t.offset(t.slot(id))])).toEqual(states.map((st, i) => [st, i]));
    check();
    for (let i = 0; i < 3000; i++) t.slot(ID(100_000 + i));
    expect(t.size).toBe(ids.length + 3000);
    check();
  });

  it('two identities sharing a slot before and after the first growth are each found after it (a lookup probes as growth placed them)', () => {
    const t = new IdTable();
    // ID(5) and ID(5 + 2,048) share slot 5 of 1,024 slots and of 2,048; the fillers take slots
    // 512-1,100 only, so the two sit side by side before the growth and after it.
    t.set(t.slot(ID(5)), State.Sent);
    t.set(t.slot(ID(5 + 2048)), State.Failed);
    for (let l = 512; l <= 1100; l++) t.slot(ID(l));
    expect([t.state(t.slot(ID(5))), t.state(t.slot(ID(5 + 2048)))]).toEqual([State.Sent, State.Failed]);
    expect(t.size).toBe(2 + 589);
  });

  it('counts the identities in each state; a new state keeps the duplicate mark; no offset unless one was given', () => {
    const t = new IdTable(5000);
    const slots = Array.from({ length: 3000 }, (_, i) => t.slot(ID(i * 104729 + 1)));
    slots.forEach((s, i) => i % 3 && t.set(s, i % 3 === 1 ? State.Sent : State.Uncertain));
    expect(t.size).toBe(3000);
    expect([t.count(State.None), t.count(State.Sent), t.count(State.Uncertain), t.count(State.Failed)]).toEqual([1000, 1000, 1000, 0]);
    expect(t.firstSeen(slots[1])).toBe(true);
    t.set(slots[1], State.Failed);
    expect(t.firstSeen(slots[1])).toBe(false);
    expect([t.state(slots[1]), t.count(State.Failed)]).toEqual([State.Failed, 1]);
    expect(t.offset(slots[1])).toBeUndefined();
    t.set(slots[2], State.Sent, 0);
    expect(t.offset(slots[2])).toBe(0);
  });

  it('grows with no offsets kept, and keeps states and marks', () => {
    const t = new IdTable();
    for (let i = 1; i <= 3000; i++) {
      const s = t.slot(ID(i));
      t.set(s, State.NotSent);
      if (i % 2) t.firstSeen(s);
    }
    expect(t.count(State.NotSent)).toBe(3000);
    expect(t.size).toBe(3000);
    expect([1, 2, 3000].map((i) => [t.firstSeen(t.slot(ID(i))), t.offset(t.slot(ID(i)))])).toEqual([
      [false, undefined],
      [true, undefined],
      [true, undefined],
    ]);
  });
});
