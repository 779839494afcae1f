// The install instructions a newcomer follows: from a clone (the package may not be published
// yet), and agent configurations that pin the version npx runs (an unpinned `npx -y` runs
// whatever is published later under the name).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };

describe('install instructions', () => {
  it('README and docs/mcp-serve.md say how to install from a clone, and what each way leaves behind', () => {
    for (const f of ['README.md', 'docs/mcp-serve.md']) {
      const text = read(f);
      expect(text, f).toMatch(/\*\*From a clone\*\*/);
      expect(text, f).toContain('npm pack');
      expect(text, f).toContain(`npm install -g ./chatcrm-${version}.tgz`);
      expect(text, f).toContain('npm link');
      // npm installs a folder as a link: `npm install -g .` is no copy, and the docs say so.
      expect(text, f).not.toMatch(/npm install -g \.`? \(a copy|npm install -g \. +# a copy/);
      expect(text, f).toContain('npm uninstall -g chatcrm');
    }
    expect(read('README.md')).toMatch(/`npm link` leaves only a symbolic link to the clone/);
    expect(read('README.md')).toMatch(/`npm install -g \.` is not a\s+copy: npm installs a folder as a link/);
  });

  it("agent configurations run npx with the package's version pinned", () => {
    const text = read('docs/mcp-serve.md');
    const npxArgs = [...text.matchAll(/"args": \["-y", "([^"]+)"/g)].map((m) => m[1]);
    expect(npxArgs.length).toBeGreaterThanOrEqual(3);
    for (const pkg of npxArgs) expect(pkg).toBe(`chatcrm@${version}`);
    expect(text).toContain(`npx -y chatcrm@${version} mcp serve`);
  });
});
