// writeKey's temporary file (it holds every key) never outlives a failed write.
import * as fs from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readKey, writeKey } from '../../src/config/store.js';
import { tempDir } from '../helpers/cli.js';

vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return { ...real, renameSync: vi.fn(real.renameSync) };
});

describe('writeKey', () => {
  it('a write that fails removes its temporary file, keeps the old file and says why in one line', () => {
    const dir = tempDir();
    writeKey('default', 'old-key-0123456789', dir);
    vi.mocked(fs.renameSync).mockImplementationOnce(() => {
      throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
    });
    expect(() => writeKey('default', 'new-key-9876543210', dir)).toThrow(`cannot write ${join(dir, 'credentials.json')}: EXDEV`);
    expect(fs.readdirSync(dir).sort()).toEqual(['credentials.json']);
    expect(readKey('default', dir)).toBe('old-key-0123456789');
  });
});
