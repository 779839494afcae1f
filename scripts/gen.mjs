// npm run gen: writes the completion scripts and docs/commands.md from the command tree.
// Node 20 cannot import TypeScript, so the generator is bundled first (dependencies stay
// external and resolve from node_modules, next to the temporary bundle).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rawText } from './build.mjs';
import { pageScript } from './page.mjs';

const outdir = 'node_modules/.cache/chatcrm-gen';
const outfile = join(outdir, `generate-${process.pid}.mjs`);
// The command tree reaches the sandbox's inspector, whose page is imported `?raw` and its script `?page`: build.mjs's loaders.
await build({ entryPoints: ['src/completion/generate.ts'], outfile, bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'warning', plugins: [rawText, pageScript] });
try {
  const { generatedFiles } = await import(pathToFileURL(outfile).href);
  for (const [path, content] of Object.entries(await generatedFiles())) {
    let old;
    try {
      old = readFileSync(path, 'utf8');
    } catch {}
    if (old === content) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    console.log(`wrote ${path}`);
  }
} finally {
  rmSync(outfile, { force: true });
}
