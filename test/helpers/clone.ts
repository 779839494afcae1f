// A clone of this repository as a newcomer has it after `npm ci && npm run build`, as far as
// installing it goes: the package's files (dist/ as the suite built it), no node_modules, so
// whatever npm does to a clone it does to this copy.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from './cli.js';

const ROOT = resolve(import.meta.dirname, '../..');

export function packageClone(): string {
  const dir = join(tempDir('chatcrm-clone-'), 'chatcrm');
  for (const f of ['package.json', 'README.md', 'LICENSE', 'bin', 'dist', 'completions']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  return dir;
}

/** npm offline with an empty cache under `dir`, no audit, no scripts (prepack would build from sources the copy does not hold). */
export const npmEnv = (dir: string) => ({ npm_config_cache: join(dir, '.npm-cache'), npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_ignore_scripts: 'true' });

/**
 * The built CLI (bin/, dist/, package.json) copied where any user can read it, for a test that
 * runs it as another user: the clone itself may sit in a private folder (a home folder is 0700
 * on many systems), where that user finds no bin/chatcrm.js. Returns the copy's bin/chatcrm.js.
 */
export function readableCopy(): string {
  const dir = tempDir('chatcrm-readable-');
  for (const f of ['package.json', 'bin', 'dist']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  // Whatever the umask made of the files and folders: readable by all, folders enterable.
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  return join(dir, 'bin', 'chatcrm.js');
}
