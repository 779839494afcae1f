// A zod schema as the JSON Schema of a tool's input: what a caller may send, as one object
// with properties, since MCP clients expect an object at the top of an input schema.
import * as z from 'zod/mini';

export type JsonObject = Record<string, unknown>;

/** A zod schema as the JSON Schema of its input (what a caller may send). */
export function jsonSchemaOf(schema: z.ZodMiniType): JsonObject {
  const s = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  delete s.$schema;
  return s;
}

/**
 * A body schema as one object: a union of objects (`campaigns_recurring`: on with a pattern,
 * or off) becomes the union of their properties, required where every branch requires it;
 * the zod schema still checks which combination is valid.
 */
export function asObject(s: JsonObject): JsonObject {
  const branches = (s.oneOf ?? s.anyOf) as JsonObject[] | undefined;
  if (!branches?.every((b) => b.type === 'object')) return s;
  // A field that differs between branches takes any of them; its type stays checkable.
  const either = (a: JsonObject, b: JsonObject): JsonObject => {
    if (JSON.stringify(a) === JSON.stringify(b)) return a;
    const options = [...((a.anyOf as JsonObject[] | undefined) ?? [a]), b];
    const types = [...new Set(options.map((o) => o.type))];
    return { ...(types.every((t) => typeof t === 'string') ? { type: types.length === 1 ? types[0] : types } : {}), anyOf: options };
  };
  const properties: Record<string, JsonObject> = {};
  for (const b of branches) {
    for (const [k, v] of Object.entries((b.properties ?? {}) as Record<string, JsonObject>)) properties[k] = properties[k] ? either(properties[k], v) : v;
  }
  const required = ((branches[0].required as string[]) ?? []).filter((r) => branches.every((b) => ((b.required as string[]) ?? []).includes(r)));
  const loose = branches.some((b) => b.additionalProperties !== undefined && b.additionalProperties !== false);
  return { type: 'object', properties, ...(required.length ? { required } : {}), ...(loose ? { additionalProperties: {} } : { additionalProperties: false }) };
}
