// The one ownership check behind the credentials, the sandbox's --state and a batch's journal and
// results (core/private-file.ts untrusted), and the two wordings built on it.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseForeign } from '../../src/batch/owner.js';
import { distrust, untrusted } from '../../src/core/private-file.js';
import { tempDir } from '../helpers/cli.js';

const me = process.getuid?.();

function file(mode: number): string {
  const path = join(tempDir(), 'f');
  writeFileSync(path, 'x');
  chmodSync(path, mode);
  return path;
}

describe.runIf(me !== undefined)('untrusted', () => {
  it('trusts an absent file and a regular file of ours that grants no bit of the mask', () => {
    expect(untrusted(join(tempDir(), 'absent'), 0o077)).toBeUndefined();
    expect(untrusted(file(0o600), 0o077)).toBeUndefined();
    // Read by others is no finding when only writes are asked about.
    expect(untrusted(file(0o644), 0o022)).toBeUndefined();
  });

  it('finds each bit of the mask alone', () => {
    for (const bit of [0o040, 0o004, 0o020, 0o002]) expect(untrusted(file(0o600 | bit), bit), bit.toString(8)).toMatchObject({ kind: 'mode' });
    expect(untrusted(file(0o644), 0o077)).toMatchObject({ kind: 'mode', mode: expect.any(Number) });
  });

  it('finds a file owned by another user before its mode', () => {
    expect(untrusted(file(0o666), 0o022, me! + 1)).toEqual({ kind: 'owner', uid: me });
  });

  it('finds a symbolic link and a non-file', () => {
    const dir = tempDir();
    symlinkSync(file(0o600), join(dir, 'link'));
    mkdirSync(join(dir, 'sub'));
    expect(untrusted(join(dir, 'link'), 0o077)).toEqual({ kind: 'link' });
    expect(untrusted(join(dir, 'sub'), 0o077)).toEqual({ kind: 'not-file' });
  });
});

describe.runIf(me !== undefined)('the wordings on it', () => {
  it('distrust words a finding for a file of secrets, with its fix', () => {
    const path = file(0o640);
    expect(distrust(path, 0o077, 'log in again')).toEqual({ why: 'can be read by others (mode 0640)', fix: `chmod 600 '${path}'` });
    expect(distrust(file(0o620), 0o022, 'start again')).toMatchObject({ why: 'can be written by others (mode 0620)' });
  });

  it('refuseForeign names both owners, and the mode only for a private file', () => {
    const path = file(0o620);
    expect(() => refuseForeign(path, '--journal', { private: true }, me! + 1)).toThrow(`--journal: ${path} is owned by uid ${me}`);
    expect(() => refuseForeign(path, '--journal', { private: true }, me! + 1)).toThrow(`not by you (uid ${me! + 1}`);
    expect(() => refuseForeign(path, '--journal', { private: true })).toThrow(`--journal: ${path} can be written by its group (mode 0620)`);
    expect(() => refuseForeign(path, '--results', { private: false })).not.toThrow();
  });

  it('refuseForeign lets devices and links pass (the opener refuses links)', () => {
    const dir = tempDir();
    symlinkSync(file(0o666), join(dir, 'link'));
    expect(() => refuseForeign('/dev/null', '--results', { private: true }, me! + 1)).not.toThrow();
    expect(() => refuseForeign(join(dir, 'link'), '--results', { private: true }, me! + 1)).not.toThrow();
  });
});
