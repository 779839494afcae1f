// On a terminal, export-download draws a progress line and export-status --wait a spinner,
// both on stderr (run under `script`, which gives the CLI a pseudo-terminal).
import { execa } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';

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
  const r = await execa('script', ['-qec', `stty cols 100 rows 40; ${cmd}`, '/dev/null'], { cwd, env: cleanEnv({ ...sb.env, COLUMNS: '100' }), extendEnv: false, reject: false, timeout: 20_000 });
  return { output: String(r.stdout), exitCode: r.exitCode };
}

async function startExport(): Promise<string> {
  const res = await fetch(`${sb.url}/api/contacts/export`, { method: 'POST', headers: { 'x-api-key': sb.config.apiKey } });
  return String(((await res.json()) as { data: { job_id: string } }).data.job_id);
}

describe.skipIf(!hasScript)('on a terminal', () => {
  it('export-status --wait shows a spinner, export-download a progress line', async () => {
    const dir = tempDir('chatcrm-tty-');
    const job = await startExport();
    const status = await onTty(['contacts', 'export-status', job, '--wait', '--interval', '0.3'], dir);
    expect(status.exitCode).toBe(0);
    expect(status.output).toMatch(new RegExp(`Export ${job}: active`));
    expect(status.output).toMatch(/status\s+.*completed/);
    const file = `contacts-export-${job}.csv`;
    const dl = await onTty(['contacts', 'export-download', file], dir);
    expect(dl.exitCode).toBe(0);
    expect(dl.output).toMatch(new RegExp(`Downloading ${file} 100%`));
    expect(readFileSync(join(dir, file), 'utf8')).toMatch(/^_id,name,phone_number/);
  });
});
