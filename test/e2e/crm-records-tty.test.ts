// On a terminal, export-download draws a progress line and export-status --wait a spinner,
// both on stderr (run under `script`, which gives the CLI a pseudo-terminal).
import { execa } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { BIN, HANG_MS, cleanEnv, tempDir, describeWith } from '../helpers/cli.js';

const hasScript = existsSync('/usr/bin/script');
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/** Run the CLI on a pseudo-terminal; stdout and stderr arrive merged. */
async function onTty(args: string[], cwd: string) {
  const cmd = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // A pseudo-terminal starts with 0 columns; give it a real size as a terminal would have.
  const r = await execa('script', ['-qec', `stty cols 100 rows 40; ${cmd}`, '/dev/null'], { cwd, env: cleanEnv({ ...sb.env, COLUMNS: '100' }), extendEnv: false, reject: false, timeout: HANG_MS });
  return { output: String(r.stdout), exitCode: r.exitCode };
}

/** Start a contacts export with `contacts export`; its job id. */
async function startExport(): Promise<string> {
  const r = await sb.run(['contacts', 'export', '-q']);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout.trim();
}

describeWith('script', hasScript, 'on a terminal', () => {
  it('export-status --wait shows a spinner, export-download a progress line', async () => {
    const dir = tempDir('chatcrm-tty-');
    const job = await startExport();
    const status = await onTty(['contacts', 'export-status', job, '--wait', '--interval', '0.3'], dir);
    expect(status.exitCode).toBe(0);
    expect(status.output).toMatch(new RegExp(`Export ${job}: active`));
    expect(status.output).toMatch(/STATUS\s+.*completed/);
    const file = `contacts-export-${job}.csv`;
    const dl = await onTty(['contacts', 'export-download', file], dir);
    expect(dl.exitCode).toBe(0);
    expect(dl.output).toMatch(new RegExp(`Downloading ${file} 100%`));
    expect(readFileSync(join(dir, file), 'utf8')).toMatch(/^_id,name,phone_number/);
  });
});

describeWith('script', hasScript, 'password prompt on a terminal', () => {
  /** Types each answer once its prompt is on the screen, as a person would. */
  async function converse(args: string[], answers: [RegExp, string][]) {
    const cmd = ['node', BIN, ...args].join(' ');
    const child = execa('script', ['-qec', `stty cols 100 rows 40; ${cmd}`, '/dev/null'], {
      env: cleanEnv({ ...sb.env, CI: undefined }),
      extendEnv: false,
      reject: false,
      timeout: HANG_MS,
    });
    let output = '';
    let next = 0;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      while (next < answers.length && answers[next][0].test(output)) child.stdin!.write(answers[next++][1]);
    });
    const r = await child;
    return { output, exitCode: r.exitCode };
  }

  it('asks with hidden prompts (new password twice) and never echoes the password', async () => {
    const r = await converse(
      ['auth', 'change-password'],
      [
        [/Current password/, 'sandbox-password\r'],
        [/New password/, 'typed-new-pw\r'],
        [/Repeat new password/, 'typed-new-pw\r'],
      ],
    );
    expect(r.output).not.toMatch(/sandbox-password|typed-new-pw/);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('auth.changePassword').at(-1)?.body).toEqual({ current_password: 'sandbox-password', new_password: 'typed-new-pw' });
  });

  it('two different new passwords send nothing (exit 2)', async () => {
    const before = sb.received.length;
    const r = await converse(
      ['auth', 'reset-password', '--email', 'owner@sandbox.test'],
      [
        [/New password/, 'one-thing\r'],
        [/Repeat new password/, 'another\r'],
      ],
    );
    expect(r.output).toMatch(/new_password: the two entries differ/);
    expect(r.exitCode).toBe(2);
    expect(sb.received.length).toBe(before);
  });
});
