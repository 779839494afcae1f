// The `api` command's argument grammar, kept pure for unit tests: -f fields (dot paths,
// `key[]` appends, `key:=json` raw values) and -H headers.
import { UsageError } from '../../core/errors.js';

export interface Field {
  key: string;
  value: unknown;
}

const FIELD_FLAG = '-f, --field';

/** `a.b=c` → { key: 'a.b', value: 'c' }; `n:=5` → { key: 'n', value: 5 }. */
export function parseField(arg: string, flag = FIELD_FLAG): Field {
  const eq = arg.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag}: expected key=value, got "${arg}"`);
  const raw = arg[eq - 1] === ':';
  const key = arg.slice(0, raw ? eq - 1 : eq);
  const text = arg.slice(eq + 1);
  if (!key) throw new UsageError(`${flag}: expected key=value, got "${arg}"`);
  if (!raw) return { key, value: text };
  try {
    return { key, value: JSON.parse(text) };
  } catch {
    throw new UsageError(`${flag}: ${key}:= needs a JSON value, got "${text}"`);
  }
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** Nest fields by dot path into one object; `tags[]=a -f tags[]=b` builds an array. */
export function nestFields(fields: Field[], flag = FIELD_FLAG): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { key, value } of fields) {
    const append = key.endsWith('[]');
    const parts = (append ? key.slice(0, -2) : key).split('.');
    if (parts.some((p) => p === '' || FORBIDDEN.has(p))) throw new UsageError(`${flag}: "${key}" is not a valid field path`);
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === undefined) node = node[part] = {} as Record<string, unknown>;
      else if (next && typeof next === 'object' && !Array.isArray(next)) node = next as Record<string, unknown>;
      else throw new UsageError(`${flag}: "${key}" conflicts with another field that sets ${part}`);
    }
    const last = parts[parts.length - 1];
    if (append) {
      const arr = node[last] ?? [];
      if (!Array.isArray(arr)) throw new UsageError(`${flag}: "${key}" appends to ${last}, which is not a list`);
      node[last] = [...arr, value];
    } else {
      if (node[last] !== undefined) throw new UsageError(`${flag}: ${key} is given twice`);
      node[last] = value;
    }
  }
  return root;
}

/** Fields as query parameters, keys as written (repeatable for `key[]`). */
export function queryString(fields: Field[]): string {
  const q = new URLSearchParams();
  for (const { key, value } of fields) q.append(key.endsWith('[]') ? key.slice(0, -2) : key, typeof value === 'string' ? value : JSON.stringify(value));
  return q.toString();
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `'Name: value'` → ['name', 'value']; anything else is a usage error. */
export function parseHeader(arg: string): [string, string] {
  const colon = arg.indexOf(':');
  const name = colon > 0 ? arg.slice(0, colon).trim() : '';
  const value = colon > 0 ? arg.slice(colon + 1).trim() : '';
  if (!TOKEN.test(name) || /[\r\n\0]/.test(value)) throw new UsageError(`-H, --header: expected 'Name: value', got "${arg}"`);
  return [name.toLowerCase(), value];
}
