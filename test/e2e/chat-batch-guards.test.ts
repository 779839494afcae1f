// send-batch guards (issue 21): a server that cannot be reached stops the run (exit 7, the rest
// not sent, for --resume); a resume with another message is refused before sending; the files
// with personal data (results, journal, contact exports) are private and never followed
// through a symlink.
import { chmodSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const KEY = 'guard-test-key-0123456789';
const S = ['--sender', 'wa_snd_cloud_0001'];
let dir: string;

const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const people = (name: string, n: number, first = 0) =>
  file(name, `to,name\n${Array.from({ length: n }, (_, i) => `1555${String(first + i).padStart(7, '0')},P${i}`).join('\n')}\n`);
const statuses = (results: string) =>
  readFileSync(results, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[2]);

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * A messaging API whose nth send (1-based) is answered when `answers(n)` (with `status`: 200
 * accepts it, 400 refuses it), else its connection dropped.
 */
async function flakyApi(answers: (n: number) => boolean, status = 200): Promise<HostileServer & { sends: () => number }> {
  let n = 0;
  const server = await startHostile({
    'GET /api/v2/chat/senders': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}'),
    'POST /api/v2/chat/messages': (req, res) => {
      if (!answers(++n)) return void req.socket.destroy();
      const body = status === 200 ? { success: true, data: { message_id: `wamid.${n}` } } : { success: false, message: 'Invalid recipient' };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    },
  });
  return Object.assign(server, { sends: () => server.received.filter((r) => r.path === '/api/v2/chat/messages').length });
}

let sb: TestSandbox;
beforeAll(async () => {
  dir = tempDir('chatcrm-batch-guards-');
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/** How many messages each recipient has had from the sandbox, and the texts. */
const inbox = () => {
  const got: Record<string, string[]> = {};
  for (const c of sb.calls('chat.send')) {
    const b = c.body as { to: string; message: { text: { body: string } } };
    (got[b.to] ??= []).push(b.message.text.body);
  }
  return got;
};

describe('send-batch --resume with another message', () => {
  it('is refused before sending, showing both messages, unless --new-message', async () => {
    const journal = join(dir, 'sale.journal');
    const first = people('sale-first.csv', 2, 500);
    const all = people('sale-all.csv', 5, 500);
    const run = (input: string, text: string, ...more: string[]) =>
      sb.run(['chat', 'send-batch', input, ...S, '--text', text, '--journal', journal, '--json', ...more]);
    const [a, b, c, d, e] = [0, 1, 2, 3, 4].map((i) => `1555${String(500 + i).padStart(7, '0')}`);

    expect((await run(first, 'Hi {{name}}, sale today')).exitCode).toBe(0);
    expect(inbox()).toMatchObject({ [a]: ['Hi P0, sale today'], [b]: ['Hi P1, sale today'] });

    const refused = await sb.refused(
      ['chat', 'send-batch', all, ...S, '--text', 'Hi {{name}}, sale today!', '--journal', journal, '--resume'],
      /--resume: the message differs from the one the journal recorded: --text "Hi \{\{name\}\}, sale today" \(recorded\) vs "Hi \{\{name\}\}, sale today!" \(now\); every row would be sent the new message, the 2 recorded as sent too: .*--new-message/,
    );
    expect(refused.exitCode).toBe(2);
    expect(Object.keys(inbox())).toEqual([a, b]);
    expect(readFileSync(journal, 'utf8').match(/^# \{"v"/gm)).toHaveLength(1);

    // The same message: only the rows not yet sent.
    const same = await run(all, 'Hi {{name}}, sale today', '--resume');
    expect(same.exitCode).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ sent: 3, skipped_sent: 2 });
    for (const to of [a, b, c, d, e]) expect(inbox()[to]).toHaveLength(1);

    // Another sender is another message too.
    await sb.refused(['chat', 'send-batch', all, '--sender', 'wa_snd_cloud_0002', '--text', 'Hi {{name}}, sale today', '--journal', journal, '--resume'], /--sender "wa_snd_cloud_0001" \(recorded\) vs "wa_snd_cloud_0002" \(now\)/);

    // Said on purpose: the new message goes to every row (each recipient had the old one).
    const fresh = await run(all, 'Hi {{name}}, sale today!', '--resume', '--new-message');
    expect(fresh.exitCode).toBe(0);
    expect(JSON.parse(fresh.stdout)).toMatchObject({ sent: 5 });
    for (const [i, to] of [a, b, c, d, e].entries()) expect(inbox()[to]).toEqual([`Hi P${i}, sale today`, `Hi P${i}, sale today!`]);
  });

  it('an option the journal recorded that is now absent is a difference too: refused, naming it', async () => {
    const journal = join(dir, 'media.journal');
    const input = people('media.csv', 2, 560);
    const image = ['--image', 'https://example.com/sale.png'];
    const first = await sb.run(['chat', 'send-batch', input, ...S, ...image, '--caption', 'Hi {{name}}', '--journal', journal]);
    expect(first.exitCode, first.stderr).toBe(0);
    const sends = sb.calls('chat.send').length;
    await sb.refused(
      ['chat', 'send-batch', input, ...S, ...image, '--journal', journal, '--resume'],
      /--resume: the message differs from the one the journal recorded: --caption "Hi \{\{name\}\}" \(recorded\) vs \(none\) \(now\);/,
    );
    expect(sb.calls('chat.send').length).toBe(sends);
  });
});

describe('send-batch against a server that cannot be reached', () => {
  it('stops at the check before the first send: exit 7 within seconds, every row not_sent', async () => {
    const input = people('down.csv', 205);
    const results = join(dir, 'down.results.csv');
    const started = Date.now();
    const r = await runCli(['chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}', '--results', results, '--json'], {
      env: { CHATCRM_BASE_URL: `http://127.0.0.1:${await closedPort()}`, CHATCRM_API_KEY: KEY },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.exitCode).toBe(7);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 205, sent: 0, failed: 0, uncertain: 0, not_sent: 205, status: 'stopped', stopped_by: 'network' });
    expect(r.stderr).toMatch(/the server cannot be reached: Cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
    expect(r.stderr).toMatch(/continue with --resume/);
    const s = statuses(results);
    expect(s).toHaveLength(205);
    expect(new Set(s)).toEqual(new Set(['not_sent']));
  });

  it('stops dispatching after 10 rows in a row that could not reach it; --resume sends the rest', async () => {
    let up = false;
    const api = await flakyApi((n) => n <= 5 || up);
    try {
      const input = people('goes-away.csv', 40);
      const results = join(dir, 'goes-away.results.csv');
      const env = { CHATCRM_BASE_URL: api.url, CHATCRM_API_KEY: KEY };
      const args = ['chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}', '--concurrency', '1', '--results', results, '--json'];
      const r = await runCli(args, { env });
      expect(r.exitCode).toBe(7);
      expect(JSON.parse(r.stdout)).toMatchObject({ rows: 40, sent: 5, uncertain: 10, not_sent: 25, stopped_by: 'network' });
      expect(JSON.parse(r.stdout).stop_reason).toMatch(/^the server cannot be reached \(10 rows in a row: /);
      expect(api.sends()).toBe(15);
      expect(statuses(results)).toEqual([...Array(5).fill('sent'), ...Array(10).fill('uncertain'), ...Array(25).fill('not_sent')]);

      up = true;
      const again = await runCli([...args, '--resume'], { env });
      expect(again.exitCode).toBe(5); // the 10 uncertain rows are not sent again without --retry-uncertain
      expect(JSON.parse(again.stdout)).toMatchObject({ sent: 25, skipped_sent: 5, skipped_uncertain: 10, not_sent: 0 });
      expect(api.sends()).toBe(40);
    } finally {
      await api.close();
    }
  });

  it('does not stop while answers come between the failures (9 in a row at most); such rows exit 5', async () => {
    const api = await flakyApi((n) => n % 10 === 0);
    try {
      const input = people('flaky.csv', 30, 100);
      const r = await runCli(['chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}', '--concurrency', '1', '--json'], {
        env: { CHATCRM_BASE_URL: api.url, CHATCRM_API_KEY: KEY },
      });
      expect(r.exitCode).toBe(5);
      expect(JSON.parse(r.stdout)).toMatchObject({ rows: 30, sent: 3, uncertain: 27, not_sent: 0, status: 'complete' });
      expect(api.sends()).toBe(30);
    } finally {
      await api.close();
    }
  });

  it('a refusal is an answer too: every 10th send answered 400 keeps the run going to the end, exit 5', async () => {
    const api = await flakyApi((n) => n % 10 === 0, 400);
    try {
      const input = people('refusing.csv', 30, 200);
      const r = await runCli(['chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}', '--concurrency', '1', '--json'], {
        env: { CHATCRM_BASE_URL: api.url, CHATCRM_API_KEY: KEY },
      });
      expect(r.exitCode).toBe(5);
      expect(JSON.parse(r.stdout)).toMatchObject({ rows: 30, sent: 0, failed: 3, uncertain: 27, not_sent: 0, status: 'complete' });
      expect(api.sends()).toBe(30);
    } finally {
      await api.close();
    }
  });
});


describe('files with personal data', () => {
  const mode = (p: string) => statSync(p).mode & 0o777;
  const batch = (input: string, ...more: string[]) => ['chat', 'send-batch', input, ...S, '--text', 'Hi {{name}}', ...more];

  it('results and journal are 0600, a results file that existed 0644 too', async () => {
    const input = people('modes.csv', 2, 700);
    const results = file('modes.results.csv', 'old,content\n');
    chmodSync(results, 0o644);
    const r = await sb.run(batch(input, '--results', results));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(mode(results)).toBe(0o600);
    expect(mode(`${input}.journal`)).toBe(0o600);
    expect(statuses(results)).toEqual(['sent', 'sent']);
  });

  it('a contact export is 0600, new or replacing a 0644 file', async () => {
    const job = await sb.run(['contacts', 'export', '-q']);
    let done: { status: string; file_name: string } | undefined;
    while (done?.status !== 'completed') done = JSON.parse((await sb.run(['contacts', 'export-status', job.stdout.trim(), '--json'])).stdout);
    const out = tempDir('chatcrm-export-mode-');
    expect((await sb.run(['contacts', 'export-download', done.file_name], { cwd: out })).exitCode).toBe(0);
    expect(mode(join(out, done.file_name))).toBe(0o600);
    const old = join(out, 'old.csv');
    writeFileSync(old, 'old');
    chmodSync(old, 0o644);
    expect((await sb.run(['contacts', 'export-download', done.file_name, '-O', old, '--force'])).exitCode).toBe(0);
    expect(mode(old)).toBe(0o600);
    expect(readFileSync(old, 'utf8')).not.toBe('old');

    // A symlink in the export's place is refused, its target untouched.
    const victim = file('victim-export.txt', 'not yours\n');
    const link = join(out, 'link.csv');
    symlinkSync(victim, link);
    await sb.refused(['contacts', 'export-download', done.file_name, '-O', link, '--force'], /-O, --output-file: .*link\.csv is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
  });

  it('refuses a journal or results file that is a symlink: exit 2, nothing sent, the target untouched', async () => {
    const input = people('links.csv', 3, 800);
    const victim = file('victim.txt', 'line one\nline two');
    chmodSync(victim, 0o644);
    const journal = join(dir, 'links.journal');
    symlinkSync(victim, journal);
    await sb.refused(batch(input, '--journal', journal), /--journal: .*links\.journal is a symbolic link; name the file itself/);
    await sb.refused(batch(input, '--journal', journal, '--resume'), /--journal: .*links\.journal is a symbolic link/);
    const results = join(dir, 'links.results.csv');
    symlinkSync(victim, results);
    await sb.refused(batch(input, '--results', results), /--results: .*links\.results\.csv is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('line one\nline two');
    expect(mode(victim)).toBe(0o644);
  });

  it('--resume refuses a file that is not a journal: exit 2, nothing sent, the file untouched', async () => {
    const input = people('notjournal.csv', 3, 900);
    const other = file('notes.txt', 'I\tam not\na journal');
    await sb.refused(batch(input, '--journal', other, '--resume'), /--resume: .*notes\.txt is not a chatcrm journal \(no journal header\)/);
    expect(readFileSync(other, 'utf8')).toBe('I\tam not\na journal');
  });
});
