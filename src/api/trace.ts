// --verbose: every request and response on stderr, the key and secrets redacted, long bodies cut.
import type { Clock } from '../core/clock.js';
import { redactBody, redactHeaders } from '../core/redact.js';
import type { Headers_ } from './transport.js';

/** Where the trace goes, when --verbose asks for one, and the clock it times answers on (the client's options). */
interface Tracer {
  verbose: boolean;
  trace: (line: string) => void;
  clock: Clock;
}

/** What of a request's body the trace shows. */
interface TracedBody {
  json?: unknown;
  form?: { describe(): unknown };
  raw?: Buffer;
}

/** The request line, its headers and body, once per attempt. */
export function traceRequest(opts: Tracer, method: string, url: URL, headers: Record<string, string>, o: TracedBody, attempt: number, via: string) {
  if (!opts.verbose) return;
  const t = opts.trace;
  t(`> ${method} ${url}${attempt ? ` (retry ${attempt})` : ''} [${via}]`);
  for (const [k, v] of Object.entries(redactHeaders(headers))) t(`> ${k}: ${v}`);
  if (o.json !== undefined) t(`> ${truncate(JSON.stringify(redactBody(o.json)))}`);
  else if (o.form) t(`> ${truncate(JSON.stringify(o.form.describe()))}`);
  else if (o.raw) t(`> [${o.raw.length} bytes]`);
}

/** The status, the time it took, the headers and the body. */
export function traceResponse(opts: Tracer, status: number, headers: Headers_, body: unknown, started: number) {
  if (!opts.verbose) return;
  const t = opts.trace;
  t(`< ${status} (${Math.round(opts.clock.now() - started)} ms)`);
  for (const [k, v] of Object.entries(redactHeaders(headers))) t(`< ${k}: ${v}`);
  if (body !== undefined && body !== '') t(`< ${truncate(typeof body === 'string' ? body : JSON.stringify(redactBody(body)))}`);
}

function truncate(s: string, max = 2000): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
}
