import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/ops/recipient.js';
import { UsageError } from '../../src/core/errors.js';
import { colorPolicy } from '../../src/core/io.js';

describe('colorPolicy', () => {
  it.each<[boolean, NodeJS.ProcessEnv, boolean | undefined, boolean]>([
    [true, {}, undefined, true],
    [false, {}, undefined, false],
    [true, {}, true, false],
    [true, { NO_COLOR: '1' }, undefined, false],
    [true, { NO_COLOR: '' }, undefined, true],
    [true, { NO_COLOR: '1', FORCE_COLOR: '1' }, undefined, false],
    [false, { FORCE_COLOR: '1' }, undefined, true],
    [false, { FORCE_COLOR: '' }, undefined, true],
    [true, { FORCE_COLOR: '0' }, undefined, false],
    [true, { FORCE_COLOR: 'false' }, undefined, false],
    [false, { FORCE_COLOR: '1' }, true, false],
    [true, { TERM: 'dumb' }, undefined, false],
    [true, { TERM: 'dumb', FORCE_COLOR: '1' }, undefined, true],
  ])('tty=%s env=%j --no-color=%s → %s', (tty, env, noColor, expected) => {
    expect(colorPolicy(tty, env, noColor)).toBe(expected);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+1 (555) 123-4567', '15551234567'],
    ['15551234567', '15551234567'],
    ['  +44 20 7946 0958 ', '442079460958'],
    ['123456', '123456'],
    ['123456789012345', '123456789012345'],
  ])('%j → %s', (input, digits) => expect(normalizePhone(input)).toBe(digits));

  it.each([
    ['555-CALL-NOW', /--to: "555-CALL-NOW" is not a phone number/],
    ['12345', /--to: "12345" has 5 digits; a phone number has 6 to 15/],
    ['1234567890123456', /16 digits/],
    ['', /--to: "" is not a phone number/],
    ['+', /is not a phone number/],
    ['١٢٣٤٥٦٧', /is not a phone number/],
  ])('%j is a usage error', (input, message) => {
    expect(() => normalizePhone(input)).toThrow(UsageError);
    expect(() => normalizePhone(input)).toThrow(message);
  });

  it('names the flag it was given', () => {
    expect(() => normalizePhone('abc', '--mention')).toThrow(/^--mention:/);
  });
});
