// One line out of any error body the service sends: JSON with message/error/errors/details,
// an HTML page, plain text or nothing at all.

const collapse = (s: string, max = 300) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

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
    if (/^\s*</.test(body)) {
      // Express puts the message in <pre> under a generic <title>Error</title>.
      const title = [/<pre[^>]*>([^<]*)<\/pre>/i, /<h1[^>]*>([^<]*)<\/h1>/i, /<title[^>]*>([^<]*)<\/title>/i].map((re) => re.exec(body)?.[1]?.trim()).find(Boolean);
      return collapse(`${fallback}${title ? `: ${title}` : ''} (HTML page)`);
    }
    return collapse(`${fallback}: ${body}`);
  }
  return fallback;
}
