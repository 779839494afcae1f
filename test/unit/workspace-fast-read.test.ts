// Reading a workspace file fast (js-yaml, lines found only when there is a problem to name):
// the same data, problems and warnings as the slow reader (the `yaml` document with every
// node's place), and every problem still at its file, line and field, in YAML and JSON.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLocated, parseWorkspace, problemLine, type Parsed } from '../../src/commands/workspace/read.js';
import { quickLoad } from '../../src/commands/workspace/quick-load.js';

const lines = (text: string) => parseWorkspace(text, {}).problems.map((p) => problemLine('ws', p));
const seen = ({ data, problems, warnings }: Parsed) => ({ data, problems, warnings });

// Plain scalars whose type a YAML 1.1 reader, a JSON reader and a YAML 1.2 core reader each see differently, and some no reader takes.
const TRICKY = ['yes', 'no', 'on', 'Off', 'y', '~', 'null', 'Null', 'NULL', 'true', 'True', 'FALSE', '0o17', '0x1F', '0b101', '017', '1_000', '+12', '-0', '.5', '1.', '1e3', '1E-3', '.inf', '-.Inf', '.NaN', '2024-01-01', '2001-12-14t21:59:43.10-05:00', '12:30:00', '1:20', '0.1', '-1', '=', '@x', '`x', 'a%b', '-x', '?x', ':x', 'x:y', '[a, b]', '{a: 1}', '"open', "'it''s'", 'a #b', 'é', ''];
const token = fc.oneof(fc.constantFrom(...TRICKY), fc.string().map((s) => JSON.stringify(s)), fc.integer().map(String), fc.double({ noNaN: true }).map(String));
const name = fc.constantFrom('gold', 'Gold', 'vip', 'lead', 'a'.repeat(24), '0123456789abcdef01234567');

/** A workspace file as a person writes one: chatbots with settings of any spelling (a key twice, at times), tags, segments naming tags. */
const file = fc
  .record({
    bots: fc.array(fc.record({ name, settings: fc.array(fc.tuple(fc.constantFrom('max_tokens', 'model', 'temperature', 'enabled', 'greeting'), token), { maxLength: 4 }) }), { maxLength: 4 }),
    tags: fc.array(name, { maxLength: 4 }),
    segments: fc.array(fc.record({ name, tags: fc.array(name, { maxLength: 3 }) }), { maxLength: 3 }),
  })
  .map(({ bots, tags, segments }) =>
    [
      'version: 1',
      ...(bots.length ? ['chatbots:', ...bots.flatMap((b) => [`  - name: ${b.name}`, ...b.settings.map(([k, v]) => `    ${k}: ${v}`)])] : []),
      ...(tags.length ? ['tags:', ...tags.map((t) => `  - {name: ${t}, color: "#FF8800"}`)] : []),
      ...(segments.length ? ['segments:', ...segments.flatMap((s) => [`  - name: ${s.name}`, '    filters:', `      tag_ids: [${s.tags.join(', ')}]`])] : []),
      '',
    ].join('\n'),
  );

describe('the fast reading of a workspace file', () => {
  it('gives the data, problems and warnings the slow reader gives, for any file (YAML and JSON, seeded)', () => {
    let fast = 0;
    fc.assert(
      fc.property(file, (text) => {
        const slow = parseLocated(text, {});
        expect(seen(parseWorkspace(text, {}))).toEqual(seen(slow));
        const json = JSON.stringify(quickLoad(text)?.value ?? {});
        expect(seen(parseWorkspace(json, {}))).toEqual(seen(parseLocated(json, {})));
        if (quickLoad(text) && slow.data) fast++;
      }),
      { seed: 44, numRuns: 500 },
    );
    // The property says something only if the fast reader read many of them.
    expect(fast).toBeGreaterThan(100);
  });

  it('a problem in a file the fast reader reads is still named by file, line and field (YAML)', () => {
    const text = 'version: 1\ntags:\n  - name: vip\n    color: "#FF8800"\n  - name: b\n    colour: red\n';
    expect(quickLoad(text)).toBeDefined();
    expect(lines(text)).toEqual(['ws:6: tags[1].colour: unknown field, did you mean `color`?']);
  });

  it('a problem in a JSON file is named by its line too', () => {
    const text = '{\n  "version": 1,\n  "taxes": [\n    {"name": "VAT", "rate": 20},\n    {"name": "GST",\n     "rate": "nine"}\n  ]\n}\n';
    expect(quickLoad(text)).toBeDefined();
    expect(lines(text)).toEqual(['ws:6: taxes[1].rate: expected a number, found "nine"']);
  });

  it('a warning keeps its line: an id where a name goes (exit 0 in validate)', () => {
    const text = 'version: 1\ntags:\n  - {name: vip, color: "#FF8800"}\nsegments:\n  - name: S\n    filters:\n      tag_ids: [0123456789abcdef01234567]\n';
    const r = parseWorkspace(text, {});
    expect(r.data).toBeDefined();
    expect(r.warnings.map((p) => problemLine('ws', p))).toEqual([expect.stringMatching(/^ws:7: segments\[0\]\.filters\.tag_ids: segments "S" refers to 0123456789abcdef01234567/)]);
  });

  it('a duplicate key, which js-yaml refuses too, is said with its line as the slow reader says it', () => {
    expect(lines('version: 1\ntags:\n  - name: a\n    color: "#FF8800"\n    name: b\n')[0]).toMatch(/^ws:5: not valid YAML or JSON: Map keys must be unique/);
  });

  it('leaves to the slow reader what only it reads as the file means: variables, merge keys, anchors, aliases, tags, directives', () => {
    for (const t of ['m: "${env:CHATCRM_WS_A}"', 'a: {<<: {b: 1}}', 'a: &x 1', 'b: [*x]', 'a: !!str 1', 'a: ! 1', '%YAML 1.1\n---\na: 1', '__proto__: 1']) expect(quickLoad(`version: 1\n${t}\n`)).toBeUndefined();
    expect(quickLoad('version: 1\nm: Tom & Jerry, 5 * 3, Hello!\n')).toEqual({ value: { version: 1, m: 'Tom & Jerry, 5 * 3, Hello!' } });
  });
});
