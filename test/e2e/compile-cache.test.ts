// Node's compile cache of dist/ (bin/chatcrm.js, Node 22+): in $XDG_CACHE_HOME/chatcrm/
// compile-cache, used only when every folder from the cache root down is a real folder of ours
// that no one else can write to. A planted link, a shared parent or another user's folder turns
// it off, and what they point at is left as it was. Node 20 has no compile cache: nothing written.
import { execa } from 'execa';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';

// The cache tests skip on Node 20 (no module.enableCompileCache there): CI's matrix runs them on
// Node 22 to 26, and the Node 20 job runs the test below in their place.
const hasCompileCache = Number(process.versions.node.split('.')[0]) >= 22;
const OTHER = 12345;

async function help(cache: string, ...extra: string[]) {
  const r = await execa(process.execPath, [BIN, ...extra, 'tags', '--help'], { env: cleanEnv({ XDG_CACHE_HOME: cache, HOME: '/nonexistent' }), extendEnv: false, reject: false });
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stdout).toContain('Usage: chatcrm tags');
  return r;
}

/** Every path under dir, with its size: what a run must leave as it was. */
const tree = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort().map((p) => `${p}:${lstatSync(join(dir, p)).size}`);

/** A folder with a file, planted where the cache would go (a link's target). */
function target(): string {
  const dir = tempDir('chatcrm-target-');
  writeFileSync(join(dir, 'keep.txt'), 'not the cache');
  return dir;
}

describe.runIf(hasCompileCache)('the compile cache (Node 22+)', () => {
  it('is made private from the cache root down, filled, and the next run reads it', async () => {
    const cache = join(tempDir('chatcrm-cache-'), 'cache');
    const first = await help(cache);
    for (const dir of [cache, join(cache, 'chatcrm'), join(cache, 'chatcrm', 'compile-cache')]) expect(statSync(dir).mode & 0o777, dir).toBe(0o700);
    expect(tree(join(cache, 'chatcrm', 'compile-cache')).length).toBeGreaterThan(1);
    expect((await help(cache)).stdout).toBe(first.stdout);
  });

  for (const level of ['chatcrm', 'chatcrm/compile-cache']) {
    it(`a symbolic link planted at ${level} is not followed: its target stays untouched`, async () => {
      const cache = tempDir('chatcrm-cache-');
      if (level !== 'chatcrm') mkdirSync(join(cache, 'chatcrm'), { mode: 0o700 });
      const planted = target();
      symlinkSync(planted, join(cache, level));
      const r = await help(cache, '--verbose');
      expect(tree(planted)).toEqual(['keep.txt:13']);
      expect(lstatSync(join(cache, level)).isSymbolicLink()).toBe(true);
      expect(r.stderr).toContain(`chatcrm: no compile cache: ${join(cache, level)} is a symbolic link`);
    });
  }

  it('a parent others can write to turns it off (silently without --verbose)', async () => {
    const cache = tempDir('chatcrm-cache-');
    mkdirSync(join(cache, 'chatcrm'));
    chmodSync(join(cache, 'chatcrm'), 0o775);
    const quiet = await help(cache);
    expect(quiet.stderr).toBe('');
    expect(readdirSync(join(cache, 'chatcrm'))).toEqual([]);
    const r = await help(cache, '--verbose');
    expect(r.stderr).toContain(`chatcrm: no compile cache: ${join(cache, 'chatcrm')} is writable by others`);
    chmodSync(cache, 0o757);
    chmodSync(join(cache, 'chatcrm'), 0o700);
    expect((await help(cache, '--verbose')).stderr).toContain(`${cache} is writable by others`);
    expect(readdirSync(join(cache, 'chatcrm'))).toEqual([]);
  });
});

const asRoot = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

/** Run a command as another Unix user (a throw-away uid): the attacker. */
function asOther(...cmd: string[]) {
  const r = spawnSync('setpriv', [`--reuid=${OTHER}`, `--regid=${OTHER}`, '--clear-groups', ...cmd], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

describe.runIf(hasCompileCache && asRoot)('the compile cache and folders of another user (setpriv, uid 12345)', () => {
  /** A shared place (like /tmp) where the other user made the folders, readable but not writable by us as a user. */
  function planted(levels: string[]): string {
    const shared = tempDir('chatcrm-shared-');
    chmodSync(shared, 0o777);
    let dir = shared;
    for (const name of levels) {
      dir = join(dir, name);
      asOther('mkdir', '-m', '0755', dir);
    }
    asOther('sh', '-c', `echo planted > ${join(dir, 'keep.txt')}`);
    chmodSync(shared, 0o755);
    return shared;
  }

  it('a cache root that belongs to another user is not used', async () => {
    const shared = planted(['cache', 'chatcrm', 'compile-cache']);
    const before = tree(shared);
    const r = await help(join(shared, 'cache'), '--verbose');
    expect(tree(shared)).toEqual(before);
    expect(r.stderr).toContain(`${join(shared, 'cache')} belongs to another user`);
  });

  it('a chatcrm folder of another user inside our own cache root is not used', async () => {
    const shared = planted(['chatcrm', 'compile-cache']);
    chmodSync(shared, 0o700);
    const before = tree(shared);
    const r = await help(shared, '--verbose');
    expect(tree(shared)).toEqual(before);
    expect(r.stderr).toContain(`${join(shared, 'chatcrm')} belongs to another user`);
    expect(statSync(join(shared, 'chatcrm')).uid).toBe(OTHER);
  });
});

describe.runIf(!hasCompileCache)('Node 20 (no compile cache)', () => {
  it('runs without one and writes nothing to the cache folder', async () => {
    const cache = tempDir('chatcrm-cache-');
    await help(cache, '--verbose');
    expect(existsSync(join(cache, 'chatcrm'))).toBe(false);
  });
});
