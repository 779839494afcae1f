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

  it('without a shell lists the shells and the per-user install line (exit 2, one line)', async () => {
    const r = await runCli(['completion']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Error: SHELL: which shell? one of bash, zsh, fish, powershell (for bash: eval "$(chatcrm completion bash)" in ~/.bashrc; see chatcrm completion --help)\n');
  });

  it('help shows the per-user line of each shell, not only the system folders', async () => {
    const r = await runCli(['completion', '--help']);
    expect(r.exitCode).toBe(0);
    const help = r.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('bash: eval "$(chatcrm completion bash)" in ~/.bashrc');
    expect(help).toContain('zsh: eval "$(chatcrm completion zsh)" in ~/.zshrc');
    expect(help).toContain('fish: chatcrm completion fish > ~/.config/fish/completions/chatcrm.fish');
    expect(r.stdout).toContain(`$ echo 'eval "$(chatcrm completion bash)"' >> ~/.bashrc`);
  });
});
