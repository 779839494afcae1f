import { describe, expect, it } from 'vitest';
import { ArgError, checkArgs, didYouMean, parseArgPairs, type JsonSchema } from '../../src/mcp/schema.js';
import { sseMessages } from '../../src/mcp/sse.js';
import { responseFor } from '../../src/mcp/client.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    phone: { type: 'string' },
    n: { type: 'integer' },
    x: { type: 'number' },
    on: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    meta: { type: 'object', properties: { city: { type: 'string' }, floor: { type: 'integer' } } },
    kind: { type: 'string', enum: ['a', 'b'] },
  },
  required: ['phone'],
  additionalProperties: false,
};

describe('parseArgPairs', () => {
  it('types values by the schema; strings stay strings', () => {
    expect(parseArgPairs(['phone=007', 'n=-3', 'x=1.5', 'on=true', 'tags=a', 'tags=b', 'ids=[1,2]', 'meta.city=Oslo', 'meta.floor=2'], schema)).toEqual({
      phone: '007',
      n: -3,
      x: 1.5,
      on: true,
      tags: ['a', 'b'],
      ids: [1, 2],
      meta: { city: 'Oslo', floor: 2 },
    });
    expect(parseArgPairs(['meta={"city":"Rome"}', 'tags=["x","y"]'], schema)).toEqual({ meta: { city: 'Rome' }, tags: ['x', 'y'] });
  });

  it.each([
    ['n=1.5', /--arg n: expected integer/],
    ['x=abc', /--arg x: expected number/],
    ['on=maybe', /--arg on: expected boolean/],
    ['ids=x', /--arg ids: expected integer/],
    ['meta=nope', /--arg meta: expected a JSON object/],
    ['phnoe=1', /--arg phnoe: unknown argument \(did you mean phone\?\)/],
    ['meta.ctiy=1', /--arg meta.ctiy: unknown argument \(did you mean city\?\)/],
    ['n.sub=1', /--arg n: is integer, not an object/],
    ['novalue', /expected key=value/],
  ])('%s is refused', (pair, message) => {
    expect(() => parseArgPairs([pair], schema)).toThrow(ArgError);
    expect(() => parseArgPairs([pair], schema)).toThrow(message);
  });

  it('without a schema, values are JSON when they parse, else text', () => {
    expect(parseArgPairs(['a=1', 'b=hi', 'c={"d":true}'], undefined)).toEqual({ a: 1, b: 'hi', c: { d: true } });
  });
});

describe('checkArgs', () => {
  it('finds missing, mistyped, out-of-enum and unknown arguments', () => {
    expect(checkArgs(schema, { phone: '1' })).toBeUndefined();
    expect(checkArgs(schema, {})).toBe('phone: required');
    expect(checkArgs(schema, { phone: 1 })).toBe('phone: expected string, got 1');
    expect(checkArgs(schema, { phone: '1', kind: 'c' })).toMatch(/kind: must be one of a, b/);
    expect(checkArgs(schema, { phone: '1', tags: ['a', 2] })).toBe('tags[1]: expected string, got 2');
    expect(checkArgs(schema, { phone: '1', extra: 1 })).toBe('extra: unknown argument');
  });
  it('didYouMean suggests only close names', () => {
    expect(didYouMean('list_contact', ['list_contacts', 'send_campaign'])).toBe(' (did you mean list_contacts?)');
    expect(didYouMean('zzz', ['list_contacts'])).toBe('');
  });
});

describe('SSE answers', () => {
  const body = [': keep-alive', '', 'event: message', 'data: {"jsonrpc":"2.0","method":"notifications/message","params":{}}', '', 'data: {"jsonrpc":"2.0","id":1,', 'data: "result":{"x":1}}', '', 'id: 9', 'data: {"jsonrpc":"2.0","id":2,"result":{"ok":true}}', ''].join('\n');
  it('parses multi-line data and skips notifications and other ids', () => {
    expect(sseMessages(body)).toHaveLength(3);
    const res = { status: 200, headers: { 'content-type': 'text/event-stream' }, body };
    expect(responseFor(res, 2)).toEqual({ jsonrpc: '2.0', id: 2, result: { ok: true } });
    expect(responseFor(res, 1)).toEqual({ jsonrpc: '2.0', id: 1, result: { x: 1 } });
    expect(responseFor(res, 3)).toBeUndefined();
  });
});
