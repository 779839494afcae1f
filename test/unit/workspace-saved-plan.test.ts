// A saved plan's format (issue 44 item 2): canonical fingerprints, a plan file that never holds a
// value read from a variable yet applies the same plan, staleness judged per record and per
// area's names, and any text that is not a plan refused as bad input (fuzzed, seeded).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { planSync } from '../../src/commands/workspace/plan.js';
import { parseWorkspace } from '../../src/commands/workspace/read.js';
import { canonical, fingerprint, parseSavedPlan, planToApply, savePlan, staleness, type Made } from '../../src/commands/workspace/saved-plan.js';
import type { CurrentState, Names } from '../../src/commands/workspace/state.js';

const current = (): CurrentState => ({
  tags: [
    { id: 't1', record: { name: 'gold', color: '#000000' } },
    { id: 't2', record: { name: 'spare', color: '#111111' } },
    { id: 't3', record: { name: 'calm', color: '#00AA00' } },
  ],
  quick_replies: [],
});
const names = (state: CurrentState): Names => new Map(Object.entries(state).map(([a, list]) => [a as 'tags', new Map(list!.map((c) => [c.id, String(c.record.name ?? c.record.title)]))]));

const FILE = (hours: string) =>
  ['version: 1', 'tags:', '  - {name: gold, color: "#FFD700"}', '  - {name: vip, color: "#FF8800"}', '  - {name: calm, color: "#00AA00"}', 'quick_replies:', `  - {title: Hours, message: "${hours}"}`, ''].join('\n');

/** What diff --out saves: the file against `state`, pruned. */
function made(env: NodeJS.ProcessEnv, state = current(), hours = '${env:CHATCRM_WS_HOURS}'): Made {
  const { data, masker, problems } = parseWorkspace(FILE(hours), env);
  expect(problems).toEqual([]);
  return { plan: planSync(state, data!, { prune: true }), names: names(state), masker, current: state, areas: ['tags', 'quick_replies'] };
}

describe('canonical JSON and fingerprints', () => {
  it('are the same for objects in any key order, and differ for arrays in another order or an undefined field dropped', () => {
    expect(canonical({ b: 1, a: { d: [1, 2], c: null } })).toBe('{"a":{"c":null,"d":[1,2]},"b":1}');
    expect(fingerprint({ a: 1, b: 2 })).toBe(fingerprint({ b: 2, a: 1 }));
    expect(fingerprint({ a: 1, b: undefined })).toBe(fingerprint({ a: 1 }));
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
    expect(fingerprint({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a plan file', () => {
  it('keeps a variable as its text, and gives back the same plan filled in from the environment', () => {
    const m = made({ CHATCRM_WS_HOURS: 'nine to five' });
    const text = JSON.stringify(savePlan(m));
    expect(text).not.toContain('nine to five');
    expect(text).toContain('${env:CHATCRM_WS_HOURS}');
    const back = planToApply(parseSavedPlan(text, 'p.plan'), { CHATCRM_WS_HOURS: 'nine to five' });
    expect(back.plan).toEqual(JSON.parse(JSON.stringify(m.plan)));
    expect(back.masker.value('nine to five')).toBe('${env:CHATCRM_WS_HOURS}');
    // Filled in from the environment where it is applied; unset, it is refused, naming it.
    expect(JSON.stringify(planToApply(parseSavedPlan(text, 'p.plan'), { CHATCRM_WS_HOURS: 'other' }).plan)).toContain('other');
    expect(() => planToApply(parseSavedPlan(text, 'p.plan'), {})).toThrow('--plan: ${env:CHATCRM_WS_HOURS}: environment variable CHATCRM_WS_HOURS is not set');
  });

  it('checks a value filled in where it is applied as validate does: trimmed, and refused naming the field when it is no value', () => {
    const text = JSON.stringify(savePlan(made({ CHATCRM_WS_HOURS: 'x' })));
    const reply = (p: ReturnType<typeof planToApply>['plan']) => p.changes.find((c) => c.key === 'Hours');
    expect(reply(planToApply(parseSavedPlan(text, 'p'), { CHATCRM_WS_HOURS: '  9-5  ' }).plan)).toMatchObject({ record: { message: '9-5' } });
    expect(() => planToApply(parseSavedPlan(text, 'p'), { CHATCRM_WS_HOURS: '   ' })).toThrow(/^--plan: quick_replies "Hours": message: /);
  });

  it('never holds the value of a variable, whatever it is, and applies the plan it was made from (seeded)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (v) => {
        const value = `V@${v}`;
        const m = made({ CHATCRM_WS_HOURS: value });
        const text = JSON.stringify(savePlan(m));
        expect(text).not.toContain(JSON.stringify(value).slice(1, -1));
        expect(planToApply(parseSavedPlan(text, 'p'), { CHATCRM_WS_HOURS: value }).plan).toEqual(JSON.parse(JSON.stringify(m.plan)));
      }),
      { seed: 4402, numRuns: 200 },
    );
  });

  it('fingerprints the records it updates or deletes, not those it creates or leaves alone', () => {
    const saved = savePlan(made({ CHATCRM_WS_HOURS: 'x' }));
    expect(saved.changes.map((c) => `${c.action} ${c.key}`)).toEqual(['update gold', 'create vip', 'create Hours', 'delete spare']);
    expect(saved.fingerprints.records.map((r) => r.id)).toEqual(['t1', 't2']);
    expect(Object.keys(saved.fingerprints.names)).toEqual(['tags', 'quick_replies']);
  });
});

describe('staleness', () => {
  const check = (change: (s: CurrentState) => void) => {
    const m = made({ CHATCRM_WS_HOURS: 'x' });
    const saved = parseSavedPlan(JSON.stringify(savePlan(m)), 'p');
    const now = current();
    change(now);
    return staleness(saved, planToApply(saved, { CHATCRM_WS_HOURS: 'x' }).plan, now, names(now));
  };

  it('passes a server as the plan left it, and one where only a record it does not touch changed', () => {
    expect(check(() => {})).toBeUndefined();
    expect(check((s) => (s.tags![2].record.color = '#0000FF'))).toBeUndefined();
  });

  it('names the record that changed, was deleted, or now exists, and an area whose names moved', () => {
    expect(check((s) => (s.tags![0].record.color = '#123456'))).toBe('tags/gold changed since the plan was made; run diff again');
    expect(check((s) => s.tags!.splice(1, 1))).toBe('tags/spare changed since the plan was made (it was deleted); run diff again');
    expect(check((s) => s.quick_replies!.push({ id: 'q1', record: { title: 'HOURS', message: 'y' } }))).toBe('quick_replies/Hours changed since the plan was made (a record of that name now exists); run diff again');
    expect(check((s) => s.tags!.push({ id: 't4', record: { name: 'newcomer' } }))).toBe('tags: records were added, renamed or deleted since the plan was made; run diff again');
  });
});

describe('a text that is not a plan', () => {
  const good = JSON.stringify(savePlan(made({ CHATCRM_WS_HOURS: 'x' })), null, 2);

  it.each([
    ['not JSON', 'not json {', 'not JSON, so not a workspace plan'],
    ['another format', '{"format": "x", "version": 1}', 'not a workspace plan'],
    ['another version', good.replace('"version": 1', '"version": 2'), 'a plan of format version 2; this chatcrm applies version 1'],
    ['no version', good.replace('"version": 1,', ''), 'a plan of format version undefined'],
    ['edited', good.replace('"#FFD700"', '"#FFD701"'), 'changed since it was made (its checksum does not match)'],
  ])('%s: a usage error naming the file', (_name, text, message) => {
    expect(() => parseSavedPlan(text, 'p.plan')).toThrow(UsageError);
    expect(() => parseSavedPlan(text, 'p.plan')).toThrow(`--plan: p.plan: ${message}`);
  });

  it('is refused as bad input whatever it is, never with another error (seeded)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ format: 'chatcrm-workspace-plan', version: 1, changes: v }))), (text) => {
        expect(() => parseSavedPlan(text, 'p')).toThrow(UsageError);
      }),
      { seed: 4403, numRuns: 300 },
    );
  });

  it('refuses a plan with its checksum made again but a shape that is not a plan', () => {
    const body = { ...JSON.parse(good), changes: [{ action: 'rename', area: 'tags', key: 'x' }] };
    delete body.checksum;
    expect(() => parseSavedPlan(JSON.stringify({ ...body, checksum: fingerprint(body) }), 'p')).toThrow(/--plan: p: not a workspace plan: changes\[0\]/);
  });
});
