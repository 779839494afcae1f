// Files replaced whole, never seen half-written (the credentials file, the sandbox's --state):
// written to FILE.<pid>-<random>.tmp, synced, then renamed over FILE. The temporary file is
// created by us (O_EXCL) under a name nobody can guess, never through a symbolic link: a file or
// link planted beside FILE (a shared folder, a temp file of an earlier run) is never written.
import { closeSync, constants, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pidAlive } from './pid.js';
import { NOFOLLOW } from './private-file.js';

const TEMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;

/**
 * A fresh temporary name beside `file`; the pid lets removeStaleTemps tell a dead writer's. The
 * builtins load when a file is written, not at start (every command reads the credentials).
 */
const tempName = (file: string) => `${file}.${process.pid}-${process.getBuiltinModule('node:crypto').randomBytes(8).toString('hex')}.tmp`;

/** Replace `file` with `text` (a new file of `mode`); a failed write leaves no temporary file behind (it may hold keys). */
export function writeAtomic(file: string, text: string, mode = 0o666): void {
  const tmp = tempName(file);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, TEMP_FLAGS, mode);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * writeAtomic without blocking the event loop (the sandbox saves --state while it serves): the
 * text may come in pieces, each written before the next is made.
 */
export async function writeAtomicAsync(file: string, text: string | AsyncIterable<string>, mode = 0o666): Promise<void> {
  const { open, rename, rm } = process.getBuiltinModule('node:fs/promises');
  const tmp = tempName(file);
  try {
    const fh = await open(tmp, TEMP_FLAGS, mode);
    try {
      if (typeof text === 'string') await fh.writeFile(text);
      else for await (const piece of text) await fh.write(piece);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * Remove the temporary files of writers killed mid-write: their process is gone, or it had our
 * pid (a container's fixed pid; called before we write, so none of them is ours in progress).
 * Names of earlier versions (FILE.<pid>.tmp) too. Removing never follows a link; a file we may
 * not remove (another user's, in a shared folder) is left.
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
    const m = name.startsWith(prefix) ? /^(\d+)(?:-[0-9a-f]+)?\.tmp$/.exec(name.slice(prefix.length)) : null;
    const pid = m ? Number(m[1]) : NaN;
    if (!(Number.isInteger(pid) && pid > 0 && (pid === process.pid || !pidAlive(pid)))) continue;
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // not ours to remove
    }
  }
}
