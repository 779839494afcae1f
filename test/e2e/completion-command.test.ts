import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPLETION_FILES, SHELLS } from '../../src/completion/generate.js';
import { runCli } from '../helpers/cli.js';

describe('chatcrm completion', () => {
  it.each(SHELLS)('%s prints the script of completions/, byte for byte', async (shell) => {
    const r = await runCli(['completion', shell]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(readFileSync(resolve(import.meta.dirname, '../..', COMPLETION_FILES[shell]), 'utf8'));
  });

  it('refuses an unknown shell with exit 2 and one line', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/tcsh.*bash, zsh, fish, powershell/);
  });

  it('needs a shell', async () => {
    const r = await runCli(['completion']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/missing required argument 'SHELL'/);
  });
});
