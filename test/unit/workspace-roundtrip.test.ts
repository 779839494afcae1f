// Whatever a workspace holds, its dump is a file its own validate accepts, and the plan from that
// file to the same workspace is empty (Terraform's rule: a plan after its apply is empty); and
// the applier never says "nothing was sent" (exit 2) once something was. Seeded.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { Applier, checkReferences, Ids } from '../../src/commands/workspace/apply.js';
import { fileOf } from '../../src/commands/workspace/dump.js';
import { planSync, type Plan } from '../../src/commands/workspace/plan.js';
import { parseWorkspace } from '../../src/commands/workspace/read.js';
import { currentState, namesOf, type RawState } from '../../src/commands/workspace/state.js';

const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
const name = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.trim()).filter((s) => s !== ''), fc.integer({ min: 0, max: 10_000 }));
/** Fields the server may add: some the file does not know, some it owns. */
const extra = fc.dictionary(fc.constantFrom('description', 'weight', 'created_at', 'contacts_count', '__v'), fc.jsonValue(), { maxKeys: 2 });
const unique = <T extends { name: unknown }>(arb: fc.Arbitrary<T>) => fc.uniqueArray(arb, { selector: (r) => String(r.name).toLowerCase(), maxLength: 5 });

const workspace = fc
  .record({
    tags: unique(fc.record({ _id: hex(24), name, color: hex(6).map((h) => `#${h.toUpperCase()}`), more: extra })),
    taxes: unique(fc.record({ _id: hex(24), name, rate: fc.integer({ min: 0, max: 100 }), status: fc.constantFrom('active', 'inactive') })),
    flows: unique(
      fc.record({
        _id: hex(24),
        name,
        keyword: fc.constantFrom('hi', 'menu', 'hours'),
        state: fc.oneof(fc.record({ status: fc.constantFrom('draft', 'active', 'paused') }), fc.record({ is_active: fc.boolean(), is_paused: fc.boolean() })),
      }),
    ),
    segments: unique(fc.record({ _id: hex(24), name, refs: fc.array(fc.oneof(fc.nat(4), hex(24)), { maxLength: 3 }) })),
  })
  .map(({ tags, taxes, flows, segments }): RawState => ({
    tags: tags.map(({ more, ...t }) => ({ ...more, ...t })),
    taxes,
    flows: flows.map(({ state, ...f }) => ({ ...f, ...state })),
    // A reference is a tag's id, or an id no tag has (a tag that is gone).
    segments: segments.map(({ refs, ...s }) => ({ ...s, filters: { tag_ids: refs.map((r) => (typeof r === 'number' ? (tags[r]?._id ?? 'f'.repeat(24)) : r)) } })),
  }));

describe('dump → validate → diff', () => {
  it('the dump of any workspace is valid, and plans nothing against it (YAML and JSON)', () => {
    fc.assert(
      fc.property(workspace, (raw) => {
        const names = namesOf(raw);
        const state = currentState(raw, names);
        const file = fileOf(state, ['tags', 'taxes', 'segments', 'flows'], names);
        for (const text of [stringify(file, { lineWidth: 0, aliasDuplicateObjects: false }), JSON.stringify(file)]) {
          const r = parseWorkspace(text, {});
          expect(r.problems).toEqual([]);
          const plan = planSync(state, r.data!);
          expect(plan.changes).toEqual([]);
        }
      }),
      { seed: 41, numRuns: 200 },
    );
  });
});

describe('checkReferences', () => {
  const create = (area: 'tags' | 'segments', key: string, record: Record<string, unknown>) => ({ action: 'create' as const, area, key, record });
  const plan = (...changes: Plan['changes']): Plan => ({ changes, notComparable: [], templates: { inFile: 0, missing: [] } });

  it('resolves in the plan\'s order: a record created earlier may be named, one created later may not', () => {
    const tag = create('tags', 'new', { name: 'new', color: '#000000' });
    const seg = create('segments', 'S', { name: 'S', filters: { tag_ids: ['new'] } });
    expect(() => checkReferences(plan(tag, seg), new Map())).not.toThrow();
    expect(() => checkReferences(plan(seg, tag), new Map())).toThrow('segments "S": tag_ids: no tags record named "new" in the file or the workspace');
    // A name the workspace has.
    expect(() => checkReferences(plan(seg), new Map([['tags', new Map([['t1', 'NEW']])]]))).not.toThrow();
  });

  it('refuses exactly what the applier would refuse, with its message, whatever the records hold (seeded)', () => {
    // The applier's way, change by change: every reference resolved (Ids.resolve), each new record then known.
    const applierError = (p: Plan, names: Map<'tags' | 'segments', Map<string, string>>) => {
      const ids = new Ids(names);
      try {
        for (const c of p.changes) {
          const where = `${c.area} "${c.key}"`;
          if (c.action === 'create') ids.resolve(c.record, where), ids.add(c.area, c.key, 'new-id');
          if (c.action === 'update') ids.resolve(Object.fromEntries(c.changes.map((f) => [f.field, f.new])), where);
        }
        return undefined;
      } catch (err) {
        return (err as Error).message;
      }
    };
    const ref = fc.constantFrom('gold', 'GOLD ', 'ghost', 'S1', 'x');
    const key = fc.constantFrom('name', 'note', 'tag_id', 'tag_ids', 'segment_id', 'segment_ids', 'filters', 'items', 'rules');
    const { value } = fc.letrec((tie) => ({ value: fc.oneof({ depthSize: 'small' }, ref, fc.integer(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })) }));
    const fields = fc.dictionary(key, value, { maxKeys: 4 });
    const change = fc.oneof(
      fc.record({ action: fc.constant('create' as const), area: fc.constantFrom('tags' as const, 'segments' as const), key: ref, record: fields }),
      fc.record({ action: fc.constant('update' as const), area: fc.constantFrom('tags' as const, 'segments' as const), key: ref, id: fc.constant('i1'), changes: fields.map((f) => Object.entries(f).map(([field, v]) => ({ field, old: undefined, new: v }))) }),
      fc.record({ action: fc.constant('delete' as const), area: fc.constantFrom('tags' as const, 'segments' as const), key: ref, id: fc.constant('i2') }),
    );
    const known = fc.array(fc.tuple(fc.constantFrom('tags' as const, 'segments' as const), ref), { maxLength: 3 }).map((xs) => {
      const names = new Map<'tags' | 'segments', Map<string, string>>();
      xs.forEach(([area, n], i) => (names.get(area) ?? names.set(area, new Map()).get(area)!).set(`id${i}`, n));
      return names;
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 5 }), known, (changes, names) => {
        const p = plan(...changes);
        let refused: string | undefined;
        try {
          checkReferences(p, names);
        } catch (err) {
          refused = (err as Error).message;
        }
        expect(refused).toBe(applierError(p, names));
      }),
      { seed: 44, numRuns: 600 },
    );
  });
});

describe('Applier', () => {
  it('a reference that fails after something was sent is exit 1, not 2 ("nothing was sent")', async () => {
    let n = 0;
    const api = { opts: { dryRun: false }, call: async () => ({ body: { data: { _id: `id${++n}` } } }) } as unknown as ApiClient;
    const applier = new Applier(api, new Ids(new Map()));
    await applier.apply({ action: 'create', area: 'tags', key: 'a', record: { name: 'a', color: '#000000' } });
    const err = await applier.apply({ action: 'create', area: 'segments', key: 'S', record: { name: 'S', filters: { tag_ids: ['ghost'] } } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: 1, message: 'segments "S": tag_ids: no tags record named "ghost" in the file or the workspace' });
    expect(applier.applied).toEqual({ created: 1, updated: 0, deleted: 0, failed: 1 });
  });
});

describe('a server value the file does not take', () => {
  const state = currentState({
    currencies: [{ _id: 'c1', code: 'EUR', name: 'Euro', symbol: '€', exchange_rate: 'about one' }],
    tags: [{ _id: 't1', name: 'odd', color: 'red' }],
  });
  it('an optional field is not written, with a warning naming the record: the dump reads back, and sync leaves the value alone', () => {
    const warned: string[] = [];
    const file = fileOf(state, ['currencies'], new Map(), (l) => warned.push(l));
    expect(file.currencies).toEqual([{ code: 'EUR', name: 'Euro', symbol: '€' }]);
    expect(warned).toEqual(['currencies "EUR": exchange_rate: "about one" is not a value the file takes: not written (sync leaves it as it is)']);
    const back = parseWorkspace(stringify(file), {});
    expect(back.problems).toEqual([]);
    expect(planSync(state, back.data!, { prune: false, only: undefined }).changes).toEqual([]);
  });
  it('a required field is written as found, with a warning; validate then names the record and the field', () => {
    const warned: string[] = [];
    const file = fileOf(state, ['tags'], new Map(), (l) => warned.push(l));
    expect(file.tags).toEqual([{ name: 'odd', color: 'red' }]);
    expect(warned).toEqual(['tags "odd": color: "red" is not a value the file takes: written as found (validate names it until the record is fixed)']);
    expect(parseWorkspace(stringify(file), {}).problems.map((p) => `${p.field}: ${p.message}`)).toEqual(['tags[0].color: must be #RRGGBB']);
  });
});
