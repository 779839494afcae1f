// The batch engine against a small scriptable server: retries with Retry-After, kill -9
// in the middle and --resume, Ctrl-C.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, tempDir } from '../helpers/cli.js';

interface Hit {
  to: string;
  at: number;
}

interface TestServer {
  url: string;
  hits: Hit[];
}

type Behaviour = (to: string, attempt: number) => { status: number; headers?: Record<string, string>; delayMs?: number };

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

async function startServer(behave: Behaviour): Promise<TestServer> {
  const hits: Hit[] = [];
  const attempts = new Map<string, number>();
  let n = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const to = (JSON.parse(body) as { to: string }).to;
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      hits.push({ to, at: Date.now() });
      const b = behave(to, attempt);
      setTimeout(() => {
        res.writeHead(b.status, { 'content-type': 'application/json', ...b.headers });
        res.end(JSON.stringify(b.status < 300 ? { success: true, data: { message_id: `wamid.t${++n}`, to } } : { success: false, message: `status ${b.status}` }));
      }, b.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
  };
}

const phones = (n: number) => Array.from({ length: n }, (_, i) => `1555${String(i + 1).padStart(7, '0')}`);

function input(n: number): { dir: string; file: string } {
  const dir = tempDir('chatcrm-crash-');
  const file = join(dir, 'r.csv');
  writeFileSync(file, `to,name\n${phones(n).map((p, i) => `${p},N${i + 1}`).join('\n')}\n`);
  return { dir, file };
}

const env = (url: string) => ({ CHATCRM_BASE_URL: url, CHATCRM_API_KEY: 'k' });
const batch = (file: string, ...extra: string[]) => ['chat', 'send-batch', file, '--sender', 's1', '--text', 'Hi {{name}}', ...extra];

function results(p: string): { row: number; to: string; status: string }[] {
  return readFileSync(p, 'utf8').trim().split('\n').slice(1).map((l) => {
    const [row, to, status] = l.split(',');
    return { row: Number(row), to, status };
  });
}

async function until(cond: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('retries', () => {
  it('retries 429 and 503 honouring Retry-After, then sends', async () => {
    const [a, b] = phones(2);
    const srv = await startServer((to, attempt) =>
      to === a && attempt === 1 ? { status: 429, headers: { 'retry-after': '1' } } : to === b && attempt === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 },
    );
    const { file } = input(4);
    const r = await runCli(batch(file, '--json'), { env: env(srv.url) });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 4, failed: 0 });
    for (const p of [a, b]) {
      const tries = srv.hits.filter((h) => h.to === p);
      expect(tries).toHaveLength(2);
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(900);
    }
    expect(srv.hits).toHaveLength(6);
  });

  it('a row still refused after the retries is failed, and the run exits 5', async () => {
    const [a] = phones(1);
    const srv = await startServer((to) => (to === a ? { status: 429, headers: { 'retry-after': '0' } } : { status: 200 }));
    const { dir, file } = input(3);
    const r = await runCli(batch(file, '--retries', '1', '--results', join(dir, 'out.csv'), '--json'), { env: env(srv.url) });
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 2, failed: 1 });
    expect(srv.hits.filter((h) => h.to === a)).toHaveLength(2);
    expect(results(join(dir, 'out.csv')).find((x) => x.to === a)!.status).toBe('failed');
  });

  it('a reset connection is uncertain, not failed, and is not retried', async () => {
    const [a] = phones(1);
    const srv = await startServer(() => ({ status: 200 }));
    server!.removeAllListeners('request');
    server!.on('request', (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const to = JSON.parse(body).to;
        srv.hits.push({ to, at: Date.now() });
        if (to === a) return req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { message_id: `wamid.${to}` } }));
      });
    });
    const { dir, file } = input(3);
    const r = await runCli(batch(file, '--results', join(dir, 'out.csv'), '--json'), { env: env(srv.url) });
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 2, uncertain: 1 });
    expect(srv.hits.filter((h) => h.to === a)).toHaveLength(1);
    expect(results(join(dir, 'out.csv')).find((x) => x.to === a)!.status).toBe('uncertain');
  });
});

describe('timeouts', () => {
  it('a request that times out is uncertain (it may have been processed) and is not retried', async () => {
    const [a] = phones(1);
    const srv = await startServer((to) => (to === a ? { status: 200, delayMs: 2500 } : { status: 200 }));
    const { dir, file } = input(2);
    const r = await runCli(batch(file, '--timeout', '1', '--results', join(dir, 'out.csv'), '--json'), { env: env(srv.url) });
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 1, uncertain: 1 });
    expect(r.stderr).toMatch(/row 1: uncertain: Request timed out after 1s/);
    expect(srv.hits.filter((h) => h.to === a)).toHaveLength(1);
    expect(results(join(dir, 'out.csv')).find((x) => x.to === a)!.status).toBe('uncertain');
  });
});

describe('crash safety', () => {
  it('kill -9 in the middle, then --resume: nobody gets two messages, every row ends sent/failed/uncertain', async () => {
    const srv = await startServer(() => ({ status: 200, delayMs: 250 }));
    const { dir, file } = input(60);
    const child = execa('node', [BIN, ...batch(file, '--concurrency', '6')], { env: cleanEnv(env(srv.url)), extendEnv: false, reject: false });
    await until(() => srv.hits.length >= 20);
    child.kill('SIGKILL');
    const killed = await child;
    expect(killed.signal).toBe('SIGKILL');
    const firstRun = srv.hits.length;
    const journal = readFileSync(`${file}.journal`, 'utf8');
    // Every request the server saw was journaled before it went out.
    for (const h of srv.hits) expect(journal).toContain(`\t${h.to}\n`);

    const out = join(dir, 'results.csv');
    const r = await runCli(batch(file, '--resume', '--results', out, '--json'), { env: env(srv.url) });
    const summary = JSON.parse(r.stdout);
    expect(summary.skipped_uncertain).toBeGreaterThan(0);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/uncertain/);

    const count = new Map<string, number>();
    for (const h of srv.hits) count.set(h.to, (count.get(h.to) ?? 0) + 1);
    expect([...count.values()].every((c) => c === 1)).toBe(true);
    const res = results(out);
    expect(res.map((x) => x.row).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(res.every((x) => ['sent', 'failed', 'uncertain'].includes(x.status))).toBe(true);
    // Uncertain rows are exactly the journaled ones without an answer: not sent again.
    const uncertain = res.filter((x) => x.status === 'uncertain');
    expect(uncertain.length).toBe(summary.skipped_uncertain);
    expect(res.filter((x) => x.status === 'sent')).toHaveLength(60 - uncertain.length);
    expect(srv.hits.length).toBe(firstRun + (60 - summary.skipped_sent - summary.skipped_uncertain));

    // --retry-uncertain sends exactly those again.
    const before = srv.hits.length;
    const again = await runCli(batch(file, '--resume', '--retry-uncertain', '--results', out, '--json'), { env: env(srv.url) });
    expect(again.exitCode).toBe(0);
    expect(srv.hits.slice(before).map((h) => h.to).sort()).toEqual(uncertain.map((x) => x.to).sort());
    expect(results(out).every((x) => x.status === 'sent')).toBe(true);
  });

  it('Ctrl-C stops dispatching, lets requests in flight finish, flushes the journal, exits 130', async () => {
    const srv = await startServer(() => ({ status: 200, delayMs: 300 }));
    const { dir, file } = input(80);
    const out = join(dir, 'results.csv');
    const child = execa('node', [BIN, ...batch(file, '--concurrency', '4', '--results', out, '--json')], { env: cleanEnv(env(srv.url)), extendEnv: false, reject: false });
    await until(() => srv.hits.length >= 8);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(JSON.parse(String(r.stdout))).toMatchObject({ status: 'interrupted' });
    expect(String(r.stderr)).toMatch(/Interrupted: .* continue with --resume/);
    const journal = readFileSync(`${file}.journal`, 'utf8');
    const sentLines = journal.split('\n').filter((l) => l.startsWith('S\t'));
    // Every request that reached the server was answered and recorded: none were cut off.
    expect(sentLines).toHaveLength(srv.hits.length);
    expect(srv.hits.length).toBeLessThan(80);
    const res = results(out);
    expect(res).toHaveLength(80);
    expect(res.filter((x) => x.status === 'sent')).toHaveLength(srv.hits.length);
    expect(res.filter((x) => x.status === 'failed')).toHaveLength(80 - srv.hits.length);
    expect(res.some((x) => x.status === 'uncertain')).toBe(false);
  });
});
