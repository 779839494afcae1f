// Bundles src/ into dist/ with split chunks: main.js holds the command tree and the
// dispatcher; every command implementation, heavy library and sandbox area is a chunk
// loaded by dynamic import only when that command runs.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (undici, commander) call require() for node: builtins.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
});
