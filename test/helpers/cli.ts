// Run the CLI as a user would, in a clean environment: its own config dir, no TTY, no inherited
// CHATCRM_* variables. In-process by default (src/cli.ts on a host of the test's own, as gh's
// factory and wrangler's runWrangler do); as a process (bin/chatcrm.js → dist/) where the process
// is the subject: `process: true`, a working folder of its own, or a variable Node reads at start.
import { execa, type Options } from 'execa';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, it } from 'vitest';
import { run } from '../../src/cli.js';
import { testHost } from './io.js';

export const BIN = resolve(import.meta.dirname, '../../bin/chatcrm.js');

/**
 * One CLI run (or one wait for a line, a request, a screen) that takes longer than this hangs:
 * a guard, not a measure, wide enough for a machine busy with several test runs.
 */
export const HANG_MS = 60_000;

export function tempDir(prefix = 'chatcrm-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string | Buffer;
  cwd?: string;
  /** A config dir to reuse between runs (default: a fresh empty one). */
  configDir?: string;
  timeout?: number;
  /** Run bin/chatcrm.js in a process of its own: the process is the subject (its exit, its start, its Node). */
  process?: boolean;
}

export function cleanEnv(extra: Record<string, string | undefined> = {}, configDir = tempDir('chatcrm-cfg-')): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CHATCRM_') && k !== 'NO_COLOR' && k !== 'FORCE_COLOR') env[k] = v;
  return { ...env, CI: 'true', CHATCRM_CONFIG_DIR: configDir, HTTPS_PROXY: undefined, HTTP_PROXY: undefined, https_proxy: undefined, http_proxy: undefined, ...extra };
}

/** Variables Node or the OS read when a process starts: a run given one needs a process of its own. */
const AT_START = /^(NODE_|UV_|TZ$|LANG$|LC_|TMPDIR$|SSL_CERT_)/;

export async function runCli(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const own = opts.process || opts.cwd !== undefined || Object.keys(opts.env ?? {}).some((k) => AT_START.test(k));
  return own ? spawnCli(args, opts) : inProcess(args, opts);
}

/** The built CLI in a process of its own. */
export async function spawnCli(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const execOpts: Options = {
    env: cleanEnv(opts.env, opts.configDir),
    extendEnv: false,
    reject: false,
    input: opts.input ?? '',
    cwd: opts.cwd,
    timeout: opts.timeout ?? HANG_MS,
    stripFinalNewline: false,
  };
  const r = await execa('node', [BIN, ...args], execOpts);
  return { stdout: String(r.stdout), stderr: String(r.stderr), exitCode: r.exitCode ?? -1 };
}

/** Text written to a stream, kept as bytes and read as UTF-8 at the end (a character may span two writes). */
function sink(): { stream: Writable; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** The variables of a run: the test's own (cleanEnv), none undefined. */
const runEnv = (opts: RunOptions) => Object.fromEntries(Object.entries(cleanEnv(opts.env, opts.configDir)).filter(([, v]) => v !== undefined)) as Record<string, string>;

/** A run in progress in this process, talked to through its standard streams (a server: `mcp serve`). */
export interface LiveRun {
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  /** Ctrl-C. */
  interrupt(): void;
  /** Its exit code, once it has ended. */
  exited: Promise<number>;
}

export function startInProcess(args: string[], opts: RunOptions = {}): LiveRun {
  const [stdin, stdout, stderr] = [new PassThrough(), new PassThrough(), new PassThrough()];
  const interrupt = new AbortController();
  const host = testHost(runEnv(opts), { stdin, stdout, stderr, interrupt: interrupt.signal });
  return { stdin, stdout, stderr, interrupt: () => interrupt.abort(), exited: run(args, host) };
}

/** The CLI in this process, on a host of the test's own (core/host.ts). */
export async function inProcess(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const input = opts.input === undefined || opts.input.length === 0 ? [] : [Buffer.from(opts.input)];
  const [stdout, stderr] = [sink(), sink()];
  const interrupt = new AbortController();
  const host = testHost(runEnv(opts), { stdin: Readable.from(input), stdout: stdout.stream, stderr: stderr.stream, interrupt: interrupt.signal });
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      interrupt.abort();
      reject(new Error(`chatcrm ${args.join(' ')}: no end after ${opts.timeout ?? HANG_MS} ms`));
    }, opts.timeout ?? HANG_MS);
  });
  try {
    const exitCode = await Promise.race([run(args, host), hung]);
    return { stdout: stdout.text(), stderr: stderr.text(), exitCode };
  } finally {
    clearTimeout(timer);
  }
}

/** tmux is installed (the tests that drive a real terminal need it). */
export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A suite that needs a tool (a shell, a terminal): skipped where the tool is missing, except
 * in CI (CI set), where .ci/run installs it: there a missing tool is one failed test in place
 * of the suite, so a green CI run means these tests ran.
 */
export function describeWith(tool: string, installed: boolean, name: string, suite: () => void): void {
  if (installed) describe(name, suite);
  else if (!process.env.CI) describe.skip(name, suite);
  else {
    describe(name, () => {
      it(`needs ${tool}`, () => {
        throw new Error(`${tool} is not installed: CI must run these tests (.ci/run installs it)`);
      });
    });
  }
}
