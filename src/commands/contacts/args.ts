// The flags of `contacts create` as the arguments of the tool create_contact (checked in
// ops/contacts.ts, as a row of `contacts import` and the tool of `mcp serve` are).
import { UsageError } from '../../core/errors.js';
import type { ContactNames } from '../../ops/contacts.js';

export const FLAG_NAMES: ContactNames = { phone: '--phone', name: '--name', email: '--email', tag: '--tag' };

/** `key=value` pairs (repeatable --field) as an object. */
export function keyValues(pairs: string[], flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of pairs) {
    const eq = f.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} ${JSON.stringify(f)}: expected key=value`);
    out[f.slice(0, eq)] = f.slice(eq + 1);
  }
  return out;
}
