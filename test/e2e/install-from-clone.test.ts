// README's "From a clone" lines (and docs/sandbox.md's tarball for an app), run as written in a
// clone, each way into an empty npm prefix:
// `npm pack` then `npm install -g ./chatcrm-<version>.tgz` leaves a copy that runs after the clone
// is gone; `npm link` (and `npm install -g .`, which the README says is the same) leave a link.
// The clone holds the package's files (dist/ as the suite built it); npm runs no scripts here
// (prepack would build again, from sources the copy does not need), offline with an empty cache.
import { execa } from 'execa';
import { lstatSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitComment } from '../helpers/examples.js';
import { tempDir } from '../helpers/cli.js';
import { npmEnv, packageClone as clone } from '../helpers/clone.js';

const ROOT = resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

function fromCloneLines(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /\*\*From a clone\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README: no sh block after **From a clone**');
  return block.split('\n').filter(Boolean).map((l) => splitComment(l).cmd);
}

/** A shell line in `cwd`, npm's global folder under `prefix`. */
async function sh(line: string, cwd: string, prefix: string) {
  const env = { npm_config_prefix: prefix, ...npmEnv(prefix) };
  const r = await execa('sh', ['-c', line], { cwd, env, reject: false, timeout: 90_000 });
  expect(r.exitCode, `${line}\n${r.stderr}`).toBe(0);
  return r;
}

const run = (prefix: string) => execa(join(prefix, 'bin', 'chatcrm'), ['--version'], { reject: false, timeout: 60_000 });

describe('README: install from a clone', () => {
  it('the documented lines: pack then install the .tgz (a copy), npm link (a link)', async () => {
    const lines = fromCloneLines();
    expect(lines).toEqual(['npm pack', `npm install -g ./chatcrm-${version}.tgz`, 'npm link']);
    const dir = clone();

    const linked = tempDir('chatcrm-prefix-');
    await sh(lines[2], dir, linked);
    expect(lstatSync(join(linked, 'lib/node_modules/chatcrm')).isSymbolicLink()).toBe(true);
    expect((await run(linked)).stdout).toBe(version);

    // What the README says of `npm install -g .`: a link too, not a copy.
    const dot = tempDir('chatcrm-prefix-');
    await sh('npm install -g .', dir, dot);
    expect(resolve(join(dot, 'lib/node_modules'), readlinkSync(join(dot, 'lib/node_modules/chatcrm')))).toBe(dir);

    const copied = tempDir('chatcrm-prefix-');
    await sh(lines[0], dir, copied);
    await sh(lines[1], dir, copied);
    const installed = lstatSync(join(copied, 'lib/node_modules/chatcrm'));
    expect(installed.isDirectory() && !installed.isSymbolicLink()).toBe(true);

    // docs/sandbox.md: an app adds the tarball as a copy (`chatcrm/sandbox` for its tests).
    const tgzLine = /^npm install -D \/path\/to\/clone\/chatcrm-[^ ]+\.tgz/m.exec(readFileSync(join(ROOT, 'docs/sandbox.md'), 'utf8'))?.[0];
    expect(tgzLine).toBe(`npm install -D /path/to/clone/chatcrm-${version}.tgz`);
    const app = tempDir('chatcrm-app-');
    writeFileSync(join(app, 'package.json'), '{"type":"module","private":true}\n');
    await sh(tgzLine!.replace('/path/to/clone', dir), app, app);
    expect(lstatSync(join(app, 'node_modules/chatcrm/dist/sandbox.js')).isFile()).toBe(true);
    expect(lstatSync(join(app, 'node_modules/chatcrm')).isSymbolicLink()).toBe(false);

    // The clone can be deleted: the copy still runs, the link does not.
    rmSync(dir, { recursive: true, force: true });
    const after = await run(copied);
    expect(after.exitCode, after.stderr).toBe(0);
    expect(after.stdout).toBe(version);
    expect((await run(linked)).exitCode).not.toBe(0);

    await sh('npm uninstall -g chatcrm', tempDir(), copied);
    expect(() => lstatSync(join(copied, 'bin', 'chatcrm'))).toThrow();
  }, 240_000);
});
