// A download's body, streamed to disk: after the headers the deadline becomes an idle limit.
import { PassThrough, type Readable } from 'node:stream';
import type { Clock } from '../core/clock.js';
import { NetworkError } from '../core/errors.js';
import { secs } from './retry.js';
import { errorCode } from './transport.js';

/**
 * A download's body: after the headers, the deadline becomes an idle limit (no data for
 * --timeout), so a large file may take as long as it needs but a stalled one ends, as a
 * NetworkError (exit 7) the command reports in one line. The limit is a timer on the client's
 * clock, started again by every chunk and by the disk catching up (drain): a disk slower than
 * --timeout to take a chunk counts as a stall too.
 */
export function idleGuard(source: Readable, url: URL, timeoutMs: number, clock: Clock): Readable {
  const out = new PassThrough();
  const stalled = () => new NetworkError(`Download stalled: no data for ${secs(timeoutMs)} from ${url.origin}${url.pathname}`, true, 'timeout');
  const timer = clock.timer(timeoutMs, () => out.destroy(stalled()));
  source.on('data', (chunk: Buffer) => {
    timer.refresh();
    if (!out.write(chunk)) source.pause();
  });
  out.on('drain', () => (timer.refresh(), source.resume()));
  source.on('end', () => (timer.clear(), out.end()));
  source.on('error', (err) => {
    const code = errorCode(err);
    out.destroy(code === 'UND_ERR_BODY_TIMEOUT' ? stalled() : new NetworkError(`Download interrupted: ${code ?? err.message} from ${url.origin}`, true, 'network'));
  });
  out.on('close', () => (timer.clear(), source.destroy()));
  return out;
}
