// Flow and template files: JSON or YAML (by extension; anything else is tried as JSON, then
// YAML), or `-` for stdin. The result must be an object.
import { extname } from 'node:path';
import { readTextArg, type Context } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import { loadYaml } from '../../core/output/print.js';

const MAX_ALIAS_COUNT = 100;

/** `label` starts every error message (e.g. `--file flow.yaml`). */
export async function readDataFile(ctx: Context, path: string, label: string): Promise<Record<string, unknown>> {
  const text = await readTextArg(ctx, path === '-' ? '-' : `@${path}`, label);
  const ext = extname(path).toLowerCase();
  let value: unknown;
  if (ext === '.json' || (ext !== '.yaml' && ext !== '.yml' && /^\s*[{[]/.test(text))) {
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`${label}: not valid JSON (${(err as Error).message})`);
    }
  } else {
    const y = await loadYaml();
    const doc = y.parseDocument(text, { uniqueKeys: true });
    const [first] = doc.errors;
    if (first) throw new UsageError(`${label}: not valid JSON or YAML: ${first.message.split('\n')[0].replace(/:$/, '')}`);
    try {
      // An alias that expands to many times its anchor's size (a "billion laughs" file) is refused, not expanded.
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      throw new UsageError(`${label}: not valid YAML: ${err instanceof ReferenceError ? 'too many aliases (an alias bomb?)' : (err as Error).message}`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${label}: must hold a JSON or YAML object (a mapping of fields)`);
  return value as Record<string, unknown>;
}
