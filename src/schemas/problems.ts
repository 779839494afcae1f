// Zod issues in words, and each under the flag that gave its field: what every command, the
// sandbox and mcp serve say about a request that does not fit its schema. A leaf module: the
// schema files use it too.
import type * as z from 'zod/mini';
import { UsageError } from '../core/errors.js';

/** `a.b[2].c` style path of a zod issue. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export interface Problem {
  path: string;
  message: string;
}

const quote = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const oneOf = (values: readonly unknown[]) => (values.length === 1 ? `must be ${quote(values[0])}` : `must be one of ${values.map(quote).join(', ')}`);

/**
 * What an issue means, in words. zod/mini ships no locale: an issue without a message of ours
 * reads "Invalid input", which says nothing; its code and details say what was expected.
 */
export function describe(i: z.core.$ZodIssue): string {
  if (i.message !== 'Invalid input') return i.message;
  switch (i.code) {
    case 'invalid_value':
      return oneOf(i.values);
    case 'invalid_union':
      // A discriminated union whose `type` matched no option: list the options.
      return 'options' in i && i.options?.length ? oneOf(i.options) : i.message;
    case 'invalid_type':
      // `input` is there when the parse asked for it (parseWithInput): a missing field is required, not mistyped.
      return 'input' in i && i.input === undefined ? 'is required' : `must be ${/^[aeiou]/.test(i.expected) ? 'an' : 'a'} ${i.expected}`;
    default:
      return i.message;
  }
}

export function problemsOf(error: z.core.$ZodError): Problem[] {
  return error.issues.map((i) => ({ path: issuePath(i.path), message: describe(i) }));
}

/** Parse, with each issue knowing its input (so a missing field reads "is required"). */
export function parseWithInput<T extends z.ZodMiniType>(schema: T, value: unknown) {
  return schema.safeParse(value, { reportInput: true });
}

/** Field path (or the path above it: `message.location`) → the flag that gave it (`--location`). */
export type FieldFlags = Record<string, string>;

/** The flag that gave a field: the longest path in `flags` that is the field's or above it. */
function ownerOf(path: string, flags: FieldFlags): string | undefined {
  let best: string | undefined;
  for (const f of Object.keys(flags)) {
    const under = path === f || path.startsWith(`${f}.`) || path.startsWith(`${f}[`);
    if (under && (best === undefined || f.length > best.length)) best = f;
  }
  return best;
}

/**
 * Every problem, in one line: each under the flag that gave its field, the path below the
 * flag before the message (`--location: latitude must be between -90 and 90; longitude must
 * be between -180 and 180`); a field no flag gave by its path (`message_body: is required`),
 * after `prefix` (`--file t.yaml: `) when it came from a file.
 */
export function problemLine(problems: Problem[], flags: FieldFlags = {}, prefix = ''): string {
  const groups = new Map<string, string[]>();
  const add = (label: string, text: string) => groups.set(label, [...(groups.get(label) ?? []), text]);
  for (const p of problems) {
    const owner = ownerOf(p.path, flags);
    if (owner === undefined) {
      add(prefix, `${p.path ? `${p.path}: ` : ''}${p.message}`);
      continue;
    }
    // `buttons[0].url` under --button reads `buttons[0].url ...`, not `[0].url ...`.
    let rest = p.path.slice(owner.length).replace(/^\./, '');
    if (rest.startsWith('[')) rest = `${owner.split('.').pop()}${rest}`;
    add(`${flags[owner]}: `, `${rest ? `${rest} ` : ''}${p.message}`);
  }
  return [...groups].map(([label, texts]) => `${label}${texts.join('; ')}`).join('; ');
}

/** Parse or throw a UsageError listing every problem, each naming its flag (see problemLine). */
export function parseOrUsage<T extends z.ZodMiniType>(schema: T, value: unknown, flags: FieldFlags = {}): z.infer<T> {
  const r = parseWithInput(schema, value);
  if (r.success) return r.data as z.infer<T>;
  throw new UsageError(problemLine(problemsOf(r.error), flags));
}
