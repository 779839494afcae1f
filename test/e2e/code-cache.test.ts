// V8's code cache of dist/ (bin/code-cache.js): in the user's cache folder, one folder per build
// and Node, kept private; on Node 20 written by hand, on 22+ by module.enableCompileCache().
import { execa } from 'execa';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';

const build = (JSON.parse(readFileSync(new URL('../../dist/package.json', import.meta.url), 'utf8')) as { build: string }).build;
const folder = (cache: string) => join(cache, 'chatcrm', 'code-cache', `${build}-${process.version}-${process.arch}`);
const byHand = Number(process.versions.node.split('.')[0]) < 22;

async function help(cache: string) {
  const r = await execa('node', [BIN, 'tags', '--help'], { env: cleanEnv({ XDG_CACHE_HOME: cache }), extendEnv: false, reject: false });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
}

describe('the code cache of dist/', () => {
  it('is written to $XDG_CACHE_HOME/chatcrm/code-cache/<build>-<node>, private, and the next run uses it', async () => {
    const cache = tempDir('chatcrm-cache-');
    const first = await help(cache);
    const dir = folder(cache);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(cache, 'chatcrm', 'code-cache')).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    if (byHand) expect(files).toEqual(['main.js']);
    else expect(files.length).toBeGreaterThan(0);
    expect(await help(cache)).toBe(first);
    if (byHand) expect(statSync(join(dir, 'main.js')).size).toBeGreaterThan(1000);
  });

  it.runIf(byHand)('a cache file V8 refuses (corrupt) is compiled afresh and written again', async () => {
    const cache = tempDir('chatcrm-cache-');
    const first = await help(cache);
    const file = join(folder(cache), 'main.js');
    writeFileSync(file, 'not a code cache');
    expect(await help(cache)).toBe(first);
    expect(readFileSync(file, 'utf8')).not.toBe('not a code cache');
    expect(readdirSync(folder(cache))).toEqual(['main.js']);
  });

  it('a folder others can write to is never read: it is replaced by a private one; other builds are removed', async () => {
    const cache = tempDir('chatcrm-cache-');
    const dir = folder(cache);
    const old = join(cache, 'chatcrm', 'code-cache', `0000000000000000-${process.version}-${process.arch}`);
    const otherNode = join(cache, 'chatcrm', 'code-cache', `${build}-v1.0.0-${process.arch}`);
    mkdirSync(old, { recursive: true });
    mkdirSync(otherNode, { mode: 0o700 });
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    writeFileSync(join(dir, 'main.js'), 'planted by someone else');
    const first = await help(cache);
    expect(existsSync(old)).toBe(false);
    // Another Node's folder of this build stays: a user switching Node versions keeps both.
    expect(existsSync(otherNode)).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    if (byHand) expect(readFileSync(join(dir, 'main.js'), 'utf8')).not.toBe('planted by someone else');
    expect(await help(cache)).toBe(first);
  });
});
