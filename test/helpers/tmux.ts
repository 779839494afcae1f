// The CLI on a real terminal: a tmux pane on a private tmux server (other tmux users of the
// machine are not disturbed, nor is their environment inherited), typed into as a person
// would, its screen read back. Tests that use it skip without tmux (hasTmux in cli.ts).
// The pane's output is also piped to a file: a wait reads the screen each time it is written.
// One tmux server per test file, started by its first terminal and stopped when the file ends
// (afterAll, registered when the file imports this module: the terminal project keeps each
// file's modules its own); a terminal is a session on it. A terminal belongs to the test that
// opened it: its session is closed when that test ends, passed or failed (a test may open
// several), so no CLI outlives its test, nor a tmux server its file (test/setup/leaks.ts checks).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';
import { RUN_VAR } from '../setup/leaks.js';
import { BIN, HANG_MS, tempDir } from './cli.js';
import { whenWritten } from './wait.js';

export interface Terminal {
  /** Everything the pane has shown (its history and what it shows now). */
  screen(): string;
  /** The same with its colours, as SGR escapes (`\u001b[32m`). */
  styled(): string;
  /** Type text as it is (no key names). */
  type(text: string): void;
  /** Press keys by tmux name: Enter, Down, C-c. */
  press(...keys: string[]): void;
  /** The screen once it matches, read each time the pane writes; throws with the screen after `ms` (a hang). */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
  /** The exit code, once the command has ended (the pane prints EXIT=n). */
  exitCode(ms?: number): Promise<number>;
  /** Close its session and what runs in it (done anyway when the test ends). */
  close(): void;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

// Named after this run, worker and file: which run a server left behind says itself.
const socket = `chatcrm-test-${process.env[RUN_VAR] ?? 'norun'}-${process.pid}-${randomBytes(3).toString('hex')}`;
const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
let n = 0;

afterAll(() => {
  try {
    if (n > 0) execFileSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' });
  } catch {
    // Already gone.
  }
});

/**
 * Run `chatcrm args` in a fresh 120×40 pane. CI (set by the test environment) would forbid
 * prompts and is unset, as are the CHATCRM_* variables and NO_COLOR; `env` sets the ones the
 * test wants (an undefined value unsets). `o.cwd`: the folder it runs in (else the test's own);
 * `o.uid` (as root): the CLI runs as that user, group alike; `o.bin`: the bin/chatcrm.js to run
 * (else this clone's; see readableCopy in clone.ts for one another user can read). Only
 * inside a test.
 */
export function openTerminal(args: string[], env: Record<string, string | undefined> = {}, o: { cwd?: string; uid?: number; bin?: string } = {}): Terminal {
  const { cwd, uid, bin = BIN } = o;
  const session = `t${n++}`;
  const close = () => {
    try {
      execFileSync('tmux', ['-L', socket, 'kill-session', '-t', session], { stdio: 'ignore' });
    } catch {
      // Already gone.
    }
  };
  onTestFinished(close);
  const unset = ['CI', 'NO_COLOR', 'CHATCRM_BASE_URL', 'CHATCRM_API_KEY', 'CHATCRM_PROFILE', 'CHATCRM_MCP_URL', 'CHATCRM_OUTPUT'].map((v) => `-u ${v}`).join(' ');
  const set = Object.entries(env).map(([k, v]) => (v === undefined ? `-u ${k}` : `${k}=${quote(v)}`)).join(' ');
  const as = uid === undefined ? '' : `setpriv --reuid=${uid} --regid=${uid} --clear-groups `;
  const command = `${as}env ${unset} ${set} node ${quote(bin)} ${args.map(quote).join(' ')}; echo EXIT=$?`;
  // remain-on-exit keeps the pane (and its last screen) after the command ends; exit-empty off
  // keeps the server while no test has a terminal open (the file's afterAll stops it).
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', session, '-x', '120', '-y', '40', ...(cwd ? ['-c', cwd] : []), command, ';', 'set-option', '-t', session, 'remain-on-exit', 'on', ';', 'set-option', '-s', 'exit-empty', 'off');
  // What the pane writes from now on lands in `output` (what it wrote before is on the screen).
  const output = join(tempDir('chatcrm-tmux-'), 'output');
  writeFileSync(output, '');
  tmux('pipe-pane', '-t', session, `cat >> '${output}'`);
  // From the start of the history: a fast command's first lines can scroll out of the pane's view.
  const screen = () => tmux('capture-pane', '-p', '-S', '-', '-t', session);
  const waitFor = (pattern: RegExp, ms = HANG_MS) => {
    let text = '';
    return whenWritten(output, () => ((text = screen()), pattern.test(text) && text), () => `${pattern}; screen:\n${text}`, ms);
  };
  return {
    screen,
    styled: () => tmux('capture-pane', '-e', '-p', '-S', '-', '-t', session),
    type: (text) => void tmux('send-keys', '-t', session, '-l', text),
    press: (...keys) => void tmux('send-keys', '-t', session, ...keys),
    waitFor,
    exitCode: async (ms) => Number(/^EXIT=(\d+)$/m.exec(await waitFor(/^EXIT=\d+$/m, ms))![1]),
    close,
  };
}
