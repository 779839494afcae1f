// Batch throughput and memory: `chat send-batch` of 20,000 rows at concurrency 32 against a
// minimal local endpoint, next to autocannon sending as many requests to the same endpoint
// at the same concurrency (target >= 0.9x its rate); and the peak RSS of a 1,000,000-row
// batch (target < 150 MiB). Runs on its own after `npm run build`: node bench/batch.bench.mjs
// (BATCH_BENCH_ROWS / BATCH_BENCH_BIG_ROWS change the sizes). The machine may be shared:
// autocannon and send-batch take turns against the same endpoint process, twice, and the
// ratio is of the two means.
import { fork, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const BIN = join(root, 'bin/chatcrm.js');
const ROWS = Number(process.env.BATCH_BENCH_ROWS ?? 20_000);
const BIG_ROWS = Number(process.env.BATCH_BENCH_BIG_ROWS ?? 1_000_000);
const CONCURRENCY = 32;
const ROUNDS = 2;
const KEY = 'bench-key';

// The endpoint: a child process, so it does not share an event loop with autocannon.
const SERVER = `
const { createServer } = require('node:http');
let n = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = '{"success":true,"message":"Message sent successfully","data":{"message_id":"wamid.bench' + (++n) + '","status":"sent"}}';
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function startEndpoint(dir) {
  const file = join(dir, 'endpoint.cjs');
  const w = createWriteStream(file);
  w.end(SERVER);
  await once(w, 'finish');
  const child = fork(file, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [port] = await once(child, 'message');
  return { child, url: `http://127.0.0.1:${port}` };
}

async function writeRows(path, n) {
  const w = createWriteStream(path);
  w.write('to,name\n');
  for (let i = 0; i < n; i++) {
    if (!w.write(`1555${String(i).padStart(7, '0')},Name ${i}\n`)) await once(w, 'drain');
  }
  w.end();
  await once(w, 'finish');
}

/** Run the CLI; with /usr/bin/time -v when available, for the peak RSS. */
async function runBatch(url, file, journal) {
  const args = [BIN, 'chat', 'send-batch', file, '--journal', journal, '--sender', 'wa_snd_bench', '--text', 'Hi {{name}}', '--concurrency', String(CONCURRENCY), '--json'];
  const timed = existsSync('/usr/bin/time');
  const started = performance.now();
  const child = spawn(timed ? '/usr/bin/time' : process.execPath, timed ? ['-v', process.execPath, ...args] : args, {
    env: { ...process.env, CHATCRM_BASE_URL: url, CHATCRM_API_KEY: KEY, CHATCRM_CONFIG_DIR: join(file, '..', 'cfg'), CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const [code] = await once(child, 'close');
  const wall = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`send-batch exited ${code}: ${err.slice(-2000)}`);
  const summary = JSON.parse(out);
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(err)?.[1];
  return { summary, wall, peakMiB: kb ? Number(kb) / 1024 : undefined };
}

async function autocannonRate(url) {
  const mod = await import('autocannon');
  const autocannon = mod.default ?? mod;
  const body = JSON.stringify({ sender_id: 'wa_snd_bench', to: '15550000000', message: { type: 'text', text: { body: 'Hi Name 0' } } });
  const result = await autocannon({
    url: `${url}/api/v2/chat/messages`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    body,
    connections: CONCURRENCY,
    amount: ROWS,
    pipelining: 1,
    // autocannon ends a run of `amount` requests on its next sampling tick (every 1000 ms by
    // default), so its duration, and with it the rate, would be rounded to whole seconds.
    sampleInt: 10,
  });
  if (result.requests.total < ROWS || result.errors + result.non2xx) throw new Error(`autocannon: ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rate: result.requests.total / (result.duration || 1e-9) };
}

/**
 * The floor under the ApiClient: the same requests through undici's dispatch API with the
 * body collected into a Buffer (as the client does), in process, without CLI or journal.
 */
async function undiciRate(url) {
  const { createRequire } = await import('node:module');
  const require = createRequire(join(root, 'package.json'));
  const undici = require('undici');
  const agent = new undici.Agent({ connections: 128 });
  const body = JSON.stringify({ sender_id: 'wa_snd_bench', to: '15550000000', message: { type: 'text', text: { body: 'Hi Name 0' } } });
  const headers = { 'content-type': 'application/json', 'x-api-key': KEY, accept: 'application/json' };
  const opts = { origin: url, path: '/api/v2/chat/messages', method: 'POST', headers, body };
  const send = () =>
    new Promise((resolve, reject) => {
      const chunks = [];
      agent.dispatch(opts, {
        onConnect() {},
        onHeaders: () => true,
        onData(c) {
          chunks.push(c);
          return true;
        },
        onComplete: () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))),
        onError: reject,
      });
    });
  let left = ROWS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await send();
    }),
  );
  const rate = ROWS / ((performance.now() - started) / 1000);
  await agent.close();
  return rate;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

const dir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-batch-'));
const endpoint = await startEndpoint(dir);
try {
  const small = join(dir, 'rows.csv');
  await writeRows(small, ROWS);
  const bare = await undiciRate(endpoint.url);
  const acRates = [];
  const batchRates = [];
  let wallRate = 0;
  for (let i = 0; i < ROUNDS; i++) {
    acRates.push((await autocannonRate(endpoint.url)).rate);
    const run = await runBatch(endpoint.url, small, join(dir, `rows-${i}.journal`));
    batchRates.push(run.summary.sent / run.summary.elapsed_s);
    wallRate = run.summary.sent / run.wall;
  }
  const ac = mean(acRates);
  const rate = mean(batchRates);

  const big = join(dir, 'big.csv');
  await writeRows(big, BIG_ROWS);
  const bigRun = await runBatch(endpoint.url, big, join(dir, 'big.journal'));

  const ratio = rate / ac;
  const each = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  const lines = [
    '| batch benchmark | value | target |',
    '|---|---|---|',
    `| autocannon, ${ROWS} requests, ${CONCURRENCY} connections (rounds: ${each(acRates)}) | ${ac.toFixed(0)} req/s | |`,
    `| undici dispatch, ${ROWS} requests, concurrency ${CONCURRENCY} (the client's floor: no CLI, no journal) | ${bare.toFixed(0)} req/s (${(bare / ac).toFixed(2)}x) | |`,
    `| send-batch, ${ROWS} rows, concurrency ${CONCURRENCY}, batch time (rounds: ${each(batchRates)}) | ${rate.toFixed(0)} rows/s (${ratio.toFixed(2)}x) | >= 0.9x ${ratio >= 0.9 ? 'ok' : 'MISSED'} |`,
    `| send-batch, last round, wall clock incl. start-up | ${wallRate.toFixed(0)} rows/s (${(wallRate / ac).toFixed(2)}x) | |`,
    `| send-batch, ${bigRun.summary.sent} rows: peak RSS | ${bigRun.peakMiB === undefined ? 'n/a (no /usr/bin/time)' : `${bigRun.peakMiB.toFixed(1)} MiB`} | < 150 MiB ${bigRun.peakMiB !== undefined && bigRun.peakMiB < 150 ? 'ok' : 'MISSED'} |`,
    `| send-batch, ${bigRun.summary.sent} rows: time | ${bigRun.wall.toFixed(1)} s (${(bigRun.summary.sent / bigRun.summary.elapsed_s).toFixed(0)} rows/s) | |`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  endpoint.child.kill();
  rmSync(dir, { recursive: true, force: true });
}
