// The temporary file of an atomic write is created, never opened (O_EXCL; issue 43, item 6):
// its random name hid whether a file already there would be written into. Here the name is
// made known, a file is planted at it, and both writers refuse it and leave FILE alone.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeAtomic, writeAtomicAsync } from '../../src/core/atomic-write.js';
import { tempDir } from '../helpers/cli.js';

const crypto = process.getBuiltinModule('node:crypto');
const FIXED = Buffer.from('0123456789abcdef', 'hex');

afterEach(() => void vi.restoreAllMocks());

/** FILE, holding `before`, and a file planted at the temporary name its next write will use. */
function planted(): { file: string; tmp: string } {
  vi.spyOn(crypto, 'randomBytes').mockImplementation(() => Buffer.from(FIXED));
  const file = join(tempDir('chatcrm-excl-'), 'state.json');
  writeFileSync(file, 'before', { mode: 0o600 });
  const tmp = `${file}.${process.pid}-${FIXED.toString('hex')}.tmp`;
  writeFileSync(tmp, 'planted by someone else', { mode: 0o666 });
  return { file, tmp };
}

describe('a file planted at the temporary name', () => {
  it('is refused by writeAtomic (EEXIST), and FILE keeps its text', () => {
    const { file } = planted();
    expect(() => writeAtomic(file, 'after', 0o600)).toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('before');
  });

  it('is refused by writeAtomicAsync, the --state saver (EEXIST), and FILE keeps its text', async () => {
    const { file } = planted();
    await expect(writeAtomicAsync(file, 'after', 0o600)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('before');
  });

  it('is the name the writer uses (the spy fixes it): with nothing planted the write goes through', () => {
    const { file, tmp } = planted();
    rmSync(tmp);
    writeAtomic(file, 'after', 0o600);
    expect(readFileSync(file, 'utf8')).toBe('after');
  });
});
