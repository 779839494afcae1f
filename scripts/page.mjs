// The inspector page's script: its TypeScript modules (src/sandbox/inspector/page/) bundled for
// the browser into one file's text, which the sandbox serves as /inspector.js. The sandbox's
// code imports it as `import script from './inspector/page/main.ts?page'`: the build reads
// that through pageScript, the tests (Vite) through vitePageScript, both with bundlePage.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';

const QUERY = '?page';

/** The script of the page whose entry is `entry`: one IIFE (no globals), whitespace and syntax minified as dist is. */
export async function bundlePage(entry) {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // The browsers of a developer's machine: the source's syntax as it is (`??=`, `\p{…}`).
    target: 'es2022',
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  return { text: r.outputFiles[0].text, inputs: Object.keys(r.metafile.inputs) };
}

/** `path?page` of an import, as the file it names; undefined for any other import. */
export const pageEntry = (spec, dir) => (spec.endsWith(QUERY) ? resolve(dir, spec.slice(0, -QUERY.length)) : undefined);

/** esbuild: `?page` imports become the bundled script's text. */
export const pageScript = {
  name: 'page-script',
  setup(b) {
    b.onResolve({ filter: /\?page$/ }, (args) => ({ path: pageEntry(args.path, args.resolveDir), namespace: 'page-script' }));
    b.onLoad({ filter: /.*/, namespace: 'page-script' }, async (args) => {
      const page = await bundlePage(args.path);
      return { contents: page.text, loader: 'text', watchFiles: page.inputs.map((i) => resolve(i)) };
    });
  },
};

const VIRTUAL = '\0page:';
/** Vite (vitest.config.ts, and Stryker's vitest config): the same, for the tests that start the sandbox from src/. */
export const vitePageScript = {
  name: 'page-script',
  enforce: 'pre',
  resolveId: (spec, importer) => (importer && spec.endsWith(QUERY) ? VIRTUAL + pageEntry(spec, dirname(importer)) : undefined),
  async load(id) {
    if (!id.startsWith(VIRTUAL)) return undefined;
    const page = await bundlePage(id.slice(VIRTUAL.length));
    for (const input of page.inputs) this.addWatchFile(resolve(input));
    return `export default ${JSON.stringify(page.text)};`;
  },
};
