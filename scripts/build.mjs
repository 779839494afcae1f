// Bundles src/ into dist/ with split chunks: main.js holds the command tree and the
// dispatcher; every command implementation, heavy library and sandbox area is a chunk
// loaded only when that command runs.
//
// esbuild splits only ES modules, but Node starts CommonJS faster: its ES module loader
// costs ~8 ms of CPU per start on Node 20 (~10% of a bare `node -e 0`) before a line of ours
// runs. So the split ESM build is converted chunk by chunk to CommonJS (imports become
// require(), dynamic import() a deferred require()), and dist/package.json marks the .js
// files as CommonJS. The module graph stays the one esbuild split, which is what
// test/unit/startup-modules.test.ts inspects.
import { build, transform } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

// commander requires node:child_process at load time for executable subcommands, which
// chatcrm never uses; loading it costs ~10 ms of every start. Give commander a stand-in
// that loads the real module on first use.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let cp; module.exports = new Proxy({}, { get: (_, k) => (cp ??= require('node:child_process'))[k] });",
      loader: 'js',
    }));
  },
};

const TARGET = 'node20.18';

/** The build, shared with test/unit/startup-modules.test.ts (which bundles in memory). */
export const buildOptions = {
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: TARGET,
  define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version) },
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [lazyChildProcess],
  logLevel: 'warning',
};

/** One ESM output file of the split build as CommonJS. */
async function toCommonJS(code) {
  const r = await transform(code, {
    format: 'cjs',
    // import('./chunks/x.js') → Promise.resolve().then(() => require('./chunks/x.js'))
    supported: { 'dynamic-import': false },
    platform: 'node',
    target: TARGET,
    minifySyntax: true,
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  return r.code;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  rmSync('dist', { recursive: true, force: true });
  // `node scripts/build.mjs --meta` writes dist/meta.json: what each chunk holds and imports.
  const result = await build({ ...buildOptions, write: false, metafile: process.argv.includes('--meta') });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.js') ? await toCommonJS(file.text) : file.contents);
  }
  writeFileSync('dist/package.json', '{ "type": "commonjs" }\n');
  if (result.metafile) writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
}
