// A journal (or a results file, on resume) not owned by the current user, or writable by group or
// others, is refused (issue 30, item 3): a planted journal saying "sent" must not make a resume
// skip anyone, nor be taken over. Exit 2 naming the owner and the fix; nothing sent; the file
// untouched. Runs as root (CI containers) for the planted-file case, and as `nobody` for the
// non-root one (which used to fail with `cannot make ... private: EPERM`). Issue 46: the file is
// judged on the descriptor opened, so one planted while the CLI waits at its question (after any
// look at the path, before the open) is refused as it was found, never truncated or written.
// Issue 45: `nobody` runs a copy of the CLI it can read (this clone may sit in a private folder).
import { execa } from 'execa';
import { chmodSync, chownSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { cleanEnv, describeWith, hasTmux, tempDir } from '../helpers/cli.js';
import { readableCopy } from '../helpers/clone.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal } from '../helpers/tmux.js';

const S = ['--sender', 'wa_snd_cloud_0001', '--text', 'Hi {{name}}'];
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
let dir: string;
let sb: TestSandbox;
beforeAll(async () => {
  dir = tempDir('chatcrm-batch-foreign-');
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

let n = 0;
/** A two-row input, and the journal of a run that sent both (what a planted journal claims). */
async function sentRun(): Promise<{ input: string; journal: string; to: string[] }> {
  const to = [0, 1].map((i) => String(15557100000 + 10 * n + i));
  const input = join(dir, `list${n++}.csv`);
  writeFileSync(input, `to,name\n${to[0]},Ann\n${to[1]},Bob\n`);
  expect((await sb.run(['chat', 'send-batch', input, ...S])).exitCode).toBe(0);
  return { input, journal: `${input}.journal`, to };
}
let nobodyBin: string | undefined;
/**
 * The bin/chatcrm.js `nobody` runs: a copy it can read. Where it cannot reach even that (a
 * private TMPDIR) the test skips saying so, except in CI, where it runs and fails.
 */
async function binForNobody(skip: TestContext['skip']): Promise<string> {
  nobodyBin ??= readableCopy();
  const probe = await execa('node', [nobodyBin, '--version'], { uid: NOBODY, gid: NOBODY, reject: false, input: '' });
  if (probe.exitCode !== 0 && !process.env.CI) skip(`nobody cannot run a copy of the CLI in ${tmpdir()}: ${String(probe.stderr).split('\n').find((l) => /Error/.test(l)) ?? probe.stderr}`);
  return nobodyBin;
}
const received = (to: string[]) => to.map((t) => sb.calls('chat.send').filter((c) => (c.body as { to: string }).to === t).length);
/** Make the journal say both rows failed: a resume would send both again. */
const forget = (journal: string) => writeFileSync(journal, readFileSync(journal, 'utf8').replace(/^S(\t\d+\t\w+\t\d+)\t.*$/gm, 'F$1\trefused'));

describe.runIf(isRoot)('a journal or results file of another user, as root', () => {
  it('--resume refuses a journal owned by another user: exit 2 naming the owner, nothing sent, the file left as it was', async () => {
    const { input, journal, to } = await sentRun();
    // The planted journal, owned by nobody: whatever it claims, it is not read.
    forget(journal);
    chownSync(journal, NOBODY, NOBODY);
    chmodSync(journal, 0o644);
    const r = await sb.refused(
      ['chat', 'send-batch', input, ...S, '--resume'],
      /--journal: .*list\d+\.csv\.journal is owned by uid 65534 \(nobody\), not by you \(uid 0 \(root\)\): .*sudo chown "\$\(id -u\)" .*otherwise name another file with --journal/,
    );
    expect(r.exitCode).toBe(2);
    expect(received(to)).toEqual([1, 1]);
    expect(statSync(journal)).toMatchObject({ uid: NOBODY, mode: 0o100644 });
  });

  it('--resume refuses a journal of ours that group or others may write; made private, it resumes', async () => {
    const { input, journal, to } = await sentRun();
    forget(journal);
    chmodSync(journal, 0o620);
    await sb.refused(['chat', 'send-batch', input, ...S, '--resume'], /--journal: .* can be written by its group \(mode 0620\): .*chmod 600/);
    chmodSync(journal, 0o602);
    await sb.refused(['chat', 'send-batch', input, ...S, '--resume'], /can be written by others \(mode 0602\)/);
    expect(received(to)).toEqual([1, 1]);
    chmodSync(journal, 0o600);
    expect((await sb.run(['chat', 'send-batch', input, ...S, '--resume'])).exitCode).toBe(0);
    expect(received(to)).toEqual([2, 2]);
  });

  it('--results of another user is refused (with or without --resume); /dev/null is not a file and passes', async () => {
    const { input, to } = await sentRun();
    const results = join(dir, `theirs${n}.csv`);
    writeFileSync(results, 'their data\n');
    chownSync(results, NOBODY, NOBODY);
    const fresh = join(dir, `fresh${n}.csv`);
    writeFileSync(fresh, `to,name\n${to[0].replace(/.$/, '9')},Cy\n`);
    await sb.refused(['chat', 'send-batch', fresh, ...S, '--results', results], /--results: .* is owned by uid 65534 \(nobody\)/);
    await sb.refused(['chat', 'send-batch', input, ...S, '--resume', '--results', results], /--results: .* is owned by uid 65534/);
    expect(readFileSync(results, 'utf8')).toBe('their data\n');
    expect((await sb.run(['chat', 'send-batch', input, ...S, '--resume', '--results', '/dev/null'])).exitCode).toBe(0);
    expect(received(to)).toEqual([1, 1]);
  });
});

describe.runIf(isRoot)('as a user who is not root', () => {
  it('a journal of another user that it could write: the same refusal, not EPERM', async ({ skip }) => {
    const bin = await binForNobody(skip);
    const { input, journal, to } = await sentRun();
    forget(journal);
    // Root's journal, writable by all: `nobody` could append to it, but not make it private.
    chmodSync(journal, 0o666);
    const shared = mkdtempSync(join(tmpdir(), 'chatcrm-nobody-'));
    chmodSync(shared, 0o777);
    chmodSync(dir, 0o777);
    const r = await execa('node', [bin, 'chat', 'send-batch', input, ...S, '--resume'], {
      env: cleanEnv(sb.env, shared),
      extendEnv: false,
      reject: false,
      uid: NOBODY,
      gid: NOBODY,
      input: '',
    });
    expect(r.stderr).not.toMatch(/EPERM/);
    expect(r.stderr).toMatch(/--journal: .* is owned by uid 0 \(root\), not by you \(uid 65534 \(nobody\)\)/);
    expect(r.exitCode).toBe(2);
    expect(received(to)).toEqual([1, 1]);
  });
});

describeWith('tmux', hasTmux(), 'a file planted while the CLI asks (on a terminal), after any look at the path, before the open', () => {
  const LIMIT = { timeout: 60_000 };
  /** A 1777 folder (/tmp-like) holding a two-row input that nobody may read, and a config dir anyone may use. */
  function shared(): { folder: string; input: string; to: string[]; config: string } {
    const folder = mkdtempSync(join(tmpdir(), 'chatcrm-plant-'));
    chmodSync(folder, 0o1777);
    const config = mkdtempSync(join(tmpdir(), 'chatcrm-plant-cfg-'));
    chmodSync(config, 0o777);
    const to = [0, 1].map((i) => String(15557300000 + 10 * n + i));
    const input = join(folder, `in${n++}.csv`);
    writeFileSync(input, `to,name\n${to[0]},Ann\n${to[1]},Bob\n`, { mode: 0o644 });
    return { folder, input, to, config };
  }
  /** Run send-batch on a terminal (as another user, running a copy it can read), plant at its question, answer y: the exit code and the screen, wrapped lines joined. */
  async function plantAtQuestion(s: ReturnType<typeof shared>, args: string[], plant: () => void, as?: { uid: number; bin: string }): Promise<{ code: number; screen: string }> {
    const term = openTerminal(['chat', 'send-batch', s.input, ...S, ...args], { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: s.config }, as);
    await term.waitFor(/\(y\/N\)/);
    plant();
    term.type('y');
    term.press('Enter');
    const code = await term.exitCode();
    return { code, screen: term.screen().replace(/\n/g, '') };
  }
  const theirs = (path: string, uid: number, mode: number) => {
    writeFileSync(path, 'their data\n');
    chmodSync(path, mode);
    chownSync(path, uid, uid);
  };
  const asPlanted = (path: string, uid: number, mode: number) => {
    expect(readFileSync(path, 'utf8')).toBe('their data\n');
    expect(statSync(path)).toMatchObject({ uid, mode: 0o100000 | mode });
  };

  it.runIf(isRoot)('as root: --results, then the journal, planted by nobody: exit 2 naming nobody, nothing sent, each left as planted', LIMIT, async () => {
    const s = shared();
    const results = join(s.folder, 'results.csv');
    const r = await plantAtQuestion(s, ['--results', results], () => theirs(results, NOBODY, 0o644));
    expect(r.screen).toMatch(/--results: .*results\.csv is owned by uid 65534 \(nobody\), not by you \(uid 0 \(root\)\)/);
    expect(r.code).toBe(2);
    asPlanted(results, NOBODY, 0o644);
    const journal = `${s.input}.journal`;
    const j = await plantAtQuestion(s, [], () => theirs(journal, NOBODY, 0o600));
    expect(j.screen).toMatch(/--journal: .*\.journal is owned by uid 65534 \(nobody\), not by you \(uid 0 \(root\)\)/);
    expect(j.code).toBe(2);
    asPlanted(journal, NOBODY, 0o600);
    expect(received(s.to)).toEqual([0, 0]);
  });

  it.runIf(isRoot)("as nobody: --results planted by root, mode 0666 (nobody could write it): exit 2 naming root, not truncated, nothing sent", LIMIT, async ({ skip }) => {
    const bin = await binForNobody(skip);
    const s = shared();
    const results = join(s.folder, 'results.csv');
    const r = await plantAtQuestion(s, ['--results', results], () => theirs(results, 0, 0o666), { uid: NOBODY, bin });
    expect(r.screen).toMatch(/--results: .*results\.csv is owned by uid 0 \(root\), not by you \(uid 65534 \(nobody\)\)/);
    expect(r.screen).not.toMatch(/EPERM/);
    expect(r.code).toBe(2);
    asPlanted(results, 0, 0o666);
    expect(received(s.to)).toEqual([0, 0]);
  });
});
