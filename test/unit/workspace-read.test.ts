// Reading a workspace file: the schema, duplicate keys, references, ${env:NAME}; every problem
// names the line and the field. Whatever the text, the reader answers (data or problems).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWorkspace, problemLine } from '../../src/commands/workspace/read.js';

const parse = (text: string, env: NodeJS.ProcessEnv = {}) => parseWorkspace(text, env);
const lines = (text: string, env: NodeJS.ProcessEnv = {}) => parse(text, env).problems.map((p) => problemLine('ws.yaml', p));

describe('parseWorkspace', () => {
  it('reads YAML and JSON alike', () => {
    expect(parse('version: 1\ntags:\n  - name: vip\n    color: "#FF8800"\n').data?.tags).toEqual([{ name: 'vip', color: '#FF8800' }]);
    expect(parse('{"version": 1, "taxes": [{"name": "VAT", "rate": 20}]}').data?.taxes).toEqual([{ name: 'VAT', rate: 20 }]);
  });

  it('names the line and field of a value that does not fit', () => {
    expect(lines('version: 1\ntags:\n  - name: vip\n    color: "#FF8800"\n  - name: b\n    color: red\n')).toEqual(['ws.yaml:6: tags[1].color: must be #RRGGBB']);
    expect(lines('version: 1\ntaxes:\n  - name: VAT\n    rate: 101\n')).toEqual(['ws.yaml:4: taxes[0].rate: must be from 0 to 100']);
  });

  it('a missing field is "required", at the line of its record', () => {
    expect(lines('version: 1\nquick_replies:\n  - title: Hours\n')).toEqual(['ws.yaml:3: quick_replies[0].message: is required']);
    expect(lines('tags: []\n')).toEqual(['ws.yaml:1: version: is required']);
    expect(lines('version: 2\n')).toEqual(['ws.yaml:1: version: must be 1']);
  });

  it('an unknown area is named with the areas there are', () => {
    expect(lines('version: 1\nlabels: []\n')[0]).toMatch(/^ws\.yaml:2: labels: unknown field \(expected version or one of tags, custom_fields/);
  });

  it('two records with one natural key, in any case, are a duplicate (quick replies by title, currencies by code)', () => {
    expect(lines('version: 1\ntags:\n  - {name: vip, color: "#FF8800"}\n  - {name: VIP, color: "#FF8800"}\n')).toEqual(['ws.yaml:4: tags[1].name: duplicate: tags[0] has the same name "VIP"']);
    expect(lines('version: 1\nquick_replies:\n  - {title: A, message: x}\n  - {title: a, message: y}\n')[0]).toMatch(/quick_replies\[1\]\.title: duplicate/);
    expect(lines('version: 1\ncurrencies:\n  - {code: USD, name: D, symbol: $}\n  - {code: usd, name: E, symbol: $}\n')[0]).toMatch(/currencies\[1\]\.code: duplicate/);
    expect(lines('version: 1\ntags:\n  - {name: vip, color: "#FF8800"}\n  - {name: vip2, color: "#FF8800"}\n')).toEqual([]);
  });

  it('a key written twice in one mapping is not valid YAML', () => {
    expect(lines('version: 1\nversion: 1\n')[0]).toMatch(/^ws\.yaml:2: not valid YAML or JSON: Map keys must be unique/);
  });

  it('a reference must name a record of its area when the file lists that area', () => {
    const seg = 'segments:\n  - name: S\n    filters:\n      tag_ids: [vip, nope]\n';
    expect(lines(`version: 1\ntags:\n  - {name: vip, color: "#FF8800"}\n${seg}`)).toEqual(['ws.yaml:7: segments[0].filters.tag_ids: no tags record named "nope" in the file']);
    // Without tags in the file, the workspace's own tags may hold it: sync resolves it.
    expect(lines(`version: 1\n${seg}`)).toEqual([]);
  });

  it('at most one default currency', () => {
    const c = (code: string, d: boolean) => `  - {code: ${code}, name: N, symbol: S, is_default: ${d}}\n`;
    expect(lines(`version: 1\ncurrencies:\n${c('USD', true)}${c('EUR', true)}`)).toEqual(['ws.yaml:4: currencies[1].is_default: a second default currency (currencies[0] is the default; there is one)']);
    expect(lines(`version: 1\ncurrencies:\n${c('USD', true)}${c('EUR', false)}`)).toEqual([]);
  });

  it('a flow is checked as `flows validate` checks it (gotos name screens)', () => {
    expect(lines('version: 1\nflows:\n  - name: F\n    keyword: k\n    status: active\n    greeting:\n      - goto: nowhere\n    screens: {}\n')).toEqual([
      'ws.yaml:7: flows[0].greeting[0].goto: no screen named "nowhere" (screens: none)',
    ]);
  });

  it('fills ${env:NAME} anywhere in a value; an unset name is a problem naming it and its line', () => {
    const text = 'version: 1\nquick_replies:\n  - title: Hours\n    message: "Call ${env:PHONE} or ${env:PHONE}, ${env:CITY}"\n';
    expect(parse(text, { PHONE: '555', CITY: 'Oslo' }).data?.quick_replies?.[0].message).toBe('Call 555 or 555, Oslo');
    expect(lines(text, { PHONE: '555' })).toEqual(['ws.yaml:4: ${env:CITY}: environment variable CITY is not set']);
    // An empty value is set.
    expect(parse(text, { PHONE: '', CITY: '' }).data?.quick_replies?.[0].message).toBe('Call  or ,');
  });

  it('an alias to no anchor, or too many aliases, is a problem, not a crash', () => {
    expect(lines('version: 1\ntags: *nowhere\n')[0]).toMatch(/^ws\.yaml: not valid YAML or JSON: Unresolved alias/);
    const laughs = 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nversion: 1\n';
    expect(lines(laughs)[0]).toMatch(/not valid YAML or JSON: .*alias/i);
  });

  it('answers any text with data or problems, never a throw (seeded)', () => {
    const yamlish = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify({ version: 1, tags: [v], flows: v, segments: [{ name: 'x', filters: { tag_ids: v } }] })),
    );
    fc.assert(
      fc.property(yamlish, (text) => {
        const r = parse(text, { A: 'a' });
        expect(r.data !== undefined || r.problems.length > 0).toBe(true);
      }),
      { seed: 33, numRuns: 400 },
    );
  });
});
