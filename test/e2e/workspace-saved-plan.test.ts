// Issue 44 item 2: a saved plan (`workspace diff FILE --out PLAN`, `workspace sync --plan PLAN`),
// as Terraform's `plan -out`: applied exactly as diff made it, refused with exit 9 before any
// write when a record it touches changed on the server since, 0600 and free of every value read
// from a variable (filled in again from the environment when applied), a file that is not a plan
// refused with exit 2 and nothing sent.
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fault } from '../../src/sandbox/faults.js';
import { describeWith, hasTmux, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal, type Terminal } from '../helpers/tmux.js';

const dir = tempDir('chatcrm-ws-plan-');
const TOKEN = 'whk_Pl4nS3cr3t0123456789abcdef';
const HOURS = 'Mo-Fr 08:30-17:45 and Sa';
const env = { CHATCRM_WS_TOKEN: TOKEN, CHATCRM_WS_HOURS: HOURS };
const AREAS = ['tags', 'quick_replies', 'chatbots', 'segments'];

const FILE = [
  'version: 1',
  'tags:',
  '  - name: gold',
  '    color: "#FFD700"',
  '  - name: vip',
  '    color: "#FF8800"',
  '  - name: calm',
  '    color: "#00AA00"',
  'quick_replies:',
  '  - title: Opening hours',
  '    message: "${env:CHATCRM_WS_HOURS}"',
  'chatbots:',
  '  - name: FAQ bot',
  '    webhook_token: "${env:CHATCRM_WS_TOKEN}"',
  'segments:',
  '  - name: VIP members',
  '    filters:',
  '      tag_ids: [vip, gold]',
  '',
].join('\n');

let sb: TestSandbox;
const faults: Fault[] = [];
const file = join(dir, 'workspace.yaml');
const writes = (from = 0) => sb.received.slice(from).filter((r) => r.method !== 'GET' && r.operation !== undefined);
const tag = (name: string) => sb.store.list('tags', (d) => d.name === name)[0];

/** The server as the plans start from: gold to update, spare to prune, calm as the file has it. */
function reset(): void {
  for (const coll of AREAS) for (const d of sb.store.list(coll)) sb.store.softDelete(coll, d._id);
  sb.store.insert('tags', { name: 'gold', color: '#000000' });
  sb.store.insert('tags', { name: 'spare', color: '#111111' });
  sb.store.insert('tags', { name: 'calm', color: '#00AA00' });
}

/** A plan of the file against the server as it is now, saved to a new file. */
async function saved(name: string): Promise<string> {
  const plan = join(dir, name);
  const r = await sb.run(['workspace', 'diff', file, '--prune', '--out', plan], { env });
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain(`Plan saved to ${plan}`);
  return plan;
}

beforeAll(async () => {
  sb = await startTestSandbox({ faults });
  writeFileSync(file, FILE);
});
afterAll(async () => {
  await sb?.close();
});
beforeEach(reset);

describe('a saved plan applied unchanged', () => {
  it('sends exactly what the plan and its dry run say, and the server ends as diff planned', async () => {
    const fromFile = await sb.run(['workspace', 'sync', file, '--prune', '--dry-run', '-o', 'jsonl'], { env });
    const plan = await saved('unchanged.plan');
    const from = sb.received.length;
    const dry = await sb.run(['workspace', 'sync', '--plan', plan, '--dry-run', '-o', 'jsonl'], { env });
    expect(dry.exitCode, dry.stderr).toBe(0);
    // The dry run of the plan is the dry run of the file it was made from, request for request.
    expect(dry.stdout).toBe(fromFile.stdout);
    expect(dry.stderr).toContain('Plan: 4 to create, 1 to update, 1 to delete.');
    expect(dry.stdout).not.toContain(TOKEN);
    expect(writes(from)).toEqual([]);

    const real = await sb.run(['workspace', 'sync', '--plan', plan, '--yes'], { env });
    expect(real.exitCode, real.stderr).toBe(0);
    expect(real.stdout).toContain('~ gold');
    expect(real.stderr).toContain('Synced: 4 created, 1 updated, 1 deleted, 0 failed');
    const ids = new Map(AREAS.flatMap((coll) => sb.store.list(coll).map((d) => [String(d._id), `NEW_${coll.toUpperCase()}_ID(${String(d.name ?? d.title ?? d.code)})`] as const)));
    for (const kept of ['gold', 'calm']) ids.delete(String(tag(kept)._id));
    const named = (s: string) => s.replace(/[0-9a-f]{24}/g, (id) => ids.get(id) ?? id).split(TOKEN).join('***').split(HOURS).join('${env:CHATCRM_WS_HOURS}');
    const shown = dry.stdout.trim().split('\n').map((l) => JSON.parse(l) as { method: string; url: string; body?: unknown });
    expect(writes(from).map((r) => `${r.method} ${named(r.path)} ${named(JSON.stringify(r.body ?? null))}`)).toEqual(
      shown.map((r) => `${r.method} ${new URL(r.url).pathname} ${JSON.stringify(r.body ?? null)}`),
    );
    // The variables were filled in again from the environment (a dry run shows a token as ***).
    expect(sb.store.list('quick_replies')[0].message).toBe(HOURS);
    expect(sb.store.list('chatbots')[0].webhook_token).toBe(TOKEN);
    expect((await sb.run(['workspace', 'diff', file, '--prune', '--exit-code'], { env })).exitCode).toBe(0);
  });

  it('holds no value read from a variable, and is 0600 even over an existing file of mode 0644', async () => {
    const path = join(dir, 'private.plan');
    writeFileSync(path, 'old');
    chmodSync(path, 0o644);
    await saved('private.plan');
    const text = readFileSync(path, 'utf8');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(HOURS);
    expect(text).toContain('${env:CHATCRM_WS_TOKEN}');
    expect(text).toContain('${env:CHATCRM_WS_HOURS}');
  });

  it('is refused, exit 2 and nothing sent, when a variable it keeps is not set where it is applied', async () => {
    const plan = await saved('unset.plan');
    const from = sb.received.length;
    const r = await sb.run(['workspace', 'sync', '--plan', plan, '--yes'], { env: { CHATCRM_WS_HOURS: HOURS } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--plan: ${env:CHATCRM_WS_TOKEN}: environment variable CHATCRM_WS_TOKEN is not set');
    expect(sb.received.length).toBe(from);
  });
});

describe('a plan stopped half-way', () => {
  it('says to make the plan again, which is then stale, and a new plan finishes it', async () => {
    const plan = await saved('half.plan');
    faults.push({ operation: 'segments.create', status: 400, rate: 1 });
    const r = await sb.run(['workspace', 'sync', '--plan', plan, '--yes'], { env });
    faults.length = 0;
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/^Stopped: 3 created, 1 updated, 0 deleted, 1 failed; 1 not tried\. Make the plan again \(workspace diff --out\) to finish: it plans only what is left\.$/m);
    expect((await sb.run(['workspace', 'sync', '--plan', plan, '--yes'], { env })).exitCode).toBe(9);
    const rest = await saved('rest.plan');
    const done = await sb.run(['workspace', 'sync', '--plan', rest, '--yes'], { env });
    expect(done.exitCode, done.stderr).toBe(0);
    expect(done.stderr).toContain('Synced: 1 created, 0 updated, 1 deleted, 0 failed');
  });
});

describe('a plan made stale by a change on the server', () => {
  const stale = async (plan: string, message: string) => {
    const from = sb.received.length;
    const r = await sb.run(['workspace', 'sync', '--plan', plan, '--yes'], { env });
    expect(r.stderr).toContain(message);
    expect(r.exitCode).toBe(9);
    expect(writes(from)).toEqual([]);
  };

  it('refuses a plan whose record was updated since (its colour, through the API), before any write', async () => {
    const plan = await saved('stale.plan');
    const gold = tag('gold');
    expect((await sb.run(['tags', 'update', String(gold._id), '--color', '#123456'])).exitCode).toBe(0);
    await stale(plan, 'tags/gold changed since the plan was made; run diff again');
    expect(tag('gold').color).toBe('#123456');
    expect(tag('spare')).toBeDefined();
  });

  it('refuses a plan whose record to delete is gone, or whose record to create now exists', async () => {
    const plan = await saved('gone.plan');
    sb.store.softDelete('tags', tag('spare')._id);
    await stale(plan, 'tags/spare changed since the plan was made (it was deleted); run diff again');
    reset();
    const plan2 = await saved('exists.plan');
    sb.store.insert('tags', { name: 'VIP', color: '#FF8800' });
    await stale(plan2, 'tags/vip changed since the plan was made (a record of that name now exists); run diff again');
  });

  it('refuses a plan whose names changed (a tag added), and applies one where only a record it does not touch changed', async () => {
    const plan = await saved('names.plan');
    sb.store.insert('tags', { name: 'newcomer', color: '#222222' });
    await stale(plan, 'tags: records were added, renamed or deleted since the plan was made; run diff again');
    reset();
    const plan2 = await saved('untouched.plan');
    sb.store.update('tags', tag('calm')._id, { color: '#0000FF' });
    const r = await sb.run(['workspace', 'sync', '--plan', plan2, '--yes'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(tag('calm').color).toBe('#0000FF');
  });
});

describe('a file that is not a plan, and the flags that do not go with one', () => {
  it.each([
    ['garbage', () => 'not json {', 'not JSON, so not a workspace plan'],
    ['another JSON file', () => '{"version": 1, "tags": []}', 'not a workspace plan (one is made by `chatcrm workspace diff FILE --out PLAN`)'],
    ['another version', (t: string) => t.replace('"version": 1', '"version": 2'), 'a plan of format version 2; this chatcrm applies version 1'],
    ['edited', (t: string) => t.replace('"#FFD700"', '"#FFD701"'), 'changed since it was made (its checksum does not match): run diff again'],
  ])('%s: exit 2 naming it, nothing sent', async (_name, edit, message) => {
    const plan = await saved('edit.plan');
    writeFileSync(plan, edit(readFileSync(plan, 'utf8')));
    const from = sb.received.length;
    const r = await sb.run(['workspace', 'sync', '--plan', plan, '--yes'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`--plan: ${plan}: ${message}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(sb.received.length).toBe(from);
  });

  it('refuses --out naming a folder or a link, and sync given both a FILE and --plan, or neither, before anything is sent', async () => {
    const folder = join(dir, 'a-folder');
    mkdirSync(folder, { recursive: true });
    const link = join(dir, 'a-link');
    symlinkSync(join(dir, 'elsewhere'), link);
    const from = sb.received.length;
    const cases: [string[], string][] = [
      [['workspace', 'diff', file, '--out', folder], `--out: ${folder} is not a regular file`],
      [['workspace', 'diff', file, '--out', link], `--out: ${link} is a symbolic link`],
      [['workspace', 'sync', file, '--plan', join(dir, 'x.plan'), '--yes'], '--plan: the plan says what to apply: give it no FILE'],
      [['workspace', 'sync', '--plan', join(dir, 'x.plan'), '--prune', '--yes'], 'give it no --prune'],
      [['workspace', 'sync', '--yes'], 'workspace sync: give a workspace FILE (or - for stdin), or --plan PLAN'],
    ];
    for (const [args, message] of cases) {
      const r = await sb.run(args, { env });
      expect(r.stderr, args.join(' ')).toContain(message);
      expect(r.exitCode).toBe(2);
    }
    expect(sb.received.length).toBe(from);
  });
});

describe('asked like sync', () => {
  it('without a terminal needs --yes: exit 2 naming it, nothing sent', async () => {
    const plan = await saved('ask.plan');
    const from = sb.received.length;
    const r = await sb.run(['workspace', 'sync', '--plan', plan], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(writes(from)).toEqual([]);
  });
});

describeWith('tmux', hasTmux(), 'sync --plan on a real terminal (tmux)', () => {
  const LIMIT = { timeout: 60_000 };
  let term: Terminal | undefined;
  afterEach(() => term?.close());
  const open = (plan: string) => (term = openTerminal(['workspace', 'sync', '--plan', plan], { ...sb.env, ...env, CHATCRM_CONFIG_DIR: tempDir() }));
  const QUESTION = /Apply 6 changes \(4 to create, 1 to update, 1 to delete\) to this workspace\? \(y\/N\)/;

  it('shows the plan it applies and asks: declined, exit 2 and nothing sent; accepted, applied', LIMIT, async () => {
    const plan = await saved('tty.plan');
    const from = sb.received.length;
    const t = open(plan);
    await t.waitFor(QUESTION);
    expect(t.screen()).toMatch(/~ gold\s+color: "#000000" → "#FFD700"/);
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(writes(from)).toEqual([]);
    const t2 = open(plan);
    await t2.waitFor(QUESTION);
    t2.type('y');
    t2.press('Enter');
    expect(await t2.exitCode()).toBe(0);
    expect(t2.screen()).toMatch(/Synced: 4 created, 1 updated, 1 deleted, 0 failed/);
    expect(tag('gold').color).toBe('#FFD700');
  });
});
