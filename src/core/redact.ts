// Secrets never reach output, traces or dry-runs: header values and body fields by name.

const SECRET_HEADER = /^(x-api-key|authorization|proxy-authorization|cookie|set-cookie)$/i;
const SECRET_FIELD = /pass(word)?|secret|api[-_]?key|token|otp$/i;

export const REDACTED = '***';

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k] = SECRET_HEADER.test(k) ? REDACTED : Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactBody);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) && v !== null && typeof v !== 'object' ? REDACTED : redactBody(v)]),
    );
  }
  return value;
}

/** Remove every occurrence of known secret strings from free text (last line of defence). */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}
