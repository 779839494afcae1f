// Start-up stays lean: bundle exactly as scripts/build.mjs does (in memory) and check which
// packages the chunks loaded for `--help` and for `chat send --dry-run` contain.
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildOptions } from '../../scripts/build.mjs';

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
function packages(files: Set<string>): string[] {
  const names = new Set<string>();
  for (const f of files) {
    for (const input of Object.keys(meta.outputs[f].inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(input);
      if (m) names.add(m[1] === 'zod' && /\/v4\/classic\//.test(m[2] ?? '') ? 'zod (classic)' : m[1]);
    }
  }
  return [...names].sort();
}

beforeAll(async () => {
  const r = await build({ ...buildOptions, write: false, metafile: true, logLevel: 'silent' });
  meta = r.metafile!;
}, 60_000);

describe('modules on the start-up path', () => {
  it('--help (and every command before its own chunk) loads commander only', () => {
    expect(packages(loaded([]))).toEqual(['commander']);
  });

  it('chat send --dry-run adds zod/mini for validation, nothing heavier', () => {
    expect(packages(loaded(['src/commands/chat/send.ts', 'src/api/client.ts']))).toEqual(['commander', 'zod']);
  });

  it('printing a list (tables included) loads no package; --query adds the JMESPath library only then', () => {
    expect(packages(loaded(['src/core/output/print.ts', 'src/commands/list.ts']))).toEqual(['commander']);
    expect(packages(loaded(['src/core/output/print.ts', 'src/core/output/query.ts']))).toEqual(['commander']);
    const query = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === 'src/core/output/query.ts')!;
    const later = meta.outputs[query].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(packages(new Set(later))).toEqual(['@jmespath-community/jmespath']);
  });

  it('the MCP SDK is imported (from node_modules) by the mcp serve server chunk only', () => {
    const importers = Object.keys(meta.outputs).filter((f) => meta.outputs[f].imports.some((i) => i.external && i.path.startsWith('@modelcontextprotocol/sdk')));
    expect(importers.map((f) => meta.outputs[f].entryPoint)).toEqual(['src/mcp/serve/server.ts']);
    expect(packages(loaded(['src/commands/mcp/serve.ts']))).toEqual(['commander']);
  });

  it("zod's JSON Schema generator (used by mcp serve and openapi) stays out of chat send's zod", () => {
    const inputs = [...loaded(['src/commands/chat/send.ts', 'src/api/client.ts'])].flatMap((f) => Object.keys(meta.outputs[f].inputs));
    expect(inputs.filter((i) => /zod\/v4\/core\/(to-json-schema|json-schema-processors)/.test(i))).toEqual([]);
  });

  it("commander gets the lazy stand-in for node:child_process", () => {
    const main = Object.keys(meta.outputs).find((f) => f.endsWith('/main.js'))!;
    expect(Object.keys(meta.outputs[main].inputs)).toContain('lazy-child-process:child_process');
  });
});
