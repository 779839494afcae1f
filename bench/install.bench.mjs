// `npx chatcrm` the first time: the packed tarball installed into an empty folder with an
// empty npm cache, against the same tarball with any dependencies stripped from its
// package.json (the floor: npm unpacking one package). Target: ≤ 1.3x the floor. With no
// runtime dependencies the two are the same package, and the ratio shows npm's noise; a
// dependency put back shows here as packages downloaded (registry reachable, or npm fails).
// Also the sizes: packed, node_modules after the install, and what landed in node_modules/.bin.
// Runs on its own: node bench/install.bench.mjs (npm pack builds first); BENCH_INSTALL_RUNS sets
// the rounds; BENCH_INSTALL_TARBALL=old.tgz measures another tarball instead (e.g. an older release).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const RUNS = Math.max(1, Number(process.env.BENCH_INSTALL_RUNS ?? 5));
const TARGET = 1.3;
const tmp = mkdtempSync(join(tmpdir(), 'chatcrm-bench-install-'));

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return r.stdout;
}

/** Bytes of every file under `dir`. */
function bytes(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? bytes(p) : e.isFile() ? statSync(p).size : 0;
  }
  return n;
}

/** Installs `tarball` into a new empty folder with a new empty cache; its wall time in ms. */
function install(tarball, dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  const t0 = process.hrtime.bigint();
  run('npm', ['install', '--prefix', dir, '--cache', join(dir, '.npm-cache'), '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: dir });
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;

try {
  const packed = process.env.BENCH_INSTALL_TARBALL
    ? resolve(process.env.BENCH_INSTALL_TARBALL)
    : join(tmp, run('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: root }).trim().split('\n').pop());
  // The floor: the same files, the package.json without dependencies.
  const unpacked = join(tmp, 'strip');
  mkdirSync(unpacked);
  run('tar', ['-xzf', packed, '-C', unpacked]);
  const pkgFile = join(unpacked, 'package', 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  for (const k of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) delete pkg[k];
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  const floor = join(tmp, 'no-deps.tgz');
  run('tar', ['-czf', floor, '-C', unpacked, 'package']);

  const cases = [
    { name: process.env.BENCH_INSTALL_TARBALL ? 'BENCH_INSTALL_TARBALL' : 'chatcrm, as packed', tarball: packed },
    { name: 'same, dependencies stripped', tarball: floor },
  ];
  const times = cases.map(() => []);
  for (let round = -1; round < RUNS; round++) {
    cases.forEach((c, i) => {
      const ms = install(c.tarball, join(tmp, `app-${i}`));
      if (round >= 0) times[i].push(ms);
    });
  }
  console.log(`${RUNS} installs each, interleaved, each into an empty folder with an empty npm cache\n`);
  console.log('| tarball | packed | node_modules | packages | .bin | median s | vs no deps | target |');
  console.log('|---|---:|---:|---:|---|---:|---:|---|');
  const med = times.map(median);
  cases.forEach((c, i) => {
    const dir = join(tmp, `app-${i}`);
    const packages = run('npm', ['ls', '--all', '--parseable'], { cwd: dir }).trim().split('\n').length - 1;
    const bins = readdirSync(join(dir, 'node_modules', '.bin')).join(' ');
    const ratio = med[i] / med[1];
    const target = i === 0 ? `≤ ${TARGET}x: ${ratio <= TARGET ? 'met' : 'MISSED'}` : '';
    console.log(`| ${c.name} | ${kib(statSync(c.tarball).size)} | ${kib(bytes(join(dir, 'node_modules')))} | ${packages} | ${bins} | ${(med[i] / 1000).toFixed(2)} | ${ratio.toFixed(2)}x | ${target} |`);
  });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
