// workspace sync applies the plan it shows (issue 41, items 5-7): a dry run prints exactly the
// requests the real sync sends (the sandbox's request log says so), a plan sync could not apply
// is refused before anything is written, the stop summary adds up to the plan, state steps run
// only for the states a file sets, and a dump is a file its own validate accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '../../src/sandbox/faults.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const AREAS = ['tags', 'custom_fields', 'taxes', 'currencies', 'quick_replies', 'teams', 'chatbots', 'segments', 'flows'];
const writes = (sb: TestSandbox) => sb.received.filter((r) => r.method !== 'GET' && r.operation !== undefined);
const live = (sb: TestSandbox, coll: string, key = 'name') => new Map(sb.store.list(coll).map((d) => [String(d[key]), d]));

let a: TestSandbox;
let e: TestSandbox;
const faults: Fault[] = [];

/** A sandbox with no records in any area of a workspace. */
function empty(sb: TestSandbox): void {
  for (const coll of AREAS) for (const d of sb.store.list(coll)) sb.store.softDelete(coll, d._id);
}

beforeAll(async () => {
  [a, e] = await Promise.all([startTestSandbox(), startTestSandbox({ faults })]);
  const gold = a.store.insert('tags', { name: 'gold', color: '#FFD700' });
  a.store.insert('segments', { name: 'Gold members', filters: { tag_ids: [gold._id] } });
});
afterAll(async () => {
  await Promise.all([a?.close(), e?.close()]);
});

describe('--dry-run', () => {
  it('prints exactly the requests the real sync then sends: creates with their state steps, an update, a delete', async () => {
    empty(e);
    e.store.insert('tags', { name: 'gold', color: '#000000' });
    e.store.insert('tags', { name: 'e-only', color: '#111111' });
    const dumped = (await a.run(['workspace', 'dump'])).stdout;
    const dry = await e.run(['workspace', 'sync', '-', '--prune', '--dry-run', '-o', 'jsonl'], { input: dumped });
    expect(dry.exitCode, dry.stderr).toBe(0);
    const shown = dry.stdout.trim().split('\n').map((l) => JSON.parse(l) as { method: string; url: string; body?: unknown });

    const before = new Map(AREAS.map((coll) => [coll, new Set(e.store.list(coll).map((d) => d._id))]));
    const from = e.received.length;
    const real = await e.run(['workspace', 'sync', '-', '--prune', '--yes'], { input: dumped });
    expect(real.exitCode, real.stderr).toBe(0);
    // A record the run created has, in the dry run, an id that names it: NEW_<AREA>_ID(<its key>).
    const KEY: Record<string, string> = { quick_replies: 'title', currencies: 'code' };
    const newIds = new Map(AREAS.flatMap((coll) => e.store.list(coll).filter((d) => !before.get(coll)!.has(d._id)).map((d) => [d._id, [coll.toUpperCase(), String(d[KEY[coll] ?? 'name'])]] as const)));
    const named = (s: string, encode: (k: string) => string) => s.replace(/[0-9a-f]{24}/g, (id) => (newIds.has(id) ? `NEW_${newIds.get(id)![0]}_ID(${encode(newIds.get(id)![1])})` : id));
    const inPath = (s: string) => named(s, encodeURIComponent);
    const inBody = (s: string) => named(s, (k) => JSON.stringify(k).slice(1, -1));
    const sent = e.received.slice(from).filter((r) => r.method !== 'GET');
    expect(sent.map((r) => `${r.method} ${inPath(r.path)} ${inBody(JSON.stringify(r.body ?? null))}`)).toEqual(
      shown.map((r) => `${r.method} ${new URL(r.url).pathname} ${JSON.stringify(r.body ?? null)}`),
    );
    // What the dry run used to add: a toggle of a new team, a status of a new custom field.
    expect(shown.map((r) => r.method + new URL(r.url).pathname)).not.toContainEqual(expect.stringMatching(/teams\/NEW_TEAMS_ID\(.*\)\/toggle-status|custom-fields\/status/));
    // It has state steps all the same: a currency made inactive, a flow made active.
    const paths = shown.map((r) => r.method + new URL(r.url).pathname);
    expect(paths).toContainEqual(expect.stringMatching(/^PATCH\/api\/currencies\/NEW_CURRENCIES_ID\([A-Z]{3}\)\/toggle-status$/));
    expect(paths).toContainEqual(expect.stringMatching(/^PATCH\/api\/automation\/NEW_FLOWS_ID\(.+\)\/toggle$/));
    // Two new records of one area are told apart: no two creates share a placeholder.
    const placeholders = shown.flatMap((r) => `${r.url} ${JSON.stringify(r.body ?? null)}`.match(/NEW_[A-Z_]+_ID\([^)]*\)/g) ?? []);
    expect(new Set(placeholders).size).toBeGreaterThan(new Set(placeholders.map((p) => p.replace(/\(.*/, ''))).size);
    expect((await e.run(['workspace', 'diff', '-', '--prune', '--exit-code'], { input: dumped })).exitCode).toBe(0);
  });
});

describe('a plan sync could not apply', () => {
  const file = 'version: 1\ntags:\n  - {name: fresh, color: "#123456"}\nsegments:\n  - name: Ghosts\n    filters:\n      tag_ids: [fresh, ghost]\n';

  it('validate passes a name the file\'s areas leave to the workspace; diff and sync refuse it, exit 2, nothing written', async () => {
    const f = file.replace('tags:\n  - {name: fresh, color: "#123456"}\n', '');
    expect((await e.run(['workspace', 'validate', '-'], { input: f })).exitCode).toBe(0);
    const before = writes(e).length;
    for (const cmd of [['diff', '-'], ['sync', '-', '--yes']]) {
      const r = await e.run(['workspace', ...cmd], { input: f });
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^Error: segments "Ghosts": tag_ids: no tags record named "fresh" in the file or the workspace\n$/);
      expect(r.stdout).toBe('');
    }
    expect(writes(e).length).toBe(before);
  });

  it('a name the file\'s own list lacks is refused by the file\'s check; a name the plan creates earlier is applied', async () => {
    const before = writes(e).length;
    const bad = await e.run(['workspace', 'sync', '-', '--yes', '--only', 'segments,tags'], { input: file.replace('tags:\n', 'tags:\n  - {name: other, color: "#123456"}\n') });
    expect(bad.exitCode).toBe(2);
    expect(writes(e).length).toBe(before);
    const good = await e.run(['workspace', 'sync', '-', '--yes'], { input: file.replace(', ghost]', ']') });
    expect(good.exitCode, good.stderr).toBe(0);
    expect(live(e, 'segments').get('Ghosts')!.filters).toEqual({ tag_ids: [live(e, 'tags').get('fresh')!._id] });
  });
});

describe('a failure half-way', () => {
  it('a create whose state step is refused: exit 5, counted once (failed), the summary adds up to the plan', async () => {
    faults.push({ operation: 'currencies.toggleStatus', status: 400, rate: 1 });
    const f = 'version: 1\ntags:\n  - {name: half, color: "#123456"}\ncurrencies:\n  - {code: GBP, name: Pound, symbol: "£", is_active: false}\n';
    const r = await e.run(['workspace', 'sync', '-', '--yes'], { input: f });
    faults.length = 0;
    expect(r.exitCode, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/^Stopped: 1 created, 0 updated, 0 deleted, 1 failed; 0 not tried\. /m);
    expect(r.stderr).toMatch(/Error: currencies "GBP": created, but its state is not set: /);
    expect(live(e, 'currencies', 'code').get('GBP')).toMatchObject({ is_active: true });
    const again = await e.run(['workspace', 'sync', '-', '--yes'], { input: f });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('currencies\n  ~ GBP\n      is_active: true → false\n');
    expect(live(e, 'currencies', 'code').get('GBP')).toMatchObject({ is_active: false });
  });
});

describe('state steps', () => {
  it('run only for the states a file sets: a currency and a flow without them keep the service\'s default', async () => {
    const before = e.received.length;
    const f = 'version: 1\ncurrencies:\n  - {code: CHF, name: Franc, symbol: Fr}\nflows:\n  - {name: Plain, keyword: plain}\n';
    const r = await e.run(['workspace', 'sync', '-', '--yes'], { input: f });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(e.received.slice(before).filter((x) => x.method !== 'GET').map((x) => x.operation)).toEqual(['currencies.create', 'flows.create']);
    expect(live(e, 'currencies', 'code').get('CHF')).toMatchObject({ is_active: true, is_default: false });
    expect(live(e, 'flows').get('Plain')).toMatchObject({ status: 'draft' });
  });
});

describe('diff --exit-code', () => {
  it('exactly one change: 9; none: 0', async () => {
    const vip = 'version: 1\ntags:\n  - {name: vip, color: "#00AA00"}\n';
    const one = await a.run(['workspace', 'diff', '-', '--exit-code'], { input: vip });
    expect(one.exitCode, one.stderr).toBe(9);
    expect(one.stdout).toMatch(/Plan: 0 to create, 1 to update, 0 to delete\.$/m);
    const none = await a.run(['workspace', 'diff', '-', '--exit-code'], { input: vip.replace('#00AA00', '#FF8800') });
    expect(none.exitCode, none.stderr).toBe(0);
  });
});
