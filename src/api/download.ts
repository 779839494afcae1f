// A download's body, streamed to disk: after the headers the deadline becomes an idle limit.
import { PassThrough, type Readable } from 'node:stream';
import { NetworkError } from '../core/errors.js';
import { secs } from './retry.js';
import { errorCode } from './transport.js';

/**
 * A download's body: after the headers, the deadline becomes an idle limit (no data for
 * --timeout), so a large file may take as long as it needs but a stalled one ends, as a
 * NetworkError (exit 7) the command reports in one line.
 */
export function idleGuard(source: Readable, url: URL, timeoutMs: number): Readable {
  const out = new PassThrough();
  const stalled = () => new NetworkError(`Download stalled: no data for ${secs(timeoutMs)} from ${url.origin}${url.pathname}`, true, 'timeout');
  const timer = setTimeout(() => out.destroy(stalled()), timeoutMs);
  source.on('data', (chunk: Buffer) => {
    timer.refresh();
    if (!out.write(chunk)) source.pause();
  });
  out.on('drain', () => (timer.refresh(), source.resume()));
  source.on('end', () => (clearTimeout(timer), out.end()));
  source.on('error', (err) => {
    const code = errorCode(err);
    out.destroy(code === 'UND_ERR_BODY_TIMEOUT' ? stalled() : new NetworkError(`Download interrupted: ${code ?? err.message} from ${url.origin}`, true, 'network'));
  });
  out.on('close', () => (clearTimeout(timer), source.destroy()));
  return out;
}
