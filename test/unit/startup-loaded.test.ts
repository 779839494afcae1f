// What Node really loads at start: build dist exactly as `npm run build` does (scripts/build.mjs
// buildDist, into a temporary folder), run commands from it with a preload that writes down, at
// exit, every file in require.cache and every Node builtin loaded, and check both lists.
// (startup-modules.test.ts checks the same from esbuild's module graph.)
import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildDist } from '../../scripts/build.mjs';
import { HANG_MS, cleanEnv, tempDir } from '../helpers/cli.js';
import { startHostile } from '../helpers/hostile-server.js';

let out = '';
let meta: { outputs: Record<string, { inputs: Record<string, unknown> }> };

beforeAll(async () => {
  out = tempDir('chatcrm-startup-');
  meta = await buildDist(out);
  writeFileSync(
    join(out, 'preload.cjs'),
    `const base = new Set(process.moduleLoadList);
process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_LOG, JSON.stringify({
  files: Object.keys(require.cache),
  builtins: process.moduleLoadList.filter((m) => !base.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13)),
})));
`,
  );
});

interface Loaded {
  /** Files of dist, relative to it. */
  files: string[];
  /** Packages (node_modules/<name>) whose code is in those files. */
  packages: string[];
  /** Node builtins loaded after bootstrap. */
  builtins: string[];
}

async function loadedBy(args: string[], env: Record<string, string> = {}): Promise<Loaded> {
  const log = join(out, `loaded-${process.hrtime.bigint()}.json`);
  const r = await execa('node', ['--require', join(out, 'preload.cjs'), join(out, 'main.js'), ...args], {
    env: cleanEnv({ LOADED_LOG: log, ...env }),
    extendEnv: false,
    reject: false,
    timeout: HANG_MS,
  });
  expect(r.exitCode, String(r.stderr)).toBe(0);
  const raw = JSON.parse(readFileSync(log, 'utf8')) as { files: string[]; builtins: string[] };
  const files = raw.files.map((f) => relative(out, f).split('\\').join('/')).filter((f) => !f.startsWith('..') && f !== 'preload.cjs');
  const packages = new Set<string>();
  for (const [output, o] of Object.entries(meta.outputs)) {
    if (!files.some((f) => output.endsWith(`/${f}`))) continue;
    for (const input of Object.keys(o.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (m) packages.add(m[1]);
    }
  }
  return { files, packages: [...packages].sort(), builtins: raw.builtins };
}

/** Builtins a start must not pay for unless the command uses them. */
const HEAVY = ['crypto', 'fs/promises', 'internal/readline/interface', 'child_process', 'http', 'https', 'tls', 'v8', 'zlib', 'worker_threads'];

describe('what Node loads from dist', () => {
  it('--help and a group help: main.js alone, no package, no heavy builtin, no stream built for stdout', async () => {
    for (const args of [['--help'], ['chat', '--help'], ['help', 'chat', 'groups']]) {
      const l = await loadedBy(args);
      expect(l.files).toEqual(['main.js']);
      expect(l.packages).toEqual([]);
      expect(l.builtins.filter((b) => HEAVY.includes(b) || b === 'stream')).toEqual([]);
    }
  });

  it('a command: commander and the manifest of its own area only', async () => {
    const l = await loadedBy(['tags', 'list', '--help']);
    expect(l.packages).toEqual(['commander']);
    const inputs = l.files.flatMap((f) => Object.keys(Object.entries(meta.outputs).find(([o]) => o.endsWith(`/${f}`))?.[1].inputs ?? {}));
    expect(inputs.filter((i) => i.startsWith('src/manifest/') && !/\/(types|outline|outline-data|help|top-level|common)\.ts$/.test(i))).toEqual(['src/manifest/tags.ts']);
  });

  it('chat send --dry-run: commander and zod, and none of the heavy builtins', async () => {
    const l = await loadedBy(['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 's', '--dry-run'], {
      CHATCRM_BASE_URL: 'http://127.0.0.1:9',
      CHATCRM_API_KEY: 'startup-key-0123456789',
    });
    expect(l.packages).toEqual(['commander', 'zod']);
    expect(l.builtins.filter((b) => HEAVY.includes(b))).toEqual([]);
  });

  it('__complete (every TAB): main.js alone (the outline), no package, not the API core; the config store only for profile names', async () => {
    const words = await loadedBy(['__complete', 'chat', 'se']);
    expect(words.files).toEqual(['main.js']);
    expect(words.packages).toEqual([]);
    expect(words.builtins.filter((b) => HEAVY.includes(b) || b === 'stream')).toEqual([]);
    const profiles = await loadedBy(['__complete', '-p', '']);
    expect(profiles.files.filter((f) => !words.files.includes(f)).sort()).toEqual(['chunks/core.js', expect.stringMatching(/^chunks\/store-[A-Z0-9]+\.js$/)]);
    expect(profiles.packages).toEqual([]);
    expect(profiles.builtins.filter((b) => HEAVY.includes(b))).toEqual([]);
  });

  it('a real chat send: commander and zod, node:http, no crypto and no undici', async () => {
    const server = await startHostile({
      'POST /api/v2/chat/messages': (_req, res) => void res.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true,"data":{"message_id":"wamid.1"}}'),
    });
    try {
      const l = await loadedBy(['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 's'], {
        CHATCRM_BASE_URL: server.url,
        CHATCRM_API_KEY: 'startup-key-0123456789',
      });
      expect(server.received.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/v2/chat/messages']);
      expect(l.packages).toEqual(['commander', 'zod']);
      expect(l.builtins).toContain('http');
      expect(l.builtins.filter((b) => ['crypto', 'child_process', 'v8', 'zlib'].includes(b))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
