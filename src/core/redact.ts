// Secrets never reach output, traces or dry-runs: header values and body fields by name.

const SECRET_HEADER = /^(x-api-key|authorization|proxy-authorization|cookie|set-cookie)$/i;
// `token` but not `tokens`: `max_tokens` is a number of them, not a credential.
const SECRET_FIELD = /pass(word)?|secret|api[-_]?key|token(?!s)|otp$/i;

/** A field whose name says it holds a secret (`webhook_token`, `password`, `api_key`). */
export const isSecretName = (field: string) => SECRET_FIELD.test(field);

export const REDACTED = '***';

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k] = SECRET_HEADER.test(k) ? REDACTED : Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** A body with its secret fields as ***: the value itself when it holds none (a plan shows 10,000 records, each copied for nothing). */
export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = value.map(redactBody);
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, isSecretName(k) && v !== null && typeof v !== 'object' ? REDACTED : redactBody(v)] as const);
    return entries.some(([k, v]) => v !== (value as Record<string, unknown>)[k]) ? Object.fromEntries(entries) : value;
  }
  return value;
}

/** Remove every occurrence of known secret strings from free text, as written or JSON-escaped. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length < 4) continue;
    out = out.split(s).join(REDACTED);
    const escaped = JSON.stringify(s).slice(1, -1);
    if (escaped !== s) out = out.split(escaped).join(REDACTED);
  }
  return out;
}

// scheme://userinfo@ — the userinfo ends at the first `/`, `?`, `#` or blank, and holds no `@`.
const USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;

/** `https://user:pass@host` → `https://***@host`, anywhere in a text. */
export function redactUrls(text: string): string {
  return text.includes('@') ? text.replace(USERINFO, `$1${REDACTED}@`) : text;
}
