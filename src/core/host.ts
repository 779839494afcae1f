// What one run of the CLI takes from the world around it: variables, standard streams, the
// interrupt, termination signals, the exit. bin/chatcrm.js runs it with the process's own
// (main.ts); tests run it in-process with theirs (test/helpers/cli.ts). Below program.ts nothing
// reads process.env, the standard streams, argv, signals or exit: they come from here (the layout
// test says so). What is the process's identity (pid, uid, platform, cwd) is read where it is used.
import type { Readable, Writable } from 'node:stream';

export type Termination = 'SIGTERM' | 'SIGHUP';

export interface Streams {
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** Built on first use by the process host (building process.stdin costs start-up time). */
  readonly stdin: Readable;
  /** Whether stdout, stderr and stdin are terminals. */
  readonly tty: { readonly stdout: boolean; readonly stderr: boolean; readonly stdin: boolean };
  /** The terminal's width, when stdout is one that says. */
  readonly columns?: number;
}

export interface Host {
  env: NodeJS.ProcessEnv;
  streams: Streams;
  /** Where a short answer (help, completion candidates) is written, if not `streams`: the process's descriptors, without building its streams (out.ts). */
  brief?: Pick<Streams, 'stdout' | 'stderr'>;
  /** Aborted by the first interrupt (Ctrl-C); the host decides what a second one does. */
  interrupt: AbortSignal;
  /** Call `listener` on a termination signal from now on; returns the function that stops it. */
  onSignal(name: Termination, listener: () => void): () => void;
  /** End the run now with `code`: finally blocks do not run, `atExit` functions do. */
  exit(code: number): never;
  /** Run `fn` if the run ends by exit(); returns the function that cancels it. */
  atExit(fn: () => void): () => void;
}
