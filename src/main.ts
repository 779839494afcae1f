// The process's side of core/host.ts: the only code (with out.ts) that reads argv, the
// variables, the standard streams and signals of the process, or ends it. cli.ts does the rest.
import { fstatSync } from 'node:fs';
import { run } from './cli.js';
import { EXIT } from './core/errors.js';
import type { Host, Streams } from './core/host.js';
import { fdStream } from './out.js';

/**
 * The standard streams, each built on first use: building process.stdout for a pipe or a file
 * loads Node's stream modules, a cost that a help or completion answer (out.ts) does not pay.
 */
function processStreams(): Streams {
  const built = new Set<NodeJS.WriteStream>();
  const writable = (stream: NodeJS.WriteStream) => {
    if (built.has(stream)) return stream;
    built.add(stream);
    // A reader that stops early (`chatcrm ... | head`) is not an error.
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
    return stream;
  };
  // Only a terminal needs process.stdout to say so.
  const terminal = (fd: 1 | 2) => fstatSync(fd).isCharacterDevice() && Boolean((fd === 1 ? process.stdout : process.stderr).isTTY);
  const tty: { stdout?: boolean; stderr?: boolean } = {};
  return {
    get stdout() {
      return writable(process.stdout);
    },
    get stderr() {
      return writable(process.stderr);
    },
    get stdin() {
      return process.stdin;
    },
    tty: {
      get stdout() {
        return (tty.stdout ??= terminal(1));
      },
      get stderr() {
        return (tty.stderr ??= terminal(2));
      },
      get stdin() {
        return Boolean(process.stdin.isTTY);
      },
    },
    get columns() {
      return (tty.stdout ??= terminal(1)) ? process.stdout.columns : undefined;
    },
  };
}

/** The process as a host: the first Ctrl-C aborts the run's signal, a second one ends the process at once. */
function processHost(): Host {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(EXIT.interrupted);
    controller.abort();
  });
  return {
    env: process.env,
    streams: processStreams(),
    brief: { stdout: fdStream(1), stderr: fdStream(2) },
    interrupt: controller.signal,
    onSignal(name, listener) {
      process.on(name, listener);
      return () => void process.off(name, listener);
    },
    exit: (code) => process.exit(code),
    atExit(fn) {
      process.once('exit', fn);
      return () => void process.off('exit', fn);
    },
  };
}

// Not a top-level await: the bundle is converted to CommonJS (scripts/build.mjs).
void run(process.argv.slice(2), processHost()).then((code) => {
  process.exitCode = code;
});
