// Stored messages hold whatever a signed event or a simulator brought: an object where a string
// is expected, or `{"toString": 1}`, on which String() and template literals throw. Whatever
// shows or forwards a stored value goes through these, so no value can stop the sandbox.

/** Any value as text: a string as it is, an object or array as compact JSON, nothing as ''. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return '';
  if (typeof v !== 'object') return String(v);
  try {
    return JSON.stringify(v);
  } catch {
    // Only values built in code (a cycle, a BigInt) get here; JSON from the wire never does.
    return '[unprintable]';
  }
}

/** A number, or NaN: Number() of an object calls its traps. */
export const asNumber = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN);

/** An object's fields, or none: for reading into values of any shape. */
export const asObject = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
