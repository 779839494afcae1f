// `--all` streams: `segments list --all -o jsonl` (and --json) over 1,000, 10,000 and 100,000
// records served 100 a page by a local endpoint that makes each page on the fly, with the
// peak RSS of the CLI (/usr/bin/time -v). Target: memory flat, the 100,000-record run within
// 25 MiB of the 10,000-record one (V8's young generation grows to its cap over the first
// seconds of any run, so the 1,000-record run is lower for reasons unrelated to the list),
// and under 128 MiB. A table of 100,000 records (which must collect them) is shown for contrast.
// Runs on its own after `npm run build`: node bench/lists.bench.mjs (LISTS_BENCH_MAX sets the size).
import { fork, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const BIN = join(root, 'bin/chatcrm.js');
const MAX = Number(process.env.LISTS_BENCH_MAX ?? 100_000);
const KEY = 'bench-key';

// The endpoint: pages in the named-array-in-data shape, made per request (nothing kept).
const SERVER = `
const { createServer } = require('node:http');
const total = Number(process.argv[2]);
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const limit = Math.min(100, Number(url.searchParams.get('limit')) || 10);
  const page = Number(url.searchParams.get('page')) || 1;
  const segments = [];
  for (let i = (page - 1) * limit; i < Math.min(total, page * limit); i++) {
    segments.push({ _id: (0x6b000000 + i).toString(16).padStart(24, '0'), name: 'Segment ' + i, filters: { status: 'lead' }, contacts_count: i % 50, created_at: '2026-11-23T10:00:00.000Z', updated_at: '2026-11-23T10:00:00.000Z', __v: 0 });
  }
  const body = JSON.stringify({ success: true, message: 'OK', data: { segments, pagination: { currentPage: page, totalPages: Math.ceil(total / limit), totalItems: total, itemsPerPage: limit } } });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function startEndpoint(dir, total) {
  const file = join(dir, 'endpoint.cjs');
  const w = createWriteStream(file);
  w.end(SERVER);
  await once(w, 'finish');
  const child = fork(file, [String(total)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [port] = await once(child, 'message');
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Run the CLI with stdout read (and counted) as a pipe reader would; peak RSS from time -v. */
async function runList(url, dir, args) {
  const timed = existsSync('/usr/bin/time');
  const cli = [BIN, 'segments', 'list', ...args];
  const started = performance.now();
  const child = spawn(timed ? '/usr/bin/time' : process.execPath, timed ? ['-v', process.execPath, ...cli] : cli, {
    env: { ...process.env, CHATCRM_BASE_URL: url, CHATCRM_API_KEY: KEY, CHATCRM_CONFIG_DIR: join(dir, 'cfg'), CI: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let err = '';
  child.stdout.on('data', (c) => {
    for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
  });
  child.stderr.on('data', (c) => (err += c));
  const [code] = await once(child, 'close');
  const wall = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`segments list exited ${code}: ${err.slice(-2000)}`);
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(err)?.[1];
  return { lines, wall, peakMiB: kb ? Number(kb) / 1024 : undefined };
}

const mib = (v) => (v === undefined ? 'n/a (no /usr/bin/time)' : `${v.toFixed(1)} MiB`);
const dir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-lists-'));
const rows = ['| --all benchmark | records out | time | peak RSS | target |', '|---|---|---|---|---|'];
try {
  const sizes = [1_000, 10_000, MAX].filter((n, i, all) => n <= MAX && all.indexOf(n) === i);
  const runs = [];
  for (const n of sizes) {
    const endpoint = await startEndpoint(dir, n);
    try {
      const jsonl = await runList(endpoint.url, dir, ['--all', '-o', 'jsonl']);
      runs.push({ n, jsonl });
      rows.push(`| -o jsonl, ${n.toLocaleString('en-US')} records | ${jsonl.lines} | ${jsonl.wall.toFixed(1)} s | ${mib(jsonl.peakMiB)} | |`);
      if (n === MAX) {
        const json = await runList(endpoint.url, dir, ['--all', '--json']);
        rows.push(`| --json (one array, streamed), ${n.toLocaleString('en-US')} records | ${json.lines} lines | ${json.wall.toFixed(1)} s | ${mib(json.peakMiB)} | |`);
        const csv = await runList(endpoint.url, dir, ['--all', '-o', 'csv']);
        rows.push(`| -o csv, ${n.toLocaleString('en-US')} records | ${csv.lines} lines | ${csv.wall.toFixed(1)} s | ${mib(csv.peakMiB)} | |`);
      }
      if (n === MAX) {
        const table = await runList(endpoint.url, dir, ['--all']);
        rows.push(`| table (collects every record), ${n.toLocaleString('en-US')} records | ${table.lines} lines | ${table.wall.toFixed(1)} s | ${mib(table.peakMiB)} | for contrast |`);
      }
    } finally {
      endpoint.child.kill();
    }
  }
  const from = runs.find((r) => r.n === 10_000) ?? runs[0];
  const to = runs[runs.length - 1];
  if (from.jsonl.peakMiB !== undefined && to.jsonl.peakMiB !== undefined) {
    const growth = to.jsonl.peakMiB - from.jsonl.peakMiB;
    const ok = growth < 25 && to.jsonl.peakMiB < 128;
    rows.push(`| jsonl peak RSS growth, ${from.n.toLocaleString('en-US')} → ${to.n.toLocaleString('en-US')} records | | | ${growth.toFixed(1)} MiB | < 25 MiB and peak < 128 MiB ${ok ? 'ok' : 'MISSED'} |`);
  }
  process.stdout.write(`${rows.join('\n')}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
