// One run per journal: `JOURNAL.lock`, created with O_EXCL, holds the pid and host of the
// run. A lock whose pid is gone (on this host) is stale and taken over; a live one refuses the
// second run (exit 2) before it reads the journal or sends anything. A lock naming this very
// process that this process does not hold was left by an earlier run that had the same pid: in a
// container the CLI is pid 1 (or another fixed pid) every time. A lock is read only through a
// descriptor checked to be ours: another user's lock is refused naming its owner, not believed.
import { closeSync, constants, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { UsageError } from '../core/errors.js';
import type { Host } from '../core/host.js';
import { pidAlive } from '../core/pid.js';
import { openTrusted, readTrusted, refusal, UntrustedFile } from '../core/private-file.js';

interface Holder {
  pid: number;
  host: string;
}

const TRUST = { mask: 0o022 };

/** The run a lock names; undefined when there is no lock or it is being written. Another user's lock is refused. */
function holder(path: string): Holder | undefined {
  let text: string | undefined;
  try {
    text = readTrusted(path, TRUST);
  } catch (err) {
    if (err instanceof UntrustedFile) throw refusal(err.bad, path, '--journal');
    return undefined;
  }
  try {
    const h = JSON.parse(text ?? '') as Holder;
    return typeof h.pid === 'number' ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Create the lock (O_EXCL: a new file of ours, or EEXIST) and write who holds it. */
function create(path: string, me: Holder): void {
  const fd = openTrusted(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, TRUST);
  try {
    writeSync(fd, `${JSON.stringify(me)}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Locks this process holds (a lock file naming our pid but not in here is a leftover). */
const held = new Set<string>();

const nap = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Remove a stale lock, once: only the run that creates `LOCK.takeover` may, and only if the lock
 * still names the dead pid (two runs taking over at once must not remove each other's new lock).
 */
function takeOver(path: string, dead: Holder): void {
  const guard = `${path}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch {
    // Another run is taking over; a guard left by a crash is old and removed.
    try {
      if (Date.now() - statSync(guard).mtimeMs > 10_000) unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    nap(20);
    return;
  }
  try {
    const now = holder(path);
    if (now?.pid === dead.pid && now.host === dead.host) unlinkSync(path);
  } finally {
    unlinkSync(guard);
  }
}

/** Take the lock or throw UsageError naming the run that holds it (or the user who owns it); returns the release function. */
export function lockJournal(journal: string, host: Pick<Host, 'atExit'>): () => void {
  const path = `${journal}.lock`;
  const me: Holder = { pid: process.pid, host: hostname() };
  for (let attempt = 0; ; attempt++) {
    try {
      create(path, me);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new UsageError(`--journal: cannot create ${path}: ${(err as NodeJS.ErrnoException).code}`);
      const h = holder(path);
      const stale = h !== undefined && h.host === me.host && (h.pid === me.pid ? !held.has(path) : !pidAlive(h.pid));
      if ((!stale && h) || attempt > 50) {
        const who = h ? `pid ${h.pid}${h.host === me.host ? '' : ` on ${h.host}`}` : 'another run';
        throw new UsageError(`--journal: ${journal} is in use by ${who} (lock ${path}); wait for that run to end, or remove the lock if it is gone`, 'journal_locked');
      }
      // A lock being written right now reads empty: look again.
      if (stale) takeOver(path, h);
      else nap(10);
    }
  }
  held.add(path);
  let holding = true;
  // exit() (a second Ctrl-C) skips finally blocks, not the host's exit hooks.
  let forget = () => undefined as void;
  const release = () => {
    if (!holding) return;
    holding = false;
    forget();
    held.delete(path);
    // Only our own lock: a stale-lock takeover by another run must not be undone.
    try {
      if (holder(path)?.pid === me.pid) unlinkSync(path);
    } catch {
      // already gone, or no longer ours
    }
  };
  forget = host.atExit(release);
  return release;
}
