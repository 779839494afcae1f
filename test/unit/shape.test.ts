// shapeOf / recordId / pickFields on every response shape of docs/service-api.md 10.
import { describe, expect, it } from 'vitest';
import { pageNote } from '../../src/core/output/print.js';
import { getPath, morePages, pageCount, pickFields, recordId, shapeOf } from '../../src/core/output/shape.js';

const a = { _id: '65f1c2a9e4b0a1b2c3d4e5f6', name: 'A', __v: 0 };
const b = { _id: '65f1c2a9e4b0a1b2c3d4e5f7', name: 'B', __v: 0 };
const pagination = { currentPage: 2, totalPages: 3, totalItems: 25, itemsPerPage: 10 };

describe('shapeOf', () => {
  it('data array + pagination object', () => {
    expect(shapeOf({ success: true, message: 'ok', data: [a, b], pagination })).toEqual({
      records: [a, b],
      pagination: { page: 2, totalPages: 3, total: 25, limit: 10 },
      message: 'ok',
    });
  });

  it.each(['contacts', 'tags', 'segments', 'currencies', 'campaigns'])('a named array inside data: %s', (name) => {
    const s = shapeOf({ success: true, data: { [name]: [a, b], pagination } });
    expect(s.records).toEqual([a, b]);
    expect(s.pagination).toEqual({ page: 2, totalPages: 3, total: 25, limit: 10 });
  });

  it('a named array inside data, empty', () => {
    expect(shapeOf({ success: true, data: { contacts: [], pagination: { ...pagination, totalItems: 0 } } }).records).toEqual([]);
  });

  it('flat quick-replies list {success, count, page, limit, totalPages, data}', () => {
    const s = shapeOf({ success: true, count: 2, page: 1, limit: 50, totalPages: 4, data: [a, b] });
    expect(s.records).toEqual([a, b]);
    expect(s.pagination).toEqual({ page: 1, totalPages: 4, total: 2, limit: 50 });
  });

  it('profile {success, user}', () => {
    const user = { _id: a._id, name: 'Ada', email: 'ada@example.com' };
    expect(shapeOf({ success: true, user })).toEqual({ item: user, message: undefined });
  });

  it('login {success, message, token, user}', () => {
    const user = { _id: a._id, name: 'Ada' };
    const s = shapeOf({ success: true, message: 'Login successful', token: 'jwt.x.y', user });
    expect(s.message).toBe('Login successful');
    expect(s.item).toEqual({ token: 'jwt.x.y', user });
    expect(s.records).toBeUndefined();
  });

  it('template create {message, template_id} without success', () => {
    const s = shapeOf({ message: 'Template submitted', template_id: '1234567890' });
    expect(s).toEqual({ item: { template_id: '1234567890' }, message: 'Template submitted' });
    expect(recordId(s.item)).toBe('1234567890');
  });

  it('a single record in data', () => {
    expect(shapeOf({ success: true, message: 'Tag created', data: a })).toEqual({ item: a, message: 'Tag created' });
  });

  it('a record with an array field is a record, not a list', () => {
    const team = { _id: a._id, name: 'Support', members: [{ _id: b._id }] };
    expect(shapeOf({ success: true, data: team }).item).toEqual(team);
  });

  it('a message-only answer', () => {
    expect(shapeOf({ success: true, message: 'Deleted' })).toEqual({ item: undefined, message: 'Deleted' });
  });

  it('a bare array, a named array at the top, and lists of scalars', () => {
    expect(shapeOf([a, b]).records).toEqual([a, b]);
    expect(shapeOf({ success: true, senders: [a, b] }).records).toEqual([a, b]);
    expect(shapeOf(['x', 'y']).records).toEqual([{ value: 'x' }, { value: 'y' }]);
    expect(shapeOf({ success: true, data: ['read', 'write'] }).records).toEqual([{ value: 'read' }, { value: 'write' }]);
  });

  it('scalars and nothing', () => {
    expect(shapeOf('challenge-123')).toEqual({ item: 'challenge-123' });
    expect(shapeOf(undefined)).toEqual({ item: undefined });
    expect(shapeOf({ success: true, data: 42 }).item).toBe(42);
  });
});

describe('recordId', () => {
  it.each<[unknown, string | undefined]>([
    [{ _id: 'abc', id: 'zzz' }, 'abc'],
    [{ id: 7, name: 'x' }, '7'],
    [{ message_id: 'wamid.1', status: 'sent' }, 'wamid.1'],
    [{ sender_id: 'wa_snd_1' }, 'wa_snd_1'],
    [{ name: 'no id' }, undefined],
    ['plain-id', 'plain-id'],
    [null, undefined],
  ])('%j → %s', (r, id) => expect(recordId(r)).toBe(id));
});

describe('pickFields / getPath', () => {
  const rec = { _id: 'x', name: 'N', capabilities: { group_messaging: true, media: false }, tags: [{ name: 't1' }, { name: 't2' }] };

  it('keeps dot paths with their nesting; missing ones are null', () => {
    expect(pickFields(rec, ['_id', 'capabilities.group_messaging', 'tags.1.name', 'nope.deep'])).toEqual({
      _id: 'x',
      capabilities: { group_messaging: true },
      tags: { 1: { name: 't2' } },
      nope: { deep: null },
    });
  });

  it('overlapping paths neither crash nor write into the record', () => {
    const copy = structuredClone(rec);
    expect(pickFields(rec, ['capabilities', 'capabilities.extra'])).toEqual({ capabilities: { group_messaging: true, media: false, extra: null } });
    expect(pickFields(rec, ['name', 'name.first'])).toEqual({ name: { first: null } });
    expect(rec).toEqual(copy);
  });

  it('reads own properties only', () => {
    expect(getPath(rec, 'constructor')).toBeUndefined();
    expect(getPath(rec, 'name.length')).toBeUndefined();
    expect(getPath(rec, 'tags.length')).toBe(2);
    expect(pickFields(rec, ['toString'])).toEqual({ toString: null });
  });
});

describe('morePages / pageCount', () => {
  it.each<[string, unknown, number, boolean | undefined, number | undefined]>([
    ['data + pagination, page 1 of 3', { data: [a], pagination }, 1, true, 3],
    ['data + pagination, last page', { data: [a], pagination: { ...pagination, currentPage: 3 } }, 1, false, 3],
    ['named array in data', { data: { contacts: [a], pagination: { ...pagination, currentPage: 1 } } }, 1, true, 3],
    ['flat quick-replies shape', { success: true, count: 60, page: 1, limit: 50, totalPages: 2, data: [a] }, 1, true, 2],
    ['total and limit only', { data: [a], pagination: { total: 25, limit: 10, page: 3 } }, 1, false, 3],
    ['hasNextPage', { data: [a], meta: { hasNextPage: true } }, 1, true, undefined],
    ['a bare array says nothing', [a, b], 2, undefined, undefined],
  ])('%s', (_name, body, shown, more, pages) => {
    const p = shapeOf(body).pagination;
    expect(morePages(p, shown)).toBe(more);
    expect(pageCount(p)).toBe(pages);
  });

  it('total and limit only, total a multiple of limit: the last page has no next (no note), the one before has', () => {
    const full = Array.from({ length: 10 }, () => a);
    const last = shapeOf({ data: full, pagination: { total: 30, limit: 10, page: 3 } }).pagination;
    expect(morePages(last, 10)).toBe(false);
    expect(pageCount(last)).toBe(3);
    expect(pageNote(last, 10)).toBeUndefined();
    const before = shapeOf({ data: full, pagination: { total: 30, limit: 10, page: 2 } }).pagination;
    expect(morePages(before, 10)).toBe(true);
    expect(pageNote(before, 10)).toBe('Showing 10 of 30 (page 2 of 3); --all for every page, --page 3 for the next');
  });
});
