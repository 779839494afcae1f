// Issue 46, item 1: a private file planted by another user in the moment before the CLI opens it
// (a 1777 folder such as /tmp) is refused as it is found, or replaced by a new file of ours; never
// written. The hook is the opener: an injected OpenFile for the journal and the results, and
// node:fs's openSync (vi.mock) for the lock, the sandbox's --state and the credentials, and its
// existsSync for the journal a resume reads (the last look at the path before its open). Each
// test then finds the planted file as it was: content, mode and owner.
import * as fs from 'node:fs';
import { chmodSync, chownSync, linkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Journal } from '../../src/batch/journal.js';
import { lockJournal } from '../../src/batch/lock.js';
import { priorRun } from '../../src/batch/prior-run.js';
import { IdTable } from '../../src/batch/identity.js';
import { ResultsWriter } from '../../src/batch/results.js';
import { readKey, writeKey } from '../../src/config/store.js';
import type { OpenFile } from '../../src/core/private-file.js';
import { Saver } from '../../src/sandbox/state.js';
import { Store } from '../../src/sandbox/store.js';
import type { IO } from '../../src/core/io.js';
import { tempDir } from '../helpers/cli.js';
import { testHost } from '../helpers/io.js';

/** Where the next synchronous open (or existsSync) plants a file first: a path, or a prefix ending in `*` (a temporary name). Each plants once. */
const plantAt = vi.hoisted(() => {
  const at = new Map<string, () => void>();
  const run = (path: unknown) => {
    const key = String(path);
    const found = [...at.keys()].find((k) => k === key || (k.endsWith('*') && key.startsWith(k.slice(0, -1))));
    if (found === undefined) return;
    const plant = at.get(found)!;
    at.delete(found);
    plant();
  };
  return Object.assign(at, { run });
});
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const openSync = (path: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
    plantAt.run(path);
    return real.openSync(path, flags ?? 'r', mode);
  };
  const existsSync = (path: fs.PathLike) => {
    const there = real.existsSync(path);
    plantAt.run(path);
    return there;
  };
  return { ...real, openSync, existsSync };
});
afterEach(() => plantAt.clear());

const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const THEIRS = 'their data\n';

/** Another user's file at `path` (as root: owned by nobody), 0644 unless said. */
function plant(path: string, text = THEIRS, mode = 0o644): void {
  writeFileSync(path, text);
  chmodSync(path, mode);
  chownSync(path, NOBODY, NOBODY);
}
/** The planted file as it was planted: nothing written, truncated, made ours or chmod-ed. */
function untouched(path: string, text = THEIRS, mode = 0o644): void {
  expect(readFileSync(path, 'utf8')).toBe(text);
  expect(statSync(path)).toMatchObject({ uid: NOBODY, mode: 0o100000 | mode });
}
/** An async opener that plants at the path just before it opens (after any look at the path). */
const planting =
  (make: (path: string) => void): OpenFile =>
  async (path, flags, mode) => {
    make(path);
    return open(path, flags, mode);
  };
const owner = (flag: string) => new RegExp(`^${flag}: .* is owned by uid ${NOBODY} \\(nobody\\), not by you \\(uid 0 \\(root\\)\\)`);
const fakeIO = () => ({ err: () => undefined, scrub: (s: string) => s }) as unknown as IO;
const refusedBy = (flag: string) => expect.objectContaining({ exitCode: 2, message: expect.stringMatching(owner(flag)) });

describe.runIf(isRoot)('a file planted by another user in the moment before the open', () => {
  it('--results (a new run, and a resume): refused, exit 2 naming the owner; the planted file not truncated or chmod-ed', async () => {
    const results = join(tempDir(), 'results.csv');
    // A resume also reads what the earlier file learned: only through the descriptor the check passed.
    for (const o of [{ trust: { mask: 0 } }, { trust: { mask: 0o022 }, keepLearned: true }]) {
      const opening = ResultsWriter.open(results, { key: 'to', id: 'message_id' }, (s) => s, { ...o, openFile: planting(plant) });
      await expect(opening).rejects.toEqual(refusedBy('--results'));
      untouched(results);
    }
  });

  it('--journal, opened to append: refused, exit 2 naming the owner; the planted file untouched', async () => {
    const journal = join(tempDir(), 'run.journal');
    const text = '# {"v":2}\nS\t1\t0000000000000001\t1555\twamid.1\n';
    await expect(Journal.open(journal, { v: 2 }, {}, (s) => s, planting((p) => plant(p, text, 0o600)))).rejects.toEqual(refusedBy('--journal'));
    untouched(journal, text, 0o600);
  });

  it('--journal read by --resume: a journal of ours swapped for theirs after it was found is not believed', async () => {
    const journal = join(tempDir(), 'run.journal');
    writeFileSync(journal, '# {"v":2}\n', { mode: 0o600 });
    const theirs = '# {"v":2}\nS\t1\t0000000000000001\t1555\twamid.1\n';
    plantAt.set(journal, () => {
      plant(`${journal}.theirs`, theirs, 0o600);
      fs.renameSync(`${journal}.theirs`, journal);
    });
    await expect(priorRun({ io: fakeIO(), resume: true }, journal, new IdTable())).rejects.toEqual(refusedBy('--journal'));
    untouched(journal, theirs, 0o600);
  });

  it("the journal's lock: another user's lock is refused naming its owner, not taken over, left as it was", () => {
    const journal = join(tempDir(), 'run.journal');
    const lock = `${journal}.lock`;
    // A lock naming a pid that is gone would be taken over (removed) were it ours.
    const text = `${JSON.stringify({ pid: 2 ** 22 + 1, host: 'x' })}\n`;
    plantAt.set(lock, () => plant(lock, text));
    expect(() => lockJournal(journal, testHost({}))).toThrow(owner('--journal'));
    untouched(lock, text);
  });

  it("the sandbox's --state, loaded: refused (exit 2) naming the owner; the planted file untouched", () => {
    const state = join(tempDir(), 'state.json');
    const text = '{"collections":{},"meta":{}}';
    plantAt.set(state, () => plant(state, text));
    expect(() => Store.load(state)).toThrow(expect.objectContaining({ exitCode: 2, message: `--state: ${state} is owned by another user (uid ${NOBODY}); refusing to load it. Fix: sudo chown "$(id -u)" '${state}' && chmod 600 '${state}'` }));
    untouched(state, text);
  });

  it("the sandbox's --state, saved: a file planted at its name is replaced by a new one of ours, never written", () => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    // The planted file keeps a second name, to be read after the save.
    plantAt.set(`${state}*`, () => {
      plant(state);
      linkSync(state, join(dir, 'kept'));
    });
    new Saver(new Store(state), state, () => undefined).saveNow();
    expect(plantAt.size).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual({ collections: {}, meta: {} });
    expect(statSync(state)).toMatchObject({ uid: 0, mode: 0o100600, nlink: 1 });
    untouched(join(dir, 'kept'));
  });

  it('credentials.json, read: refused (exit 3, as every untrusted credentials file is) naming the owner; untouched', () => {
    const dir = tempDir();
    const file = join(dir, 'credentials.json');
    const text = '{"profiles":{"default":"their-key-0123456789"}}';
    plantAt.set(file, () => plant(file, text, 0o600));
    expect(() => readKey('default', dir)).toThrow(expect.objectContaining({ exitCode: 3, message: expect.stringContaining(`${file} is owned by another user (uid ${NOBODY}); refusing to use the keys in it`) }));
    untouched(file, text, 0o600);
  });

  it('credentials.json, written: a file planted at its name is replaced by a new one of ours, never written', () => {
    const dir = tempDir();
    const file = join(dir, 'credentials.json');
    plantAt.set(`${file}*`, () => {
      plant(file);
      linkSync(file, join(dir, 'kept'));
    });
    writeKey('default', 'our-key-0123456789', dir);
    expect(plantAt.size).toBe(0);
    expect(statSync(file)).toMatchObject({ uid: 0, mode: 0o100600, nlink: 1 });
    expect(readKey('default', dir)).toBe('our-key-0123456789');
    untouched(join(dir, 'kept'));
  });
});

describe('a second name planted for a file of ours (a hard link), whoever runs', () => {
  it('--results and --journal are refused, exit 2; the file the name points at is unchanged', async () => {
    const dir = tempDir();
    const precious = join(dir, 'precious');
    writeFileSync(precious, 'keep me\n', { mode: 0o600 });
    const link = (p: string) => linkSync(precious, p);
    const at = (flag: string, names: number) => expect.objectContaining({ exitCode: 2, message: expect.stringMatching(new RegExp(`^${flag}: .* has ${names} names \\(hard links\\)`)) });
    await expect(ResultsWriter.open(join(dir, 'r.csv'), { key: 'to', id: 'message_id' }, (s) => s, { openFile: planting(link) })).rejects.toEqual(at('--results', 2));
    await expect(Journal.open(join(dir, 'j'), { v: 2 }, {}, (s) => s, planting(link))).rejects.toEqual(at('--journal', 3));
    expect(readFileSync(precious, 'utf8')).toBe('keep me\n');
    expect(statSync(precious).mode).toBe(0o100600);
  });
});
