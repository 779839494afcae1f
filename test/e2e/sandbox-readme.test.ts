// README's "Use the sandbox from your tests" example, run as written: the code block is a test
// file of a project that added this package as docs/sandbox.md says before it is published
// (`npm install -D /path/to/clone`, run as written on a clone), run by vitest there. It imports
// `chatcrm/sandbox` by its export.
import { execa } from 'execa';
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { npmEnv, packageClone } from '../helpers/clone.js';

const ROOT = resolve(import.meta.dirname, '../..');

function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('### Use the sandbox from your tests')[1] ?? '';
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README: no ts block under "Use the sandbox from your tests"');
  return block[1];
}

/** docs/sandbox.md's line that adds a clone to an app. */
function installLine(): string {
  const line = /^npm install -D \/path\/to\/clone(?= )/m.exec(readFileSync(join(ROOT, 'docs/sandbox.md'), 'utf8'))?.[0];
  if (!line) throw new Error('docs/sandbox.md: no `npm install -D /path/to/clone` line');
  return line;
}

describe('README: the sandbox from a test suite', () => {
  it('the vitest example passes against the built package, through its exports', async () => {
    const project = tempDir('chatcrm-readme-');
    writeFileSync(join(project, 'package.json'), '{"type":"module","private":true}\n');
    const clone = packageClone();
    const install = await execa('sh', ['-c', installLine().replace('/path/to/clone', clone)], { cwd: project, env: npmEnv(project), reject: false, timeout: 90_000 });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(lstatSync(join(project, 'node_modules', 'chatcrm')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).devDependencies.chatcrm).toMatch(/^file:/);
    // vitest is the app's own dev dependency; linked from here, as npm would not fetch it offline.
    symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(project, 'node_modules', 'vitest'));
    writeFileSync(join(project, 'app.test.ts'), readmeExample());
    const r = await execa('node', [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', project, 'app.test.ts'], { cwd: project, reject: false, env: { CI: 'true' }, timeout: 90_000 });
    expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/1 passed/);
  }, 120_000);
});
