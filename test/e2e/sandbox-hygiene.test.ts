// The sandbox is a server too (issue #10, item 9): it refuses a request before reading its body
// when the key or the route is wrong, remembers a bounded number of requests, answers 400 to a
// malformed path, and cleans up after a sandbox killed mid-write.
import { request } from 'node:http';
import { connect } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { BIN, HANG_MS, cleanEnv, tempDir } from '../helpers/cli.js';

const MB = 1 << 20;

/** POST `total` bytes of multipart body (in 1 MiB writes) and resolve with the status of the reply, or the error. */
function upload(url: string, total: number, headers: Record<string, string> = {}): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(total), ...headers } }, (res) => {
      resolve(res.statusCode ?? 0);
      res.resume().on('error', () => undefined);
    });
    req.on('error', (err) => resolve(String(err)));
    const chunk = Buffer.alloc(MB, 0x61);
    let sent = 0;
    const write = () => {
      while (sent < total) {
        sent += MB;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

/** VmRSS and bytes read (rchar) of a process, from /proc. */
function usage(pid: number): { rssMb: number; readMb: number } {
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  const rchar = Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);
  return { rssMb: rss / 1024, readMb: rchar / MB };
}

describe.runIf(process.platform === 'linux')('chatcrm sandbox under unauthenticated uploads', () => {
  it('60 uploads of 16 MiB without a key are refused before their bodies are read: memory and bytes read stay small', async () => {
    const child = execa('node', [BIN, 'sandbox'], { env: cleanEnv(), extendEnv: false, reject: false });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (c: Buffer) => {
          const m = /listening on (\S+)/.exec(c.toString());
          if (m) resolve(m[1]);
        });
        child.on('exit', () => reject(new Error('sandbox exited')));
      });
      const before = usage(child.pid!);
      const statuses: (number | string)[] = [];
      for (let round = 0; round < 15; round++) {
        statuses.push(...(await Promise.all(Array.from({ length: 4 }, () => upload(`${url}/api/reply-materials`, 16 * MB)))));
      }
      const after = usage(child.pid!);
      expect(statuses).toEqual(Array(60).fill(401));
      // Reading the bodies would be 960 MiB read and, when kept, as much memory.
      expect(after.readMb - before.readMb).toBeLessThan(200);
      expect(after.rssMb).toBeLessThan(before.rssMb + 150);
    } finally {
      child.kill('SIGTERM');
      await child;
    }
  });
});

describe('the sandbox server', () => {
  it('refuses a missing or wrong key, or an unknown route without a key, without waiting for the body (Expect: 100-continue too)', async () => {
    const sb = await startSandbox();
    try {
      // The client sends headers and the first 8 KiB of a 16 MiB body, then waits: only a reply before the body can arrive.
      const early = (path: string, headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${sb.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(16 * MB), ...headers } }, (res) => {
            resolve(res.statusCode ?? 0);
            req.destroy();
          });
          req.on('error', (err) => (err.message.includes('socket hang up') || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
          req.write(Buffer.alloc(8192, 0x20));
          // Without an early reply the body never comes: a hang, which this guards.
          setTimeout(() => reject(new Error('no reply before the body')), HANG_MS).unref();
        });
      expect(await early('/api/tags', {})).toBe(401);
      expect(await early('/api/tags', { 'x-api-key': 'wrong' })).toBe(401);
      expect(await early('/api/no-such-route', {})).toBe(404);
      expect(await early('/api/tags', { expect: '100-continue' })).toBe(401);
      expect(sb.received.at(-1)).toMatchObject({ path: '/api/tags', status: 401, bodyBytes: 0, body: undefined });
    } finally {
      await sb.close();
    }
  });

  it('keeps the last 1,000 requests, and only the size of a body over 64 KiB', async () => {
    const sb = await startSandbox();
    try {
      const get = (i: number) => fetch(`${sb.url}/api/tags?i=${i}`, { headers: { 'x-api-key': sb.config.apiKey } }).then((r) => r.arrayBuffer());
      for (let i = 0; i < 1100; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => get(i + j)));
      expect(sb.requestCount).toBe(1100);
      expect(sb.received).toHaveLength(1000);
      expect(sb.received.map((r) => Number(r.query.i)).sort((a, b) => a - b)[0]).toBe(100);

      const big = JSON.stringify({ name: 'x'.repeat(80 * 1024), color: '#FF0000' });
      await fetch(`${sb.url}/api/tags`, { method: 'POST', headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' }, body: big }).then((r) => r.arrayBuffer());
      expect(sb.received.at(-1)).toMatchObject({ bodyBytes: big.length, body: `(${big.length} bytes, not kept)` });
      const small = JSON.stringify({ name: 'vip', color: '#FF0000' });
      await fetch(`${sb.url}/api/tags`, { method: 'POST', headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' }, body: small }).then((r) => r.arrayBuffer());
      expect(sb.received.at(-1)!.body).toEqual(JSON.parse(small));
    } finally {
      await sb.close();
    }
  });

  it('answers 400 to a malformed percent-encoding in a path id', async () => {
    const sb = await startSandbox();
    try {
      for (const path of ['/api/automation/%zz', '/api/segments/%E0%A4%A/contacts']) {
        const res = await fetch(`${sb.url}${path}`, { headers: { 'x-api-key': sb.config.apiKey } });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { message: string }).message).toMatch(/Malformed path/);
      }
      const ok = await fetch(`${sb.url}/api/automation/${encodeURIComponent('a b')}`, { headers: { 'x-api-key': sb.config.apiKey } });
      expect(ok.status).toBe(404);
      // A request target no URL parser takes.
      const raw = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(sb.url).port), '127.0.0.1', () => socket.end('GET //[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
        let text = '';
        socket.on('data', (c) => (text += c.toString()));
        socket.on('close', () => resolve(text));
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      await sb.close();
    }
  });

  it('removes temp files of --state left by a killed sandbox, and keeps a running one’s', async () => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    const dead = join(dir, 'state.json.999999999.tmp'); // above pid_max: no such process
    const live = join(dir, `state.json.${process.ppid}.tmp`);
    const other = join(dir, 'other.json.999999999.tmp');
    for (const f of [dead, live, other]) writeFileSync(f, '{"partial":');
    const sb = await startSandbox({ stateFile: state });
    await sb.close();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
    expect(JSON.parse(readFileSync(state, 'utf8')).collections).toBeTypeOf('object');
  });
});
