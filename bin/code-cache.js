// V8 keeps its compiled code of dist/ between runs, in the user's own cache folder
// ($XDG_CACHE_HOME or ~/.cache, then chatcrm/code-cache/<build>-<node>): Node 22+ through
// module.enableCompileCache(); Node 20, which has no such thing, by hand (as v8-compile-cache
// did): each dist/ file compiled with its cached data, written at exit when there was none or
// V8 refused it. Compiling dist/ costs Node 20 ~9 ms of every start. The folder is 0700 and
// must be ours: code read from a folder another user can write would run as us.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

module.exports = function codeCache() {
  const base = process.env.XDG_CACHE_HOME || (process.env.HOME && path.join(process.env.HOME, '.cache'));
  if (!base || typeof process.getuid !== 'function') return;
  const dist = path.join(__dirname, '..', 'dist');
  let dir;
  try {
    // The build's id (scripts/build.mjs): a new build, a new folder; V8 checks only the length.
    const { build } = JSON.parse(fs.readFileSync(path.join(dist, 'package.json'), 'utf8'));
    if (!build) return;
    const root = path.join(base, 'chatcrm', 'code-cache');
    const name = `${build}-${process.version}-${process.arch}`;
    dir = path.join(root, name);
    if (!owned(dir)) {
      fs.mkdirSync(root, { recursive: true, mode: 0o700 });
      // Ours is missing or not to be trusted; folders of other builds are not read again (those
      // of this build for other Node versions are).
      for (const old of fs.readdirSync(root)) if (old === name || !old.startsWith(`${build}-`)) fs.rmSync(path.join(root, old), { recursive: true, force: true });
      fs.mkdirSync(dir, { mode: 0o700 });
      if (!owned(dir)) return;
    }
  } catch {
    return;
  }
  if (Number(process.versions.node.split('.')[0]) >= 22) {
    Module.enableCompileCache(dir);
    return;
  }
  const { Script } = require('node:vm');
  const prefix = dist + path.sep;
  const compile = Module.prototype._compile;
  const fresh = [];
  Module.prototype._compile = function (content, filename) {
    if (!filename.startsWith(prefix)) return compile.call(this, content, filename);
    const file = path.join(dir, filename.slice(prefix.length).replace(/[\\/]/g, '_'));
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {}
    const script = new Script(Module.wrap(content), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) fresh.push([file, script]);
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, Module.createRequire(filename), this, filename, path.dirname(filename));
  };
  // At exit the scripts hold the code of every function this run compiled, not only the eager
  // ones. Written aside and renamed: another chatcrm starting now reads a whole file or none.
  process.once('exit', () => {
    for (const [file, script] of fresh) {
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(tmp, file);
      } catch {
        fs.rmSync(tmp, { force: true });
      }
    }
  });
};

/** A folder of ours, not a link, that no one else can write to. */
function owned(dir) {
  try {
    const s = fs.lstatSync(dir);
    return s.isDirectory() && s.uid === process.getuid() && (s.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
