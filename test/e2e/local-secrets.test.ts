// The key must never reach stdout or stderr: not in traces, dry runs, JSON output or errors.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, type RunResult } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let dir: string;
const NO_ENV = { CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined };

beforeAll(async () => {
  sb = await startTestSandbox();
  dir = join(tempDir(), 'cfg');
});
afterAll(() => sb.close());

function expectNoKey(r: RunResult, key = sb.config.apiKey) {
  expect(r.stdout).not.toContain(key);
  expect(r.stderr).not.toContain(key);
}

describe('the key never appears in output', () => {
  // Some twenty CLI runs one after another: a limit that holds on a loaded machine.
  it('login --verbose, then a command of every kind of request (JSON, multipart, tool endpoint, batch, raw api) with --verbose, --dry-run and -o json', async () => {
    const login = await runCli(['login', '--verbose', '--profile', 'leak', '--base-url', sb.url, '--with-key', '-o', 'json'], { configDir: dir, env: NO_ENV, input: sb.config.apiKey });
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toContain('> x-api-key: ***'); // the trace ran, redacted
    expectNoKey(login);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain(sb.config.apiKey);

    const files = tempDir();
    const image = join(files, 'logo.png');
    writeFileSync(image, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    const recipients = join(files, 'to.csv');
    writeFileSync(recipients, 'to,name\n15551230001,Ada\n15551230002,Bo\n');
    const runs: [string[], number][] = [
      [['whoami', '--verbose'], 0],
      [['whoami', '--dry-run', '-o', 'json'], 0],
      [['whoami', '-o', 'json'], 0],
      [['doctor', '--verbose', '-o', 'json'], 0],
      [['profiles', 'show', '--verbose'], 0],
      [['profiles', 'show', '-o', 'json'], 0],
      [['profiles', 'show', '-o', 'yaml'], 0],
      [['profiles', 'list', '-o', 'csv'], 0],
      [['api', 'GET', '/api/auth/profile', '--verbose'], 0],
      [['api', 'POST', '/api/v2/chat/messages', '--dry-run', '-f', 'to=15551234567', '-o', 'json'], 0],
      [['api', 'GET', '/api/nowhere', '--verbose', '-o', 'json'], 4],
      [['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 'wa_snd_cloud_0001', '--verbose', '-o', 'json'], 0],
      [['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 'wa_snd_cloud_0001', '--dry-run', '--verbose'], 0],
      // multipart: a local file
      [['chat', 'send', '--to', '15551234567', '--image', image, '--sender', 'wa_snd_cloud_0001', '--verbose', '-o', 'json'], 0],
      [['chat', 'send', '--to', '15551234567', '--image', image, '--sender', 'wa_snd_cloud_0001', '--dry-run', '--verbose'], 0],
      // the tool endpoint
      [['contacts', 'list', '--verbose', '-o', 'json'], 0],
      [['mcp', 'tools', '--verbose', '--dry-run'], 0],
      // the batch engine's own client
      [['chat', 'send-batch', recipients, '--text', 'hi {{name}}', '--sender', 'wa_snd_cloud_0001', '--verbose', '--journal', join(files, 'j.journal')], 0],
      // a plain list and an error from the service
      [['flows', 'list', '--verbose', '-o', 'json'], 0],
      [['flows', 'get', 'nope', '--verbose', '-o', 'json'], 4],
    ];
    for (const [args, code] of runs) {
      const r = await runCli(args, { configDir: dir, env: NO_ENV });
      expect({ args, exitCode: r.exitCode }).toEqual({ args, exitCode: code });
      expectNoKey(r);
    }
  });

  it('a refused key is not echoed back either', async () => {
    const wrong = 'wrong-secret-key-9876543210';
    const r = await runCli(['login', '--verbose', '--base-url', sb.url, '--with-key'], { configDir: join(tempDir(), 'cfg'), env: NO_ENV, input: wrong });
    expect(r.exitCode).toBe(3);
    expect(sb.received.at(-1)?.headers['x-api-key']).toBe(wrong);
    expectNoKey(r, wrong);
    const env = await runCli(['doctor', '--verbose', '--json'], { configDir: dir, env: { CHATCRM_API_KEY: wrong } });
    expect(env.exitCode).toBe(3);
    expectNoKey(env, wrong);
  });
});
