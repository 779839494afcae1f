// Files that hold personal data (a batch's results and journal, a contact export): private to
// the user (0600) whether new or already there, and never opened through a symbolic link, which
// could point the write at another file (a link planted in a shared folder).
import { constants, lstatSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { UsageError } from './errors.js';

/** How a file is opened (tests count the writes and syncs through it). */
export type OpenFile = (path: string, flags: number, mode: number) => Promise<FileHandle>;

/** Not on every platform (Windows): there the lstat check alone stands. */
export const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

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

export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Why a file of secrets is not to be trusted, and the command that fixes it. */
export interface Distrust {
  why: string;
  fix: string;
}

/**
 * ssh's rule for a file of secrets read at start (credentials.json, the sandbox's --state): a
 * regular file of ours that others cannot touch through `mask` (0o077: read or write; 0o022:
 * write). Undefined when it is (or is absent); `replace` is the fix for a link or a non-file.
 */
export function distrust(file: string, mask: number, replace: string): Distrust | undefined {
  const bad = untrusted(file, mask);
  const q = shellQuote(file);
  switch (bad?.kind) {
    case undefined:
      return undefined;
    case 'link':
      return { why: 'is a symbolic link', fix: `rm ${q} and ${replace}` };
    case 'not-file':
      return { why: 'is not a regular file', fix: `rm -r ${q} and ${replace}` };
    case 'owner':
      return { why: `is owned by another user (uid ${bad.uid})`, fix: `sudo chown "$(id -u)" ${q} && chmod 600 ${q}` };
    case 'mode':
      return { why: `can be ${mask & 0o044 ? 'read' : 'written'} by others (mode ${modeText(bad.mode)})`, fix: `chmod 600 ${q}` };
  }
}

/** What another user may have done to a file: planted a link or a non-file, owned it, or (through `mask`) read or written it. */
export type Untrusted = { kind: 'link' | 'not-file' } | { kind: 'owner'; uid: number } | { kind: 'mode'; mode: number };

/**
 * The one ownership check (ssh's rule) behind the credentials, the sandbox's state and a batch's
 * files: undefined for a regular file owned by `uid` that grants no bit of `mask`, an absent or
 * unreadable file (its reader says why), and on Windows (no owners to compare). Each caller
 * words the finding for its file.
 */
export function untrusted(file: string, mask: number, uid = process.getuid?.()): Untrusted | undefined {
  if (uid === undefined) return undefined;
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return undefined;
  }
  if (st.isSymbolicLink()) return { kind: 'link' };
  if (!st.isFile()) return { kind: 'not-file' };
  if (st.uid !== uid) return { kind: 'owner', uid: st.uid };
  if (st.mode & mask) return { kind: 'mode', mode: st.mode };
  return undefined;
}

/** `0644`: a file's permission bits as chmod takes them. */
export const modeText = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** fs/promises' open, loaded when a file is opened (not at start: credentials load this module on every command). */
const open: OpenFile = (path, flags, mode) => process.getBuiltinModule('node:fs/promises').open(path, flags, mode);

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
