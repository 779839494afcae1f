// A clean `npm ci` from a fresh clone prints no warning: npm 11 lists every dependency whose install
// script is "not yet covered by allowScripts" (esbuild's postinstall checks its platform binary),
// so package.json declares it. Run on a copy of package.json and the lockfile, as a dry run with
// an empty cache, offline: it reads the lockfile and installs nothing. The test is about
// warnings: npm's notices (a newer npm, shown to anyone without CI set) are not its business,
// and the update check is off so it asks the registry nothing.
import { execa } from 'execa';
import { copyFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe('npm ci from a clone', () => {
  it('package.json allows the install scripts the lockfile brings (esbuild)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    expect(pkg.allowScripts).toEqual({ esbuild: true });
  });

  it('npm ci prints no "not yet covered by allowScripts" warning', async () => {
    const dir = tempDir('chatcrm-npm-ci-');
    for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, f), join(dir, f));
    const r = await execa('npm', ['ci', '--dry-run', '--offline', '--no-audit', '--no-fund', '--cache', join(dir, 'cache')], { cwd: dir, env: { npm_config_update_notifier: 'false' }, reject: false, timeout: 90_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/added \d+ packages/);
    expect(r.stderr).not.toMatch(/allowScripts|install-scripts/);
    expect(r.stderr).not.toMatch(/^npm warn/im);
  }, 120_000);
});
