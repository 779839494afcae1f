// A real IO (the one the CLI uses: sanitizing, scrubbing) over in-memory streams, for unit tests.
import { PassThrough } from 'node:stream';
import { createIO, type IO } from '../../src/core/io.js';

export type TestIO = IO & { stdoutText(): string; stderrText(): string };

export function testIO(opts: { tty?: boolean; columns?: number } = {}): TestIO {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const io = createIO({ env: {}, noColor: true, streams: { stdout, stderr, stdin: new PassThrough(), tty: opts.tty, columns: opts.columns ?? 80 } });
  return Object.assign(io, { stdoutText: () => out, stderrText: () => err });
}
