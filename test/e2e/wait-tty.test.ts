// --wait on a terminal (script(1) gives the CLI one): a spinner with the status of one send,
// the funnel of a batch on one redrawn line, a campaign's funnel as bars. Piped, the same
// commands write nothing while they wait (wait-send.test.ts: stderr is empty).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, HANG_MS, cleanEnv, describeWith, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

describeWith('script', existsSync('/usr/bin/script'), '--wait on a terminal', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ autoStatus: ['delivered', 'read'], statusDelayMs: 300 });
  });
  afterAll(() => sb.close());

  /** The terminal's transcript (stdout and stderr, as the screen got them) of one run. */
  async function onTerminal(args: string[]): Promise<string> {
    const cmd = `stty cols 100 rows 40; node '${BIN}' ${args.map((a) => `'${a}'`).join(' ')}`;
    const r = await execa('script', ['-qec', cmd, '/dev/null'], { env: cleanEnv({ ...sb.env, CI: undefined }), extendEnv: false, reject: false, timeout: HANG_MS });
    expect(r.exitCode).toBe(0);
    return String(r.stdout);
  }

  it('chat send --wait delivered: a spinner names the status while it waits', async () => {
    const screen = await onTerminal(['chat', 'send', '--to', '15551230001', '--sender', 'wa_snd_cloud_0001', '--text', 'Hi', '--wait', 'delivered']);
    expect(screen).toMatch(/Waiting for delivered: sent/);
    expect(screen).toMatch(/Sent to 15551230001: (delivered|read)/);
  });

  it('chat send-batch --wait delivered: the funnel on one line, redrawn', async () => {
    const file = join(tempDir(), 'in.csv');
    writeFileSync(file, 'to\n15550000001\n15550000002\n');
    const screen = await onTerminal(['chat', 'send-batch', file, '--sender', 'wa_snd_cloud_0001', '--text', 'Hi', '--wait', 'delivered', '--yes']);
    expect(screen).toMatch(/\rsend-batch: waiting for delivered: \d\/2 settled \(\d sent, \d delivered, \d read, 0 failed\)/);
    expect(screen).toMatch(/Waited \d+s for delivered: 0 sent, \d delivered, \d read, 0 failed/);
  });

  it('campaigns send --wait read: the funnel as bars once every message is read', async () => {
    const id = sb.store.insert('campaigns', { name: 'Spring', message: { type: 'text', text: { body: 'Sale' } }, status: 'draft', recipients: ['15550000001', '15550000002'] })._id;
    const screen = await onTerminal(['campaigns', 'send', id, '--yes', '--wait', 'read']);
    expect(screen).toMatch(/Waiting for read: \d of 2 read, 0 failed/);
    expect(screen).toMatch(/read +█+ +2 +100%/);
    expect(screen).toMatch(/failed +0 +0%/);
  });
});
