// completions/ and docs/commands.md are generated from the command tree: fail when they drift.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
