// A zod schema as a tool's input schema (src/describe/json-schema.ts): the input side of the
// schema, and a union of objects as one object an MCP client can read.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { asObject, jsonSchemaOf } from '../../src/describe/json-schema.js';

describe('jsonSchemaOf', () => {
  it('is the input side with no $schema: a field with a default is not required', () => {
    const s = jsonSchemaOf(z.object({ name: z.string(), page: z._default(z.number(), 1) }));
    expect(s.$schema).toBeUndefined();
    expect(s).toMatchObject({ type: 'object', required: ['name'] });
    expect(Object.keys(s.properties as object)).toEqual(['name', 'page']);
  });
});

describe('asObject', () => {
  const on = { type: 'object', properties: { id: { type: 'string' }, on: { type: 'boolean', const: true }, pattern: { type: 'string' } }, required: ['id', 'on', 'pattern'], additionalProperties: false };
  const off = { type: 'object', properties: { id: { type: 'string' }, on: { type: 'boolean', const: false } }, required: ['id', 'on'], additionalProperties: false };

  it('leaves a schema that is not a union of objects as it is', () => {
    const plain = { type: 'object', properties: {} };
    expect(asObject(plain)).toBe(plain);
    const mixed = { anyOf: [on, { type: 'string' }] };
    expect(asObject(mixed)).toBe(mixed);
  });

  it('a union of objects (oneOf or anyOf): every property, required where every branch requires it, closed when every branch is', () => {
    for (const key of ['oneOf', 'anyOf']) {
      expect(asObject({ [key]: [on, off] })).toEqual({
        type: 'object',
        properties: { id: { type: 'string' }, on: { type: 'boolean', anyOf: [on.properties.on, off.properties.on] }, pattern: { type: 'string' } },
        required: ['id', 'on'],
        additionalProperties: false,
      });
    }
  });

  it('a field of two types takes either, typed; no field required by all gives no required; one open branch opens it', () => {
    const a = { type: 'object', properties: { v: { type: 'string' } }, required: ['v'] };
    const b = { type: 'object', properties: { v: { type: 'number' } }, additionalProperties: {} };
    expect(asObject({ anyOf: [a, b] })).toEqual({ type: 'object', properties: { v: { type: ['string', 'number'], anyOf: [{ type: 'string' }, { type: 'number' }] } }, additionalProperties: {} });
    const c = { type: 'object', properties: { v: { const: 1 } } };
    expect((asObject({ anyOf: [a, c] }).properties as Record<string, unknown>).v).toEqual({ anyOf: [{ type: 'string' }, { const: 1 }] });
  });
});
