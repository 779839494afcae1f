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

  it('fills ${env:CHATCRM_WS_NAME} anywhere in a value; an unset name is a problem naming it and its line', () => {
    const text = 'version: 1\nquick_replies:\n  - title: Hours\n    message: "Call ${env:CHATCRM_WS_PHONE} or ${env:CHATCRM_WS_PHONE}, ${env:CHATCRM_WS_CITY}"\n';
    expect(parse(text, { CHATCRM_WS_PHONE: '555', CHATCRM_WS_CITY: 'Oslo' }).data?.quick_replies?.[0].message).toBe('Call 555 or 555, Oslo');
    expect(lines(text, { CHATCRM_WS_PHONE: '555' })).toEqual(['ws.yaml:4: ${env:CHATCRM_WS_CITY}: environment variable CHATCRM_WS_CITY is not set']);
  });

  it('reads only CHATCRM_WS_* variables: any other name is refused naming the rule, even when set', () => {
    const text = (ref: string) => `version: 1\ntags:\n  - name: "gh-${ref}"\n    color: "#FF8800"\n`;
    expect(lines(text('${env:GITHUB_TOKEN}'), { GITHUB_TOKEN: 'ghp_x' })).toEqual(['ws.yaml:3: ${env:GITHUB_TOKEN}: a workspace file reads only variables named CHATCRM_WS_* (GITHUB_TOKEN is not one)']);
    // The prefix is the whole rule: a name that only holds it, or differs in case, is not one.
    expect(lines(text('${env:X_CHATCRM_WS_A}'), { X_CHATCRM_WS_A: 'a' })[0]).toMatch(/X_CHATCRM_WS_A is not one/);
    expect(lines(text('${env:chatcrm_ws_a}'), { chatcrm_ws_a: 'a' })[0]).toMatch(/chatcrm_ws_a is not one/);
    expect(parse(text('${env:CHATCRM_WS_}'), { CHATCRM_WS_: 'a' }).data?.tags?.[0].name).toBe('gh-a');
  });

  it('an empty value is refused unless the file gives a default; the default fills an unset or empty one', () => {
    const text = (ref: string) => `version: 1\nquick_replies:\n  - title: Hours\n    message: "Call ${ref}"\n`;
    expect(lines(text('${env:CHATCRM_WS_P}'), { CHATCRM_WS_P: '' })).toEqual(['ws.yaml:4: ${env:CHATCRM_WS_P}: environment variable CHATCRM_WS_P is empty (give a default: ${env:CHATCRM_WS_P:-default})']);
    const msg = (env: NodeJS.ProcessEnv) => parse(text('${env:CHATCRM_WS_P:-the desk}'), env).data?.quick_replies?.[0].message;
    expect(msg({ CHATCRM_WS_P: '' })).toBe('Call the desk');
    expect(msg({})).toBe('Call the desk');
    expect(msg({ CHATCRM_WS_P: '555' })).toBe('Call 555');
    // An empty default is a default: the file says so.
    expect(parse(text('${env:CHATCRM_WS_P:-}'), {}).data?.quick_replies?.[0].message).toBe('Call');
  });

  it('a filled-in value is shown as the file wrote it in every problem (duplicates, references, the schema)', () => {
    const env = { CHATCRM_WS_A: '  S3cr3t-value  ', CHATCRM_WS_B: 's3cr3t-value' };
    const text = 'version: 1\ntags:\n  - {name: "${env:CHATCRM_WS_A}", color: "#FF8800"}\n  - {name: "${env:CHATCRM_WS_B}", color: "#FF8800"}\nsegments:\n  - name: S\n    filters: {tag_ids: ["x-${env:CHATCRM_WS_B}"]}\n';
    const out = lines(text, env);
    expect(out).toEqual([
      'ws.yaml:4: tags[1].name: duplicate: tags[0] has the same name "${env:CHATCRM_WS_B}"',
      'ws.yaml:7: segments[0].filters.tag_ids: no tags record named "x-${env:CHATCRM_WS_B}" in the file',
    ]);
  });

  it('a field the server owns is refused, saying what sets it', () => {
    expect(lines('version: 1\nsegments:\n  - {name: S, filters: {}, contacts_count: 3}\nflows:\n  - {name: F, keyword: k, is_active: true}\n')).toEqual([
      'ws.yaml:3: segments[0].contacts_count: set by the server: a workspace file does not set it',
      'ws.yaml:5: flows[0].is_active: set by the server from `status`: write `status: draft`, `active` or `paused`',
    ]);
    // Not by pattern: a record's own counter, time or token limit is configuration.
    expect(lines('version: 1\nchatbots:\n  - {name: B, max_tokens: 512, retry_count: 2, expires_at: "2027-01-01"}\n')).toEqual([]);
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
