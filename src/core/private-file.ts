// Files that hold personal data (a batch's results and journal, a contact export): private to
// the user (0600) whether new or already there, and never opened through a symbolic link, which
// could point the write at another file (a link planted in a shared folder).
import { constants, lstatSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { UsageError } from './errors.js';

/** How a file is opened (tests count the writes and syncs through it). */
export type OpenFile = (path: string, flags: number, mode: number) => Promise<FileHandle>;

/** Not on every platform (Windows): there the lstat check alone stands. */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

const symlinkError = (what: string, path: string) => new UsageError(`${what}: ${path} is a symbolic link; name the file itself`);

/** Refuse a path that is a symbolic link, before anything reads or writes it (`what`: the flag that named it). */
export function refuseSymlink(path: string, what: string): void {
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    // not there yet
  }
  if (link) throw symlinkError(what, path);
}

/**
 * Open (creating, with `flags`: O_* constants) a private file: mode 0600, and a regular file
 * that existed with another mode made 0600. A symbolic link, or a file that cannot be opened,
 * is a UsageError (exit 2) naming `what`.
 */
export async function openPrivate(path: string, flags: number, what: string, openFile: OpenFile = open): Promise<FileHandle> {
  let fh: FileHandle;
  try {
    fh = await openFile(path, flags | constants.O_CREAT | NOFOLLOW, 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw symlinkError(what, path);
    throw new UsageError(`${what}: cannot write ${path}: ${code ?? (err as Error).message}`);
  }
  try {
    // Not a device or a FIFO (--results /dev/null): their mode is not ours to change.
    if ((await fh.stat()).isFile()) await fh.chmod(0o600);
  } catch (err) {
    await fh.close();
    throw new UsageError(`${what}: cannot make ${path} private: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return fh;
}
