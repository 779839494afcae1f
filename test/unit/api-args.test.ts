import { describe, expect, it } from 'vitest';
import { nestFields, parseField, parseHeader, queryString } from '../../src/commands/local/api-args.js';
import { maskKey, settingValue } from '../../src/commands/local/profiles.js';

const fields = (...args: string[]) => args.map((a) => parseField(a));

describe('api -f fields', () => {
  it('keeps values as strings and nests dot paths', () => {
    expect(nestFields(fields('name=Ada', 'a.b.c=1', 'a.b.d=x=y', 'empty='))).toEqual({ name: 'Ada', a: { b: { c: '1', d: 'x=y' } }, empty: '' });
  });

  it('parses key:=JSON as a raw value and key[]= as appends', () => {
    expect(nestFields(fields('n:=5', 'on:=true', 'o:={"k":[1]}', 'tags[]=a', 'tags[]=b', 'ids[]:=3'))).toEqual({
      n: 5,
      on: true,
      o: { k: [1] },
      tags: ['a', 'b'],
      ids: [3],
    });
  });

  it.each([['novalue'], ['=x'], [':=1'], ['n:=nope']])('refuses %s naming the flag', (arg) => {
    expect(() => parseField(arg)).toThrow(/^-f, --field: /);
  });

  it.each([
    [['a=1', 'a.b=2'], /conflicts/],
    [['a=1', 'a=2'], /twice/],
    [['a=1', 'a[]=2'], /not a list/],
    [['__proto__.x=1'], /not a valid field path/],
    [['a..b=1'], /not a valid field path/],
  ])('refuses %j', (args, message) => {
    expect(() => nestFields(fields(...args))).toThrow(message);
  });

  it('builds a query string with repeated keys for appends', () => {
    expect(queryString(fields('q=a b', 'tags[]=x', 'tags[]=y', 'n:=5'))).toBe('q=a+b&tags=x&tags=y&n=5');
  });
});

describe('api -H headers', () => {
  it('splits name and value at the first colon', () => {
    expect(parseHeader('X-Trace: a:b ')).toEqual(['x-trace', 'a:b']);
    expect(parseHeader('Accept:text/html')).toEqual(['accept', 'text/html']);
  });

  it.each([['no colon'], [': value'], ['Bad Name: v'], ['X: a\r\nInjected: 1']])('refuses %j', (arg) => {
    expect(() => parseHeader(arg)).toThrow(/^-H, --header: /);
  });
});

describe('profile settings', () => {
  it('masks keys to at most the last four characters', () => {
    expect(maskKey(undefined)).toBe('not set');
    expect(maskKey('short-key')).toBe('set');
    expect(maskKey('abcdefghijklmnop-WXYZ')).toBe('set (…WXYZ)');
  });

  it('validates values by setting', () => {
    expect(settingValue('base-url', 'https://api.example.com/')).toBe('https://api.example.com');
    expect(settingValue('allow-http', 'false')).toBe(false);
    expect(settingValue('default-sender', '')).toBeUndefined();
    expect(() => settingValue('mcp-url', 'ftp://x')).toThrow(/mcp-url: must be an http\(s\) URL/);
    expect(() => settingValue('allow-http', 'yes')).toThrow(/allow-http: must be true or false/);
  });
});
