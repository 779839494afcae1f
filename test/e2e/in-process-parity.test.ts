// The suite runs the CLI in-process (src/cli.ts on a test host); users run bin/chatcrm.js (dist/).
// A sample of every kind of run, both ways, must give the same stdout, stderr and exit code, and
// send the same requests: help, usage errors, completion, reads in every format, writes, a dry
// run, stdin, an API error, a batch, local config.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess, spawnCli, tempDir, type RunOptions } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let gold: string;
const dir = tempDir();
beforeAll(async () => {
  sb = await startTestSandbox();
  gold = String(sb.store.insert('tags', { name: 'gold', color: '#FFD700' })._id);
  sb.store.insert('tags', { name: 'ünïcode \u202e', color: '#000000' });
  writeFileSync(join(dir, 'rows.csv'), 'phone,name\n+4915100000001,Ada\n+4915100000002,Bob\n');
});
afterAll(() => sb.close());

/** The same run both ways, against the same sandbox (each in a config dir of its own, alike). */
async function both(args: string[], o: RunOptions = {}) {
  const requests = () => sb.received.map((r) => `${r.method} ${r.path}`);
  args = args.map((a) => (a === 'GOLD' ? gold : a));
  const start = sb.received.length;
  const inside = await inProcess(args, { ...o, env: { ...sb.env, ...o.env }, configDir: tempDir() });
  const sentInside = requests().slice(start);
  const middle = sb.received.length;
  const outside = await spawnCli(args, { ...o, env: { ...sb.env, ...o.env }, configDir: tempDir() });
  const sentOutside = requests().slice(middle);
  return { inside, outside, sentInside, sentOutside };
}

const SAMPLE: [string, string[], RunOptions?][] = [
  ['the root help', ['--help']],
  ['a group help', ['tags']],
  ["a command's help", ['chat', 'send', '--help']],
  ['the version', ['--version', '--json']],
  ['an unknown command', ['tgas', 'list']],
  ['a bad flag value', ['tags', 'list', '--limit', 'many']],
  ['completion candidates', ['__complete', 'tags', '']],
  ['a list as a table', ['tags', 'list']],
  ['a list as json', ['tags', 'list', '--json']],
  ['a list as csv, every page', ['tags', 'list', '--all', '-o', 'csv']],
  ['a list with a query', ['tags', 'list', '--query', '[].name', '--json']],
  ['a write', ['tags', 'update', 'GOLD', '--color', '#C0C0C0']],
  ['a dry run', ['tags', 'create', '--name', 'bronze', '--dry-run']],
  ['an API error (404), as json', ['tags', 'get', '000000000000000000000000', '--json']],
  ['a body from stdin', ['tags', 'update', 'GOLD', '--data', '-', '--json'], { input: '{"color":"#123456"}' }],
  ['a refusal without --yes', ['tags', 'delete', 'x']],
  ['a batch, dry run', ['chat', 'send-batch', join(dir, 'rows.csv'), '--from', 'wa_snd_cloud_0001', '--text', 'Hi {{name}}', '--dry-run']],
  ['local config', ['profiles', 'list', '--json']],
  ['no key', ['tags', 'list'], { env: { CHATCRM_API_KEY: '' } }],
];

describe('in-process and spawned runs agree', () => {
  it.each(SAMPLE)('%s', async (_name, args, o) => {
    const { inside, outside, sentInside, sentOutside } = await both(args, o);
    // Ids, times and version counters the sandbox makes differ between the two runs; nothing else.
    const ids = (s: string) => s.replace(/"__v": \d+/g, '"__v": N').replace(/[0-9a-f]{24}/g, 'ID').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME');
    expect(ids(inside.stdout)).toBe(ids(outside.stdout));
    expect(ids(inside.stderr)).toBe(ids(outside.stderr));
    expect(inside.exitCode).toBe(outside.exitCode);
    expect(sentInside.map(ids)).toEqual(sentOutside.map(ids));
  });

  it('an in-process run leaves nothing on the process: no signal or exit listener, no variable, no working folder changed', async () => {
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit'] as const;
    const before = { listeners: events.map((e) => process.listenerCount(e)), env: { ...process.env }, cwd: process.cwd() };
    for (const [, args, o] of SAMPLE) await inProcess(args.map((a) => (a === 'GOLD' ? gold : a)), { ...o, env: { ...sb.env, ...o?.env } });
    await inProcess(['chat', 'send-batch', join(dir, 'rows.csv'), '--from', 'wa_snd_cloud_0001', '--text', 'Hi {{name}}', '--yes'], { env: sb.env });
    expect({ listeners: events.map((e) => process.listenerCount(e)), env: process.env, cwd: process.cwd() }).toEqual(before);
  });

  it('the sample covers success, usage errors and API errors, and reads stdin (the comparison has something to compare)', async () => {
    const codes = new Set<number>();
    for (const [, args, o] of SAMPLE) codes.add((await inProcess(args.map((a) => (a === 'GOLD' ? gold : a)), { ...o, env: { ...sb.env, ...o?.env } })).exitCode);
    expect([...codes].sort()).toEqual([0, 2, 3, 4]);
  });
});
