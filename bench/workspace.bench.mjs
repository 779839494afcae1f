// `workspace dump`, `validate` and `diff --prune` (against an empty tenant) of a sandbox seeded
// with --seed-records 1000 (about 10,000 records, a file of ~765 KB), each beside its floor
// (bench/floors/workspace.ts, bundled as dist/ is: every page read with the CLI's own client,
// the file parsed or written by js-yaml, nothing else), interleaved round by round so that
// machine load falls on both alike. Medians of WORKSPACE_BENCH_RUNS rounds (default 3); peak RSS
// from /usr/bin/time -v. Targets (issue 44): within 2x of the floor, under 200 MiB.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start, stop } from './process.mjs';

const RUNS = Math.max(1, Number(process.env.WORKSPACE_BENCH_RUNS ?? 3));
const BIN = fileURLToPath(new URL('../bin/chatcrm.js', import.meta.url));
const KEY = 'bench-key-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-ws-'));
const baseEnv = { ...process.env, CHATCRM_CONFIG_DIR: join(dir, 'cfg'), CI: '1', NO_COLOR: '1' };
for (const k of Object.keys(baseEnv)) if (/^CHATCRM_(?!CONFIG_DIR)|^(https?|no)_proxy$/i.test(k)) delete baseEnv[k];
const timed = existsSync('/usr/bin/time');

/** One run: wall time (ms) and peak RSS (MiB, when /usr/bin/time is there). */
function run(args, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(timed ? '/usr/bin/time' : process.execPath, timed ? ['-v', process.execPath, ...args] : args, { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1];
  return { ms, mib: kb ? Number(kb) / 1024 : undefined };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const floor = join(dir, 'workspace-floor.cjs');
await build({ entryPoints: [fileURLToPath(new URL('./floors/workspace.ts', import.meta.url))], outfile: floor, bundle: true, platform: 'node', format: 'cjs', target: 'node20.18', minifySyntax: true, minifyWhitespace: true, logLevel: 'warning' });
const full = await start([BIN, 'sandbox', '--port', '0', '--api-key', KEY, '--seed-records', '1000']);
const empty = await start([BIN, 'sandbox', '--port', '0', '--api-key', KEY]);
try {
  const fullEnv = { ...baseEnv, CHATCRM_BASE_URL: full.url, CHATCRM_API_KEY: KEY };
  const emptyEnv = { ...baseEnv, CHATCRM_BASE_URL: empty.url, CHATCRM_API_KEY: KEY };
  const file = join(dir, 'ws.yaml');
  run([BIN, 'workspace', 'dump', '-O', file], fullEnv);
  const pairs = [
    { name: 'workspace dump -O ws.yaml', cli: [[BIN, 'workspace', 'dump', '-O', join(dir, 'out.yaml')], fullEnv], floor: [[floor, '--read', '--write', join(dir, 'floor.yaml')], fullEnv] },
    { name: 'workspace validate ws.yaml', cli: [[BIN, 'workspace', 'validate', file], baseEnv], floor: [[floor, file], baseEnv] },
    { name: 'workspace diff ws.yaml --prune (empty tenant)', cli: [[BIN, 'workspace', 'diff', file, '--prune'], emptyEnv], floor: [[floor, file, '--read'], emptyEnv] },
  ];
  const results = pairs.map(() => ({ cli: [], floor: [] }));
  for (let round = 0; round < RUNS; round++) {
    pairs.forEach((p, i) => {
      results[i].cli.push(run(...p.cli));
      results[i].floor.push(run(...p.floor));
    });
  }
  const mib = (xs) => (xs[0].mib === undefined ? 'n/a' : `${Math.max(...xs.map((x) => x.mib)).toFixed(0)} MiB`);
  console.log(`${RUNS} rounds, interleaved; medians. Floor: every page with the CLI's client, js-yaml to parse or write.\n`);
  console.log('| command | time | peak RSS | floor | floor RSS | ratio | target ≤ 2x, < 200 MiB |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  let missed = 0;
  pairs.forEach((p, i) => {
    const cli = median(results[i].cli.map((x) => x.ms));
    const fl = median(results[i].floor.map((x) => x.ms));
    const peak = Math.max(...results[i].cli.map((x) => x.mib ?? 0));
    const ok = cli / fl <= 2 && peak < 200;
    if (!ok) missed++;
    console.log(`| \`${p.name}\` | ${(cli / 1000).toFixed(2)} s | ${mib(results[i].cli)} | ${(fl / 1000).toFixed(2)} s | ${mib(results[i].floor)} | ${(cli / fl).toFixed(2)}x | ${ok ? 'met' : 'MISSED'} |`);
  });
  if (missed) console.log(`\n${missed} workspace target(s) missed (a loaded machine is noisy: WORKSPACE_BENCH_RUNS=7 for more rounds)`);
} finally {
  await stop(full.child);
  await stop(empty.child);
  rmSync(dir, { recursive: true, force: true });
}
