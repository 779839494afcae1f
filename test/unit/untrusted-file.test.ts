// The one ownership check behind every private file (core/private-file.ts untrusted), on what
// fstat says of an open descriptor, and the two wordings built on it.
import { execFileSync } from 'node:child_process';
import { chmodSync, linkSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distrust, openTrusted, readTrusted, refusal, untrusted, UntrustedFile } from '../../src/core/private-file.js';
import { tempDir } from '../helpers/cli.js';

const me = process.getuid?.();

function file(mode: number): string {
  const path = join(tempDir(), 'f');
  writeFileSync(path, 'x');
  chmodSync(path, mode);
  return path;
}
const st = (path: string) => statSync(path);

describe.runIf(me !== undefined)('untrusted (on a descriptor: fstat)', () => {
  it('trusts a regular file of ours, of one name, that grants no bit of the mask', () => {
    expect(untrusted(st(file(0o600)), { mask: 0o077 })).toBeUndefined();
    // Read by others is no finding when only writes are asked about.
    expect(untrusted(st(file(0o644)), { mask: 0o022 })).toBeUndefined();
  });

  it('finds each bit of the mask alone', () => {
    for (const bit of [0o040, 0o004, 0o020, 0o002]) expect(untrusted(st(file(0o600 | bit)), { mask: bit }), bit.toString(8)).toMatchObject({ kind: 'mode' });
    expect(untrusted(st(file(0o644)), { mask: 0o077 })).toMatchObject({ kind: 'mode', mode: expect.any(Number) });
  });

  it('finds a file owned by another user before its mode', () => {
    expect(untrusted(st(file(0o666)), { mask: 0o022 }, me! + 1)).toEqual({ kind: 'owner', uid: me });
  });

  it('finds a second name (a hard link planted to a file of ours): one name passes, two do not', () => {
    const path = file(0o600);
    expect(untrusted(st(path), { mask: 0 })).toBeUndefined();
    linkSync(path, `${path}.2`);
    expect(untrusted(st(path), { mask: 0 })).toEqual({ kind: 'links', count: 2 });
  });

  it('finds a non-file; a device, or a FIFO of ours, passes only where devices are allowed', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    expect(untrusted(st(join(dir, 'sub')), { mask: 0, devices: true })).toEqual({ kind: 'not-file' });
    expect(untrusted(st('/dev/null'), { mask: 0o077 })).toEqual({ kind: 'not-file' });
    // root's, mode 0666: a character device only root can make, whoever opens it.
    expect(untrusted(st('/dev/null'), { mask: 0o077, devices: true }, me! + 1)).toBeUndefined();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', ['-m', '666', fifo]);
    expect(untrusted(st(fifo), { mask: 0o022, devices: true })).toBeUndefined();
    expect(untrusted(st(fifo), { mask: 0o022, devices: true }, me! + 1)).toEqual({ kind: 'owner', uid: me });
    expect(untrusted(st(fifo), { mask: 0o022 })).toEqual({ kind: 'not-file' });
  });
});

describe.runIf(me !== undefined)('openTrusted and readTrusted', () => {
  it('a symbolic link is a finding, not followed; an absent file reads as undefined; a file of ours reads', () => {
    const dir = tempDir();
    const target = file(0o600);
    symlinkSync(target, join(dir, 'link'));
    expect(() => openTrusted(join(dir, 'link'), 0, { mask: 0 })).toThrow(new UntrustedFile({ kind: 'link' }));
    expect(readTrusted(join(dir, 'absent'), { mask: 0 })).toBeUndefined();
    expect(readTrusted(target, { mask: 0o077 })).toBe('x');
  });

  it('a finding on the descriptor is thrown as UntrustedFile with it', () => {
    const path = file(0o640);
    let thrown: unknown;
    try {
      readTrusted(path, { mask: 0o077 });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(UntrustedFile);
    expect((thrown as UntrustedFile).bad).toEqual({ kind: 'mode', mode: 0o100640 });
  });
});

describe.runIf(me !== undefined)('the wordings on it', () => {
  it('distrust words a finding for a file of secrets, with its fix', () => {
    const path = '/x/credentials.json';
    expect(distrust({ kind: 'mode', mode: 0o100640 }, path, 'log in again')).toEqual({ why: 'can be read by others (mode 0640)', fix: `chmod 600 '${path}'` });
    expect(distrust({ kind: 'mode', mode: 0o100620 }, path, 'start again')).toMatchObject({ why: 'can be written by others (mode 0620)' });
    expect(distrust({ kind: 'owner', uid: 65534 }, path, 'log in again')).toEqual({ why: 'is owned by another user (uid 65534)', fix: `sudo chown "$(id -u)" '${path}' && chmod 600 '${path}'` });
    expect(distrust({ kind: 'links', count: 2 }, path, 'log in again')).toEqual({ why: 'has 2 names (hard links): another name could read or write it', fix: `rm '${path}' and log in again` });
  });

  it('refusal names both owners, the mode, a second name and a non-file, each an exit 2 naming the flag', () => {
    const path = '/tmp/r.csv';
    const owner = refusal({ kind: 'owner', uid: me! + 1 }, path, '--results');
    expect(owner.message).toMatch(new RegExp(`^--results: /tmp/r\\.csv is owned by uid ${me! + 1}.*, not by you \\(uid ${me}`));
    expect(owner.exitCode).toBe(2);
    expect(refusal({ kind: 'mode', mode: 0o100620 }, path, '--journal').message).toMatch(/^--journal: \/tmp\/r\.csv can be written by its group \(mode 0620\)/);
    expect(refusal({ kind: 'mode', mode: 0o100602 }, path, '--journal').message).toContain('can be written by others (mode 0602)');
    expect(refusal({ kind: 'mode', mode: 0o100622 }, path, '--journal').message).toContain('can be written by its group and others (mode 0622)');
    expect(refusal({ kind: 'links', count: 3 }, path, '--results').message).toMatch(/^--results: \/tmp\/r\.csv has 3 names \(hard links\)/);
    expect(refusal({ kind: 'not-file' }, path, '--results').message).toBe('--results: /tmp/r.csv is not a regular file; name another file with --results');
    expect(refusal({ kind: 'link' }, path, '--results').message).toBe('--results: /tmp/r.csv is a symbolic link; name the file itself');
  });
});
