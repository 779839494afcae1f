// The planner of `workspace diff` and `sync`: a pure function from the server's state and the
// file to creates, updates (changed fields, old → new) and deletes (prune only), in the order
// they apply.
import { describe, expect, it } from 'vitest';
import { planSync, sameValue, countPlan, type Change } from '../../src/commands/workspace/plan.js';
import type { CurrentState } from '../../src/commands/workspace/state.js';
import type { WorkspaceFile } from '../../src/commands/workspace/schema.js';
import { currentState } from '../../src/commands/workspace/state.js';
import { planLines } from '../../src/commands/workspace/render.js';
import { parseOnly } from '../../src/commands/workspace/areas.js';
import { fileOf } from '../../src/commands/workspace/dump.js';

const state: CurrentState = {
  tags: [
    { id: 't1', record: { name: 'vip', color: '#FF8800' } },
    { id: 't2', record: { name: 'old', color: '#000000' } },
  ],
  segments: [{ id: 's1', record: { name: 'VIP customers', filters: { tag_ids: ['vip'], min: 1 } } }],
  flows: [{ id: 'f1', record: { name: 'Welcome', keyword: 'hi', status: 'active' } }],
  templates: [{ id: 'x1', record: { template_name: 'order_update' } }],
};

const file = (f: Omit<WorkspaceFile, 'version'>): WorkspaceFile => ({ version: 1, ...f });
const brief = (c: Change) => `${c.action} ${c.area} ${c.key}`;

describe('planSync', () => {
  it('plans nothing when the file is the state (object keys in any order)', () => {
    const plan = planSync(state, file({ tags: [{ color: '#FF8800', name: 'vip' }, { name: 'old', color: '#000000' }], segments: [{ name: 'VIP customers', filters: { min: 1, tag_ids: ['vip'] } }] }));
    expect(plan.changes).toEqual([]);
    expect(planLines(plan).at(-1)).toBe('No changes: the workspace matches the file.');
  });

  it('updates only the fields that differ, old → new, keeping the id', () => {
    const plan = planSync(state, file({ tags: [{ name: 'vip', color: '#00FF00' }] }));
    expect(plan.changes).toEqual([{ action: 'update', area: 'tags', key: 'vip', id: 't1', changes: [{ field: 'color', old: '#FF8800', new: '#00FF00' }] }]);
  });

  it('leaves alone a field the file does not name (absent is not "unset")', () => {
    const plan = planSync(state, file({ flows: [{ name: 'Welcome', keyword: 'hi' }] }));
    expect(plan.changes).toEqual([]);
  });

  it('matches names in any case: a different case is a rename, not a create', () => {
    const plan = planSync(state, file({ tags: [{ name: 'VIP', color: '#FF8800' }] }));
    expect(plan.changes.map(brief)).toEqual(['update tags VIP']);
    expect((plan.changes[0] as Extract<Change, { action: 'update' }>).changes).toEqual([{ field: 'name', old: 'vip', new: 'VIP' }]);
  });

  it('creates what the state lacks, in dependency order whatever the file order', () => {
    const f = file({
      flows: [{ name: 'New', keyword: 'new' }],
      segments: [{ name: 'Fresh' }],
      tags: [{ name: 'fresh', color: '#111111' }],
      custom_fields: [{ name: 'Plan', type: 'text' }],
    });
    expect(planSync({}, f).changes.map(brief)).toEqual(['create tags fresh', 'create custom_fields Plan', 'create segments Fresh', 'create flows New']);
  });

  it('deletes nothing without prune; with prune, the unnamed records of the listed areas, last and in reverse order', () => {
    const f = file({ tags: [{ name: 'vip', color: '#FF8800' }, { name: 'new', color: '#123456' }], segments: [], flows: [] });
    expect(planSync(state, f).changes.map(brief)).toEqual(['create tags new']);
    expect(planSync(state, f, { prune: true }).changes.map(brief)).toEqual(['create tags new', 'delete flows Welcome', 'delete segments VIP customers', 'delete tags old']);
  });

  it('prune leaves an area the file does not list alone', () => {
    const plan = planSync(state, file({ tags: [{ name: 'vip', color: '#FF8800' }, { name: 'old', color: '#000000' }] }), { prune: true });
    expect(plan.changes).toEqual([]);
  });

  it('--only plans the areas named and no other', () => {
    const f = file({ tags: [{ name: 'new', color: '#123456' }], flows: [] });
    expect(planSync(state, f, { prune: true, only: ['flows'] }).changes.map(brief)).toEqual(['delete flows Welcome']);
    expect(planSync(state, f, { prune: true, only: ['tags'] }).changes.map(brief)).toEqual(['create tags new', 'delete tags vip', 'delete tags old']);
  });

  it('never plans a template: it counts those in the file and names those the workspace lacks', () => {
    const plan = planSync(state, file({ templates: [{ template_name: 'order_update' }, { template_name: 'welcome_offer' }] }), { prune: true });
    expect(plan.changes).toEqual([]);
    expect(plan.templates).toEqual({ inFile: 2, missing: ['welcome_offer'] });
    expect(planLines(plan).join('\n')).toMatch(/templates: 2 in the file, never synced .*review.*not in this workspace: welcome_offer/);
  });

  it('counts and renders each kind of change', () => {
    const plan = planSync(state, file({ tags: [{ name: 'vip', color: '#00FF00' }, { name: 'new', color: '#123456' }] }), { prune: true });
    expect(countPlan(plan)).toEqual({ create: 1, update: 1, delete: 1 });
    expect(planLines(plan)).toEqual(['tags', '  ~ vip', '      color: "#FF8800" → "#00FF00"', '  + new', '      color: "#123456"', '  - old', 'Plan: 1 to create, 1 to update, 1 to delete.']);
  });
});

describe('sameValue', () => {
  it('is deep, order-free for object keys, ordered for lists, blind to undefined fields', () => {
    expect(sameValue({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([1], [1, 1])).toBe(false);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('currentState (the server records as the file writes them)', () => {
  it('drops the fields the server owns (a list per area, not patterns); keeps secrets to compare; writes references by name; sorts by key', () => {
    const raw = {
      tags: [
        { _id: 't2', name: 'zeta', color: '#000000', created_at: 'x', updated_at: 'y', __v: 0 },
        { _id: 't1', name: 'alpha', color: '#FFFFFF', contacts_count: 3 },
      ],
      segments: [{ _id: 's1', name: 'Seg', filters: { tag_ids: ['t1', 'unknown-id'] }, contacts_count: 7, api_key: 'k', webhook_secret: 's' }],
      chatbots: [{ _id: 'c1', name: 'Bot', status: 'trained', training_runs: 2, last_trained_at: 'z', knowledge_sources: 1, language: 'en', max_tokens: 512, retry_count: 2, expires_at: 'w' }],
    };
    const s = currentState(raw);
    expect(s.tags).toEqual([
      { id: 't1', record: { name: 'alpha', color: '#FFFFFF' } },
      { id: 't2', record: { name: 'zeta', color: '#000000' } },
    ]);
    expect(s.segments![0].record).toEqual({ name: 'Seg', filters: { tag_ids: ['alpha', 'unknown-id'] }, api_key: 'k', webhook_secret: 's' });
    expect(s.chatbots![0].record).toEqual({ name: 'Bot', language: 'en', max_tokens: 512, retry_count: 2, expires_at: 'w' });
    // A file never gets a secret.
    expect(fileOf(s, ['segments'], new Map()).segments).toEqual([{ name: 'Seg', filters: { tag_ids: ['alpha', 'unknown-id'] } }]);
  });

  it('leaves out what a server sent that cannot be named: no key, an empty or odd key; keeps one without an id (id "")', () => {
    const s = currentState({ tags: [{ _id: 't1', color: '#000000' }, { _id: 't2', name: ' ' }, { _id: 't3', name: { x: 1 } }, { name: 'no-id', tag_id: 't4' }, { _id: 't4', name: 'ok' }] });
    expect(s.tags).toEqual([
      { id: '', record: { name: 'no-id', tag_id: 'ok' } },
      { id: 't4', record: { name: 'ok' } },
    ]);
  });
});

describe('parseOnly (--only)', () => {
  it('takes the areas in the file\'s order, with - or _, and names a wrong or missing one', () => {
    expect(parseOnly(undefined)).toHaveLength(10);
    expect(parseOnly('flows, custom-fields,tags')).toEqual(['tags', 'custom_fields', 'flows']);
    expect(() => parseOnly('tags,label')).toThrow('--only: unknown area "label" (areas: tags, custom_fields, ');
    expect(() => parseOnly(' , ')).toThrow('--only: name at least one area');
  });
});
