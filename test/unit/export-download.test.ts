import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileName, targetPath } from '../../src/commands/contacts/export-download.js';
import { tempDir } from '../helpers/cli.js';

describe('export-download file names and targets', () => {
  it.each(['contacts.csv', 'contacts-export-abc.csv', 'a.b.csv'])('accepts %s', (name) => {
    expect(checkFileName(name)).toBe(name);
  });

  it.each(['', ' ', '../x.csv', 'x/..', 'dir/x.csv', 'dir\\x.csv', '..', '/etc/passwd'])('refuses %j', (name) => {
    expect(() => checkFileName(name)).toThrow(/FILE_NAME/);
  });

  it('defaults to the name in the folder, follows -O into a folder, and keeps - for stdout', () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'out'));
    expect(targetPath('c.csv', undefined, cwd)).toBe(join(cwd, 'c.csv'));
    expect(targetPath('c.csv', 'out', cwd)).toBe(join(cwd, 'out', 'c.csv'));
    expect(targetPath('c.csv', 'other.csv', cwd)).toBe(join(cwd, 'other.csv'));
    expect(targetPath('c.csv', '-', cwd)).toBe('-');
  });
});
