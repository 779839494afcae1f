// README's "Use the sandbox from your tests" example, run as written: the code block is a test
// file of a project that installed this package (its package.json and dist/sandbox.*, as npm
// would unpack them), run by vitest there. It imports `chatcrm/sandbox` by its export.
import { execa } from 'execa';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');

function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('### Use the sandbox from your tests')[1] ?? '';
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README: no ts block under "Use the sandbox from your tests"');
  return block[1];
}

describe('README: the sandbox from a test suite', () => {
  it('the vitest example passes against the built package, through its exports', async () => {
    const project = tempDir('chatcrm-readme-');
    const pkg = join(project, 'node_modules', 'chatcrm');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    for (const f of ['sandbox.js', 'sandbox.d.ts', 'package.json']) copyFileSync(join(ROOT, 'dist', f), join(pkg, 'dist', f));
    symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(project, 'node_modules', 'vitest'));
    writeFileSync(join(project, 'package.json'), '{"type":"module","private":true}\n');
    writeFileSync(join(project, 'app.test.ts'), readmeExample());
    const r = await execa('node', [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', project, 'app.test.ts'], { cwd: project, reject: false, env: { CI: 'true' }, timeout: 90_000 });
    expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/1 passed/);
  }, 120_000);
});
