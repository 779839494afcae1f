// THIRD_PARTY_NOTICES ships every bundled package's licence: build dist as `npm run build` does
// (into a temporary folder), list the packages whose code the outputs hold from the build's
// metafile, and look each one up in the file written beside them, licence text included.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildDist } from '../../scripts/build.mjs';
import { tempDir } from '../helpers/cli.js';

let meta: { outputs: Record<string, { inputs: Record<string, unknown> }> };
/** The file's sections by their `Package: name@version` line. */
const sections = new Map<string, string[]>();
let notices = '';
let out = '';

beforeAll(async () => {
  out = tempDir('chatcrm-notices-');
  meta = await buildDist(out);
  notices = readFileSync(join(out, 'THIRD_PARTY_NOTICES'), 'utf8');
  for (const s of notices.split(/\n-{80}\n/)) {
    const head = /^\s*Package: (\S+)\n/.exec(s);
    if (head) sections.set(head[1], [...(sections.get(head[1]) ?? []), s]);
  }
}, 60_000);

/** Every node_modules folder (nested ones too) with a file in some output of the build. */
function bundledDirs(): string[] {
  const dirs = new Set<string>();
  for (const o of Object.values(meta.outputs)) {
    for (const input of Object.keys(o.inputs)) {
      const at = input.lastIndexOf('node_modules/');
      if (at < 0) continue;
      const rest = input.slice(at + 'node_modules/'.length).split('/');
      dirs.add(input.slice(0, at) + 'node_modules/' + rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return [...dirs];
}

describe('THIRD_PARTY_NOTICES', () => {
  it('has every bundled package, with its version, licence and the full text of its licence file', () => {
    const dirs = bundledDirs();
    expect(dirs.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const dir of dirs) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
      const texts = readdirSync(dir)
        .filter((f) => /^licen[cs]e/i.test(f))
        .map((f) => readFileSync(join(dir, f), 'utf8').replace(/\r\n/g, '\n').trim());
      expect(texts.length, `${dir} has a licence file`).toBeGreaterThan(0);
      const ok = (sections.get(`${pkg.name}@${pkg.version}`) ?? []).some(
        (s) => s.includes(`\nLicense: ${pkg.license}\n`) && texts.every((t) => s.includes(t)),
      );
      if (!ok) missing.push(`${pkg.name}@${pkg.version}`);
    }
    expect(missing).toEqual([]);
  });

  it('covers the libraries of every part of dist, the MCP SDK bundle (chunks/mcp-sdk.js) included', () => {
    for (const name of ['commander', 'zod', 'undici', 'yaml', '@jmespath-community/jmespath', '@modelcontextprotocol/sdk', 'ajv']) {
      expect([...sections.keys()].some((k) => k.startsWith(`${name}@`)), name).toBe(true);
    }
  });

  it('carries the notices written in the bundled source files (esbuild legal comments)', () => {
    expect(notices).toContain('formdata-polyfill. MIT License. Jimmy Wärting');
  });

  it('which neither stay in the chunks (loaded by every start) nor lie beside them as .LEGAL.txt files', () => {
    const files = readdirSync(out, { recursive: true }).map(String);
    expect(files.filter((f) => f.endsWith('.LEGAL.txt'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.js') && readFileSync(join(out, f), 'utf8').includes('Jimmy Wärting'))).toEqual([]);
  });
});
