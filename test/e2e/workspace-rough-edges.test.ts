// What a first CI job met with workspace (issue 44 item 4): -o given a file name, a format dump
// cannot write, an empty input, a failing sync under --json, a YAML mistake, a value not in a set.
// Each is one clear line, exit 2 and nothing sent (the failing sync: its own code, JSON alone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '../../src/sandbox/faults.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
const faults: Fault[] = [];
beforeAll(async () => {
  sb = await startTestSandbox({ faults });
});
afterAll(() => sb.close());

describe('workspace dump -o', () => {
  it('a file name says -O names the file and -o the format, exit 2, nothing sent', async () => {
    await sb.refused(['workspace', 'dump', '-o', 'ws.yaml'], /^Error: --output: "ws\.yaml" is a file name, not a format: -o names the format \(table, json, jsonl, csv, yaml\), -O names the file to write\n$/);
    await sb.refused(['workspace', 'dump', '-o', './out/ws'], /-O names the file to write/);
    // A word that is not a format is still said as one.
    await sb.refused(['workspace', 'dump', '-o', 'xml'], /^Error: --output: must be one of table, json, jsonl, csv, yaml, got "xml"\n$/);
  });

  it('csv and jsonl are refused, exit 2, nothing sent; yaml and json are written', async () => {
    await sb.refused(['workspace', 'dump', '--only', 'tags', '-o', 'csv'], /^Error: --output: workspace dump writes yaml \(the default\) or json, not csv\n$/);
    // -o jsonl asks for errors as JSON too.
    await sb.refused(['workspace', 'dump', '--only', 'tags', '-o', 'jsonl'], /^\{"error":\{"message":"--output: workspace dump writes yaml \(the default\) or json, not jsonl","status":null,"code":"usage"\}\}\n$/);
    for (const f of ['yaml', 'json']) {
      const r = await sb.run(['workspace', 'dump', '--only', 'tags', '-o', f]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(f === 'json' ? /^\{\n {2}"version": 1,/ : /^version: 1\ntags:/);
    }
  });
});

describe('an empty input', () => {
  it.each([['nothing', ''], ['blank lines', '\n\n'], ['a comment alone', '# staging\n']])('%s: says the input is empty, not "version: is required", exit 2, nothing sent', async (_what, input) => {
    for (const cmd of [['validate', '-'], ['diff', '-'], ['sync', '-', '--yes']]) {
      await sb.refused(['workspace', ...cmd], /^Error: <stdin>: the input is empty \(a workspace file starts with `version: 1`\)\n$/, { input });
    }
  });

  it('a file with only `version: 1` is not empty: valid', async () => {
    const r = await sb.run(['workspace', 'validate', '-'], { input: 'version: 1\n' });
    expect(r.exitCode, r.stderr).toBe(0);
  });
});

describe('a YAML mistake', () => {
  it.each([
    ['an unclosed [ on the last line', 'version: 1\ntags:\n  - name: a\n    color: [\n', 4, 'Flow sequence in block collection must be sufficiently indented and end with a ]'],
    ['an unclosed quote', 'version: 1\ntags:\n  - name: a\n    color: "#FFF\n', 4, 'Missing closing "quote'],
    ['a key out of line', 'version: 1\ntags:\n  - name: a\n  color: x\n', 4, 'All mapping items must start at the same column'],
    ['a mapping in a compact one', 'version: 1\ntags: a: b\n', 2, 'Nested mappings are not allowed in compact mappings'],
  ])('%s: the line of the mistake, no dangling colon', async (_what, input, line, message) => {
    const r = await sb.refused(['workspace', 'validate', '-'], /./, { input });
    expect(r.stderr).toBe(`Error: <stdin>:${line}: not valid YAML or JSON: ${message}\n`);
  });
});

it('a value not in a set lists the allowed ones', async () => {
  const input = 'version: 1\ntaxes:\n  - name: VAT\n    rate: 20\n    status: actve\n';
  await sb.refused(['workspace', 'validate', '-'], /^Error: <stdin>:5: taxes\[0\]\.status: must be one of active, inactive\n$/, { input });
});

describe('a failing sync with --json', () => {
  it('writes only the JSON error on stderr, what was applied in its message', async () => {
    faults.push({ operation: 'tags.create', status: 500, rate: 1 });
    try {
      const input = 'version: 1\ntags:\n  - {name: rough-a, color: "#111111"}\n';
      const r = await sb.run(['workspace', 'sync', '-', '--yes', '--json', '--retries', '0'], { input });
      expect(r.exitCode).toBe(7);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      const { error } = JSON.parse(lines[0]) as { error: { message: string; status: number; code: string } };
      expect(error.status).toBe(500);
      expect(error.message).toMatch(/^tags "rough-a": .*\(Stopped: 0 created, 0 updated, 0 deleted, 1 failed; 0 not tried\. Run the sync again to finish: it plans only what is left\.\)$/);
      // Without --json the summary is its own line, as before.
      const text = await sb.run(['workspace', 'sync', '-', '--yes', '--retries', '0'], { input });
      expect(text.stderr).toMatch(/^Stopped: 0 created, 0 updated, 0 deleted, 1 failed; 0 not tried\..*\nError: tags "rough-a": /m);
    } finally {
      faults.length = 0;
    }
  });
});
