// One line out of any error body the service sends: JSON with message/error/errors/details,
// an HTML page, plain text or nothing at all. Linear in the body, and only its head is read:
// a 400 KB HTML error page costs what its first 64 KiB do.

/** How much of an error body is looked at. */
export const ERROR_BODY_LIMIT = 64 * 1024;

const collapse = (s: string, max = 300) => {
  const one = s.slice(0, 8 * max).replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/**
 * The text of the first <tag>…</tag> of an HTML page, found with indexOf (no backtracking):
 * Express puts the message in <pre> under a generic <title>Error</title>, proxies in <h1>.
 */
function elementText(html: string, lowered: string, tag: string): string | undefined {
  let from = 0;
  for (;;) {
    const open = lowered.indexOf(`<${tag}`, from);
    if (open < 0) return undefined;
    const after = lowered.charCodeAt(open + tag.length + 1);
    // <pre> or <pre class=…>, not <preview>.
    if (after === 0x3e || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d) {
      const start = lowered.indexOf('>', open);
      if (start < 0) return undefined;
      const close = lowered.indexOf('<', start + 1);
      const text = html.slice(start + 1, close < 0 ? undefined : close).trim();
      if (text) return text;
    }
    from = open + tag.length + 1;
  }
}

/** A string, or the message of an object: `{message}`, or express-validator's `{msg, path}`. */
function stringish(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim()) return v;
  if (!v || typeof v !== 'object') return undefined;
  const o = v as { message?: unknown; msg?: unknown; path?: unknown; param?: unknown; field?: unknown };
  const text = typeof o.message === 'string' ? o.message : typeof o.msg === 'string' ? o.msg : undefined;
  const where = [o.path, o.param, o.field].find((w) => typeof w === 'string' && w !== '');
  return text && where ? `${where}: ${text}` : text;
}

export function errorMessage(body: unknown, status: number, statusText = ''): string {
  const fallback = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    let msg = stringish(b.message) ?? stringish(b.error) ?? stringish(b.msg);
    const details = stringish(b.details);
    if (details && msg && details !== msg) msg = `${msg}: ${details}`;
    const errors = Array.isArray(b.errors) ? b.errors.map((e) => stringish(e) ?? JSON.stringify(e)) : [];
    if (errors.length) msg = msg ? `${msg}: ${errors.join('; ')}` : errors.join('; ');
    return collapse(msg ?? fallback);
  }
  if (typeof body === 'string' && body.trim()) {
    const head = body.slice(0, ERROR_BODY_LIMIT);
    if (head.trimStart().startsWith('<')) {
      const lowered = head.toLowerCase();
      const title = ['pre', 'h1', 'title'].map((tag) => elementText(head, lowered, tag)).find(Boolean);
      return collapse(`${fallback}${title ? `: ${title}` : ''} (HTML page)`);
    }
    return collapse(`${fallback}: ${head}`);
  }
  return fallback;
}
