// completions/ and docs/commands.md are generated from the command tree: fail when they drift.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../src/completion/generate.js';

const root = resolve(import.meta.dirname, '../..');
const files = await generatedFiles();

describe('generated files are in sync with the command tree', () => {
  it.each(Object.entries(files))('%s', (path, content) => {
    let onDisk: string | undefined;
    try {
      onDisk = readFileSync(resolve(root, path), 'utf8');
    } catch {
      onDisk = undefined;
    }
    expect(onDisk === content, `${path} is out of date: run npm run gen`).toBe(true);
  });
});

// The message above says to run it: `npm run gen` (the build, then this generator) must run. It
// failed once with the inspector's script imported `?page`, a loader the build had and it lacked.
it('npm run gen\'s generator runs, and finds nothing to write', async () => {
  const r = await execa('node', ['scripts/gen.mjs'], { cwd: root, reject: false });
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stdout).toBe('');
});
