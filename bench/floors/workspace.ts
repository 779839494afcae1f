// Floor of `chatcrm workspace dump`, `validate` and `diff`: what reading every page of every area
// with the CLI's own client (the areas in parallel) and the fastest well-kept YAML parser cost,
// with nothing else (no schema, no sorting, no plan, no output).
//   node workspace.cjs --read [--write OUT]   every page read; --write: the records as YAML (dump)
//   node workspace.cjs FILE [--read]          the file parsed (validate); --read: and every page (diff)
import { readFileSync, writeFileSync } from 'node:fs';
import { dump, load } from 'js-yaml';
import { ApiClient } from '../../src/api/client.js';
import { systemClock } from '../../src/core/clock.js';
import { AREA, AREAS } from '../../src/commands/workspace/areas.js';
import { listAll } from '../../src/commands/workspace/state.js';

const args = process.argv.slice(2);
const file = args[0]?.startsWith('--') ? undefined : args[0];
const out = args.includes('--write') ? args[args.indexOf('--write') + 1] : undefined;

async function main() {
  if (file) load(readFileSync(file, 'utf8'));
  if (!args.includes('--read')) return;
  const api = new ApiClient({ baseUrl: process.env.CHATCRM_BASE_URL, apiKey: () => process.env.CHATCRM_API_KEY ?? '', timeoutMs: 30_000, retries: 0, allowHttp: true, verbose: false, dryRun: false, trace: () => undefined, dryRunOut: () => undefined, clock: systemClock });
  const deadline = { at: Date.now() + 600_000, now: Date.now };
  const lists = await Promise.all(AREAS.map((a) => listAll(api, AREA[a], deadline)));
  if (out) writeFileSync(out, dump(Object.fromEntries(AREAS.map((a, i) => [a, lists[i]]))));
  await api.close();
}

void main();
