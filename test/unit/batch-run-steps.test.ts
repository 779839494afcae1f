// Steps of run.ts that runBatch alone cannot reach from a test: a journal that fails on an
// intent, a changed row (stdin only), and the cap on finished rows held back for the results file.
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import type { OpenFile } from '../../src/core/private-file.js';
import { runBatch } from '../../src/batch/engine.js';
import { IdTable } from '../../src/batch/identity.js';
import { Journal } from '../../src/batch/journal.js';
import { RunState } from '../../src/batch/run-state.js';
import { BatchRun } from '../../src/batch/run.js';
import { tempDir } from '../helpers/cli.js';
import { textBatch } from '../helpers/batch.js';

const dir = tempDir('chatcrm-batch-run-steps-unit-');

const options = textBatch;

/** Opens through the real fs; once `fail()` is called every write fails with EIO. */
function failingWrites(): { openFile: OpenFile; fail: () => void } {
  let failing = false;
  const openFile: OpenFile = async (p, flags, mode) => {
    const fh = await open(p, flags, mode);
    return new Proxy(fh, {
      get(target, prop) {
        if (prop === 'write' && failing) return () => Promise.reject(new Error('EIO: i/o error'));
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as FileHandle;
  };
  return { openFile, fail: () => (failing = true) };
}

const row = (n: number, to: string, text: string) => ({ row: n, record: { to, text } });

describe('run steps', () => {
  it('a journal that cannot take an intent stops the run by journal, and the row is not sent', async () => {
    let sent = 0;
    const o = options({ send: async () => `${++sent}` });
    const { openFile, fail } = failingWrites();
    const journal = await Journal.open(join(dir, 'eio.journal'), { v: 2 }, {}, undefined, openFile);
    fail();
    const state = new RunState(o);
    const run = new BatchRun(o, state, { table: new IdTable(), prior: null, results: null, journal });
    const r = run.read(row(1, '111', 'hi'), '111')!;
    expect(await run.waitForSlot()).toBe(true);
    run.startSend(r);
    await run.drain();
    expect(state.stop.state).toEqual({ reason: 'cannot write the journal: EIO: i/o error', by: 'journal' });
    expect(state.summary).toMatchObject({ sent: 0, not_sent: 1 });
    expect(sent).toBe(0);
    await journal.close().catch(() => undefined);
  });

  it('a changed row (stdin) stops the run by input, naming the row, the recipient (sanitized) and --new-message; not sent', async () => {
    const o = options();
    const journal = await Journal.open(join(dir, 'changed.journal'), { v: 2 });
    const state = new RunState(o);
    const run = new BatchRun(o, state, { table: new IdTable(), prior: null, results: null, journal });
    const r = run.read(row(3, '111\u001b[2J', 'hi'), '111\u001b[2J')!;
    run.changed(r);
    expect(state.stop.state?.by).toBe('input');
    expect(state.stop.state?.reason).toMatch(/^row 3: 111.*was sent another message by an earlier run \(the journal's\); pass --new-message to send it the new one$/);
    expect(state.stop.state?.reason).not.toContain('\u001b');
    expect(state.summary.not_sent).toBe(1);
    await journal.close();
  });
});

describe('finished rows held back for the results file', () => {
  /**
   * Row 1's send is answered once the last row's send starts; `held` invalid rows finish behind
   * it. Past the cap the last row waits for row 1, which then ends only at its --timeout.
   */
  async function held(count: number) {
    const file = join(dir, `held-${count}.csv`);
    writeFileSync(file, ['to,text', '1001,hi', ...Array.from({ length: count }, () => 'bad,hi'), '2001,hi'].join('\n') + '\n');
    let lastStarted!: () => void;
    const last = new Promise<void>((r) => (lastStarted = r));
    const o = options({
      file, results: join(dir, `held-${count}.results.csv`), concurrency: 2, timeoutMs: 3_000,
      build: (r) => {
        if (r.to === 'bad') throw new UsageError('to: not a phone number');
        return { to: String(r.to), text: String(r.text) };
      },
      send: async (req, signal) => {
        if (req.to === '2001') {
          lastStarted();
          return 'last';
        }
        await new Promise<void>((resolve, reject) => {
          void last.then(resolve);
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
        return 'first';
      },
    });
    return runBatch(o);
  }

  it('10,000 rows held back: the next send still starts', { timeout: 30_000 }, async () => {
    expect(await held(10_000)).toMatchObject({ sent: 2, uncertain: 0, invalid: 10_000 });
  });

  it('10,001: the next send waits for the row in flight', { timeout: 30_000 }, async () => {
    expect(await held(10_001)).toMatchObject({ sent: 1, uncertain: 1, invalid: 10_001 });
  });
});
