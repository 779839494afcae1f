// The inspector page's script as the build makes it (scripts/page.mjs): the page's own modules
// and nothing of the server's (live.ts and views.ts lend it types only), and in the CLI's build
// it rides in the sandbox's chunk, off the start-up path: `chatcrm --help` never loads it.
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildOptions } from '../../scripts/build.mjs';
// @ts-expect-error: a plain .mjs build script without type declarations
import { bundlePage } from '../../scripts/page.mjs';

const page = (await bundlePage('src/sandbox/inspector/page/main.ts')) as { text: string; inputs: string[] };

describe("the inspector page's script", () => {
  it("is the page's modules alone: no server code rides in it", () => {
    expect(page.inputs.filter((i) => !i.startsWith('src/sandbox/inspector/page/'))).toEqual([]);
    expect(page.inputs).toEqual(expect.arrayContaining(['src/sandbox/inspector/page/main.ts', 'src/sandbox/inspector/page/view.ts']));
  });

  it('is one script that leaves no global behind', () => {
    expect(page.text).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(page.text.trimEnd()).toMatch(/\}\)\(\);$/);
  });

  it("is in the sandbox's chunk of the CLI, which no start loads", async () => {
    const meta: Metafile = (await build({ ...buildOptions, write: false, metafile: true, logLevel: 'silent' })).metafile!;
    const withPage = Object.keys(meta.outputs).filter((o) => Object.keys(meta.outputs[o].inputs).some((i) => i.startsWith('page-script:')));
    expect(withPage).toHaveLength(1);
    expect(Object.keys(meta.outputs[withPage[0]].inputs)).toContain('src/sandbox/inspector/serve.ts');
    const startup = new Set<string>();
    const visit = (file: string) => {
      if (startup.has(file)) return;
      startup.add(file);
      for (const i of meta.outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
    };
    visit(Object.keys(meta.outputs).find((f) => f.endsWith('/main.js'))!);
    expect(startup.size).toBeGreaterThan(0);
    expect(startup.has(withPage[0])).toBe(false);
  });
});
