// Start-up cost of the CLI, interleaved round-robin with bare `node -e 0` so that machine
// load affects every command alike. Target: each within 1.3x of bare node.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BIN = new URL('../bin/chatcrm.js', import.meta.url).pathname;
const configDir = mkdtempSync(join(tmpdir(), 'chatcrm-bench-'));
const baseEnv = { ...process.env, CHATCRM_CONFIG_DIR: configDir, CI: '1', NO_COLOR: '1' };
for (const k of Object.keys(baseEnv)) if (/^CHATCRM_(?!CONFIG_DIR)|^(https?|no)_proxy$/i.test(k)) delete baseEnv[k];

/** Start the sandbox as a child and read its URL and key from what it prints. */
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

const sb = await startSandbox();
const sendEnv = { ...baseEnv, CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.key };
const send = ['chat', 'send', '--to', '15551234567', '--text', 'hi', '--sender', 'wa_snd_cloud_0001'];
const cases = [
  { name: 'node -e 0 (bare)', args: ['-e', '0'], env: baseEnv },
  { name: 'chatcrm --version', args: [BIN, '--version'], env: baseEnv },
  { name: 'chatcrm --help', args: [BIN, '--help'], env: baseEnv },
  { name: 'chatcrm chat send --dry-run', args: [BIN, ...send, '--dry-run'], env: sendEnv },
  { name: 'chatcrm chat send (sandbox)', args: [BIN, ...send], env: sendEnv },
];

const times = cases.map(() => []);
try {
  // One warm-up round (disk cache, compile cache), then RUNS measured rounds.
  for (let round = -1; round < RUNS; round++) {
    cases.forEach((c, i) => {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, c.args, { env: c.env, stdio: ['ignore', 'pipe', 'pipe'] });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) throw new Error(`${c.name}: exit ${r.status}\n${r.stderr}`);
      if (round >= 0) times[i].push(ms);
    });
  }
} finally {
  sb.child.removeAllListeners('exit');
  sb.child.kill('SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const bare = quantile(times[0], 0.5);
console.log(`${RUNS} runs each, interleaved; node ${process.version}\n`);
console.log('| command | median ms | p90 ms | ratio to bare node |');
console.log('|---|---:|---:|---:|');
cases.forEach((c, i) => {
  const med = quantile(times[i], 0.5);
  console.log(`| \`${c.name}\` | ${med.toFixed(1)} | ${quantile(times[i], 0.9).toFixed(1)} | ${(med / bare).toFixed(2)}x |`);
});
