// The response policy: only a 2xx is a success, and only with the body its operation promises
// (JSON unless the table says text, a file, or no content); what a redirect points at, safe to
// print; a body as the api command shows it.
import { ResponseError } from '../core/errors.js';
import { sanitizeCell } from '../core/sanitize.js';
import type { ResponseKind } from './operations.js';

/** The body as text, without a UTF-8 byte order mark. */
export function utf8(body: Buffer): string {
  return body.toString('utf8', body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0);
}

/** The first printable characters of a body, for a one-line message. */
export function snippet(text: string, max = 80): string {
  // eslint-disable-next-line no-control-regex
  const one = text.slice(0, 4 * max).replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return one === '' ? '(an empty body)' : one.length > max ? `${one.slice(0, max)}…` : one;
}

/** Where a redirect points, absolute and without userinfo, safe to print. */
export function redirectTarget(location: string | string[] | undefined, from: URL): string | undefined {
  const v = Array.isArray(location) ? location[0] : location;
  if (!v) return undefined;
  try {
    const to = new URL(v, from);
    to.username = '';
    to.password = '';
    return sanitizeCell(to.toString()).slice(0, 300);
  } catch {
    return sanitizeCell(v).slice(0, 300);
  }
}

/** A 2xx body as the operation promises it; an answer that breaks the promise is an error. */
export function successBody(raw: Buffer, contentType: string | string[] | undefined, status: number, kind: ResponseKind, url: URL, noContent: boolean): unknown {
  // Reached only where the request allows no content: whatever came along is not a body.
  if (status === 204 || status === 205) return undefined;
  const text = utf8(raw);
  if (kind === 'text' || (noContent && text === '')) return parseBody(text, contentType);
  const type = String(contentType ?? '');
  // The MCP client splits the stream into its messages.
  if (kind === 'rpc' && /^text\/event-stream\b/i.test(type)) return text;
  if ((type !== '' && !/[/+]json\b/i.test(type)) || text.trim() === '') throw brokenAnswer(url, status, kind, snippet(text));
  try {
    return JSON.parse(text);
  } catch {
    throw brokenAnswer(url, status, kind, snippet(text));
  }
}

/** A 2xx without the body the operation promises; `shown` is what came instead. */
export function brokenAnswer(url: URL, status: number, kind: ResponseKind, shown: string): ResponseError {
  if (kind === 'json' || kind === 'rpc') return new ResponseError(`The server at ${url.origin} did not answer JSON: ${shown}`, status, 'not_json');
  return new ResponseError(`The server at ${url.origin} did not ${kind === 'file' ? 'send the file' : 'answer'}: ${shown}`, status, 'no_content');
}

/** A body past the cap, CHATCRM_MAX_BODY or 32 MiB. */
export function tooLarge(url: URL, maxBody: number): ResponseError {
  const mib = maxBody / 1024 / 1024;
  return new ResponseError(
    `The server at ${url.origin} sent a body over ${Number.isInteger(mib) ? `${mib} MiB` : `${maxBody} bytes`}; stopped reading (raise the limit with CHATCRM_MAX_BODY)`,
    undefined,
    'too_large',
  );
}

/** A body as the `api` command and error messages want it: JSON when it is JSON, else the text. */
export function parseBody(text: string, contentType?: string | string[]): unknown {
  const ct = String(contentType ?? '');
  if (text === '') return undefined;
  if (ct.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
