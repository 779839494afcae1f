// Files that hold personal data or secrets (a batch's results, journal and lock, a contact
// export, the credentials, the sandbox's --state): private to the user (0600), never opened
// through a symbolic link, and judged by what the descriptor we hold is, never by a look at the
// path first. Another user can plant a file in a shared folder (/tmp) between a look and an open;
// what fstat says of the open descriptor is what will be read or written.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { UsageError } from './errors.js';

/** How a file is opened (tests count the writes and syncs through it, or plant a file first). */
export type OpenFile = (path: string, flags: number, mode: number) => Promise<FileHandle>;

/** Not on every platform (Windows): there the lstat check alone stands. */
export const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

const symlinkError = (what: string, path: string) => new UsageError(`${what}: ${path} is a symbolic link; name the file itself`);

/** Refuse a path that is a symbolic link early, before anything is read or sent (`what`: the flag that named it); the open refuses it again. */
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

/** What another user may have done to a file: planted a link, a non-file or a second name (hard link), owned it, or (through the mask) read or written it. */
export type Untrusted = { kind: 'link' | 'not-file' } | { kind: 'links'; count: number } | { kind: 'owner'; uid: number } | { kind: 'mode'; mode: number };

/** What a private file may be: `mask`, the mode bits refused on a regular file (0o077: read or write by others; 0o022: write); `devices`, a device or FIFO the user named (`--results /dev/null`). */
export interface Trust {
  mask: number;
  devices?: boolean;
}

/**
 * The one ownership check (ssh's rule), on the fstat of an open descriptor: a regular file owned
 * by `uid`, with one name, that grants no bit of `trust.mask`; or, where `trust.devices`, a
 * character device (only root makes those) or a FIFO of ours. Undefined when it is, and on
 * Windows (no owners to compare).
 */
export function untrusted(st: Stats, trust: Trust, uid = process.getuid?.()): Untrusted | undefined {
  if (uid === undefined) return undefined;
  const device = trust.devices && (st.isCharacterDevice() || st.isFIFO());
  if (!st.isFile() && !device) return { kind: 'not-file' };
  if (st.isCharacterDevice()) return undefined;
  if (st.uid !== uid) return { kind: 'owner', uid: st.uid };
  if (device) return undefined;
  if (st.nlink !== 1) return { kind: 'links', count: st.nlink };
  if (st.mode & trust.mask) return { kind: 'mode', mode: st.mode };
  return undefined;
}

/** The file at a path was not what a private file may be; callers word it for their file. */
export class UntrustedFile extends Error {
  constructor(readonly bad: Untrusted) {
    super(`untrusted file: ${bad.kind}`);
  }
}

/** fstat's verdict on a descriptor just opened: the descriptor is closed and UntrustedFile thrown when it is not to be used. */
function admit(fd: number, trust: Trust): void {
  let bad: Untrusted | undefined;
  try {
    bad = untrusted(fstatSync(fd), trust);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  if (!bad) return;
  closeSync(fd);
  throw new UntrustedFile(bad);
}

/**
 * Open a private file synchronously, never through a symbolic link, and check the descriptor
 * (`untrusted`): the descriptor, or the open's own error (ENOENT, ...), or UntrustedFile.
 */
export function openTrusted(path: string, flags: number, trust: Trust): number {
  let fd: number;
  try {
    fd = openSync(path, flags | NOFOLLOW, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new UntrustedFile({ kind: 'link' });
    throw err;
  }
  admit(fd, trust);
  return fd;
}

/** The text of a private file (credentials.json and the sandbox's --state at start, a journal's lock); undefined when there is none. */
export function readTrusted(path: string, trust: Trust): string | undefined {
  let fd: number;
  try {
    fd = openTrusted(path, constants.O_RDONLY, trust);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** Why a file of secrets is not to be trusted, and the command that fixes it. */
export interface Distrust {
  why: string;
  fix: string;
}

/** A finding worded for a file of secrets read at start; `replace` is the fix for a link, a non-file or a second name. */
export function distrust(bad: Untrusted, file: string, replace: string): Distrust {
  const q = shellQuote(file);
  switch (bad.kind) {
    case 'link':
      return { why: 'is a symbolic link', fix: `rm ${q} and ${replace}` };
    case 'not-file':
      return { why: 'is not a regular file', fix: `rm -r ${q} and ${replace}` };
    case 'links':
      return { why: `has ${bad.count} names (hard links): another name could read or write it`, fix: `rm ${q} and ${replace}` };
    case 'owner':
      return { why: `is owned by another user (uid ${bad.uid})`, fix: `sudo chown "$(id -u)" ${q} && chmod 600 ${q}` };
    case 'mode':
      return { why: `can be ${bad.mode & 0o044 ? 'read' : 'written'} by others (mode ${modeText(bad.mode)})`, fix: `chmod 600 ${q}` };
  }
}

/** `uid 1000 (ann)`: the name from /etc/passwd when it has one. */
export function ownerName(uid: number): string {
  let name: string | undefined;
  try {
    name = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.split(':')[2] === String(uid))
      ?.split(':')[0];
  } catch {
    // no passwd file: the number alone
  }
  return name ? `uid ${uid} (${name})` : `uid ${uid}`;
}

/**
 * A finding worded for a file named by a flag (`what`): a batch's journal, results or lock. Root
 * is no exception: a planted journal would make a resume skip rows "sent by an earlier run", and
 * planted results would hand our phone numbers to their owner.
 */
export function refusal(bad: Untrusted, path: string, what: string): UsageError {
  const q = shellQuote(path);
  const notUsed = 'another user could have written it, so it is not used';
  switch (bad.kind) {
    case 'link':
      return symlinkError(what, path);
    case 'not-file':
      return new UsageError(`${what}: ${path} is not a regular file; name another file with ${what}`);
    case 'links':
      return new UsageError(`${what}: ${path} has ${bad.count} names (hard links): ${notUsed}; name another file with ${what}`);
    case 'owner':
      return new UsageError(
        `${what}: ${path} is owned by ${ownerName(bad.uid)}, not by you (${ownerName(process.getuid!())}): ${notUsed}; ` +
          `if it is yours, take it back (sudo chown "$(id -u)" ${q} && chmod 600 ${q}), otherwise name another file with ${what}`,
      );
    case 'mode': {
      const who = bad.mode & 0o020 ? (bad.mode & 0o002 ? 'its group and others' : 'its group') : 'others';
      return new UsageError(
        `${what}: ${path} can be written by ${who} (mode ${modeText(bad.mode)}): ${notUsed}; ` +
          `if its content is yours, make it private (chmod 600 ${q}), otherwise name another file with ${what}`,
      );
    }
  }
}

/** `0644`: a file's permission bits as chmod takes them. */
export const modeText = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** fs/promises' open, loaded when a file is opened (not at start: credentials load this module on every command). */
const open: OpenFile = (path, flags, mode) => process.getBuiltinModule('node:fs/promises').open(path, flags, mode);

/**
 * Open a private file named by `what` (a flag) with `flags` (O_*; O_CREAT to create it, mode
 * 0600), and check the descriptor before a byte is written: another user's file, a second name
 * or a non-file is refused (exit 2) as it was found, O_TRUNC is applied only after the check, and
 * a regular file of ours with another mode is made 0600. A device or FIFO passes as it is.
 */
export async function openPrivate(path: string, flags: number, what: string, trust: Trust = { mask: 0 }, openFile: OpenFile = open): Promise<FileHandle> {
  let fh: FileHandle;
  try {
    fh = await openFile(path, (flags & ~constants.O_TRUNC) | NOFOLLOW, 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw symlinkError(what, path);
    throw new UsageError(`${what}: cannot ${flags & (constants.O_WRONLY | constants.O_RDWR) ? 'write' : 'read'} ${path}: ${code ?? (err as Error).message}`);
  }
  try {
    const st = await fh.stat();
    const bad = untrusted(st, { devices: true, ...trust });
    if (bad) throw refusal(bad, path, what);
    // A device or a FIFO (--results /dev/null): its mode is not ours to change.
    if (st.isFile()) {
      if (flags & constants.O_TRUNC) await fh.truncate(0);
      await fh.chmod(0o600);
    }
  } catch (err) {
    await fh.close();
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${what}: cannot make ${path} private: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return fh;
}
