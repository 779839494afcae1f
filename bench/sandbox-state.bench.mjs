// The sandbox under 50 concurrent writers, with --state FILE and without: requests/s of
// `POST /api/notifications` (each a write the state keeps) for 4 s per run, the two kinds
// interleaved over 3 rounds, medians. Target: with --state ≥ 0.5x without (the state is saved
// at most every 200 ms, off the request path). Runs on its own after `npm run build`:
// node bench/sandbox-state.bench.mjs (SANDBOX_BENCH_SECONDS sets the run length).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { rssMiB, start, stop } from './process.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const BIN = join(root, 'bin/chatcrm.js');
const KEY = 'bench-key-0123456789';
const SECONDS = Number(process.env.SANDBOX_BENCH_SECONDS ?? 4);
const ROUNDS = 3;

function startSandbox(dir, state) {
  const args = [BIN, 'sandbox', '--port', '0', '--api-key', KEY, ...(state ? ['--state', join(dir, `state-${Date.now()}.json`)] : [])];
  return start(args, { CHATCRM_CONFIG_DIR: join(dir, 'cfg') });
}

async function measure(dir, state) {
  const sb = await startSandbox(dir, state);
  try {
    const before = rssMiB(sb.child.pid);
    const r = await autocannon({
      url: `${sb.url}/api/notifications`,
      method: 'POST',
      connections: 50,
      duration: SECONDS,
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ title: 'Bench', message: 'A write the state keeps' }),
    });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
    const after = rssMiB(sb.child.pid);
    return { rps: r.requests.average, p99: r.latency.p99, rss: before === undefined ? 'n/a' : `${before.toFixed(0)} → ${after.toFixed(0)} MiB` };
  } finally {
    await stop(sb.child);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-sandbox-'));
try {
  const runs = { plain: [], state: [] };
  for (let i = 0; i < ROUNDS; i++) {
    runs.plain.push(await measure(dir, false));
    runs.state.push(await measure(dir, true));
  }
  const plain = median(runs.plain.map((r) => r.rps));
  const state = median(runs.state.map((r) => r.rps));
  const ratio = state / plain;
  console.log(`| sandbox, 50 concurrent writers, ${SECONDS} s | requests/s (median) | p99 (median) | RSS (last run) | target |`);
  console.log('|---|---|---|---|---|');
  console.log(`| without --state | ${plain.toFixed(0)} | ${median(runs.plain.map((r) => r.p99))} ms | ${runs.plain.at(-1).rss} | |`);
  console.log(`| with --state | ${state.toFixed(0)} (${ratio.toFixed(2)}x) | ${median(runs.state.map((r) => r.p99))} ms | ${runs.state.at(-1).rss} | ≥ 0.5x ${ratio >= 0.5 ? '✓' : '✗'} |`);
  if (ratio < 0.5) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
