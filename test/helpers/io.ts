// A real IO (the one the CLI uses: sanitizing, scrubbing) over in-memory streams, for unit tests.
import { EventEmitter } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Host, Termination } from '../../src/core/host.js';
import { createIO, type IO } from '../../src/core/io.js';

/** The same answer for stdout, stderr and stdin. */
export const ttys = (tty: boolean) => ({ stdout: tty, stderr: tty, stdin: tty });

export type TestIO = IO & { stdoutText(): string; stderrText(): string };

export function testIO(opts: { tty?: boolean; columns?: number; stdin?: Readable } = {}): TestIO {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const io = createIO({ env: {}, noColor: true, streams: { stdout, stderr, stdin: opts.stdin ?? new PassThrough(), tty: ttys(Boolean(opts.tty)), columns: opts.columns ?? 80 } });
  return Object.assign(io, { stdoutText: () => out, stderrText: () => err });
}

/** Thrown by a test host's exit(): the run ended there, with `code`. */
export class HostExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export interface TestHost extends Host {
  /** Send a termination signal to the run, as `kill` would to a process. */
  kill(name: Termination): void;
  /** How many listen for `name` now. */
  listeners(name: Termination): number;
}

/** A host of the test's own (core/host.ts): variables, in-memory streams, signals it sends itself. */
export function testHost(
  env: NodeJS.ProcessEnv,
  o: { stdin?: Readable; stdout?: Writable; stderr?: Writable; tty?: boolean; columns?: number; interrupt?: AbortSignal } = {},
): TestHost {
  const signals = new EventEmitter();
  const hooks = new Set<() => void>();
  const stdin = o.stdin ?? Readable.from([]);
  return {
    env,
    streams: { stdout: o.stdout ?? new PassThrough(), stderr: o.stderr ?? new PassThrough(), stdin, tty: ttys(Boolean(o.tty)), columns: o.columns },
    interrupt: o.interrupt ?? new AbortController().signal,
    onSignal(name, listener) {
      signals.on(name, listener);
      return () => void signals.off(name, listener);
    },
    exit(code) {
      for (const fn of hooks) fn();
      throw new HostExit(code);
    },
    atExit(fn) {
      hooks.add(fn);
      return () => void hooks.delete(fn);
    },
    kill: (name) => void signals.emit(name),
    listeners: (name) => signals.listenerCount(name),
  };
}
