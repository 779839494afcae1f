// Tool arguments typed and checked by the tool's input schema (a JSON Schema subset:
// type, properties, required, items, enum, additionalProperties), before anything is sent.
// The sandbox uses checkArgs too, so the CLI and the sandbox agree on what is valid.
import { isObj } from '../core/output/shape.js';
import { nearest } from '../core/nearest.js';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  minimum?: number;
  maximum?: number;
}

function types(s: JsonSchema | undefined): string[] {
  if (!s?.type) return [];
  return Array.isArray(s.type) ? s.type : [s.type];
}

/** A short type label for help tables: `integer`, `array<string>`, `string|null`. */
export function typeLabel(s: JsonSchema | undefined): string {
  const t = types(s);
  if (!t.length) return s?.enum ? s.enum.map(String).join('|') : 'any';
  return t.map((x) => (x === 'array' && s?.items ? `array<${typeLabel(s.items)}>` : x)).join('|');
}

/** ` (did you mean x?)` for the closest candidate, or an empty string. */
export function didYouMean(name: string, candidates: string[]): string {
  const best = nearest(name, candidates);
  return best === undefined ? '' : ` (did you mean ${best}?)`;
}

function matchesType(v: unknown, t: string): boolean {
  switch (t) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObj(v);
    case 'null':
      return v === null;
    default:
      return true;
  }
}

const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v));

/** The first problem of a value against a schema, as `path: message`, or undefined. */
function check(v: unknown, s: JsonSchema | undefined, path: string): string | undefined {
  if (!s) return undefined;
  const t = types(s);
  if (t.length && !t.some((x) => matchesType(v, x))) return `${path}: expected ${typeLabel(s)}, got ${show(v)}`;
  if (s.enum && !s.enum.some((e) => e === v)) return `${path}: must be one of ${s.enum.map(String).join(', ')}, got ${show(v)}`;
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return `${path}: must be at least ${s.minimum}`;
    if (s.maximum !== undefined && v > s.maximum) return `${path}: must be at most ${s.maximum}`;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = check(v[i], s.items, `${path}[${i}]`);
      if (p) return p;
    }
  }
  if (isObj(v) && (s.properties || s.required)) {
    const props = s.properties ?? {};
    for (const r of s.required ?? []) if (v[r] === undefined) return `${path ? `${path}.` : ''}${r}: required`;
    for (const [k, val] of Object.entries(v)) {
      // Own properties only: `constructor` or `toString` is not an argument of every tool.
      const own = Object.hasOwn(props, k) ? props[k] : undefined;
      const sub = own ?? (isObj(s.additionalProperties) ? (s.additionalProperties as JsonSchema) : undefined);
      const at = path ? `${path}.${k}` : k;
      if (!own && s.properties && s.additionalProperties !== true && !isObj(s.additionalProperties)) {
        return `${at}: unknown argument${didYouMean(k, Object.keys(props))}`;
      }
      const p = check(val, sub, at);
      if (p) return p;
    }
  }
  return undefined;
}

/** Check a tool's arguments: the first problem as `name: message`, or undefined. */
export function checkArgs(schema: JsonSchema | undefined, args: Record<string, unknown>): string | undefined {
  return check(args, { type: 'object', ...schema }, '');
}

export class ArgError extends Error {}

function typed(raw: string, s: JsonSchema | undefined, name: string): unknown {
  const t = types(s);
  const fail = (what: string): never => {
    throw new ArgError(`${name}: expected ${what}, got ${JSON.stringify(raw)}`);
  };
  if (t.includes('string') && !(t.includes('null') && raw === 'null')) return raw;
  for (const x of t) {
    if (x === 'integer' && /^-?\d+$/.test(raw)) return Number(raw);
    if (x === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
    if (x === 'boolean' && /^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
    if (x === 'null' && raw === 'null') return null;
    if (x === 'object' || x === 'array') {
      try {
        const v: unknown = JSON.parse(raw);
        if (matchesType(v, x)) return v;
      } catch {
        // not JSON: reported below
      }
    }
  }
  if (t.length) return fail(t.includes('object') ? 'a JSON object (or use key.sub=value)' : typeLabel(s));
  // Untyped: JSON when it parses, else the text.
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * `--arg key=value` pairs → arguments, typed by the schema: integers, numbers, booleans;
 * arrays by repeating the key (or one JSON array); objects by `key.sub=value` (or JSON).
 * A value stays a string whenever the schema says string, even if it looks like a number.
 */
export function parseArgPairs(pairs: string[], schema: JsonSchema | undefined, base: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  const seen = new Set<string>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new ArgError(`--arg ${JSON.stringify(pair)}: expected key=value`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    const path = key.split('.');
    if (path.some((p) => p === '')) throw new ArgError(`--arg ${JSON.stringify(pair)}: empty name in ${key}`);
    let target = out;
    let s: JsonSchema | undefined = { type: 'object', ...schema };
    for (let i = 0; i < path.length; i++) {
      const name = path[i];
      const props: Record<string, JsonSchema> | undefined = s?.properties;
      const own: JsonSchema | undefined = props && Object.hasOwn(props, name) ? props[name] : undefined;
      if (props && !own && s?.additionalProperties !== true && !isObj(s?.additionalProperties)) {
        const where = path.slice(0, i + 1).join('.');
        throw new ArgError(`--arg ${where}: unknown argument${didYouMean(name, Object.keys(props))}`);
      }
      const sub: JsonSchema | undefined = own ?? (isObj(s?.additionalProperties) ? (s!.additionalProperties as JsonSchema) : undefined);
      const label = `--arg ${path.slice(0, i + 1).join('.')}`;
      if (i < path.length - 1) {
        if (types(sub).length && !types(sub).includes('object')) throw new ArgError(`${label}: is ${typeLabel(sub)}, not an object`);
        if (!isObj(target[name])) target[name] = {};
        target = target[name] as Record<string, unknown>;
        s = sub;
        continue;
      }
      if (types(sub).includes('array') && !(raw.trimStart().startsWith('[') && Array.isArray(tryJson(raw)))) {
        const item = typed(raw, sub?.items, label);
        const prev = seen.has(key) && Array.isArray(target[name]) ? (target[name] as unknown[]) : [];
        target[name] = [...prev, item];
      } else {
        target[name] = typed(raw, sub, label);
      }
      seen.add(key);
    }
  }
  return out;
}

function tryJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
