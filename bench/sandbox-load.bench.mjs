// The sandbox under a load test (issue 36): 50 connections sending text messages for 30 s after
// a 2 s warm-up, without --state and with it, against a bare node:http server answering the same JSON. Per run:
// sends/s (and the ratio to the bare server, target ≥ 0.5x), RSS at 10/20/30 s (target ≤ 256
// MiB, flat after warm-up: retention keeps the newest 10,000 messages), p99 and max latency,
// then the inspector feed's size and time, and the state file's size. Runs on its own after
// `npm run build`: node bench/sandbox-load.bench.mjs (SANDBOX_LOAD_SECONDS sets the length,
// SANDBOX_LOAD_WARMUP the warm-up's, 0 for none: measured from cold, SANDBOX_LOAD_ROUNDS the rounds). The machine is shared: each round runs the three servers
// one after the other (in a rotated order), and the table gives medians over the rounds —
// the ratio is the median of each round's ratio to that round's bare server. A last row sets the
// worst answer with --state against the worst without in the same round (a save must not make
// one answer wait longer than the run's own worst hiccup), with each server's longest event-loop
// delay during the load (bench/loop-delay.cjs): what the server stalled itself, apart from what
// the shared machine adds to a latency. The warm-up is measured apart and shown in that row: a
// load's first half second (50 connections opened at once, code not yet compiled) held its worst
// answer with and without --state alike (171 ms to 1.3 s without, answers waiting while neither
// the server's nor the client's event loop stalled), so the measured run starts warm, with the
// store at its 10,000 messages and every save of the whole file.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { rssMiB, start, stop } from './process.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const LOOP_DELAY = join(root, 'bench/loop-delay.cjs');
const BIN = join(root, 'bin/chatcrm.js');
const KEY = 'bench-key-0123456789';
const SECONDS = Number(process.env.SANDBOX_LOAD_SECONDS ?? 30);
const ROUNDS = Number(process.env.SANDBOX_LOAD_ROUNDS ?? 3);
const WARMUP = Number(process.env.SANDBOX_LOAD_WARMUP ?? 2);
const MAX_RSS_MIB = 256;
const BODY = JSON.stringify({ sender_id: 'wa_snd_cloud_0001', to: '15550001111', message: { type: 'text', text: { body: 'A load test message' } } });
// What the sandbox answers a send (its envelope, a fresh id each time): the bare server answers the same.
const BARE = `
const { createServer } = require('node:http');
const { randomBytes } = require('node:crypto');
createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString());
    const body = JSON.stringify({ success: true, message: 'Message sent successfully', data: { message_id: 'wamid.' + randomBytes(18).toString('base64url'), status: 'sent', to: '15550001111', sender_id: 'wa_snd_cloud_0001', type: 'text' } });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });
`;

async function run(kind, dir, round) {
  const state = join(dir, `state-${round}.json`);
  const args = kind === 'bare' ? ['-e', BARE] : [BIN, 'sandbox', '--port', '0', '--api-key', KEY, ...(kind === 'state' ? ['--state', state] : [])];
  const server = await start(['--require', LOOP_DELAY, ...args]);
  let result;
  try {
    const load = (duration) => autocannon({ url: `${server.url}/api/v2/chat/messages`, method: 'POST', connections: 50, duration, headers: { 'content-type': 'application/json', 'x-api-key': KEY }, body: BODY });
    await loopDelay(server.child);
    // No warm-up: an empty one (autocannon would take a duration of 0 as no end).
    const warm = WARMUP ? await load(WARMUP) : { latency: { max: 0 }, non2xx: 0, errors: 0, timeouts: 0 };
    const cold = { max: warm.latency.max, loopMax: await loopDelay(server.child) };
    const rss = [];
    const marks = [10, 20, 30].filter((s) => s <= SECONDS).map((s) => setTimeout(() => rss.push(rssMiB(server.child.pid)), s * 1000 - 200));
    const r = await load(SECONDS);
    marks.forEach(clearTimeout);
    if (warm.non2xx || r.non2xx) throw new Error(`${kind}: ${warm.non2xx + r.non2xx} non-2xx answers`);
    const loopMax = await loopDelay(server.child);
    // errors: sockets that failed or timed out (autocannon's 10 s); shown, and a failed row.
    const [errors, timeouts] = [warm.errors + r.errors, warm.timeouts + r.timeouts];
    result = { kind, sends: r.requests.average, stateBytes: 0, total: r.requests.total, errors, timeouts, p99: r.latency.p99, max: r.latency.max, loopMax, cold, rss };
    if (kind !== 'bare') {
      // The first look builds the page cold; the second is what the page's refreshes cost.
      const look = async () => {
        const started = performance.now();
        const text = await (await fetch(`${server.url}/_sandbox/inspector`, { headers: { 'x-api-key': KEY } })).text();
        return { bytes: Buffer.byteLength(text), ms: performance.now() - started };
      };
      const first = await look();
      result.feed = { ...first, again: (await look()).ms };
    }
  } finally {
    await stop(server.child);
  }
  // After the stop: a sandbox with --state saves once more on SIGTERM.
  if (kind === 'state') result.stateBytes = statSync(state).size;
  return result;
}

/** The server's longest event-loop delay (ms) since the last ask (bench/loop-delay.cjs). */
function loopDelay(child) {
  return new Promise((resolve) => {
    let out = '';
    const read = (chunk) => {
      out += chunk;
      const m = /loop delay max (\d+) ms/.exec(out);
      if (!m) return;
      child.stdout.off('data', read);
      resolve(Number(m[1]));
    };
    child.stdout.on('data', read);
    child.kill('SIGUSR2');
  });
}

const mib = (v) => (v === undefined ? 'n/a' : `${v.toFixed(0)}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const KINDS = ['bare', 'plain', 'state'];
const dir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-load-'));
try {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round = {};
    for (const kind of [...KINDS.slice(i % 3), ...KINDS.slice(0, i % 3)]) round[kind] = await run(kind, dir, i);
    rounds.push(round);
  }
  // One row per kind: medians of sends/s, ratio, p99 and the feed; the worst RSS, max latency, errors and state file.
  const row = (kind) => {
    const runs = rounds.map((r) => r[kind]);
    const rssAt = [0, 1, 2].map((m) => Math.max(...runs.map((r) => r.rss[m] ?? -Infinity))).filter((v) => v !== -Infinity);
    return {
      kind,
      sends: median(runs.map((r) => r.sends)),
      ratio: median(rounds.map((r) => r[kind].sends / r.bare.sends)),
      total: runs.reduce((n, r) => n + r.total, 0),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
      rss: rssAt,
      p99: median(runs.map((r) => r.p99)),
      max: Math.max(...runs.map((r) => r.max)),
      feed: kind === 'bare' ? undefined : { bytes: median(runs.map((r) => r.feed.bytes)), ms: median(runs.map((r) => r.feed.ms)), again: median(runs.map((r) => r.feed.again)) },
      stateBytes: Math.max(...runs.map((r) => r.stateBytes)),
    };
  };
  const bare = row('bare');
  console.log(`| sandbox, 50 connections sending, ${SECONDS} s after ${WARMUP} s of warm-up, median of ${ROUNDS} interleaved rounds | sends/s | vs bare node:http | RSS MiB at 10/20/30 s (worst round) | p99 (median) / max latency | feed after | state file | target |`);
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(`| bare node:http, the same JSON | ${bare.sends.toFixed(0)} | 1x | ${bare.rss.map(mib).join(' / ')} | ${bare.p99} / ${bare.max} ms | | | |`);
  let ok = true;
  for (const r of [row('plain'), row('state')]) {
    const peak = Math.max(...r.rss);
    const stateFile = r.kind === 'state' ? `${(r.stateBytes / 1048576).toFixed(1)} MB` : '';
    const pass = r.ratio >= 0.5 && !(peak > MAX_RSS_MIB) && !r.errors;
    ok &&= pass;
    console.log(`| ${r.kind === 'state' ? 'with --state' : 'without --state'} (${r.total} sends${r.errors ? `, ${r.errors} errors (${r.timeouts} timeouts)` : ''}) | ${r.sends.toFixed(0)} | ${r.ratio.toFixed(2)}x | ${r.rss.map(mib).join(' / ')} | ${r.p99} / ${r.max} ms | ${(r.feed.bytes / 1024).toFixed(0)} KB in ${r.feed.ms.toFixed(0)} ms (again ${r.feed.again.toFixed(0)} ms) | ${stateFile} | ≥ 0.5x, ≤ ${MAX_RSS_MIB} MiB ${pass ? '✓' : '✗'} |`);
  }
  // A save may delay an answer by at most the run's own worst hiccup: state's worst ≤ 2x plain's.
  const worst = median(rounds.map((r) => r.state.max / r.plain.max));
  const perRound = rounds.map((r) => `${r.state.max} / ${r.plain.max}`).join(', ');
  const loops = rounds.map((r) => `${r.state.loopMax} / ${r.plain.loopMax} / ${r.bare.loopMax}`).join(', ');
  const cold = rounds.map((r) => `${r.state.cold.max} / ${r.plain.cold.max} (loop ${r.state.cold.loopMax} / ${r.plain.cold.loopMax})`).join(', ');
  const held = worst <= 2;
  ok &&= held;
  console.log();
  console.log(`| worst answer, with --state against without, same round | ratio (median of rounds) | worst answer ms per round, with / without | longest event-loop delay ms per round, with / without / bare | warm-up (${WARMUP} s, not in the ratio): worst answer ms, with / without (longest event-loop delay) | target |`);
  console.log('|---|---|---|---|---|---|');
  console.log(`| ${ROUNDS} rounds of ${SECONDS} s | ${worst.toFixed(2)}x | ${perRound} | ${loops} | ${cold} | ≤ 2x (a save adds at most the run's worst hiccup) ${held ? '✓' : '✗'} |`);
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
