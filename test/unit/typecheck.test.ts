// The type checks are tests too: the option types' expectTypeOf lines (command-options.test.ts),
// the @ts-expect-error lines that prove a typed table refuses a misspelt key (layout.test.ts), and
// the source itself. vitest strips types without checking them, and the build is esbuild's, so
// without this a type error passed `npm test` and CI alike.
import { resolve } from 'node:path';
import { execa } from 'execa';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

it('tsc --noEmit finds no error in src/, test/, scripts/ and bench/ (tsconfig.json)', { timeout: 300_000 }, async () => {
  const r = await execa(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', root], { cwd: root, reject: false });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
});
