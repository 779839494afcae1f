// dist/sandbox.js (`chatcrm/sandbox`) holds the sandbox and what it runs, not the CLI: faults are
// named from the operations table (describe/tool-names.ts), so neither the command tree nor the MCP
// tool catalog and the OpenAPI document, commander or the prompts ride in it (issue 29 item 10: 541 KB with them).
import { build, type BuildOptions } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { sandboxBuild as untyped } from '../../scripts/build.mjs';

const sandboxBuild = untyped as (outfile: string) => BuildOptions & { write: false; metafile: true };

const r = await build(sandboxBuild('/tmp/chatcrm-sandbox-bundle-test/sandbox.js'));
const inputs = Object.keys(r.metafile.inputs);
const bytes = r.outputFiles.find((f) => f.path.endsWith('.js'))!.contents.length;

describe('the chatcrm/sandbox bundle', () => {
  it('carries no command tree, command, tool catalog, commander or prompt', () => {
    const cli = inputs.filter((i) => /^src\/(manifest|commands|mcp\/serve)\/|^src\/describe\/(catalog|json-schema|openapi)\.ts|node_modules\/(commander|@inquirer)\//.test(i));
    expect(cli).toEqual([]);
  });

  it('carries the sandbox itself: its server, handlers, the operations table and the tool names', () => {
    for (const f of ['src/sandbox/server.ts', 'src/sandbox/handlers/chat.ts', 'src/api/operations.ts', 'src/describe/tool-names.ts']) expect(inputs).toContain(f);
  });

  it('stays under 450 KB (411 KB without the command tree)', () => {
    expect(bytes).toBeLessThan(450_000);
  });
});
