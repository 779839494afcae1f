// Tags (docs/service-api.md 4.7): contacts carry tags by name, so a rename or a delete follows them.
import { created, fail, notFound, ok, paged, validate, type AreaModule, type Handler } from '../http.js';
import type { Doc, Store } from '../store.js';
import { same, deleteMany, getOne, seq } from '../resource.js';
import * as schemas from '../../schemas/tags.js';

function tagCounts(store: Store): { tag: Doc; count: number }[] {
  const contacts = store.list('contacts');
  return store.list('tags').map((tag) => ({ tag, count: contacts.filter((c) => ((c.tags as string[]) ?? []).some((t) => same(t, tag.name))).length }));
}

const tagCreate: Handler = (req, { store }) => {
  const p = validate(schemas.tagCreate, req.body);
  if ('reply' in p) return p.reply;
  if (store.list('tags', (t) => same(t.name, p.data.name)).length) return fail(409, `Tag "${p.data.name}" already exists`);
  return created(store.insert('tags', { ...p.data, color: p.data.color.toUpperCase() }), 'Tag created successfully');
};

const tagUpdate: Handler = (req, { store }) => {
  const p = validate(schemas.tagUpdate, req.body);
  if ('reply' in p) return p.reply;
  const tag = store.get('tags', req.params.tag_id);
  if (!tag) return notFound('Tag');
  const { name } = p.data;
  if (name !== undefined) {
    if (store.list('tags', (t) => t._id !== tag._id && same(t.name, name)).length) return fail(409, `Tag "${name}" already exists`);
    // Contacts carry tags by name: a rename follows them.
    for (const c of store.list('contacts', (c) => ((c.tags as string[]) ?? []).some((t) => same(t, tag.name)))) {
      store.update('contacts', c._id, { tags: (c.tags as string[]).map((t) => (same(t, tag.name) ? name : t)) });
    }
  }
  return ok(store.update('tags', tag._id, { ...p.data, ...(p.data.color ? { color: p.data.color.toUpperCase() } : {}) }), 'Tag updated successfully');
};

const tagPopular: Handler = (req, { store }) => {
  const limit = Math.min(Math.max(1, Number(req.query.limit) || 10), 50);
  const rows = tagCounts(store)
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || String(a.tag.name).localeCompare(String(b.tag.name)))
    .slice(0, limit)
    .map(({ tag, count }) => ({ _id: tag._id, name: tag.name, color: tag.color, count }));
  return ok(rows, 'Popular tags fetched successfully');
};

const tagUsage: Handler = (req, { store }) => {
  const total = store.list('contacts').length;
  const rows = tagCounts(store).map(({ tag, count }) => ({
    tag_id: tag._id,
    name: tag.name,
    color: tag.color,
    contacts_count: count,
    percentage: total ? Math.round((count / total) * 1000) / 10 : 0,
  }));
  return paged(rows, req.query, { message: 'Tag usage fetched successfully' });
};

function untagContacts(store: Store, docs: Doc[]): void {
  for (const tag of docs) {
    for (const c of store.list('contacts', (c) => ((c.tags as string[]) ?? []).some((t) => same(t, tag.name)))) {
      store.update('contacts', c._id, { tags: (c.tags as string[]).filter((t) => !same(t, tag.name)) });
    }
  }
}
function seed(store: Store): void {
  const tags = [
    ['vip', '#FF8800'],
    ['newsletter', '#1E88E5'],
    ['wholesale', '#43A047'],
    ['churn-risk', '#E53935'],
  ];
  for (const [name, color] of tags) store.insert('tags', { name, color });
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('tags', { name: `tag-${seq(i)}`, color: '#607D8B' });
}
export const area: AreaModule = {
  handlers: {
    'tags.create': tagCreate,
    'tags.list': (req, { store }) => paged(store.list('tags'), req.query, { searchFields: ['name'], defaultLimit: 50 }),
    'tags.get': getOne('tags', 'Tag', 'tag_id'),
    'tags.update': tagUpdate,
    'tags.deleteMany': deleteMany('tags', 'Tag', (store, docs) => untagContacts(store, docs)),
    'tags.popular': tagPopular,
    'tags.usage': tagUsage,
  },
  seed,
  bulk,
};
