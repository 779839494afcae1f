// The store's transaction (issue 43, item 2) on its own: every kind of write is undone exactly
// when the transaction throws — retention's trim and a reseed included — and retention keeps
// what docs/sandbox.md says at the default limit (issue 43, item 6).
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/sandbox/store.js';

const boom = () => {
  throw new Error('boom');
};
const fill = (store: Store, n: number) => Array.from({ length: n }, (_, i) => store.insert('messages', { message_id: `wamid.${i}`, n: i }));

describe('retention at the default 10,000 messages', () => {
  it('keeps 10,000, and at the 10,001st drops the oldest 101 (9,900 kept)', () => {
    const store = new Store();
    store.retain('messages', 10_000);
    fill(store, 10_000);
    expect(store.all('messages')).toHaveLength(10_000);
    expect(store.dropped('messages')).toBe(0);
    store.insert('messages', { message_id: 'wamid.last' });
    expect(store.all('messages')).toHaveLength(9_900);
    expect(store.dropped('messages')).toBe(101);
    expect(store.all('messages')[0].n).toBe(101);
  });
});

describe('Store.atomically', () => {
  it('undoes inserts, updates (a field added too), soft deletes and a new collection when it throws', () => {
    const store = new Store();
    const [a, b] = fill(store, 2);
    const before = JSON.stringify(store.data);
    expect(() =>
      store.atomically(() => {
        store.insert('messages', { message_id: 'wamid.new' });
        store.update('messages', a._id, { n: 99, added: true });
        store.softDelete('messages', b._id);
        store.insert('tags', { name: 'new' });
        boom();
      }),
    ).toThrow('boom');
    expect(JSON.stringify(store.data)).toBe(before);
    expect('added' in store.all('messages')[0]).toBe(false);
  });

  it("undoes retention's trim: the dropped documents, their count and their ids come back", () => {
    const store = new Store();
    store.retain('messages', 100);
    fill(store, 100);
    const before = JSON.stringify(store.data);
    expect(() => store.atomically(() => (store.insert('messages', { message_id: 'wamid.over' }), boom()))).toThrow('boom');
    expect(JSON.stringify(store.data)).toBe(before);
    expect(store.dropped('messages')).toBe(0);
    expect(store.wasDropped('wamid.0')).toBe(false);
    // And a trim that stands is counted as before.
    store.insert('messages', { message_id: 'wamid.over' });
    expect(store.dropped('messages')).toBe(2);
    expect(store.wasDropped('wamid.0')).toBe(true);
  });

  it('undoes a reseed: the collections, the dropped count and the dropped ids come back', () => {
    const store = new Store();
    store.retain('messages', 100);
    fill(store, 101);
    const before = JSON.stringify(store.data);
    expect(() => store.atomically(() => (store.reseed({ tags: [] }), boom()))).toThrow('boom');
    expect(JSON.stringify(store.data)).toBe(before);
    expect(store.wasDropped('wamid.0')).toBe(true);
  });

  it('keeps what a transaction that returns wrote, and journals nothing outside one', () => {
    const store = new Store();
    const doc = store.atomically(() => store.insert('tags', { name: 'kept' }));
    expect(store.list('tags')).toEqual([doc]);
    store.update('tags', doc._id, { name: 'renamed' });
    expect(() => store.atomically(boom)).toThrow('boom');
    expect(store.list('tags')[0].name).toBe('renamed');
  });
});
