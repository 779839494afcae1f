// Bundles src/ into dist/ with split chunks: main.js holds the command tree and the
// dispatcher; every command implementation, heavy library and sandbox area is a chunk
// loaded by dynamic import only when that command runs.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** The build, shared with test/unit/startup-modules.test.ts (which bundles in memory). */
export const buildOptions = {
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version) },
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (undici, commander) call require() for node: builtins.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  plugins: [lazyChildProcess],
  // `mcp serve` loads the MCP SDK from node_modules (a runtime dependency): bundled, the SDK's
  // zod would share zod's chunk with every command that validates and double its size.
  external: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
  logLevel: 'warning',
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  rmSync('dist', { recursive: true, force: true });
  // `node scripts/build.mjs --meta` writes dist/meta.json: what each chunk holds and imports.
  const result = await build({ ...buildOptions, metafile: process.argv.includes('--meta') });
  if (result.metafile) writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
}
