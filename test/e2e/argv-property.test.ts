// Random argv never crashes the CLI: every run ends with a documented exit code, without a
// stack trace and without the key in its output. The vocabulary comes from the command tree,
// so commands added later are covered too.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNodes, globalFlags, rootNode } from '../../src/completion/tree.js';
import { loadCommands } from '../../src/manifest/index.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const commands = await loadCommands();

// `sandbox` serves until killed; everything else ends on its own (stdin is empty, no TTY).
const SKIP = new Set(['sandbox']);
const nodes = allNodes(rootNode(commands.filter((c) => !SKIP.has(c.name)))).slice(1);
const paths = nodes.map((n) => n.path);
const words = [...new Set(nodes.flatMap((n) => [n.spec.name, ...(n.spec.aliases ?? [])]))];
const flags = [...new Set([...globalFlags(), ...nodes.flatMap((n) => n.options)].flatMap((f) => f.names)), '-V', '--version'];

/**
 * Values a user might type. Numbers stay small: `--retries 10` against an answer that is
 * retried (the sandbox's 501s) would back off for a minute and only test patience.
 */
const VALUES = [
  '15551234567', '+1 (555) 123-4567', '12345', 'wa_snd_cloud_0001', 'hello world', 'json', 'jsonl', 'csv', 'yaml', 'table', 'xml',
  '0', '1', '2', '-1', '0.5', 'abc', '{"a":1}', '{bad', '@/nonexistent/file.json', '-', '--', '', '_id,name', 'a..b', '__proto__',
  'http://example.invalid', 'https://127.0.0.1:1', 'http://127.0.0.1:1', 'ftp://x', 'GET', 'POST', '/api/auth/profile', 'bash', 'zsh',
];

// NUL cannot be passed in argv at all.
const garbage = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('\u0000'));
const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...flags) },
  { weight: 3, arbitrary: fc.constantFrom(...VALUES) },
  { weight: 2, arbitrary: fc.constantFrom(...words) },
  { weight: 1, arbitrary: garbage },
  { weight: 1, arbitrary: fc.constantFrom('--', '-', '', '--=', '-o=json', '--fields=', '---', '-qy', '--no-', '--json=1') },
);
const tail = fc.array(token, { maxLength: 7 });
const argv = fc.oneof(
  // A real command path with random flags and values around it.
  fc.tuple(fc.constantFrom(...paths), tail, fc.array(token, { maxLength: 2 })).map(([path, after, before]) => [...before, ...path, ...after]),
  // Anything at all.
  tail,
);

const DOCUMENTED = [0, 2, 3, 4, 5, 6, 7];

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/**
 * A new seed each run, or FC_SEED (and FC_PATH, to go straight to the shrunk case) to
 * replay a failure: the failure message prints the command line that does it.
 */
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const path = process.env.FC_PATH || undefined;

describe('random argv', () => {
  it('always exits with a documented code, no stack trace, never the key', { timeout: 600_000 }, async () => {
    const out = await fc.check(
      fc.asyncProperty(argv, async (args) => {
        const r = await sb.run(args, { input: '' });
        const all = r.stdout + r.stderr;
        expect(DOCUMENTED, `exit ${r.exitCode}; stderr: ${r.stderr}`).toContain(r.exitCode);
        expect(r.stderr).not.toMatch(/^\s+at /m);
        expect(all).not.toContain(sb.config.apiKey);
      }),
      { numRuns: 60, seed, path },
    );
    const replay = `FC_SEED=${out.seed}${out.counterexamplePath ? ` FC_PATH=${out.counterexamplePath}` : ''} npx vitest run test/e2e/argv-property.test.ts`;
    expect(out.failed, `${fc.defaultReportMessage(out)}\nReplay: ${replay}`).toBe(false);
  });
});
