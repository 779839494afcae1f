// A journal decides who is not messaged again; a results file holds phone numbers. One planted by
// another user (a shared folder, a CI container running as root over a checkout) would make a
// resume skip rows "sent by an earlier run", or hand our results to its owner. So a file an
// earlier run left must be ours, and writable by nobody else (ssh's rule for its keys); root is
// no exception. Non-root users would otherwise meet it as `cannot make ... private: EPERM`.
import { readFileSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import { modeText, shellQuote, untrusted } from '../core/private-file.js';

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
 * Refuse `path` (named by `flag`) when it is not ours, or (`private`) when group or others may
 * write it. Absent files, devices and FIFOs (`--results /dev/null`) pass; a symbolic link is
 * refused where the file is opened.
 */
export function refuseForeign(path: string, flag: string, opts: { private: boolean }, uid = process.getuid?.()): void {
  const bad = untrusted(path, opts.private ? 0o022 : 0, uid);
  const q = shellQuote(path);
  if (bad?.kind === 'owner') {
    throw new UsageError(
      `${flag}: ${path} is owned by ${ownerName(bad.uid)}, not by you (${ownerName(uid!)}): another user could have written it, so it is not used; ` +
        `if it is yours, take it back (sudo chown "$(id -u)" ${q} && chmod 600 ${q}), otherwise name another file with ${flag}`,
    );
  }
  if (bad?.kind === 'mode') {
    const who = bad.mode & 0o020 ? (bad.mode & 0o002 ? 'its group and others' : 'its group') : 'others';
    throw new UsageError(
      `${flag}: ${path} can be written by ${who} (mode ${modeText(bad.mode)}): another user could have written it, so it is not used; ` +
        `if its content is yours, make it private (chmod 600 ${q}), otherwise name another file with ${flag}`,
    );
  }
}
