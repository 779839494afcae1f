// --fields names that no record has: an error (exit 2) listing the fields the records do have,
// as gh does for an unknown JSON field.
import { getPath, isObj } from './shape.js';

/** The keys found at `prefix` (or at the top) of the sample, as field paths. */
function fieldsAt(sample: unknown[], prefix: string): string[] {
  const keys = new Set<string>();
  for (const r of sample.slice(0, 50)) {
    const at = prefix ? getPath(r, prefix) : r;
    if (isObj(at)) for (const k of Object.keys(at)) if (k !== '__v') keys.add(prefix ? `${prefix}.${k}` : k);
  }
  return [...keys];
}

/** The first --fields name no record has, with the fields they do have; undefined when all are known. */
export function unknownField(sample: unknown[], fields: string[], known: string[] = []): string | undefined {
  for (const f of fields) {
    if (known.includes(f) || sample.some((r) => getPath(r, f) !== undefined)) continue;
    const parts = f.split('.');
    let have: string[] = [];
    for (let i = parts.length - 1; i >= 0 && !have.length; i--) have = fieldsAt(sample, parts.slice(0, i).join('.'));
    return `--fields: unknown field "${f}"${have.length ? ` (${sample.length > 1 ? 'the records have' : 'the record has'}: ${have.join(', ')})` : ''}`;
  }
  return undefined;
}
