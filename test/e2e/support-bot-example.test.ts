// examples/support-bot is a sample app people copy: the suite runs its own test (vitest.config.ts's
// e2e project includes examples/), the README leads to it, and the package does not ship it.
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe('examples/support-bot', () => {
  it('its test is in the suite, and the README points to it', () => {
    const projects = config.test?.projects as { test: { name: string; include: string[] } }[];
    expect(projects.find((p) => p.test.name === 'e2e')?.test.include).toContain('examples/support-bot/server.test.js');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('[examples/support-bot](examples/support-bot/)');
    expect(readFileSync(join(ROOT, 'examples/support-bot/server.test.js'), 'utf8')).toContain("from 'chatcrm/sandbox'");
  });

  it('npm pack leaves examples/ out of the tarball', async () => {
    const r = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, reject: false, timeout: 90_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
    expect(files).toContain('dist/sandbox.js');
    expect(files.filter((f) => f.startsWith('examples/'))).toEqual([]);
  }, 120_000);
});
