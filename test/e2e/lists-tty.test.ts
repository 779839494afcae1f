// On a real terminal (tmux): funnel bars for campaign insights and reports, flow states as
// bars, and tables that fit the width without borders (dropping low-value columns, never
// cutting an id). Piped, the same commands print plain numbers and whole values.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, HANG_MS, cleanEnv, hasTmux, tempDir, describeWith } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { whenWritten } from '../helpers/wait.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const spring = () => sb.store.list('campaigns', (c) => c.name === 'Spring sale')[0]._id;

describeWith('tmux', hasTmux(), 'on a terminal (tmux)', () => {
  const socket = `chatcrm-lists-${process.pid}-${Date.now()}`;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  let n = 0;
  // tmux exits with its last session: one idle session keeps the server up between tests, so a
  // new session never races a server on its way out ("server exited unexpectedly").
  beforeAll(() => void tmux('new-session', '-d', '-s', 'keep', 'sleep 3600'));

  /** Run the CLI in a fresh tmux window `width` columns wide; the screen once it has exited. */
  async function onScreen(args: string[], width = 80): Promise<string> {
    const session = `s${n++}`;
    const done = join(tempDir(), 'done');
    const env = `env -u CI -u NO_COLOR CHATCRM_BASE_URL='${sb.url}' CHATCRM_API_KEY='${sb.config.apiKey}' CHATCRM_CONFIG_DIR='${tempDir()}'`;
    const quoted = args.map((a) => `'${a}'`).join(' ');
    // The window stays (sleep) until its screen is read and the session killed.
    tmux('new-session', '-d', '-s', session, '-x', String(width), '-y', '50', `${env} node '${BIN}' ${quoted}; echo EXIT=$? > '${done}.tmp'; mv '${done}.tmp' '${done}'; sleep 3600`);
    await whenWritten(done, () => existsSync(done), () => `${args.join(' ')} to exit`);
    expect(readFileSync(done, 'utf8').trim()).toBe('EXIT=0');
    const screen = tmux('capture-pane', '-p', '-t', session);
    tmux('kill-session', '-t', session);
    return screen;
  }

  afterAll(() => {
    try {
      tmux('kill-server');
    } catch {
      // Already gone.
    }
  });

  it('campaigns insights draws the delivery funnel as bars with counts and percentages', async () => {
    const screen = await onScreen(['campaigns', 'insights', spring()]);
    expect(screen).toMatch(/Spring sale \(sent\)/);
    expect(screen).toMatch(/^sent +█+ +3 +100%$/m);
    expect(screen).toMatch(/^delivered +█+ +2 +66\.7%$/m);
    expect(screen).toMatch(/^read +█+ +1 +33\.3%$/m);
    const bar = (stage: string) => (new RegExp(`^${stage} +(█+)`, 'm').exec(screen)?.[1] ?? '').length;
    expect(bar('sent')).toBeGreaterThan(bar('delivered'));
    expect(bar('delivered')).toBeGreaterThan(bar('read'));
  });

  it('campaigns report: the rows, then the funnel counted from them', async () => {
    const screen = await onScreen(['campaigns', 'report', spring()]);
    expect(screen).toMatch(/^TO +MESSAGE ID +STATUS/m);
    expect(screen).toMatch(/^recipients +█+ +3 +100%$/m);
    expect(screen).toMatch(/^read +█+ +1 +33\.3%$/m);
  });

  it('flows stats draws the flow states and executions', async () => {
    const screen = await onScreen(['flows', 'stats']);
    expect(screen).toMatch(/^Flows: 2$/m);
    expect(screen).toMatch(/^active +█+ +1 +50%$/m);
    expect(screen).toMatch(/^draft +█+ +1 +50%$/m);
    expect(screen).toMatch(/^paused +0 +0%$/m);
  });

  it('a narrow terminal: no borders, low-value columns dropped first, ids whole', async () => {
    const screen = await onScreen(['segments', 'list'], 50);
    const [head, row] = screen.split('\n');
    expect(head.trim().split(/\s{2,}/)).toEqual(['ID', 'NAME']);
    expect(row).toMatch(/^[0-9a-f]{24} +VIP customers$/);
    expect(screen).not.toMatch(/[│┌─]/);
    for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(50);
  });

  it.each<[string[], string[], RegExp]>([
    // The message is what a notification says: it is shortened, the date and read flag go first.
    [['notifications', 'list'], ['ID', 'TITLE', 'MESSAGE'], /^[0-9a-f]{24} +Plan usage +You have used 10% .*…$/m],
    // The members are who the team is: shortened after the status is dropped.
    [['teams', 'list'], ['ID', 'NAME', 'MEMBERS'], /^[0-9a-f]{24} +Support +ana@example\.com; bo@.*…$/m],
  ])('%j at 60 columns drops its declared columns, then shortens its text', async (args, header, row) => {
    const screen = await onScreen(args, 60);
    expect(screen.split('\n')[0].trim().split(/\s{2,}/)).toEqual(header);
    expect(screen).toMatch(row);
    for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });
});

describeWith('script', existsSync('/usr/bin/script'), '--all on a terminal', () => {
  it('shows its progress on stderr while stdout goes to a file, and clears it at the end', async () => {
    const big = await startTestSandbox({ seedRecords: 150 });
    try {
      const dir = tempDir();
      const out = join(dir, 'segments.jsonl');
      // script gives the CLI a terminal on stderr; stdout is redirected to a file.
      const cmd = `stty cols 100 rows 40; node '${BIN}' segments list --all --limit 50 -o jsonl > '${out}'`;
      const r = await execa('script', ['-qec', cmd, '/dev/null'], { env: cleanEnv(big.env), extendEnv: false, reject: false, timeout: HANG_MS });
      expect(r.exitCode).toBe(0);
      expect(String(r.stdout)).toMatch(/Fetched 50 of 151 records \(page 1 of 4\)…/);
      expect(String(r.stdout)).toMatch(/\r\u001b\[K$/);
      expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(151);
    } finally {
      await big.close();
    }
  });
});

describe('piped, the same commands print plain numbers', () => {
  it('campaigns insights: key/value rows, no bars', async () => {
    const r = await sb.run(['campaigns', 'insights', spring()]);
    expect(r.stdout).toMatch(/^SENT {2,}3$/m);
    expect(r.stdout).toMatch(/^DELIVERED {2,}2$/m);
    expect(r.stdout).not.toContain('█');
  });

  it('subscription show and usage are readable summaries; --json keeps the whole object', async () => {
    const show = await sb.run(['subscription', 'show']);
    expect(show.stdout).toMatch(/^Plan {2,}Pro \(plan_pro\), 49 USD\/month$/m);
    expect(show.stdout).toMatch(/^Status {2,}active$/m);
    expect(show.stdout).toMatch(/^Renews {2,}\d{4}-\d\d-\d\d \(in \d+ days\)$/m);
    expect(show.stdout).toMatch(/^Features\n {2}✓ contacts\n/m);
    expect(show.stdout).toMatch(/^ {2}contacts +\d+ \/ 10,000 +\(\d+(\.\d)?%\)$/m);
    expect(JSON.parse((await sb.run(['subscription', 'show', '--json'])).stdout)).toMatchObject({ subscription: { status: 'active' }, plan: { plan_id: 'plan_pro' } });
    const usage = await sb.run(['subscription', 'usage']);
    expect(usage.stdout).toMatch(/^Plan {2}plan_pro\n\nUsage\n {2}contacts +\d+ \/ 10,000/);
  });
});
