// Start-up cost of the CLI on every installed Node: the machine's, and those .ci/node-install
// cached (~/.cache/chatcrm-node/<major>). Per Node, one run interleaves round-robin: bare
// `node -e 0`, the floor of a Node program making chatcrm's one-message request (floor-send.cjs:
// node:http and nothing else), and the CLI commands, so that machine load affects every row
// alike. Ratios are against the bare node (and, for the real send, the floor) of the same run.
// BENCH_RUNS sets the rounds (default 15, plus one warm-up round for disk and compile caches);
// BENCH_NODES=20,26 picks majors. Two more floors show what the product's own libraries cost on
// each Node: commander printing a help as wide as chatcrm's, and commander + the chat schema (zod)
// + node:http sending the message (bench/floors/, bundled here as dist/ is).
// BENCH_INSTRUCTIONS=1 adds a table of instructions executed (valgrind's callgrind, where it is
// installed): unlike wall time, the same on a busy machine as on an idle one.
import { build } from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 15));
const BIN = fileURLToPath(new URL('../bin/chatcrm.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./floor-send.cjs', import.meta.url));
const configDir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-'));
const baseEnv = { ...process.env, CHATCRM_CONFIG_DIR: configDir, CI: '1', NO_COLOR: '1' };
for (const k of Object.keys(baseEnv)) if (/^CHATCRM_(?!CONFIG_DIR)|^(https?|no)_proxy$/i.test(k)) delete baseEnv[k];

/** The machine's Node first, then the cached majors .ci/node-install put there, oldest first. */
function installedNodes() {
  const cache = process.env.CHATCRM_NODE_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'chatcrm-node');
  const cached = existsSync(cache) ? readdirSync(cache).filter((d) => /^\d+$/.test(d)).sort((a, b) => a - b) : [];
  const all = [process.execPath, ...cached.map((d) => join(cache, d, 'bin', 'node')).filter((p) => existsSync(p))];
  const pick = process.env.BENCH_NODES?.split(',').map((s) => s.trim());
  const byVersion = new Map();
  for (const node of all) {
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (version && !byVersion.has(version) && (!pick || pick.includes(version.slice(1).split('.')[0]))) byVersion.set(version, node);
  }
  return [...byVersion].map(([version, node]) => ({ version, node }));
}

/** Start the sandbox as a child (on the machine's Node) and read its URL and key from what it prints. */
function startSandbox() {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--api-key', 'bench-key-0123456789abcdef'], { env: baseEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`sandbox exited (${code}): ${out}`)));
    child.stdout.on('data', (d) => {
      out += d;
      const url = /listening on (\S+)/.exec(out)?.[1];
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (url && key) resolve({ child, url, key });
    });
  });
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

/** bench/floors/NAME.ts bundled to CommonJS like dist/ (minified syntax, node_modules inlined). */
async function floor(name) {
  const outfile = join(configDir, `${name}.cjs`);
  await build({ entryPoints: [fileURLToPath(new URL(`./floors/${name}.ts`, import.meta.url))], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20.18', minifySyntax: true, minifyWhitespace: true, logLevel: 'warning' });
  return outfile;
}

const sb = await startSandbox();
const sendEnv = { ...baseEnv, CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.key };
const send = ['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 'wa_snd_cloud_0001'];
// target: [ratio, against] — the start-up targets of issue 25 (against: 0 bare node, 1 the floor).
const cases = [
  { name: 'node -e 0 (bare)', args: ['-e', '0'], env: baseEnv },
  { name: 'floor: one POST with node:http', args: [FLOOR], env: sendEnv },
  { name: 'floor: commander --help, as wide a tree', args: [await floor('commander-help')], env: baseEnv },
  { name: 'floor: commander + zod + node:http send', args: [await floor('libs-send'), ...send.slice(1)], env: sendEnv },
  { name: 'chatcrm --version', args: [BIN, '--version'], env: baseEnv, target: [1.1, 0] },
  { name: 'chatcrm --help', args: [BIN, '--help'], env: baseEnv, target: [1.25, 0] },
  { name: 'chatcrm chat send --dry-run', args: [BIN, ...send, '--dry-run'], env: sendEnv, target: [1.4, 0] },
  { name: 'chatcrm __complete chat s (one TAB)', args: [BIN, '__complete', 'chat', 's'], env: baseEnv, target: [1.25, 0] },
  { name: 'chatcrm chat send (sandbox)', args: [BIN, ...send], env: sendEnv, target: [1.25, 1] },
];

let missed = 0;

/** Instructions each case executes under callgrind (after one run that warms the caches). */
function instructions(node, version) {
  if (spawnSync('valgrind', ['--version']).status !== 0) return console.log('\n(valgrind is not installed: no instruction counts)');
  console.log(`\nInstructions executed, node ${version} (valgrind --tool=callgrind):\n`);
  console.log('| command | instructions | vs bare node | vs node:http floor |');
  console.log('|---|---:|---:|---:|');
  const counts = cases.map((c) => {
    spawnSync(node, c.args, { env: c.env, stdio: 'ignore' });
    const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', node, ...c.args], { env: c.env, encoding: 'utf8' });
    return Number(/Collected : (\d+)/.exec(r.stderr)?.[1]);
  });
  cases.forEach((c, i) => console.log(`| \`${c.name}\` | ${(counts[i] / 1e6).toFixed(1)} M | ${(counts[i] / counts[0]).toFixed(2)}x | ${i ? `${(counts[i] / counts[1]).toFixed(2)}x` : ''} |`));
}
try {
  for (const { version, node } of installedNodes()) {
    const times = cases.map(() => []);
    for (let round = -1; round < RUNS; round++) {
      cases.forEach((c, i) => {
        const t0 = process.hrtime.bigint();
        const r = spawnSync(node, c.args, { env: c.env, stdio: ['ignore', 'pipe', 'pipe'] });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (r.status !== 0) throw new Error(`${c.name} on node ${version}: exit ${r.status}\n${r.stderr}`);
        if (round >= 0) times[i].push(ms);
      });
    }
    const med = times.map((t) => quantile(t, 0.5));
    console.log(`\n### node ${version}\n\n${RUNS} runs each, interleaved (${node})\n`);
    console.log('| command | median ms | p10–p90 ms | vs bare node | per-round ratio p10–p90 | vs node:http floor | target |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    cases.forEach((c, i) => {
      let target = '';
      if (c.target) {
        const [limit, against] = c.target;
        const ok = med[i] / med[against] <= limit;
        // Node 20 is past its end of life: shown for information, no target.
        const info = version.startsWith('v20.');
        if (!ok && !info) missed++;
        target = `≤ ${limit.toFixed(2)}x ${against ? 'floor' : 'bare'}: ${info ? 'info only (Node 20)' : ok ? 'met' : 'MISSED'}`;
      }
      const vsFloor = i === 0 ? '' : `${(med[i] / med[1]).toFixed(2)}x`;
      // The spread of the ratio to what the target compares with, each run against the one of its own round.
      const against = c.target?.[1] ?? 0;
      const ratios = times[i].map((t, r) => t / times[against][r]);
      const spread = i === 0 ? '' : `${quantile(ratios, 0.1).toFixed(2)}–${quantile(ratios, 0.9).toFixed(2)}x ${against ? 'floor' : 'bare'}`;
      console.log(`| \`${c.name}\` | ${med[i].toFixed(1)} | ${quantile(times[i], 0.1).toFixed(1)}–${quantile(times[i], 0.9).toFixed(1)} | ${(med[i] / med[0]).toFixed(2)}x | ${spread} | ${vsFloor} | ${target} |`);
    });
    if (process.env.BENCH_INSTRUCTIONS) instructions(node, version);
  }
} finally {
  sb.child.removeAllListeners('exit');
  sb.child.kill('SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}
if (missed) console.log(`\n${missed} start-up target(s) missed (medians are noisy on a loaded machine: BENCH_RUNS=31 for more rounds)`);
