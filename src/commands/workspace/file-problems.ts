// A schema issue of a workspace file in words: an unknown field with the known one it is
// nearest to, a value of the wrong type with what was expected and what was found.
import type * as z from 'zod/mini';
import { nearest } from '../../core/nearest.js';
import { describe } from '../../schemas/problems.js';
import { AREAS, type AreaName } from './areas.js';
import { knownFields } from './schema.js';

type Path = (string | number)[];

export interface SchemaProblem {
  path: Path;
  message: string;
}

const TYPES: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a mapping', record: 'a mapping' };

/** A value as the file wrote it; a string cut short, and never one filled from a variable (`source` is the text as written). */
function shown(input: unknown, source: string | undefined): string {
  if (typeof input === 'string') {
    if (source?.includes('${env:')) return source;
    return JSON.stringify(input.length > 40 ? `${input.slice(0, 39)}…` : input);
  }
  if (Array.isArray(input)) return 'a list';
  if (input !== null && typeof input === 'object') return 'a mapping';
  return String(input);
}

/** The fields of the mapping at a path: the file's top, or a record of an area. */
function fieldsAt(path: Path): string[] | undefined {
  if (path.length === 0) return ['version', ...AREAS];
  return path.length === 2 && typeof path[1] === 'number' ? knownFields(path[0] as AreaName) : undefined;
}

function unknownField(key: string, at: Path): { message: string; meant?: string } {
  const known = fieldsAt(at);
  const meant = known && nearest(key, known);
  if (meant) return { message: `unknown field, did you mean \`${meant}\`?`, meant };
  if (!known) return { message: 'unknown field' };
  return { message: at.length ? `unknown field (expected one of ${known.join(', ')})` : `unknown field (expected version or one of ${AREAS.join(', ')})` };
}

/**
 * Every issue, each at its own path. A required field that an unknown one is nearest to is
 * said once, as the unknown one (`colour: unknown field, did you mean \`color\`?`).
 */
export function schemaProblems(issues: z.core.$ZodIssue[], sourceAt: (path: Path) => string | undefined): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const meant = new Set<string>();
  for (const i of issues) {
    const at = i.path.map((p) => (typeof p === 'number' ? p : String(p)));
    if (i.code === 'unrecognized_keys') {
      for (const key of i.keys) {
        const u = unknownField(key, at);
        if (u.meant) meant.add(JSON.stringify([...at, u.meant]));
        out.push({ path: [...at, key], message: u.message });
      }
    } else if (i.code === 'invalid_type' && i.input !== undefined) {
      out.push({ path: at, message: `expected ${TYPES[i.expected] ?? i.expected}, found ${shown(i.input, sourceAt(at))}` });
    } else {
      out.push({ path: at, message: describe(i) });
    }
  }
  return out.filter((p) => p.message !== 'is required' || !meant.has(JSON.stringify(p.path)));
}
