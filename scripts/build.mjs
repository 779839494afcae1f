// Bundles src/ into dist/ with split chunks: main.js holds the command tree's outline and
// what locates the command in argv; every command implementation, heavy library and sandbox area is a chunk
// loaded only when that command runs.
//
// esbuild splits only ES modules, but Node starts CommonJS faster: its ES module loader
// costs ~8 ms of CPU per start on Node 20 (~10% of a bare `node -e 0`) before a line of ours
// runs. So the split ESM build is converted chunk by chunk to CommonJS (imports become
// require(), dynamic import() a deferred require()), and dist/package.json marks the .js
// files as CommonJS; buildDist() then packs the start-up chunks and the API core's (below).
// The module graph stays the one esbuild split, which test/unit/startup-modules.test.ts
// inspects; test/unit/startup-loaded.test.ts checks what Node really loads from dist.
import { build, transform } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { thirdPartyNotices } from './notices.mjs';
import { pageScript } from './page.mjs';

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

/** The dynamic imports of the manifest stay unresolved (commands' loaders, never called), but top-level.ts's: the tree itself. */
const noManifestLoaders = {
  name: 'no-manifest-loaders',
  setup: (b) =>
    b.onResolve({ filter: /.*/ }, (a) =>
      a.kind === 'dynamic-import' && /[\\/]src[\\/]manifest[\\/]/.test(a.importer) && !/[\\/]top-level\.ts$/.test(a.importer) ? { path: a.path, external: true } : undefined,
    ),
};

/**
 * src/manifest/outline-data.ts evaluated here, at build time: dist holds the outline of the command
 * tree as JSON, so that a start (help, completion, finding the command) never runs the manifest.
 * The manifest is bundled on its own for this (outline-data.ts awaits the tree at its top level,
 * which CommonJS cannot: the same two calls, from an entry of their own). Each top-level command's
 * subtree is a JSON string parsed on first use.
 */
const outlineData = {
  name: 'outline-data',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]manifest[\\/]outline-data\.ts$/ }, async (args) => {
      const entry = "import { loadCommands } from './index.ts'; import { outline } from './outline.ts'; export const OUTLINE = loadCommands().then((c) => c.map(outline));";
      const r = await build({
        stdin: { contents: entry, resolveDir: dirname(args.path), sourcefile: 'outline-entry.ts', loader: 'ts' },
        bundle: true,
        write: false,
        format: 'cjs',
        platform: 'node',
        logLevel: 'warning',
        plugins: [noManifestLoaders],
      });
      const module = { exports: {} };
      new Function('module', 'exports', 'require', r.outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
      // Each top-level command's subtree is parsed when first read: a run walks one of them.
      const outline = await module.exports.OUTLINE;
      const subs = JSON.stringify(outline.map((o) => (o.subcommands ? JSON.stringify(o.subcommands) : null)));
      const tops = JSON.stringify(JSON.stringify(outline.map(({ subcommands, ...o }) => o)));
      const contents = `const subs = ${subs};
export const OUTLINE = JSON.parse(${tops});
OUTLINE.forEach((o, i) => {
  if (subs[i] !== null) Object.defineProperty(o, "subcommands", { configurable: true, enumerable: true, get() { const value = JSON.parse(subs[i]); Object.defineProperty(o, "subcommands", { value, enumerable: true }); return value; } });
});`;
      return { contents, loader: 'js' };
    });
  },
};

// `import page from './page.html?raw'`: the file's text (the inspector's page and stylesheet ship
// inside the bundle; Vite, which runs the tests, reads `?raw` the same way). Its script is `?page`
// (scripts/page.mjs): its modules bundled for the browser.
export const rawText = {
  name: 'raw-text',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    b.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }));
  },
};

const TARGET = 'node20.18';

// The MCP SDK (only `mcp serve` uses it) is bundled on its own into chunks/mcp-sdk.js, with its
// own copy of zod: in the split build it would share zod's files with every command that
// validates, and esbuild keeps in each shared file what any importer uses, so `chat send` would
// load zod classic's and the JSON Schema generator's code too (46 KB of zod → 128 KB).
// Here each SDK module our code imports becomes a stub reading that module from mcp-sdk.js;
// buildMcpSdk() then bundles exactly the modules the stubs asked for.
const MCP_SDK = 'mcp-sdk.js';
function mcpSdk(used) {
  return {
    name: 'mcp-sdk',
    setup(b) {
      b.onResolve({ filter: /^@modelcontextprotocol\/sdk\// }, (args) => {
        used?.add(args.path);
        return { path: args.path, namespace: 'mcp-sdk' };
      });
      // Relative to the stub's chunk, which is in chunks/ with mcp-sdk.js.
      b.onResolve({ filter: /^\.\/mcp-sdk\.js$/, namespace: 'mcp-sdk' }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: 'mcp-sdk' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`./${MCP_SDK}`)})[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

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
  // The legal comments esbuild finds go to THIRD_PARTY_NOTICES (scripts/notices.mjs) with the
  // full licence text of every bundled package, not into chunks that every start loads, nor
  // beside each chunk as .LEGAL.txt files that would hold those few comments and no licence.
  legalComments: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (undici, commander) call require() for node: builtins; in
  // ESM they need this. (The CommonJS conversion below drops it: there, require is given.)
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  plugins: [lazyChildProcess, outlineData, mcpSdk(), rawText, pageScript],
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

/**
 * The API core: what every command that calls the service loads (context, settings, output,
 * client, operations, schema lookup). Its chunks of our own code share one file.
 */
const CORE_ENTRIES = ['src/runtime/context.ts', 'src/api/client.ts', 'src/commands/op.ts'];
const CORE_PACK = 'chunks/core.js';

/**
 * Writes the CommonJS build into `outdir`. Node pays for every file it loads (resolve, stat,
 * realpath, read, compile wrapper: ~0.3 ms each), and esbuild splits our code into one small
 * chunk per set of commands sharing it (`chat send` loaded 18 of them). So chunks are packed:
 * main.js holds the chunks every start requires (command tree, errors, esbuild's helpers),
 * chunks/core.js those of the API core; each chunk a function run on its first require,
 * wrapped in parentheses so that V8 compiles it with its file and Node's compile cache (22+)
 * keeps it. Every other chunk (a command's own code, each library) stays a file of its own.
 */
export async function buildDist(outdir = 'dist', { meta = false } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const sdkModules = new Set();
  const plugins = buildOptions.plugins.map((p) => (p.name === 'mcp-sdk' ? mcpSdk(sdkModules) : p));
  const result = await build({ ...buildOptions, outdir, banner: {}, plugins, write: false, metafile: true });
  const rel = (p) => relative(resolve(outdir), p).split(sep).join('/');
  const files = new Map();
  for (const f of result.outputFiles) if (f.path.endsWith('.js')) files.set(rel(f.path), await toCommonJS(f.text));
  const legal = result.outputFiles.filter((f) => f.path.endsWith('.LEGAL.txt')).map((f) => f.text);
  const sdk = await buildMcpSdk(sdkModules, join(outdir, 'chunks', MCP_SDK), legal);
  files.set(`chunks/${MCP_SDK}`, sdk.code);
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([k, v]) => [rel(resolve(k)), v]));

  /** A chunk and every chunk it requires at load. */
  const closure = (id, into = new Set()) => {
    if (!into.has(id)) {
      into.add(id);
      for (const i of outputs[id].imports) if (i.kind === 'import-statement' && !i.external) closure(rel(resolve(i.path)), into);
    }
    return into;
  };
  const ownCode = (id) => Object.keys(outputs[id].inputs).every((input) => !input.includes('node_modules'));
  const startup = closure('main.js');
  const core = new Set();
  for (const entry of CORE_ENTRIES) {
    const id = Object.keys(outputs).find((o) => outputs[o].entryPoint === entry);
    if (!id) throw new Error(`build: ${entry} is not a chunk of its own any more (CORE_ENTRIES)`);
    for (const c of closure(id)) if (!startup.has(c) && ownCode(c)) core.add(c);
  }
  const packOf = new Map([...startup].map((id) => [id, 'main.js']).concat([...core].map((id) => [id, CORE_PACK])));

  const factories = (ids) => [...ids].map((id) => `${JSON.stringify(id)}:(function(module,exports,require){"use strict";${files.get(id)}\n})`).join(',\n');
  writeFile(join(outdir, 'main.js'), startupLoader(factories(startup), Object.fromEntries([...core].map((id) => [id, CORE_PACK]))));
  writeFile(join(outdir, CORE_PACK), `"use strict";module.exports={\n${factories(core)}};\n`);
  for (const [id, code] of files) {
    if (packOf.has(id)) continue;
    // Other chunks reach packed chunks through main.js's loader.
    const fixed = code.replace(/require\("(\.\.?\/[^"]+\.js)"\)/g, (call, spec) => {
      const target = posix.normalize(`${posix.dirname(id)}/${spec}`);
      return packOf.has(target) ? `require(${JSON.stringify(posix.relative(posix.dirname(id), 'main.js'))}).load(${JSON.stringify(target)})` : call;
    });
    writeFile(join(outdir, id), fixed);
  }
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  const sandbox = await buildSandboxModule(outdir, legal);
  const metafile = {
    inputs: { ...result.metafile.inputs, ...sdk.metafile.inputs, ...sandbox.inputs },
    outputs: { ...result.metafile.outputs, ...sdk.metafile.outputs, ...sandbox.outputs },
  };
  writeFileSync(join(outdir, 'THIRD_PARTY_NOTICES'), thirdPartyNotices(metafile, legal));
  if (meta) writeFileSync(join(outdir, 'meta.json'), JSON.stringify(metafile));
  return metafile;
}

/** chunks/mcp-sdk.js: the MCP SDK modules our code imports, by specifier, as one CommonJS file (its legal comments onto `legal`). */
async function buildMcpSdk(modules, outfile, legal) {
  if (modules.size === 0) throw new Error('build: no source imports the MCP SDK any more (mcpSdk)');
  const r = await build({
    // An ES module entry, so that esbuild takes the SDK's (and zod's) ES modules and shakes them.
    stdin: { contents: [...modules].sort().map((m) => `export * as ${JSON.stringify(m)} from ${JSON.stringify(m)};\n`).join(''), resolveDir: '.', sourcefile: 'mcp-sdk-entry.js' },
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: TARGET,
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: buildOptions.legalComments,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  legal.push(...r.outputFiles.filter((f) => f.path.endsWith('.LEGAL.txt')).map((f) => f.text));
  return { metafile: r.metafile, code: r.outputFiles.find((f) => f.path.endsWith('.js')).text };
}

const SANDBOX_ENTRY = 'src/sandbox/public.ts';
/** The build of dist/sandbox.js, in memory (shared with test/unit/sandbox-bundle.test.ts). */
export const sandboxBuild = (outfile) => ({ ...buildOptions, entryPoints: [SANDBOX_ENTRY], outdir: undefined, outfile, splitting: false, format: 'cjs', banner: {}, write: false, metafile: true });

/**
 * `chatcrm/sandbox` (package.json exports): the sandbox for test suites, one self-contained file
 * (requiring main.js would run the CLI), and its types (sandboxTypes). Returns its metafile (for the notices).
 */
async function buildSandboxModule(outdir, legal) {
  const r = await build(sandboxBuild(join(outdir, 'sandbox.js')));
  // Its legal comments join THIRD_PARTY_NOTICES, as the CLI's do.
  legal.push(...r.outputFiles.filter((f) => f.path.endsWith('.LEGAL.txt')).map((f) => f.text));
  writeFile(join(outdir, 'sandbox.js'), r.outputFiles.find((f) => f.path.endsWith('.js')).text);
  writeFileSync(join(outdir, 'sandbox.d.ts'), await sandboxTypes(SANDBOX_ENTRY));
  return r.metafile;
}

/**
 * dist/sandbox.d.ts: the declarations of what `entry` exports and of every type they reach in
 * src/, inlined into one file (the package holds no sources). Each file's declarations come from
 * ts.transpileDeclaration (no type checking: the whole program's check took most of a minute),
 * into a folder of the repository (removed after), where node_modules resolves for the bundler; then
 * dts-bundle-generator (a TypeScript program and a printer; 10 small packages, where
 * api-extractor is a report tool ten times its size and rollup-plugin-dts needs rollup) inlines
 * what is used. A type from a library would be an import the package cannot satisfy: refused.
 */
async function sandboxTypes(entry) {
  const [{ default: ts }, { generateDtsBundle }] = await Promise.all([import('typescript'), import('dts-bundle-generator')]);
  const dir = mkdtempSync(fileURLToPath(new URL('../.sandbox-types-', import.meta.url)));
  try {
    return bundleTypes(ts, generateDtsBundle, entry, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The declarations of `entry` and of the files it imports, written under `dir`, bundled into one text. */
function bundleTypes(ts, generateDtsBundle, entry, dir) {
  const todo = [resolve(entry)];
  const done = new Set();
  for (let file; (file = todo.pop()); ) {
    if (done.has(file)) continue;
    done.add(file);
    const dts = ts.transpileDeclaration(readFileSync(file, 'utf8'), { fileName: file, reportDiagnostics: false }).outputText;
    writeFile(join(dir, relative('src', file)).replace(/\.ts$/, '.d.ts'), dts);
    for (const [, spec] of dts.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) todo.push(resolve(dirname(file), `${spec}.ts`));
  }
  const main = join(dir, relative('src', entry)).replace(/\.ts$/, '.d.ts');
  // No @types/node nor DOM: the program stays small (Buffer, a global, is left as a name).
  writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [], lib: ['es2022'], skipLibCheck: true }, files: [relative(dir, main)] }));
  const [bundle] = generateDtsBundle([{ filePath: main, output: { noBanner: true, exportReferencedTypes: false } }], { preferredConfigPath: join(dir, 'tsconfig.json') });
  const imports = bundle.match(/^\s*(import|export .* from|\/\/\/ <reference)\b.*$/gm);
  if (imports) throw new Error(`build: dist/sandbox.d.ts would import what the package does not hold:\n${imports.join('\n')}`);
  return bundle;
}

/** main.js: the start-up chunks, where the other packed chunks are, and the loader that runs each once. */
function startupLoader(factories, packed) {
  return `"use strict";
const { posix } = require("node:path");
const defs = {
${factories}};
const packs = ${JSON.stringify(packed)};
const cache = new Map();
function load(id) {
  let m = cache.get(id);
  if (m) return m.exports;
  if (!defs[id] && packs[id]) Object.assign(defs, require("./" + packs[id]));
  if (!defs[id]) return require("./" + id);
  m = { exports: {} };
  cache.set(id, m);
  defs[id](m, m.exports, (spec) => (spec.startsWith(".") ? load(posix.normalize(posix.dirname(id) + "/" + spec)) : require(spec)));
  return m.exports;
}
module.exports = { load };
load("main.js");
`;
}

function writeFile(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `node scripts/build.mjs --meta` writes dist/meta.json: what each chunk holds and imports.
  await buildDist('dist', { meta: process.argv.includes('--meta') });
}
