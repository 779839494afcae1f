// Request body schemas by name (`<file>.<export>`), as referenced by operations.ts.
// Each file loads only when one of its schemas is needed, so a command pays for the
// zod code of its own area and no other.
import type * as z from 'zod/mini';
import { UsageError } from '../core/errors.js';

const files: Record<string, () => Promise<Record<string, unknown>>> = {
  chat: () => import('./chat.js'),
  templates: () => import('./templates.js'),
  flows: () => import('./flows.js'),
  auth: () => import('./auth.js'),
  crm: () => import('./crm.js'),
  'crm-workspace': () => import('./crm-workspace.js'),
};

export async function loadSchema(ref: string): Promise<z.ZodMiniType> {
  const [file, name] = ref.split('.');
  const mod = await files[file]?.();
  const schema = mod?.[name];
  if (!schema) throw new Error(`unknown schema ${ref}`);
  return schema as z.ZodMiniType;
}

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

export function problemsOf(error: z.core.$ZodError): Problem[] {
  return error.issues.map((i) => ({ path: issuePath(i.path), message: i.message }));
}

/** Parse or throw a UsageError naming the first offending field (with `what` as prefix). */
export function parseOrUsage<T extends z.ZodMiniType>(schema: T, value: unknown, what = ''): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data as z.infer<T>;
  const [first, ...rest] = problemsOf(r.error);
  const where = [what, first.path].filter(Boolean).join('.');
  const more = rest.length ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : '';
  throw new UsageError(`${where ? `${where}: ` : ''}${first.message}${more}`);
}
