// Start-up stays lean: bundle exactly as scripts/build.mjs does (in memory) and check which
// packages the chunks loaded for `--help` and for `chat send --dry-run` contain; then run a real
// `chat send` from a bundle on disk and check which files Node actually loaded.
import { build, type Metafile } from 'esbuild';
import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildOptions } from '../../scripts/build.mjs';
import { HANG_MS, cleanEnv, tempDir } from '../helpers/cli.js';
import { startHostile } from '../helpers/hostile-server.js';

let meta: Metafile;

/** Output files loaded when main.js runs and then imports the chunks of these sources. */
function loaded(dynamicEntries: string[]): Set<string> {
  const out = meta.outputs;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of out[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(Object.keys(out).find((f) => f.endsWith('/main.js'))!);
  for (const entry of dynamicEntries) {
    const chunk = Object.keys(out).find((f) => out[f].entryPoint === entry);
    expect(chunk, entry).toBeDefined();
    visit(chunk!);
  }
  return seen;
}

/** Packages (node_modules/<name>) whose code is in these outputs. */
function packages(files: Set<string>, m: Metafile = meta): string[] {
  const names = new Set<string>();
  for (const f of files) {
    for (const input of Object.keys(m.outputs[f].inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(input);
      if (m) names.add(m[1] === 'zod' && /\/v4\/classic\//.test(m[2] ?? '') ? 'zod (classic)' : m[1]);
    }
  }
  return [...names].sort();
}

beforeAll(async () => {
  const r = await build({ ...buildOptions, write: false, metafile: true, logLevel: 'silent' });
  meta = r.metafile!;
});

describe('modules on the start-up path', () => {
  it('--help, a group help and __complete load no package (not even commander); a command adds commander', () => {
    expect(packages(loaded([]))).toEqual([]);
    expect(packages(loaded(['src/program.ts']))).toEqual(['commander']);
  });

  it('chat send --dry-run adds zod/mini for validation, nothing heavier', () => {
    expect(packages(loaded(['src/program.ts', 'src/commands/chat/send.ts', 'src/api/client.ts']))).toEqual(['commander', 'zod']);
  });

  it('printing a list (tables included) loads no package; --query adds the JMESPath library only then', () => {
    expect(packages(loaded(['src/core/output/print.ts', 'src/commands/list.ts']))).toEqual([]);
    expect(packages(loaded(['src/core/output/print.ts', 'src/core/output/query.ts']))).toEqual([]);
    const query = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === 'src/core/output/query.ts')!;
    const later = meta.outputs[query].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(packages(new Set(later))).toEqual(['@jmespath-community/jmespath']);
  });

  it('the MCP SDK (chunks/mcp-sdk.js, bundled on its own) is required by the mcp serve server chunk only', () => {
    const split = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(split.filter((i) => i.includes('node_modules/@modelcontextprotocol/'))).toEqual([]);
    const importers = Object.keys(meta.outputs).filter((f) => meta.outputs[f].imports.some((i) => i.path === './mcp-sdk.js'));
    expect(importers.map((f) => meta.outputs[f].entryPoint)).toEqual(['src/mcp/serve/server.ts']);
    expect(importers[0]).toMatch(/\/chunks\/[^/]+\.js$/);
    expect(packages(loaded(['src/program.ts', 'src/commands/mcp/serve.ts']))).toEqual(['commander']);
  });

  it("zod's JSON Schema generator (used by mcp serve and openapi) stays out of chat send's zod", () => {
    const inputs = [...loaded(['src/commands/chat/send.ts', 'src/api/client.ts'])].flatMap((f) => Object.keys(meta.outputs[f].inputs));
    expect(inputs.filter((i) => /zod\/v4\/core\/(to-json-schema|json-schema-processors)/.test(i))).toEqual([]);
  });

  it("commander gets the lazy stand-in for node:child_process", () => {
    const withCommander = [...loaded(['src/program.ts'])].filter((f) => Object.keys(meta.outputs[f].inputs).some((i) => i.includes('node_modules/commander/')));
    expect(withCommander.flatMap((f) => Object.keys(meta.outputs[f].inputs))).toContain('lazy-child-process:child_process');
  });

  it('the outline of the tree is JSON in main.js: the manifest itself is not on the start-up path', () => {
    const inputs = [...loaded([])].flatMap((f) => Object.keys(meta.outputs[f].inputs));
    expect(inputs.filter((i) => /src\/manifest\/(?!types|outline|help)/.test(i))).toEqual([]);
    expect(inputs).toContain('src/manifest/outline-data.ts');
  });

  describe('a real chat send', () => {
    let out = '';
    let disk: Metafile;
    beforeAll(async () => {
      out = tempDir('chatcrm-startup-');
      const r = await build({ ...buildOptions, outdir: out, metafile: true, logLevel: 'silent' });
      disk = r.metafile!;
      // A loader hook that writes down every file Node loads: in-thread registerHooks where Node
      // has it (22.15+), else the off-thread register() of Node 20.
      writeFileSync(join(out, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\n');\n  return next(url, context);\n}\n");
      writeFileSync(
        join(out, 'register.mjs'),
        "import module from 'node:module';\nimport { load } from './hooks.mjs';\nif (module.registerHooks) module.registerHooks({ load });\nelse module.register('./hooks.mjs', import.meta.url);\n",
      );
    });

    /** Send one message with the bundle on disk; the packages of the files it loaded. */
    async function send(env: Record<string, string> = {}): Promise<string[]> {
      const server = await startHostile({ 'POST /api/v2/chat/messages': (_req, res) => void res.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true,"data":{"message_id":"wamid.1"}}') });
      const log = join(out, `loaded-${Date.now()}.log`);
      try {
        const r = await execa('node', ['--import', join(out, 'register.mjs'), join(out, 'main.js'), 'chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 's'], {
          env: cleanEnv({ CHATCRM_BASE_URL: server.url, CHATCRM_API_KEY: 'startup-key-0123456789', LOADED_LOG: log, ...env }),
          extendEnv: false,
          reject: false,
          timeout: HANG_MS,
        });
        expect(r.exitCode, r.stderr).toBe(0);
        expect(server.received.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/v2/chat/messages']);
      } finally {
        await server.close();
      }
      const loadedFiles = new Set(readFileSync(log, 'utf8').trim().split('\n').map((u) => fileURLToPath(u)));
      const outputs = new Set(Object.keys(disk.outputs).filter((f) => loadedFiles.has(resolve(f))));
      expect(outputs.size).toBeGreaterThan(1);
      return packages(outputs, disk);
    }

    it('goes over node:http: commander and zod/mini, never undici', async () => {
      expect(await send()).toEqual(['commander', 'zod']);
    });

    it('(and the check sees undici when the transport is undici)', async () => {
      expect(await send({ CHATCRM_HTTP_TRANSPORT: 'undici' })).toContain('undici');
    });
  });
});
