// send-batch against a recording sink (test/helpers/hostile-server.ts): the promise "nobody is
// messaged twice, every row is accounted for" under the situations of issue #9 — an edited input,
// two runs at once, a 5xx after processing, SIGTERM, a refused key — plus retries, deadlines,
// answers that are not the API's, and kill -9 at random points.
//
// The tests wait on events (a request reaching the sink, a line on stderr, a process exiting),
// never on the clock: a sink answer can be held until the test lets it go, and a timer only
// guards a hang. One thing has no event: the first signal to a batch prints nothing, so where the
// rows in flight must answer after it was handled, they answer DRAIN_MARGIN_MS after it was sent.
import { EventEmitter } from 'node:events';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, HANG_MS, cleanEnv, runCli, tempDir } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';

const KEY = 'sink-key-0123456789abcdef';

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** A raw body instead of the usual JSON. */
  body?: string;
  delayMs?: number;
  /** The message was delivered (default: a 2xx answer). A 504 after processing delivers. */
  delivers?: boolean;
  /** Drip the body a byte at a time, forever. */
  drip?: boolean;
  /** Answer once this settles (after delayMs); `never` holds the request until the test ends. */
  hold?: Promise<unknown>;
}

/** A hold that is never let go: the request stays in flight until the sink closes. */
const never = new Promise<never>(() => undefined);
/** How long after the first signal was taken the rows in flight answer (no line says it was handled). */
const DRAIN_MARGIN_MS = 3000;

interface Sink {
  url: string;
  server: HostileServer;
  /** Every send attempt, in arrival order. */
  hits: string[];
  /** Emits 'hit' on each send attempt. */
  events: EventEmitter;
  /** Messages the recipient actually got. */
  delivered: Map<string, number>;
  answer: (to: string, attempt: number) => Answer;
}

let servers: HostileServer[] = [];
let children: ResultPromise[] = [];
afterEach(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.allSettled(children);
  children = [];
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function startSink(answer: Sink['answer'] = () => ({})): Promise<Sink> {
  const attempts = new Map<string, number>();
  let n = 0;
  const sink = { hits: [] as string[], events: new EventEmitter(), delivered: new Map<string, number>(), answer } as Sink;
  sink.server = await startHostile({
    'GET /api/v2/chat/senders': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}'),
    'POST /api/v2/chat/messages': (_req, res, body) => {
      const to = (JSON.parse(body) as { to: string }).to;
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      sink.hits.push(to);
      const a = sink.answer(to, attempt);
      sink.events.emit('hit');
      const status = a.status ?? 200;
      if (a.delivers ?? (status >= 200 && status < 300)) sink.delivered.set(to, (sink.delivered.get(to) ?? 0) + 1);
      const respond = () => {
        if (a.drip) {
          res.writeHead(200, { 'content-type': 'application/json' });
          const t = setInterval(() => res.write(' '), 100);
          res.on('close', () => clearInterval(t));
          return;
        }
        const text = a.body ?? JSON.stringify(status < 300 ? { success: true, data: { message_id: `wamid.t${++n}`, to } } : { success: false, message: `status ${status}` });
        res.writeHead(status, { 'content-type': a.body ? 'text/html' : 'application/json', ...a.headers }).end(text);
      };
      const later = () => (a.hold ? void a.hold.then(respond, respond) : respond());
      if (a.delayMs) setTimeout(later, a.delayMs);
      else later();
    },
  });
  servers.push(sink.server);
  sink.url = sink.server.url;
  return sink;
}

const phones = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `1555${String(i + from).padStart(7, '0')}`);

function input(list: string[], dir = tempDir('chatcrm-crash-')): { dir: string; file: string } {
  const file = join(dir, 'r.csv');
  writeFileSync(file, `to,name\n${list.map((p) => `${p},N${p.slice(-3)}`).join('\n')}\n`);
  return { dir, file };
}

const env = (url: string, key = KEY) => ({ CHATCRM_BASE_URL: url, CHATCRM_API_KEY: key });
const batch = (file: string, ...extra: string[]) => ['chat', 'send-batch', file, '--sender', 's1', '--text', 'Hi {{name}}', ...extra];
const spawnBatch = (url: string, args: string[]) => {
  const c = execa('node', [BIN, ...args], { env: cleanEnv(env(url)), extendEnv: false, reject: false });
  children.push(c);
  return c;
};

interface Line {
  row: number;
  to: string;
  status: string;
  id: string;
  error: string;
}
function results(p: string): Line[] {
  return readFileSync(p, 'utf8').trim().split('\n').slice(1).map((l) => {
    const [row, to, status, id, ...error] = l.split(',');
    return { row: Number(row), to, status, id, error: error.join(',') };
  });
}

/**
 * Resolves once `cond` holds: checked now and on every event named of each emitter. `ms` only
 * guards a hang (then it throws, saying what it waited for).
 */
function until(what: string, cond: () => boolean, on: [EventEmitter, string][], ms = HANG_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      for (const [e, name] of on) e.off(name, check);
      if (err) reject(err);
      else resolve();
    };
    const check = () => {
      if (cond()) done();
    };
    const timer = setTimeout(() => done(new Error(`no ${what} within ${ms / 1000}s`)), ms);
    for (const [e, name] of on) e.on(name, check);
    check();
  });
}

/** Once the sink has had `n` send attempts (or the child has exited, if given). */
const hits = (sink: Sink, n: number, child?: ResultPromise) =>
  until(`${n} sends`, () => sink.hits.length >= n || (child !== undefined && child.exitCode !== null), [[sink.events, 'hit'], ...(child ? [[child, 'exit'] as [EventEmitter, string]] : [])]);

/** Once the child's stderr matches `re`. */
function stderrMatch(child: ResultPromise, re: RegExp): Promise<void> {
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return until(`stderr matching ${re}`, () => re.test(err) || child.exitCode !== null, [[child.stderr!, 'data'], [child, 'close']]).then(() => {
    if (!re.test(err)) throw new Error(`exited without ${re} on stderr: ${err}`);
  });
}

/**
 * Once the signals sent to the child have been taken (none pending, as /proc/PID/status says):
 * two like signals pending at once are one to the kernel. Linux only, as the tests that use bash
 * and ulimit; the kernel tells no one, so this polls, with a hang guard.
 */
async function taken(child: ResultPromise): Promise<void> {
  const pending = () => {
    try {
      return /^ShdPnd:\s*0*$/m.test(readFileSync(`/proc/${child.pid}/status`, 'utf8')) ? false : child.exitCode === null;
    } catch {
      return false;
    }
  };
  const end = Date.now() + HANG_MS;
  while (pending()) {
    if (Date.now() > end) throw new Error(`pid ${child.pid} did not take a signal within ${HANG_MS / 1000}s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Send `signal` once the last one sent has been taken: a second SIGTERM is a second one. */
async function kill(child: ResultPromise, signal: NodeJS.Signals): Promise<void> {
  await taken(child);
  child.kill(signal);
}

/** The child's result, once it exits; it must exit within `ms` (a hang guard, not a measure). */
async function exitsWithin<T>(child: Promise<T>, ms = HANG_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`did not exit within ${ms / 1000}s`)), ms)));
  try {
    return await Promise.race([child, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Nobody got two messages. */
function onceEach(sink: Sink): void {
  const twice = [...sink.delivered].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
}

/** The counts identity of a summary, and a results file with one line per input row, in order. */
function accountedFor(summary: Record<string, number>, rows: number, resultsFile?: string): void {
  expect(summary.rows).toBe(rows);
  expect(summary.sent + summary.failed + summary.uncertain + summary.skipped + summary.not_sent).toBe(rows);
  expect(summary.skipped).toBe(summary.skipped_sent + summary.skipped_uncertain + summary.skipped_duplicate);
  if (resultsFile) expect(results(resultsFile).map((x) => x.row)).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
}

describe('1. input edited between the run and --resume', () => {
  it('a row inserted at the top and two rows swapped: sent rows are not sent again, the new row is', async () => {
    const list = phones(6);
    // Row 3 is refused once (--max-errors 0 stops the run there); rows 1-2 are sent.
    const sink = await startSink((to, attempt) => (to === list[2] && attempt === 1 ? { status: 400 } : {}));
    const { dir, file } = input(list);
    const out = join(dir, 'out.csv');
    const first = await runCli(batch(file, '--concurrency', '1', '--max-errors', '0', '--results', out, '--json'), { env: env(sink.url) });
    expect(first.exitCode).toBe(5);
    const s1 = JSON.parse(first.stdout);
    expect(s1).toMatchObject({ sent: 2, failed: 1, not_sent: 3, status: 'stopped' });
    accountedFor(s1, 6, out);

    const fresh = phones(1, 900)[0];
    input([fresh, list[1], list[0], ...list.slice(2)], dir);
    const r = await runCli(batch(file, '--resume', '--results', out, '--json'), { env: env(sink.url) });
    expect(r.exitCode).toBe(0);
    const s2 = JSON.parse(r.stdout);
    expect(s2).toMatchObject({ sent: 5, skipped_sent: 2, input_changed: true, matched: 3, status: 'complete' });
    accountedFor(s2, 7, out);
    expect(r.stderr).toMatch(/changed since the journal was written/);
    expect(r.stderr).toMatch(/3 of 7 rows matched the journal/);
    expect(r.stderr).not.toMatch(/Warning/);
    onceEach(sink);
    expect(sink.delivered.get(fresh)).toBe(1);
    expect([...sink.delivered.keys()].sort()).toEqual([fresh, ...list].sort());
    const res = results(out);
    expect(res.map((x) => [x.to, x.status])).toEqual([fresh, list[1], list[0], ...list.slice(2)].map((p) => [p, 'sent']));
    expect(res[1].error).toBe('sent by an earlier run');
  });

  it('the same row twice in the file is sent once and reported as a duplicate; the same recipient with another message is two rows', async () => {
    const [a, b] = phones(2);
    const sink = await startSink();
    const dir = tempDir('chatcrm-crash-');
    const file = join(dir, 'dup.csv');
    writeFileSync(file, `to,name\n${a},Ada\n${b},Bob\n${a},Ada\n${a},Other\n`);
    const out = join(dir, 'out.csv');
    const r = await runCli(batch(file, '--results', out, '--json'), { env: env(sink.url) });
    expect(r.exitCode).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ sent: 3, skipped_duplicate: 1 });
    accountedFor(s, 4, out);
    expect(r.stderr).toMatch(/row 3: duplicate of an earlier row/);
    expect(sink.delivered.get(a)).toBe(2);
    expect(results(out)[2]).toMatchObject({ status: 'skipped', error: 'duplicate of an earlier row' });
  });

  it('a resume with another message (--text changed) and --new-message is a new row for everyone: it says how few of the sent rows matched', async () => {
    const list = phones(4);
    const sink = await startSink();
    const { dir, file } = input(list);
    expect((await runCli(batch(file), { env: env(sink.url) })).exitCode).toBe(0);
    const out = join(dir, 'out.csv');
    const r = await runCli(['chat', 'send-batch', file, '--sender', 's1', '--text', 'Hello {{name}}', '--resume', '--new-message', '--results', out, '--json'], { env: env(sink.url) });
    expect(r.exitCode).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ sent: 4, skipped_sent: 0, matched: 0 });
    accountedFor(s, 4, out);
    expect(r.stderr.trim().split('\n')).toEqual([
      'Warning: 0 of the 4 rows the journal records as sent matched this input; with --new-message, a row whose message or sender changed (--text, --template, --sender, a {{column}}) is a new row: its recipient was sent the new message too',
    ]);
    // What the warning says happened: each recipient has both messages.
    expect(list.map((p) => sink.delivered.get(p))).toEqual([2, 2, 2, 2]);
    const bodies = sink.server.received.filter((x) => x.method === 'POST').map((x) => (JSON.parse(x.body) as { message: { text: { body: string } } }).message.text.body);
    expect(bodies.filter((b) => b.startsWith('Hello '))).toHaveLength(4);
  });
});

describe('2. two runs at once on the same journal', () => {
  it('one holds the lock; the other exits 2 naming its pid and sends nothing', async () => {
    const list = phones(40);
    const sink = await startSink();
    const { dir, file } = input(list);
    const first = await runCli(batch(file, '--concurrency', '1', '--max-errors', '0', '--json'), { env: env(sink.url) });
    expect(first.exitCode).toBe(0);
    // A second input, so both resumes have work: the journal is shared, the lock is on it.
    input([...list, ...phones(40, 100)], dir);
    const outs = [join(dir, 'x.csv'), join(dir, 'y.csv')];
    const [x, y] = outs.map((out) => spawnBatch(sink.url, batch(file, '--resume', '--concurrency', '4', '--results', out, '--json')));
    // Whichever takes the lock keeps it until its sends are answered: after the other has exited.
    const firstExit = Promise.race([x, y]);
    sink.answer = () => ({ hold: firstExit });
    const [rx, ry] = await exitsWithin(Promise.all([x, y]));
    const codes = [rx.exitCode, ry.exitCode].sort();
    expect(codes).toEqual([0, 2]);
    const lost = rx.exitCode === 2 ? 0 : 1;
    const [loser, winner] = lost === 0 ? [rx, ry] : [ry, rx];
    const winnerPid = lost === 0 ? y.pid : x.pid;
    expect(String(loser.stderr)).toMatch(new RegExp(`is in use by pid ${winnerPid}`));
    expect(String(loser.stderr).trim().split('\n')).toHaveLength(1);
    expect(String(loser.stdout)).toBe('');
    // The loser wrote no results file; the winner's has every row, in order.
    expect(existsSync(outs[lost])).toBe(false);
    accountedFor(JSON.parse(String(winner.stdout)), 80, outs[1 - lost]);
    const res = results(outs[1 - lost]);
    expect(res.slice(0, 40).every((r) => r.status === 'sent' && r.error === 'sent by an earlier run')).toBe(true);
    expect(res.slice(40).every((r) => r.status === 'sent' && r.error === '' && r.id.startsWith('wamid.'))).toBe(true);
    onceEach(sink);
    expect(sink.delivered.size).toBe(80);
    expect(existsSync(`${file}.journal.lock`)).toBe(false);
  });

  it('a lock left by a process that is gone (kill -9) is stale and taken over', async () => {
    const list = phones(30);
    const sink = await startSink(() => ({ hold: never }));
    const { file } = input(list);
    const child = spawnBatch(sink.url, batch(file, '--concurrency', '2'));
    await hits(sink, 2);
    child.kill('SIGKILL');
    await child;
    expect(existsSync(`${file}.journal.lock`)).toBe(true);
    sink.answer = () => ({});
    const r = await runCli(batch(file, '--resume', '--json'), { env: env(sink.url) });
    expect([0, 5]).toContain(r.exitCode);
    onceEach(sink);
    accountedFor(JSON.parse(r.stdout), 30);
  });

  it('a lock left by an earlier run with this run\'s own pid (a container\'s fixed pid) is stale and taken over', async () => {
    const list = phones(5);
    const sink = await startSink();
    const { dir, file } = input(list);
    const out = join(dir, 'out.csv');
    const lock = `${file}.journal.lock`;
    // The CLI started in a process that first leaves the lock an earlier run with its pid would have left.
    const asSamePid = `require('node:fs').writeFileSync(process.env.LOCK, JSON.stringify({ pid: process.pid, host: require('node:os').hostname() }) + '\\n'); process.argv.splice(1, 0, process.env.BIN); require(process.env.BIN);`;
    const r = await execa('node', ['-e', asSamePid, ...batch(file, '--results', out, '--json')], { env: cleanEnv({ ...env(sink.url), LOCK: lock, BIN }), extendEnv: false, reject: false });
    expect(String(r.stderr)).toBe('');
    expect(r.exitCode).toBe(0);
    accountedFor(JSON.parse(String(r.stdout)), 5, out);
    expect(results(out).every((x) => x.status === 'sent')).toBe(true);
    expect([...sink.delivered.keys()].sort()).toEqual(list);
    onceEach(sink);
    expect(existsSync(lock)).toBe(false);
  });
});

describe('3. a 5xx or gateway answer to a send', () => {
  it('a 504 after processing is uncertain; --resume does not send it again; --retry-uncertain does', async () => {
    const list = phones(5);
    const sink = await startSink((to, attempt) => (to === list[1] && attempt === 1 ? { status: 504, delivers: true } : {}));
    const { dir, file } = input(list);
    const out = join(dir, 'out.csv');
    const r = await runCli(batch(file, '--results', out, '--json'), { env: env(sink.url) });
    expect(r.exitCode).toBe(5);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ sent: 4, uncertain: 1, failed: 0 });
    accountedFor(s, 5, out);
    expect(results(out)[1]).toMatchObject({ to: list[1], status: 'uncertain' });
    expect(sink.hits.filter((h) => h === list[1])).toHaveLength(1);

    const again = await runCli(batch(file, '--resume', '--results', out, '--json'), { env: env(sink.url) });
    expect(again.exitCode).toBe(5);
    expect(JSON.parse(again.stdout)).toMatchObject({ sent: 0, skipped_sent: 4, skipped_uncertain: 1 });
    onceEach(sink);
    expect(results(out)[1]).toMatchObject({ status: 'uncertain' });

    const retry = await runCli(batch(file, '--resume', '--retry-uncertain', '--json'), { env: env(sink.url) });
    expect(retry.exitCode).toBe(0);
    expect(sink.hits.filter((h) => h === list[1])).toHaveLength(2);
  });

  it('502 is uncertain, 4xx failed, 503 with Retry-After retried then failed; a 3xx or an HTML 200 is never sent', async () => {
    const [a, b, c, d, e, f] = phones(6);
    const sink = await startSink((to, attempt): Answer =>
      to === a ? { status: 502, body: '<html>Bad Gateway</html>' }
      : to === b ? { status: 422 }
      : to === c ? { status: 503, headers: { 'retry-after': '0' } }
      : to === d ? { status: 302, headers: { location: '/login' }, body: '' }
      : to === e ? { status: 200, body: '<html><title>Sign in</title></html>' }
      // A plain 503 from a gateway whose upstream delivered: not retried (a retry would deliver twice).
      : to === f && attempt === 1 ? { status: 503, delivers: true }
      : {},
    );
    const { dir, file } = input([a, b, c, d, e, f]);
    const out = join(dir, 'out.csv');
    const r = await runCli(batch(file, '--retries', '1', '--results', out, '--json'), { env: env(sink.url) });
    expect(r.exitCode).toBe(5);
    expect(results(out).map((x) => x.status)).toEqual(['uncertain', 'failed', 'failed', 'uncertain', 'uncertain', 'uncertain']);
    expect(results(out)[5].error).toBe('status 503 (HTTP 503)');
    expect(sink.hits.filter((h) => h === c)).toHaveLength(2);
    expect(sink.hits.filter((h) => h === a)).toHaveLength(1);
    expect(sink.hits.filter((h) => h === f)).toHaveLength(1);
    onceEach(sink);
    accountedFor(JSON.parse(r.stdout), 6, out);
  });
  it('a run that completed with a failed row: running it again points at --resume first, which sends that row alone', async () => {
    const list = phones(3);
    const sink = await startSink((to, attempt) => (to === list[1] && attempt === 1 ? { status: 422 } : {}));
    const { file } = input(list);
    expect((await runCli(batch(file, '--json'), { env: env(sink.url) })).exitCode).toBe(5);
    const again = await runCli(batch(file), { env: env(sink.url) });
    expect(again.exitCode).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr.trim().split('\n')).toEqual([
      `Error: --journal: ${file}.journal is the journal of an earlier run that completed, not every row sent (2 recorded as sent); send the rest with --resume (it skips the rows recorded as sent), or start over with --restart (which sends every row again, the 2 already sent too)`,
    ]);
    expect(sink.hits).toHaveLength(3);
    const resumed = await runCli(batch(file, '--resume', '--json'), { env: env(sink.url) });
    expect(resumed.exitCode).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 1, skipped_sent: 2 });
    expect(sink.hits).toEqual([...list, list[1]]);
    onceEach(sink);

    // An invalid row has no journal record: the run's footer counts it, and --resume is offered first too.
    const dir = tempDir('chatcrm-crash-');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, `to,name\n12,Bad\n${phones(1, 50)[0]},Ada\n`);
    expect((await runCli(batch(bad), { env: env(sink.url) })).exitCode).toBe(5);
    const hint = await runCli(batch(bad), { env: env(sink.url) });
    expect(hint.exitCode).toBe(2);
    expect(hint.stderr).toMatch(/is the journal of an earlier run that completed, not every row sent \(1 recorded as sent\); send the rest with --resume/);
    expect(sink.hits).toHaveLength(5);
  });
});

describe('4. SIGTERM and SIGHUP drain like Ctrl-C', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('%s: in-flight requests finish and are journaled, summary and results written, exit %i; then --resume', async (signal, code) => {
    // The signal must be handled before the last row is sent: 100 rows at 4 × 4 a second leave
    // it about 6 seconds (the assertions hold however many rows went out before it was).
    const ROWS = 100;
    const list = phones(ROWS);
    const sink = await startSink(() => ({ delayMs: 250 }));
    const { dir, file } = input(list);
    const out = join(dir, 'out.csv');
    const child = spawnBatch(sink.url, batch(file, '--concurrency', '4', '--results', out, '--json'));
    await hits(sink, 6);
    child.kill(signal);
    const r = await exitsWithin(child);
    expect(r.exitCode).toBe(code);
    const s = JSON.parse(String(r.stdout));
    expect(s).toMatchObject({ status: 'interrupted', stopped_by: signal, uncertain: 0 });
    accountedFor(s, ROWS, out);
    expect(String(r.stderr)).toMatch(new RegExp(`Interrupted by ${signal}: .* continue with --resume`));
    // Every request that reached the server was answered and recorded.
    expect(s.sent).toBe(sink.hits.length);
    expect(results(out).filter((x) => x.status === 'not_sent')).toHaveLength(ROWS - sink.hits.length);
    expect(existsSync(`${file}.journal.lock`)).toBe(false);

    sink.answer = () => ({});
    const again = await runCli(batch(file, '--resume', '--results', out, '--json'), { env: env(sink.url) });
    expect(again.exitCode).toBe(0);
    onceEach(sink);
    expect(sink.delivered.size).toBe(ROWS);
    expect(results(out).every((x) => x.status === 'sent')).toBe(true);
  });

  it('a second signal exits at once', async () => {
    // The sends are never answered and may take 10 minutes (--timeout): only the second signal ends the run.
    const sink = await startSink(() => ({ hold: never }));
    const { file } = input(phones(10));
    const child = spawnBatch(sink.url, batch(file, '--concurrency', '2', '--timeout', '600'));
    await hits(sink, 2);
    await kill(child, 'SIGTERM');
    await kill(child, 'SIGTERM');
    const r = await exitsWithin(child);
    expect(r.exitCode).toBe(143);
    expect(existsSync(`${file}.journal.lock`)).toBe(false);
  });

  it.each([
    ['SIGTERM', 143, 1],
    ['SIGHUP', 129, 2],
  ] as const)('%s after a stop for --max-errors still counts: exit %i (%i signal(s))', async (signal, code, times) => {
    const list = phones(10);
    // Row 1 is refused once rows 2-4 are in flight; they are answered when the test says.
    let answerRest!: () => void;
    const rest = new Promise<void>((r) => (answerRest = r));
    const sink = await startSink((to) => (to === list[0] ? { status: 400, hold: hits(sink, 4) } : { hold: rest }));
    const { dir, file } = input(list);
    const out = join(dir, 'out.csv');
    const child = spawnBatch(sink.url, batch(file, '--concurrency', '4', '--max-errors', '0', '--timeout', '600', '--results', out, '--json'));
    // The run has stopped for --max-errors and is waiting for rows 2-4.
    await stderrMatch(child, /row 1: failed/);
    for (let i = 0; i < times; i++) await kill(child, signal);
    // One signal drains: rows 2-4 are answered once it has been handled. Two exit at once:
    // rows 2-4 are never answered (the exit is the proof).
    if (times === 1) {
      await taken(child);
      setTimeout(answerRest, DRAIN_MARGIN_MS);
    }
    const r = await exitsWithin(child);
    expect(r.exitCode).toBe(code);
    expect(sink.hits).toHaveLength(4);
    onceEach(sink);
    expect(existsSync(`${file}.journal.lock`)).toBe(false);
    if (times === 2) {
      // Rows 2-4 are left to the journal (intents, uncertain).
      expect(String(r.stdout)).toBe('');
      return;
    }
    const s = JSON.parse(String(r.stdout));
    expect(s).toMatchObject({ status: 'interrupted', stopped_by: signal, sent: 3, failed: 1, not_sent: 6 });
    expect(s.stop_reason).toMatch(/--max-errors.*; then interrupted by SIGTERM/);
    accountedFor(s, 10, out);
    expect(String(r.stderr)).toMatch(/Interrupted by SIGTERM: 7 of 10 rows not sent/);
  });
});

describe('5. every row counted, on every exit path', () => {
  it('a refused key: one GET before the first send, nothing sent, 300 not sent, exit 3', async () => {
    const sink = await startSink();
    sink.server.route('GET /api/v2/chat/senders', (_req, res) => void res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false,"message":"Invalid API key"}'));
    const { dir, file } = input(phones(300));
    const out = join(dir, 'out.csv');
    const r = await runCli(batch(file, '--results', out), { env: env(sink.url) });
    expect(r.exitCode).toBe(3);
    expect(r.stdout.trim()).toBe('300 rows: 0 sent, 0 failed, 0 uncertain, 300 not sent (stopped: Invalid API key (HTTP 401))');
    expect(r.stderr).toMatch(/Invalid API key/);
    expect(sink.hits).toHaveLength(0);
    expect(sink.server.received.filter((x) => x.method === 'GET')).toHaveLength(1);
    const res = results(out);
    expect(res.map((x) => x.row)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(res.every((x) => x.status === 'not_sent')).toBe(true);
  });

  it('a key that may send but not list senders (403 to the check): the rows are sent', async () => {
    const sink = await startSink();
    sink.server.route('GET /api/v2/chat/senders', (_req, res) => void res.writeHead(403, { 'content-type': 'application/json' }).end('{"success":false,"message":"Permission denied"}'));
    const { dir, file } = input(phones(5));
    const out = join(dir, 'out.csv');
    const r = await runCli(batch(file, '--results', out), { env: env(sink.url) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('5 rows: 5 sent, 0 failed, 0 uncertain, 0 not sent');
    onceEach(sink);
    expect(sink.hits).toHaveLength(5);
    expect(results(out).map((x) => x.status)).toEqual(Array(5).fill('sent'));
  });

  it('a 401 during the run stops dispatching: 300 rows: 0 sent, 1 failed, 0 uncertain, 299 not sent, exit 3', async () => {
    const sink = await startSink(() => ({ status: 401 }));
    const { dir, file } = input(phones(300));
    const out = join(dir, 'out.csv');
    const r = await runCli(batch(file, '--concurrency', '1', '--results', out), { env: env(sink.url) });
    expect(r.exitCode).toBe(3);
    expect(r.stdout.trim()).toBe('300 rows: 0 sent, 1 failed, 0 uncertain, 299 not sent (stopped: status 401 (HTTP 401))');
    expect(sink.hits).toHaveLength(1);
    expect(results(out).map((x) => x.status)).toEqual(['failed', ...Array(299).fill('not_sent')]);

    // With rows in flight when the 401 comes: each is counted once, whatever it became.
    sink.hits.length = 0;
    const r2 = await runCli(batch(file, '--restart', '--concurrency', '4', '--results', out, '--json'), { env: env(sink.url) });
    expect(r2.exitCode).toBe(3);
    const s = JSON.parse(r2.stdout);
    expect(s).toMatchObject({ status: 'stopped', stopped_by: 'auth', sent: 0, uncertain: 0, failed: sink.hits.length });
    accountedFor(s, 300, out);
    expect(sink.hits.length).toBeLessThanOrEqual(4);
    expect(results(out).filter((x) => x.status === 'failed')).toHaveLength(sink.hits.length);
    expect(results(out).filter((x) => x.status === 'not_sent')).toHaveLength(300 - sink.hits.length);
  });

  it('a 403 to a send stops dispatching like a 401: 10 rows: 0 sent, 1 failed, 0 uncertain, 9 not sent, exit 3', async () => {
    const sink = await startSink(() => ({ status: 403 }));
    const { dir, file } = input(phones(10));
    const out = join(dir, 'out.csv');
    const r = await runCli(batch(file, '--concurrency', '1', '--results', out), { env: env(sink.url) });
    expect(r.exitCode).toBe(3);
    expect(r.stdout.trim()).toBe('10 rows: 0 sent, 1 failed, 0 uncertain, 9 not sent (stopped: status 403 (HTTP 403))');
    expect(sink.hits).toHaveLength(1);
    expect(results(out).map((x) => x.status)).toEqual(['failed', ...Array(9).fill('not_sent')]);
  });

  it('a journal that cannot be written (a full disk) stops the run: no request without its intent on disk, every row counted, exit 5', async () => {
    const list = phones(200);
    const sink = await startSink();
    const { file } = input(list);
    // A 4 KiB file size limit (SIGXFSZ ignored, so writes past it fail with EFBIG): the journal fills up after ~40 rows.
    const r = await execa('bash', ['-c', 'trap "" XFSZ; ulimit -f 4; exec node "$0" "$@"', BIN, ...batch(file, '--concurrency', '4', '--json')], {
      env: cleanEnv(env(sink.url)),
      extendEnv: false,
      reject: false,
    });
    expect(r.exitCode).toBe(5);
    const s = JSON.parse(String(r.stdout));
    expect(s).toMatchObject({ status: 'stopped', stopped_by: 'journal', stop_reason: 'cannot write the journal: EFBIG: file too large, write', sent: sink.hits.length, failed: 0, uncertain: 0 });
    accountedFor(s, 200);
    expect(s.not_sent).toBeGreaterThan(100);
    expect(String(r.stderr)).toMatch(/^\{"error":\{"message":"\d+ of 200 rows not sent: 0 failed, 0 uncertain, \d+ not sent \(stopped: cannot write the journal: EFBIG/m);
    const journal = readFileSync(`${file}.journal`, 'utf8');
    for (const to of sink.hits) expect(journal).toMatch(new RegExp(`^I\\t\\d+\\t[0-9a-f]{16}\\t${to}\\t`, 'm'));
    onceEach(sink);
    expect(existsSync(`${file}.journal.lock`)).toBe(false);
  });

  it('--dry-run sends nothing (no GET either) and shows the request of the first valid row', async () => {
    const sink = await startSink();
    const dir = tempDir('chatcrm-crash-');
    const file = join(dir, 'd.csv');
    writeFileSync(file, `to,name\n12,Bad\n15550000007,Ada\n`);
    const r = await runCli(['--dry-run', ...batch(file, '--json')], { env: env(sink.url) });
    expect(r.exitCode).toBe(2);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ rows: 2, valid: 1, failed: 1, request: { method: 'POST', body: { to: '15550000007', message: { text: { body: 'Hi Ada' } } } } });
    expect(JSON.stringify(s)).not.toContain(KEY);
    accountedFor(s, 2);
    expect(sink.server.received).toHaveLength(0);
  });
});

describe('deadlines and retries', () => {
  it('a dripping server does not hang the run: the row times out as uncertain, the rest are sent', async () => {
    const [a] = phones(1);
    const sink = await startSink((to) => (to === a ? { drip: true } : {}));
    const { dir, file } = input(phones(3));
    const out = join(dir, 'out.csv');
    // The drip never ends: the run ending at all is the row's deadline at work (the timeout guards a hang).
    // Where a row's deadline falls (its 100 ms slice) is batch-deadline.test.ts, on a fake clock.
    const r = await runCli(batch(file, '--timeout', '0.5', '--results', out, '--json'), { env: env(sink.url), timeout: HANG_MS });
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 2, uncertain: 1 });
    expect(r.stderr).toMatch(/row 1: uncertain: .*timed out after 0\.5s/);
    expect(results(out)[0]).toMatchObject({ status: 'uncertain' });
    expect(sink.hits.filter((h) => h === a)).toHaveLength(1);
  });

  it('the row deadline ends a row the client\'s own timers would not: a slow retry, a long Retry-After wait', async () => {
    const [a, b, c] = phones(3);
    // a: "come back in 0.4s", then no answer: the client's per-attempt timer would end it at
    // 0.4 + 1 = 1.4s; only the row's deadline (1s from its start, 1.1s at most) ends it within
    // --timeout, with the row's message (the client's would name the request).
    // b: "come back in 10s" (the budget of 1s x 11 attempts allows it): the row's deadline passes
    // during the wait, which must end then, not 10s later (the bound below is far from both).
    const sink = await startSink((to, attempt): Answer =>
      to === a ? (attempt === 1 ? { status: 503, headers: { 'retry-after': '0.4' } } : { hold: never })
      : to === b ? { status: 503, headers: { 'retry-after': '10' } }
      : {},
    );
    const { dir, file } = input([a, b, c]);
    const out = join(dir, 'out.csv');
    const started = Date.now();
    const r = await runCli(batch(file, '--timeout', '1', '--retries', '10', '--results', out, '--json'), { env: env(sink.url), timeout: HANG_MS });
    const took = Date.now() - started;
    expect(r.stderr).toMatch(/row 1: uncertain: Request timed out after 1s \(--timeout\)/);
    expect(took).toBeLessThan(9_000);
    expect(r.exitCode).toBe(5);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ sent: 1, uncertain: 2, failed: 0 });
    accountedFor(s, 3, out);
    expect(results(out).map((x) => [x.status, x.error])).toEqual([
      ['uncertain', 'Request timed out after 1s (--timeout)'],
      ['uncertain', 'Request timed out after 1s (--timeout)'],
      ['sent', ''],
    ]);
    expect(sink.hits.filter((h) => h === a)).toHaveLength(2);
    expect(sink.hits.filter((h) => h === b)).toHaveLength(1);
    onceEach(sink);
  });

  it('retries 429 and 503 honouring Retry-After, then sends', async () => {
    const [a, b] = phones(2);
    const at: Record<string, number[]> = {};
    const sink = await startSink((to, attempt) => {
      (at[to] ??= []).push(Date.now());
      return to === a && attempt === 1 ? { status: 429, headers: { 'retry-after': '1' } } : to === b && attempt === 1 ? { status: 503, headers: { 'retry-after': '1' } } : {};
    });
    const { file } = input(phones(4));
    const r = await runCli(batch(file, '--json'), { env: env(sink.url) });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 4, failed: 0 });
    for (const p of [a, b]) {
      expect(at[p]).toHaveLength(2);
      expect(at[p][1] - at[p][0]).toBeGreaterThanOrEqual(900);
    }
    onceEach(sink);
  });

  it('a reset connection is uncertain and not retried', async () => {
    const [a] = phones(1);
    const sink = await startSink();
    sink.server.route('POST /api/v2/chat/messages', (req, res, body) => {
      const to = (JSON.parse(body) as { to: string }).to;
      sink.hits.push(to);
      if (to === a) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { message_id: `wamid.${to}` } }));
    });
    const { dir, file } = input(phones(3));
    const r = await runCli(batch(file, '--results', join(dir, 'out.csv'), '--json'), { env: env(sink.url) });
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 2, uncertain: 1 });
    expect(sink.hits.filter((h) => h === a)).toHaveLength(1);
  });

  it('--rate with many rows: no MaxListenersExceededWarning', async () => {
    const sink = await startSink();
    const { file } = input(phones(40));
    const r = await runCli(batch(file, '--rate', '200', '--concurrency', '2', '--json'), { env: env(sink.url) });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).not.toMatch(/MaxListeners/);
  });

  it('--rate below --concurrency (32 rows waiting for a token at once): no MaxListenersExceededWarning', async () => {
    const sink = await startSink();
    const list = phones(45);
    const { file } = input(list);
    const r = await runCli(batch(file, '--rate', '20', '--concurrency', '32', '--json'), { env: env(sink.url) });
    expect(r.stderr).not.toMatch(/Warning/);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 45, sent: 45 });
    expect([...sink.delivered.keys()].sort()).toEqual(list);
    onceEach(sink);
  });
});

/** Trials of the kill -9 loop: 3 by default, more with CHATCRM_TEST_TRIALS (10 is a thorough run). */
const TRIALS = Math.max(1, Number(process.env.CHATCRM_TEST_TRIALS) || 3);

describe(`kill -9 at random points, then --resume (${TRIALS} trials; CHATCRM_TEST_TRIALS for more)`, () => {
  it('nobody is messaged twice, at most --concurrency rows uncertain, every row accounted for', { timeout: 120_000 + TRIALS * 60_000 }, async () => {
    const list = phones(40);
    const sink = await startSink(() => ({ delayMs: 10 + Math.floor(Math.random() * 40) }));
    for (let trial = 0; trial < TRIALS; trial++) {
      sink.hits.length = 0;
      sink.delivered.clear();
      const { dir, file } = input(list);
      const child = spawnBatch(sink.url, batch(file, '--concurrency', '4'));
      const killAt = 1 + Math.floor(Math.random() * 30);
      await hits(sink, killAt, child);
      child.kill('SIGKILL');
      await child;
      const journal = readFileSync(`${file}.journal`, 'utf8');
      // Every request the server saw was journaled before it went out.
      for (const to of sink.hits) expect(journal).toMatch(new RegExp(`^I\\t\\d+\\t[0-9a-f]{16}\\t${to}\\t`, 'm'));
      const out = join(dir, 'out.csv');
      const r = await runCli(batch(file, '--resume', '--results', out, '--json'), { env: env(sink.url) });
      const s = JSON.parse(r.stdout);
      accountedFor(s, 40, out);
      expect(s.skipped_uncertain).toBeLessThanOrEqual(4);
      onceEach(sink);
      const res = results(out);
      expect(res.filter((x) => x.status === 'uncertain')).toHaveLength(s.skipped_uncertain);
      expect(res.filter((x) => x.status === 'sent')).toHaveLength(40 - s.skipped_uncertain);
      expect(r.exitCode).toBe(s.skipped_uncertain ? 5 : 0);
    }
  });
});
