// Segments (docs/service-api.md 4.6): membership lives on the contacts (segment_ids).
import { created, fail, notFound, ok, paged, validate, type AreaModule, type Handler, type SandboxReply } from '../http.js';
import type { Doc, Store } from '../store.js';
import { same, findAll, deleteMany, getOne, seq } from '../resource.js';
import * as schemas from '../../schemas/segments.js';

export const segmentMembers = (store: Store, id: string) => store.list('contacts', (c) => ((c.segment_ids as string[]) ?? []).includes(id));

const segmentView = (store: Store, s: Doc) => ({ ...s, contacts_count: segmentMembers(store, s._id).length });

const segmentCreate: Handler = (req, { store }) => {
  const p = validate(schemas.segmentCreate, req.body);
  if ('reply' in p) return p.reply;
  if (store.list('segments', (s) => same(s.name, p.data.name)).length) return fail(409, `Segment "${p.data.name}" already exists`);
  return created(segmentView(store, store.insert('segments', { filters: {}, ...p.data })), 'Segment created successfully');
};

const segmentUpdate: Handler = (req, { store }) => {
  const p = validate(schemas.segmentUpdate, req.body);
  if ('reply' in p) return p.reply;
  const id = req.params.segment_id;
  if (!store.get('segments', id)) return notFound('Segment');
  if (p.data.name && store.list('segments', (s) => s._id !== id && same(s.name, p.data.name)).length) return fail(409, `Segment "${p.data.name}" already exists`);
  return ok(segmentView(store, store.update('segments', id, p.data)!), 'Segment updated successfully');
};

function leaveSegments(store: Store, docs: Doc[]): void {
  const gone = new Set(docs.map((d) => d._id));
  for (const c of store.list('contacts', (c) => ((c.segment_ids as string[]) ?? []).some((s) => gone.has(s)))) {
    store.update('contacts', c._id, { segment_ids: (c.segment_ids as string[]).filter((s) => !gone.has(s)) });
  }
}

const segmentDelete: Handler = (req, { store }) => {
  const s = store.get('segments', req.params.segment_id);
  if (!s) return notFound('Segment');
  leaveSegments(store, [s]);
  store.softDelete('segments', s._id);
  return ok({ _id: s._id }, 'Segment deleted successfully');
};

/** Add or remove contacts of segments; every segment and contact must exist. */
export function membership(store: Store, segmentIds: string[], contactIds: string[], add: boolean): SandboxReply {
  const segments = findAll(store, 'segments', segmentIds, 'Segment');
  if (!Array.isArray(segments)) return segments;
  const contacts = findAll(store, 'contacts', contactIds, 'Contact');
  if (!Array.isArray(contacts)) return contacts;
  let changed = 0;
  for (const c of contacts) {
    const before = new Set((c.segment_ids as string[]) ?? []);
    const after = new Set(before);
    for (const s of segments) (add ? after.add(s._id) : after.delete(s._id));
    if (after.size !== before.size) {
      changed++;
      store.update('contacts', c._id, { segment_ids: [...after] });
    }
  }
  const verb = add ? 'added to' : 'removed from';
  return ok({ segment_ids: segmentIds, contact_ids: contactIds, modified_count: changed }, `${contacts.length} contact(s) ${verb} ${segments.length} segment(s)`);
}

const segmentContacts = (add: boolean): Handler => (req, { store }) => {
  const p = validate(schemas.contactIds, req.body);
  if ('reply' in p) return p.reply;
  return membership(store, [req.params.segment_id], p.data.contact_ids, add);
};
function seed(store: Store): void {
  store.insert('segments', { name: 'VIP customers', filters: { tags: ['vip'] } });
}

/** `--seed-records N`: N segments; the first has every generated contact (contacts.ts). */
function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('segments', { name: `Segment ${seq(i)}`, filters: {} });
}
export const area: AreaModule = {
  handlers: {
    'segments.list': (req, { store }) => paged(store.list('segments').map((s) => segmentView(store, s)), req.query, { searchFields: ['name'] }),
    'segments.create': segmentCreate,
    'segments.get': getOne('segments', 'Segment', 'segment_id', segmentView),
    'segments.update': segmentUpdate,
    'segments.delete': segmentDelete,
    'segments.deleteMany': deleteMany('segments', 'Segment', (store, docs) => leaveSegments(store, docs)),
    'segments.addContacts': segmentContacts(true),
    'segments.removeContacts': segmentContacts(false),
    'segments.contacts': (req, { store }) => {
      const s = store.get('segments', req.params.segment_id);
      return s ? paged(segmentMembers(store, s._id), req.query, { searchFields: ['name', 'phone_number', 'email'] }) : notFound('Segment');
    },
  },
  seed,
  bulk,
};
