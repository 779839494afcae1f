// The sandbox's secrets out of what it shows (the request log, the deliveries, the page): its
// key, webhook secret, verify token, inspector token, and the password of each --forward-to
// URL. Replaced in parsed values (strings, keys, numbers) rather than in JSON text, so the
// result is always valid JSON whatever a secret looks like (`--api-key 12345678`). A path is
// logged as the client wrote it: each secret is found in any spelling a URL allows (each
// character as it is or percent-encoded, in either case of hex; a space as `+`).
import type { Mask, SandboxConfig } from './http.js';

/** Nesting deeper than this is not shown (and not walked: a 100 KiB body can nest 50,000 deep). */
const DEPTH = 64;

function urlPasswords(urls: readonly string[]): string[] {
  const out: string[] = [];
  for (const u of urls) {
    try {
      const { password } = new URL(u);
      if (password) out.push(decodeURIComponent(password));
    } catch {
      // Not a URL (or a malformed escape): forward.ts refuses it; nothing more to hide.
    }
  }
  return out;
}

/** `%2F` as `%2[Ff]`: a byte percent-encoded, hex in either case. */
const percent = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0').replace(/[A-F]/g, (d) => `[${d}${d.toLowerCase()}]`)}`;

/** A pattern for one character in every spelling a path or query may give it. */
function spellings(ch: string): string {
  const forms = [ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), [...Buffer.from(ch)].map(percent).join('')];
  // A query's `+` is a space, and a client may write a space as `+`: either stands for the other.
  if (ch === ' ') forms.push('\\+');
  if (ch === '+') forms.push(' ');
  return `(?:${forms.join('|')})`;
}

/** The mask of a running sandbox. */
export function maskFor(config: SandboxConfig, forwardTo: readonly string[] = []): Mask {
  // Longest first: a secret that holds another is replaced whole.
  const secrets = [...new Set([config.apiKey, config.webhookSecret, config.verifyToken, config.inspectorToken, ...urlPasswords(forwardTo)])]
    .filter((s) => typeof s === 'string' && s !== '')
    .sort((a, b) => b.length - a.length);
  const pattern = secrets.length ? new RegExp(secrets.map((s) => [...s].map(spellings).join('')).join('|'), 'g') : undefined;
  const text = (s: string) => (pattern ? s.replace(pattern, '***') : s);
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v);
    if (typeof v === 'number') return text(String(v)) === String(v) ? v : text(String(v));
    if (typeof v !== 'object' || v === null) return v;
    if (depth >= DEPTH) return '(nested too deep to show)';
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x, depth + 1)]));
  };
  return (value) => walk(value, 0);
}
