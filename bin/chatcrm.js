#!/usr/bin/env node
// Kept tiny, and CommonJS (bin/package.json): Node's ES module loader alone costs ~8 ms of
// CPU per start. --version answers without loading the bundle; everything else requires it
// (dist/ is CommonJS too, see scripts/build.mjs), with Node's compile cache on where it is safe.
'use strict';
const first = process.argv[2];
if ((first === '--version' || first === '-V') && process.argv.length === 3) {
  // Written to the fd: building process.stdout for a pipe costs more than the rest of this run.
  const { readFileSync, writeSync } = require('node:fs');
  writeSync(1, `${JSON.parse(readFileSync(`${__dirname}/../package.json`, 'utf8')).version}\n`);
} else {
  compileCache();
  require('../dist/main.js');
}

/**
 * Node 22+ keeps V8's compiled code of dist/ between runs (module.enableCompileCache) in
 * $XDG_CACHE_HOME/chatcrm/compile-cache (or ~/.cache/...). Code read from a folder another user
 * can write, or swap for a link, would run as us: so every folder from the cache root down must
 * be a folder (not a link, lstat) of ours that no one else can write to; missing ones are made
 * 0700. Otherwise no cache: silently, or one line on stderr with --verbose. Nothing is deleted.
 */
function compileCache() {
  const { enableCompileCache } = require('node:module');
  if (typeof enableCompileCache !== 'function' || typeof process.getuid !== 'function') return;
  const { lstatSync, mkdirSync } = require('node:fs');
  const { isAbsolute, join } = require('node:path');
  const env = process.env;
  // The XDG spec: a relative path is invalid and ignored.
  const root = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : env.HOME && join(env.HOME, '.cache');
  if (!root || !isAbsolute(root)) return;
  let dir;
  for (const name of [root, 'chatcrm', 'compile-cache']) {
    dir = dir ? join(dir, name) : name;
    let s;
    try {
      s = lstatSync(dir, { throwIfNoEntry: false });
      if (!s) {
        mkdirSync(dir, { mode: 0o700 });
        s = lstatSync(dir);
      }
    } catch (err) {
      return off(`${dir}: ${err.code ?? err.message}`);
    }
    if (s.isSymbolicLink()) return off(`${dir} is a symbolic link`);
    if (!s.isDirectory()) return off(`${dir} is not a folder`);
    if (s.uid !== process.getuid()) return off(`${dir} belongs to another user`);
    if (s.mode & 0o022) return off(`${dir} is writable by others`);
  }
  enableCompileCache(dir);
}

function off(why) {
  if (process.argv.includes('--verbose') || process.env.CHATCRM_DEBUG === '1') process.stderr.write(`chatcrm: no compile cache: ${why}\n`);
}
