// npm run bench: runs every bench/*.bench.mjs in name order; each prints a markdown table.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('.', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.mjs')).sort();
let failed = 0;
for (const f of files) {
  process.stdout.write(`\n## ${f.replace(/\.bench\.mjs$/, '')}\n\n`);
  const r = spawnSync(process.execPath, [new URL(f, dir).pathname], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    process.stderr.write(`${f} failed (exit ${r.status ?? r.signal})\n`);
  }
}
process.exitCode = failed ? 1 : 0;
