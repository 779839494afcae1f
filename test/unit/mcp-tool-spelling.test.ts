// A tool's name as `mcp call` compares it (toolKey) and whether the Mcp-Name header can carry it
// (headerNameProblem): both take names a server or a user wrote, so both are fuzzed (seeded).
import { validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolKey } from '../../src/describe/tool-names.js';
import { headerNameProblem } from '../../src/mcp/client.js';

/** The characters MCP tool names are meant to use. */
const NAME = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-.'), minLength: 1, maxLength: 30 });
const SPACE = fc.constantFrom(' ', '\t', '\u00a0', '\u3000', '\ufeff', '\u2003');
const IGNORABLE = fc.constantFrom('\u00ad', '\u200b', '\u200d', '\u2060', '\u034f');
/** Any code point, a Latin-1 one, or one a name is made of: every kind of character a name may hold. */
const ANY = fc.oneof(
  fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(...'send_campaign \t'),
);

/** One character of `name` as a server may spell it: another case, fullwidth, mathematical bold (small or capital), or as is. */
const respell = (c: string, how: number) => {
  const at = c.charCodeAt(0);
  if (how === 1) return c.toUpperCase();
  if (how === 2) return String.fromCharCode(at - 0x21 + 0xff01);
  if (how === 3 && /[a-z]/.test(c)) return String.fromCodePoint(0x1d41a + at - 0x61);
  if (how === 4 && /[a-z]/.test(c)) return String.fromCodePoint(0x1d400 + at - 0x61);
  return c;
};

describe('toolKey', () => {
  it('Send_Campaign, send_campaign with space around, fullwidth and ignorables are all send_campaign', () => {
    for (const s of ['Send_Campaign', 'send_campaign ', '\tSEND_CAMPAIGN', 'ｓｅｎｄ＿ｃａｍｐａｉｇｎ', '𝐬𝐞𝐧𝐝_campaign', '𝐒end_campaign', 'send\u00ad_campaign\u200b', 'ſend_campaign']) {
      expect(toolKey(s), JSON.stringify(s)).toBe('send_campaign');
    }
  });

  it('composes again what a dropped ignorable kept apart (e, CGJ, acute is é)', () => {
    expect(toolKey('caf' + 'e\u034f\u0301')).toBe(toolKey('CAF\u00c9'));
  });

  it('keeps apart what only looks alike (a Cyrillic і) and what differs inside (an inner space)', () => {
    expect(toolKey('send_campa\u0456gn')).not.toBe('send_campaign');
    expect(toolKey('send campaign')).not.toBe('send_campaign');
  });

  it('whatever the spelling of each character and whatever surrounds it: the plain name (fuzz, seeded)', () => {
    fc.assert(
      fc.property(
        NAME.chain((name) => fc.tuple(fc.constant(name), fc.array(fc.nat(4), { minLength: name.length, maxLength: name.length }), fc.array(IGNORABLE, { maxLength: name.length }))),
        fc.array(SPACE, { maxLength: 3 }),
        fc.array(SPACE, { maxLength: 3 }),
        ([name, hows, ignorables], before, after) => {
          const spelt = [...name].map((c, i) => respell(c, hows[i]) + (ignorables[i] ?? '')).join('');
          expect(toolKey(before.join('') + spelt + after.join(''))).toBe(name);
        },
      ),
      { seed: 46, numRuns: 300 },
    );
  });
});

describe('headerNameProblem', () => {
  it('printable ASCII (and tab) goes as it is; the first other character is named by code and place', () => {
    expect(headerNameProblem('send_campaign')).toBeUndefined();
    expect(headerNameProblem(' odd\tname ~')).toBeUndefined();
    expect(headerNameProblem('send_campa\u0456gn')).toBe('tool name "send_campa\\u0456gn": U+0456 (character 11) cannot be sent in the Mcp-Name header, which takes printable ASCII only');
    expect(headerNameProblem('\u007f')).toMatch(/^tool name "\\u007F": U\+007F \(character 1\)/);
    expect(headerNameProblem('é')).toMatch(/U\+00E9/);
  });

  it('whatever the name: accepted only when Node sends it byte for byte; a refusal is one line of printable ASCII (fuzz, seeded)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: ANY, maxLength: 40 }), NAME), (name) => {
        const problem = headerNameProblem(name);
        if (problem === undefined) {
          validateHeaderValue('mcp-name', name);
          return Buffer.from(name, 'latin1').toString('utf8') === name;
        }
        return /^tool name ".*": U\+[0-9A-F]{4,6} \(character \d+\) cannot be sent in the Mcp-Name header/.test(problem) && /^[\x20-\x7e]+$/.test(problem);
      }),
      { seed: 46, numRuns: 500 },
    );
  });
});
