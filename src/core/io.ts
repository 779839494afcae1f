// Terminal facts and the policies derived from them: colour, prompting, spinners.
// Commands write through this object only, so tests can run them without a TTY.
import type { Writable, Readable } from 'node:stream';

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Colour on stdout/stderr (NO_COLOR, FORCE_COLOR, --no-color, TTY). */
  color: boolean;
  /** Prompts allowed: both ends are TTYs, and neither --no-input nor CI is set. */
  canPrompt: boolean;
  columns: number;
  out(text: string): void;
  err(text: string): void;
}

export interface IOOptions {
  noColor?: boolean;
  noInput?: boolean;
  env?: NodeJS.ProcessEnv;
}

export function colorPolicy(isTTY: boolean, env: NodeJS.ProcessEnv, noColor?: boolean): boolean {
  if (noColor) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export function createIO(opts: IOOptions = {}): IO {
  const env = opts.env ?? process.env;
  const stdoutIsTTY = Boolean(process.stdout.isTTY);
  const stderrIsTTY = Boolean(process.stderr.isTTY);
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  // process.stdin is built on first use, and building it costs start-up time (for /dev/null
  // Node loads its fs streams, fs/promises and readline): only commands that read stdin or
  // may prompt touch it.
  let stdinIsTTY: boolean | undefined;
  const stdinTTY = () => (stdinIsTTY ??= Boolean(process.stdin.isTTY));
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return stdinTTY();
    },
    color: colorPolicy(stdoutIsTTY, env, opts.noColor),
    get canPrompt() {
      return stdoutIsTTY && !opts.noInput && !ci && stdinTTY();
    },
    columns: process.stdout.columns || Number(env.COLUMNS) || 100,
    out: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  };
}
