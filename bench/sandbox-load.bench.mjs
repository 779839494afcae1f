// The sandbox under a load test (issue 36): 50 connections sending text messages for 30 s,
// without --state and with it, against a bare node:http server answering the same JSON. Per run:
// sends/s (and the ratio to the bare server, target ≥ 0.5x), RSS at 10/20/30 s (target ≤ 256
// MiB, flat after warm-up: retention keeps the newest 10,000 messages), p99 and max latency,
// then the inspector feed's size and time, and the state file's size. Runs on its own after
// `npm run build`: node bench/sandbox-load.bench.mjs (SANDBOX_LOAD_SECONDS sets the length).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { rssMiB, start, stop } from './process.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const BIN = join(root, 'bin/chatcrm.js');
const KEY = 'bench-key-0123456789';
const SECONDS = Number(process.env.SANDBOX_LOAD_SECONDS ?? 30);
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

async function run(kind, dir) {
  const state = join(dir, `state-${kind}.json`);
  const args = kind === 'bare' ? ['-e', BARE] : [BIN, 'sandbox', '--port', '0', '--api-key', KEY, ...(kind === 'state' ? ['--state', state] : [])];
  const server = await start(args);
  try {
    const rss = [];
    const marks = [10, 20, 30].filter((s) => s <= SECONDS).map((s) => setTimeout(() => rss.push(rssMiB(server.child.pid)), s * 1000 - 200));
    const r = await autocannon({ url: `${server.url}/api/v2/chat/messages`, method: 'POST', connections: 50, duration: SECONDS, headers: { 'content-type': 'application/json', 'x-api-key': KEY }, body: BODY });
    marks.forEach(clearTimeout);
    if (r.non2xx) throw new Error(`${kind}: ${r.non2xx} non-2xx answers`);
    // errors: sockets that failed or timed out (autocannon's 10 s); shown, and a failed row.
    const result = { kind, sends: r.requests.average, total: r.requests.total, errors: r.errors, timeouts: r.timeouts, p99: r.latency.p99, max: r.latency.max, rss };
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
    return result;
  } finally {
    await stop(server.child);
  }
}

const mib = (v) => (v === undefined ? 'n/a' : `${v.toFixed(0)}`);
const dir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-load-'));
try {
  const bare = await run('bare', dir);
  const rows = [await run('plain', dir), await run('state', dir)];
  console.log(`| sandbox, 50 connections sending, ${SECONDS} s | sends/s | vs bare node:http | RSS MiB at 10/20/30 s | p99 / max latency | feed after | state file | target |`);
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(`| bare node:http, the same JSON | ${bare.sends.toFixed(0)} | 1x | ${bare.rss.map(mib).join(' / ')} | ${bare.p99} / ${bare.max} ms | | | |`);
  let ok = true;
  for (const r of rows) {
    const ratio = r.sends / bare.sends;
    const peak = Math.max(...r.rss.filter((v) => v !== undefined));
    const stateFile = r.kind === 'state' ? `${(statSync(join(dir, 'state-state.json')).size / 1048576).toFixed(1)} MB` : '';
    const pass = ratio >= 0.5 && !(peak > MAX_RSS_MIB) && !r.errors;
    ok &&= pass;
    console.log(`| ${r.kind === 'state' ? 'with --state' : 'without --state'} (${r.total} sends${r.errors ? `, ${r.errors} errors (${r.timeouts} timeouts)` : ''}) | ${r.sends.toFixed(0)} | ${ratio.toFixed(2)}x | ${r.rss.map(mib).join(' / ')} | ${r.p99} / ${r.max} ms | ${(r.feed.bytes / 1024).toFixed(0)} KB in ${r.feed.ms.toFixed(0)} ms (again ${r.feed.again.toFixed(0)} ms) | ${stateFile} | ≥ 0.5x, ≤ ${MAX_RSS_MIB} MiB ${pass ? '✓' : '✗'} |`);
  }
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
