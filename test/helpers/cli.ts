// Run the real built CLI (bin/chatcrm.js → dist/) as a user would, in a clean environment:
// its own config dir, no TTY, no inherited CHATCRM_* variables.
import { execa, type Options } from 'execa';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'vitest';

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
}

export function cleanEnv(extra: Record<string, string | undefined> = {}, configDir = tempDir('chatcrm-cfg-')): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CHATCRM_') && k !== 'NO_COLOR' && k !== 'FORCE_COLOR') env[k] = v;
  return { ...env, CI: 'true', CHATCRM_CONFIG_DIR: configDir, HTTPS_PROXY: undefined, HTTP_PROXY: undefined, https_proxy: undefined, http_proxy: undefined, ...extra };
}

export async function runCli(args: string[], opts: RunOptions = {}): Promise<RunResult> {
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
