// Files replaced whole, never seen half-written (the credentials file, the sandbox's --state):
// written to FILE.<pid>.tmp, synced, then renamed over FILE.
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pidAlive } from './pid.js';

/** Replace `file` with `text`; a failed write leaves no temporary file behind (it may hold keys). */
export function writeAtomic(file: string, text: string, mode?: number): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text, mode === undefined ? undefined : { mode });
    const fd = openSync(tmp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * Remove the temporary files of writers killed mid-write: their process is gone, or it had our
 * pid (a container's fixed pid; called before we write, so none of them is ours in progress).
 */
export function removeStaleTemps(file: string): void {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.tmp') ? Number(name.slice(prefix.length, -4)) : NaN;
    if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || !pidAlive(pid))) rmSync(join(dir, name), { force: true });
  }
}
