// A strict workspace file: an unknown field is refused with the known field it is nearest to, a
// value of the wrong type says what was expected and what was found, merge keys are merged, and
// an id where a name goes (what dump writes for a record that is gone) is a warning, not an error.
import { describe, expect, it } from 'vitest';
import { parseWorkspace, problemLine } from '../../src/commands/workspace/read.js';
import { nearest } from '../../src/core/nearest.js';

const lines = (text: string, env: NodeJS.ProcessEnv = {}) => parseWorkspace(text, env).problems.map((p) => problemLine('ws.yaml', p));
const warnings = (text: string) => parseWorkspace(text, {}).warnings.map((p) => problemLine('ws.yaml', p));

describe('an unknown field', () => {
  it('is refused with file, line and the known field it is nearest to', () => {
    expect(lines('version: 1\ncustom_fields:\n  - name: Company\n    type: text\n    is_activ: true\n')).toEqual(['ws.yaml:5: custom_fields[0].is_activ: unknown field, did you mean `is_active`?']);
    expect(lines('version: 1\nflows:\n  - name: F\n    keyword: k\n    stauts: active\n')).toEqual(['ws.yaml:5: flows[0].stauts: unknown field, did you mean `status`?']);
    expect(lines('version: 1\ntgas: []\n')).toEqual(['ws.yaml:2: tgas: unknown field, did you mean `tags`?']);
  });

  it('nearest a required field that is missing: said once, as the unknown field', () => {
    expect(lines('version: 1\ntags:\n  - name: vip\n    colour: "#FF8800"\n')).toEqual(['ws.yaml:4: tags[0].colour: unknown field, did you mean `color`?']);
    // Another required field stays required.
    expect(lines('version: 1\ntags:\n  - colour: "#FF8800"\n')).toEqual(['ws.yaml:3: tags[0].name: is required', 'ws.yaml:3: tags[0].colour: unknown field, did you mean `color`?']);
  });

  it('near no known field: the fields there are', () => {
    expect(lines('version: 1\ntags:\n  - name: vip\n    color: "#FF8800"\n    weight: 3\n')).toEqual(['ws.yaml:5: tags[0].weight: unknown field (expected one of name, color)']);
  });

  it('every record area is strict; templates, never synced, and chatbots, whose settings the spec does not show, are read as they are', () => {
    for (const [area, record] of [
      ['taxes', '{name: T, rate: 1, sttus: active}'],
      ['currencies', '{code: USD, name: D, symbol: $, is_defualt: true}'],
      ['quick_replies', '{title: T, message: m, mesage: n}'],
      ['teams', '{name: T, member: [a]}'],
      ['segments', '{name: S, filter: {}}'],
    ]) {
      expect(lines(`version: 1\n${area}:\n  - ${record}\n`), area).toEqual([expect.stringMatching(/unknown field, did you mean `\w+`\?$/)]);
    }
    expect(lines('version: 1\ntemplates:\n  - {template_name: t, anything: 1}\n')).toEqual([]);
    expect(lines('version: 1\nchatbots:\n  - {name: B, max_tokens: 512, temperature: 0.2}\n')).toEqual([]);
  });
});

describe('a value of the wrong type', () => {
  it('says what was expected and what was found', () => {
    expect(lines('version: 1\ntaxes:\n  - name: VAT\n    rate: nine\n')).toEqual(['ws.yaml:4: taxes[0].rate: expected a number, found "nine"']);
    expect(lines('version: 1\ntags:\n  - name: 42\n    color: "#FF8800"\n')).toEqual(['ws.yaml:3: tags[0].name: expected a string, found 42']);
    expect(lines('version: 1\ncurrencies:\n  - {code: USD, name: D, symbol: $, is_active: "yes"}\n')).toEqual(['ws.yaml:3: currencies[0].is_active: expected true or false, found "yes"']);
    expect(lines('version: 1\ntags: {name: vip}\n')).toEqual(['ws.yaml:2: tags: expected a list, found a mapping']);
  });

  it('a value filled from a variable is shown as the file writes it', () => {
    expect(lines('version: 1\ntaxes:\n  - name: VAT\n    rate: "${env:CHATCRM_WS_RATE}"\n', { CHATCRM_WS_RATE: 'hidden-value' })).toEqual(['ws.yaml:4: taxes[0].rate: expected a number, found "${env:CHATCRM_WS_RATE}"']);
  });
});

describe('merge keys', () => {
  it('are merged (the record\'s own fields win), and a merged field is checked like any other', () => {
    const r = parseWorkspace('version: 1\ntags:\n  - &gold {name: gold, color: "#FFD700"}\n  - <<: *gold\n    name: gold2\n', {});
    expect(r.problems).toEqual([]);
    expect(r.data?.tags).toEqual([{ name: 'gold', color: '#FFD700' }, { name: 'gold2', color: '#FFD700' }]);
    expect(lines('version: 1\ntags:\n  - &a {name: a, color: "#FFD700", colr: x}\n  - <<: *a\n    name: b\n')[0]).toMatch(/tags\[0\]\.colr: unknown field, did you mean `color`\?/);
  });
});

describe('an id where a name goes', () => {
  const file = (ref: string) => `version: 1\ntags:\n  - {name: vip, color: "#FF8800"}\nsegments:\n  - name: Gold\n    filters:\n      tag_ids: [vip, ${ref}]\n`;

  it('is a warning naming the record, and the file is valid', () => {
    const r = parseWorkspace(file('65f0a1b2c3d4e5f6a7b8c9d0'), {});
    expect(r.problems).toEqual([]);
    expect(r.data?.segments).toHaveLength(1);
    expect(warnings(file('65f0a1b2c3d4e5f6a7b8c9d0'))).toEqual([
      'ws.yaml:7: segments[0].filters.tag_ids: segments "Gold" refers to 65f0a1b2c3d4e5f6a7b8c9d0, an id no tags record of the file has (a record that is gone, dumped as found); diff refuses to send it',
    ]);
  });

  it('one hex digit short is a name, and an unknown name is an error', () => {
    expect(lines(file('65f0a1b2c3d4e5f6a7b8c9d'))).toEqual(['ws.yaml:7: segments[0].filters.tag_ids: no tags record named "65f0a1b2c3d4e5f6a7b8c9d" in the file']);
    expect(warnings(file('65f0a1b2c3d4e5f6a7b8c9d'))).toEqual([]);
  });
});

describe('nearest', () => {
  it('suggests within max(2, a third of the word) edits, or a word that holds it', () => {
    expect(nearest('colr', ['name', 'color'])).toBe('color');
    expect(nearest('active', ['name', 'is_active'])).toBe('is_active');
    // Two edits: near; three (a six-letter word): not.
    expect(nearest('clour', ['color'])).toBe('color');
    expect(nearest('cxlxxr', ['color'])).toBeUndefined();
  });
});
