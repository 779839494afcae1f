// CRM records (spec 4.6–4.10): segments, tags, custom fields, contacts (stats, funnels,
// export jobs), currencies, subscription, and the plan-gated routes /api/api-keys and
// /api/message-bots. Collections: contacts (tags by name, segment_ids), segments, tags,
// custom_fields, exports, currencies, plans, subscriptions, api_keys.
import { randomBytes } from 'node:crypto';
import { created, fail, notFound, ok, paged, type AreaModule, type Handler, type SandboxReply, validate } from '../http.js';
import { createContact, currentSubscription, isReply, requireFeature } from '../domain.js';
import type { Doc, Store } from '../store.js';
import * as schemas from '../../schemas/crm.js';

const same = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

/** Every id must name a live document: 404 listing the unknown ones, nothing changed. */
function findAll(store: Store, coll: string, ids: string[], what: string): Doc[] | SandboxReply {
  const docs = ids.map((id) => store.get(coll, id));
  const missing = ids.filter((_, i) => !docs[i]);
  return missing.length ? fail(404, `${what} not found: ${missing.join(', ')}`) : (docs as Doc[]);
}

const deleteMany = (coll: string, what: string, after?: (store: Store, docs: Doc[]) => SandboxReply | void): Handler => (req, { store }) => {
  const p = validate(schemas.ids, req.body);
  if ('reply' in p) return p.reply;
  const docs = findAll(store, coll, p.data.ids, what);
  if (!Array.isArray(docs)) return docs;
  const refused = after?.(store, docs);
  if (refused) return refused;
  for (const d of docs) store.softDelete(coll, d._id);
  return ok({ deleted_count: docs.length, ids: docs.map((d) => d._id) }, `${docs.length} ${what.toLowerCase()}(s) deleted successfully`);
};

const getOne = (coll: string, what: string, param: string, view: (store: Store, d: Doc) => unknown = (_s, d) => d): Handler => (req, { store }) => {
  const d = store.get(coll, req.params[param]);
  return d ? ok(view(store, d), `${what} fetched successfully`) : notFound(what);
};

// ---- segments ----------------------------------------------------------------------------
const segmentMembers = (store: Store, id: string) => store.list('contacts', (c) => ((c.segment_ids as string[]) ?? []).includes(id));
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
    c.segment_ids = (c.segment_ids as string[]).filter((s) => !gone.has(s));
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
function membership(store: Store, segmentIds: string[], contactIds: string[], add: boolean): SandboxReply {
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

// ---- tags --------------------------------------------------------------------------------
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
      c.tags = (c.tags as string[]).map((t) => (same(t, tag.name) ? name : t));
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
      c.tags = (c.tags as string[]).filter((t) => !same(t, tag.name));
    }
  }
}

// ---- custom fields -----------------------------------------------------------------------
const FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'email', 'phone', 'url', 'select', 'checkbox'];

const fieldCreate: Handler = (req, { store }) => {
  const p = validate(schemas.customFieldCreate, req.body);
  if ('reply' in p) return p.reply;
  if (!FIELD_TYPES.includes(p.data.type)) return fail(400, 'Validation failed', [`type: must be one of ${FIELD_TYPES.join(', ')}`]);
  if (store.list('custom_fields', (f) => same(f.name, p.data.name)).length) return fail(409, `Custom field "${p.data.name}" already exists`);
  const key = p.data.name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return created(store.insert('custom_fields', { ...p.data, key, is_active: true }), 'Custom field created successfully');
};

const fieldUpdate: Handler = (req, { store }) => {
  const p = validate(schemas.customFieldUpdate, req.body);
  if ('reply' in p) return p.reply;
  const id = req.params.custom_field_id;
  if (!store.get('custom_fields', id)) return notFound('Custom field');
  if (p.data.type && !FIELD_TYPES.includes(p.data.type)) return fail(400, 'Validation failed', [`type: must be one of ${FIELD_TYPES.join(', ')}`]);
  if (p.data.name && store.list('custom_fields', (f) => f._id !== id && same(f.name, p.data.name)).length) return fail(409, `Custom field "${p.data.name}" already exists`);
  return ok(store.update('custom_fields', id, p.data), 'Custom field updated successfully');
};

/** `{ ids | id, is_active | status: active|inactive }`. */
const fieldStatus: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const ids = Array.isArray(b.ids) ? b.ids.map(String) : typeof b.id === 'string' ? [b.id] : [];
  const active = typeof b.is_active === 'boolean' ? b.is_active : b.status === 'active' ? true : b.status === 'inactive' ? false : undefined;
  const errors = [...(ids.length ? [] : ['ids: give at least one id']), ...(active === undefined ? ['is_active: must be true or false'] : [])];
  if (errors.length) return fail(400, 'Validation failed', errors);
  const docs = findAll(store, 'custom_fields', ids, 'Custom field');
  if (!Array.isArray(docs)) return docs;
  return ok(docs.map((d) => store.update('custom_fields', d._id, { is_active: active })), `${docs.length} custom field(s) ${active ? 'activated' : 'deactivated'}`);
};

// ---- contacts: stats, funnels, export ------------------------------------------------------
const STAGES = ['lead', 'contacted', 'qualified', 'customer', 'lost'];

function countBy(docs: Doc[], key: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of docs) out[String(d[key] || 'unknown')] = (out[String(d[key] || 'unknown')] ?? 0) + 1;
  return out;
}

const contactStats: Handler = (_req, { store }) => {
  const contacts = store.list('contacts');
  const today = new Date().toISOString().slice(0, 10);
  return ok(
    {
      total: contacts.length,
      by_status: countBy(contacts, 'status'),
      by_source: countBy(contacts, 'source'),
      with_email: contacts.filter((c) => c.email).length,
      tagged: contacts.filter((c) => ((c.tags as string[]) ?? []).length > 0).length,
      in_segments: contacts.filter((c) => ((c.segment_ids as string[]) ?? []).length > 0).length,
      created_today: contacts.filter((c) => String(c.created_at).startsWith(today)).length,
    },
    'Contact statistics fetched successfully',
  );
};

const funnels: Handler = (_req, { store }) => {
  const contacts = store.list('contacts');
  const stages = [...STAGES, ...new Set(contacts.map((c) => String(c.status)).filter((s) => !STAGES.includes(s)))];
  return ok(
    stages.map((stage) => {
      const members = contacts.filter((c) => c.status === stage);
      return { stage, count: members.length, contacts: members.map((c) => ({ _id: c._id, name: c.name, phone_number: c.phone_number })) };
    }),
    'Funnels fetched successfully',
  );
};

/** Kanban move: `{ contact_id, status | to_stage | stage }`. */
const funnelAction: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const to = b.status ?? b.to_stage ?? b.stage;
  const errors = [...(typeof b.contact_id === 'string' && b.contact_id ? [] : ['contact_id: is required']), ...(typeof to === 'string' && to ? [] : ['status: is required'])];
  if (errors.length) return fail(400, 'Validation failed', errors);
  const contact = store.get('contacts', String(b.contact_id));
  if (!contact) return notFound('Contact');
  const from = contact.status;
  return ok({ contact: store.update('contacts', contact._id, { status: to }), from_stage: from, to_stage: to }, `Contact moved from ${String(from)} to ${String(to)}`);
};

const addToSegments: Handler = (req, { store }) => {
  const p = validate(schemas.addToSegments, req.body);
  if ('reply' in p) return p.reply;
  return membership(store, p.data.segment_ids, p.data.contact_ids, true);
};

const csvCell = (v: unknown) => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const EXPORT_COLUMNS = ['_id', 'name', 'phone_number', 'email', 'status', 'source', 'tags', 'segments', 'custom_fields', 'created_at'];

/** The tenant's contacts as CSV: tags and segment names joined with `;`, custom fields as `key=value;...`. */
function contactsCsv(store: Store, contacts: Doc[]): string {
  const segmentName = (id: string) => String(store.get('segments', id)?.name ?? id);
  const rows = contacts.map((c) =>
    [
      c._id,
      c.name,
      c.phone_number,
      c.email,
      c.status,
      c.source,
      ((c.tags as string[]) ?? []).join(';'),
      ((c.segment_ids as string[]) ?? []).map(segmentName).join(';'),
      Object.entries((c.custom_fields as Record<string, string>) ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join(';'),
      c.created_at,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[EXPORT_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** Off the spec's tables: the service starts exports as 202 jobs. `{ segment_id? }` narrows it. */
const exportStart: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  if (b.segment_id !== undefined && !store.get('segments', String(b.segment_id))) return notFound('Segment');
  const contacts = b.segment_id ? segmentMembers(store, String(b.segment_id)) : store.list('contacts');
  const job_id = randomBytes(12).toString('hex');
  store.insert('exports', { job_id, status: 'waiting', progress: 0, total: contacts.length, contact_ids: contacts.map((c) => c._id), file_name: null, reads: 0 });
  return { status: 202, body: { success: true, message: 'Export started', data: { job_id, status: 'waiting' } } };
};

const findJob = (store: Store, id: string) => store.list('exports', (j) => j.job_id === id || j._id === id)[0];
const jobView = (j: Doc) => ({
  job_id: j.job_id,
  status: j.status,
  progress: j.progress,
  total: j.total,
  file_name: j.file_name,
  download_url: j.file_name ? `/api/contacts/export/download/${String(j.file_name)}` : null,
  created_at: j.created_at,
  completed_at: j.completed_at ?? null,
});

/** Each status read moves the job one step: waiting → active → completed (CSV written then). */
const exportStatus: Handler = (req, { store }) => {
  const job = findJob(store, req.params.job_id);
  if (!job) return notFound('Export job');
  if (job.status === 'waiting') store.update('exports', job._id, { status: 'active', progress: 50 });
  else if (job.status === 'active') {
    const contacts = (job.contact_ids as string[]).map((id) => store.get('contacts', id)).filter((c): c is Doc => Boolean(c));
    store.update('exports', job._id, { status: 'completed', progress: 100, file_name: `contacts-export-${String(job.job_id)}.csv`, csv: contactsCsv(store, contacts), completed_at: new Date().toISOString() });
  }
  return ok(jobView(job), 'Export status fetched successfully');
};

const exportDownload: Handler = (req, { store }) => {
  const job = store.list('exports', (j) => j.file_name === req.params.file_name)[0];
  if (!job || typeof job.csv !== 'string') return notFound('Export file');
  return {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${String(job.file_name)}"` },
    raw: job.csv,
  };
};

// ---- currencies --------------------------------------------------------------------------
const RATES_PER_USD: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, INR: 83.1, JPY: 151.4, AED: 3.67, BRL: 5.05, CAD: 1.36 };

const currencyCreate: Handler = (req, { store }) => {
  const p = validate(schemas.currencyCreate, req.body);
  if ('reply' in p) return p.reply;
  if (store.list('currencies', (c) => c.code === p.data.code).length) return fail(409, `Currency ${p.data.code} already exists`);
  return created(store.insert('currencies', { ...p.data, exchange_rate: RATES_PER_USD[p.data.code] ?? 1, is_active: true, is_default: false }), 'Currency created successfully');
};

const currencyUpdate: Handler = (req, { store }) => {
  const p = validate(schemas.currencyUpdate, req.body);
  if ('reply' in p) return p.reply;
  const id = req.params.currency_id;
  if (!store.get('currencies', id)) return notFound('Currency');
  if (p.data.code && store.list('currencies', (c) => c._id !== id && c.code === p.data.code).length) return fail(409, `Currency ${p.data.code} already exists`);
  return ok(store.update('currencies', id, p.data), 'Currency updated successfully');
};

const exchangeRate: Handler = (_req, { store }) => {
  const base = store.list('currencies', (c) => c.is_default === true)[0];
  const baseRate = RATES_PER_USD[String(base?.code)] ?? 1;
  const rates = Object.fromEntries(store.list('currencies', (c) => c.is_active === true).map((c) => [c.code, Math.round(((RATES_PER_USD[String(c.code)] ?? Number(c.exchange_rate) ?? 1) / baseRate) * 10000) / 10000]));
  return ok({ base: base?.code ?? 'USD', rates, updated_at: new Date().toISOString() }, 'Exchange rates fetched successfully');
};

const toggleStatus: Handler = (req, { store }) => {
  const c = store.get('currencies', req.params.currency_id);
  if (!c) return notFound('Currency');
  if (c.is_default && c.is_active) return fail(400, 'The default currency cannot be deactivated; make another currency the default first');
  return ok(store.update('currencies', c._id, { is_active: !c.is_active }), `Currency ${c.is_active ? 'deactivated' : 'activated'}`);
};

/** Exactly one default: the chosen currency becomes it (and active); the others stop being. */
const toggleDefault: Handler = (req, { store }) => {
  const c = store.get('currencies', req.params.currency_id);
  if (!c) return notFound('Currency');
  for (const other of store.list('currencies', (o) => o.is_default === true && o._id !== c._id)) store.update('currencies', other._id, { is_default: false });
  return ok(store.update('currencies', c._id, { is_default: true, is_active: true }), `${String(c.code)} is now the default currency`);
};

const keepDefault = (_store: Store, docs: Doc[]) => (docs.some((d) => d.is_default) ? fail(400, 'The default currency cannot be deleted') : undefined);

// ---- subscription ------------------------------------------------------------------------
const plan = (store: Store, id: unknown) => store.list('plans', (p) => p.plan_id === id || p._id === id)[0];

function usage(store: Store, p: Doc | undefined) {
  const limits = (p?.limits as Record<string, number>) ?? {};
  const used: Record<string, number> = {
    contacts: store.list('contacts').length,
    messages: store.list('messages').length,
    campaigns: store.list('campaigns').length,
    segments: store.list('segments').length,
    tags: store.list('tags').length,
  };
  return Object.fromEntries(Object.entries(used).map(([k, v]) => [k, { used: v, limit: limits[k] ?? null }]));
}

const subscriptionShow: Handler = (_req, { store }) => {
  const current = currentSubscription(store);
  // After a cancel the latest subscription still shows, with its status.
  const sub = current?.subscription ?? store.list('subscriptions').at(-1);
  if (!sub) return fail(404, 'No subscription found');
  const p = plan(store, sub.plan_id);
  return ok({ subscription: sub, plan: p, features: p?.features ?? [], usage: usage(store, p) }, 'Subscription fetched successfully');
};

const subscriptionUsage: Handler = (_req, { store }) => {
  const current = currentSubscription(store);
  if (!current) return fail(403, 'Active subscription required. Please subscribe to a plan to continue.');
  return ok({ plan_id: current.plan.plan_id, usage: usage(store, current.plan) }, 'Usage fetched successfully');
};

const checkoutUrl: Handler = (req, { store }) => {
  const id = req.query.plan_id;
  if (id !== undefined && !plan(store, id)) return notFound('Plan');
  const session = randomBytes(8).toString('hex');
  return ok({ url: `https://checkout.sandbox.test/session/${session}${id ? `?plan=${encodeURIComponent(id)}` : ''}`, plan_id: id ?? null }, 'Checkout URL generated');
};

const subscriptionCreate = (gateway: string): Handler => (req, { store }) => {
  const p = validate(schemas.subscriptionCreate, req.body);
  if ('reply' in p) return p.reply;
  const chosen = plan(store, p.data.plan_id);
  if (!chosen) return notFound('Plan');
  if (currentSubscription(store)) return fail(409, 'An active subscription already exists; cancel it first');
  const now = new Date();
  const sub = store.insert('subscriptions', {
    plan_id: chosen.plan_id,
    gateway,
    gateway_subscription_id: `${gateway}_sub_${randomBytes(6).toString('hex')}`,
    status: 'active',
    cancel_at_period_end: false,
    current_period_start: now.toISOString(),
    current_period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
  });
  return created({ subscription: sub, plan: chosen }, `Subscribed to ${String(chosen.name)} through ${gateway}`);
};

const cancel: Handler = (req, { store }) => {
  const sub = store.get('subscriptions', req.params.subscription_id);
  if (!sub) return notFound('Subscription');
  if (sub.status !== 'active' && sub.status !== 'trialing') return fail(400, `Subscription is ${String(sub.status)}, not active`);
  return ok(store.update('subscriptions', sub._id, { status: 'cancelled', cancel_at_period_end: true, cancelled_at: new Date().toISOString() }), 'Subscription cancelled');
};

const resume: Handler = (req, { store }) => {
  const sub = store.get('subscriptions', req.params.subscription_id);
  if (!sub) return notFound('Subscription');
  if (sub.status !== 'cancelled') return fail(400, `Subscription is ${String(sub.status)}, not cancelled`);
  if (currentSubscription(store)) return fail(409, 'Another subscription is active');
  return ok(store.update('subscriptions', sub._id, { status: 'active', cancel_at_period_end: false, cancelled_at: null }), 'Subscription resumed');
};

// ---- plan-gated routes outside the spec's tables -------------------------------------------
const gated = (feature: string, handler: Handler): Handler => (req, env) => requireFeature(env.store, feature) ?? handler(req, env);

const apiKeysList: Handler = (_req, { store }) => ok(store.list('api_keys').map(({ key_hash: _h, ...k }) => k), 'API keys fetched successfully');
const apiKeysCreate: Handler = (req, { store }) => {
  const name = (req.body as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || !name.trim()) return fail(400, 'Validation failed', ['name: is required']);
  const key = randomBytes(32).toString('hex');
  const { key_hash: _h, ...doc } = store.insert('api_keys', { name, prefix: key.slice(0, 6), key_hash: key.slice(6) });
  return created({ ...doc, key }, 'API key created; it is shown only once');
};
const messageBots: Handler = (_req, { store }) => ok(store.list('message_bots'), 'Message bots fetched successfully');

// ---- contacts at /api/v2/contacts and /api/contacts (spec 9.2 aliases, shapes not given) ----------
/** `{ data: { contacts, pagination } }`: the named-array shape of observed-conventions.md. */
const contactList: Handler = (req, { store }) => {
  const { data, pagination, ...rest } = paged(store.list('contacts'), req.query, { searchFields: ['name', 'phone_number', 'email'] }).body as Record<string, unknown>;
  return { status: 200, body: { ...rest, message: 'Contacts fetched successfully', data: { contacts: data, pagination } } };
};

const contactCreate: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const phone = String(b.phone_number ?? b.phone ?? '').replace(/[\s()+-]/g, '');
  const errors = [...(/^\d{6,15}$/.test(phone) ? [] : ['phone_number: must be 6 to 15 digits']), ...(typeof b.name === 'string' && b.name.trim() ? [] : ['name: is required'])];
  if (errors.length) return fail(400, 'Validation failed', errors);
  const tags = Array.isArray(b.tags) ? b.tags.map(String) : [];
  const doc = createContact(store, { phone_number: phone, name: String(b.name), email: typeof b.email === 'string' ? b.email : undefined, source: typeof b.source === 'string' ? b.source : undefined, status: typeof b.status === 'string' ? b.status : undefined, tags });
  return isReply(doc) ? doc : created(doc, 'Contact created successfully');
};

// ---- seed ----------------------------------------------------------------------------------
const seq = (i: number) => String(i + 1).padStart(6, '0');

/** Three-letter codes AAA, AAB, ... not yet taken: currency codes are ISO-style. */
function* freeCodes(store: Store): Generator<string> {
  const taken = new Set(store.list('currencies').map((c) => String(c.code)));
  const letter = (n: number) => String.fromCharCode(65 + (Math.floor(n) % 26));
  for (let n = 0; n < 26 ** 3; n++) {
    const code = letter(n / 676) + letter(n / 26) + letter(n);
    if (!taken.has(code)) yield code;
  }
}

/**
 * `--seed-records N`: N more contacts (every one a member of the first generated segment),
 * tags, segments, custom fields and currencies (as many as there are free codes, 17,573).
 */
function bulk(store: Store, n: number): void {
  const statuses = ['lead', 'contacted', 'qualified', 'customer', 'lost'];
  const segments = Array.from({ length: n }, (_, i) => store.insert('segments', { name: `Segment ${seq(i)}`, filters: {} }));
  const codes = freeCodes(store);
  for (let i = 0; i < n; i++) {
    // Inserted directly: createContact's duplicate check is a scan per contact.
    store.insert('contacts', { phone_number: `1700${seq(i)}`, name: `Contact ${seq(i)}`, email: `contact${seq(i)}@example.com`, source: 'seed', status: statuses[i % statuses.length], tags: [], custom_fields: {}, segment_ids: [segments[0]._id] });
    store.insert('tags', { name: `tag-${seq(i)}`, color: '#607D8B' });
    store.insert('custom_fields', { name: `Field ${seq(i)}`, type: 'text', key: `field_${seq(i)}`, is_active: true });
    const code = codes.next();
    if (!code.done) store.insert('currencies', { code: code.value, name: `Currency ${seq(i)}`, symbol: code.value, exchange_rate: 1 + (i % 100) / 10, is_active: true, is_default: false });
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
  const contacts: [string, string, string, string, string, string[]][] = [
    ['15551230001', 'Alice Moreau', 'alice@example.com', 'lead', 'website', ['vip', 'newsletter']],
    ['15551230002', 'Bruno Silva', 'bruno@example.com', 'contacted', 'whatsapp', ['newsletter']],
    ['15551230003', 'Chen Wei', '', 'qualified', 'referral', ['wholesale']],
    ['15551230004', 'Dana Cohen', 'dana@example.com', 'customer', 'website', ['vip']],
    ['15551230005', 'Emeka Obi', 'emeka@example.com', 'customer', 'import', ['vip', 'wholesale']],
    ['15551230006', 'Fatima Zahra', '', 'lead', 'whatsapp', []],
    ['15551230007', 'Gustav Berg', 'gustav@example.com', 'lost', 'api', ['churn-risk']],
    ['15551230008', 'Hana Sato', 'hana@example.com', 'lead', 'api', ['newsletter']],
  ];
  const docs = contacts.map(([phone_number, name, email, status, source, t]) => createContact(store, { phone_number, name, email, status, source, tags: t, custom_fields: {} }));
  store.insert('custom_fields', { name: 'Company', type: 'text', key: 'company', is_active: true });
  const vip = store.insert('segments', { name: 'VIP customers', filters: { tags: ['vip'] } });
  for (const d of docs) if (!isReply(d) && (d.tags as string[]).includes('vip')) d.segment_ids = [vip._id];

  store.insert('currencies', { code: 'USD', name: 'US Dollar', symbol: '$', exchange_rate: 1, is_active: true, is_default: true });
  store.insert('currencies', { code: 'EUR', name: 'Euro', symbol: '€', exchange_rate: 0.92, is_active: true, is_default: false });
  store.insert('currencies', { code: 'INR', name: 'Indian Rupee', symbol: '₹', exchange_rate: 83.1, is_active: false, is_default: false });

  store.insert('plans', { plan_id: 'plan_free', name: 'Free', price: 0, currency: 'USD', interval: 'month', features: ['contacts', 'campaigns'], limits: { contacts: 100, messages: 1000, campaigns: 2 } });
  store.insert('plans', {
    plan_id: 'plan_pro',
    name: 'Pro',
    price: 49,
    currency: 'USD',
    interval: 'month',
    features: ['contacts', 'campaigns', 'rest_api', 'auto_replies', 'chatbots', 'teams', 'custom_fields'],
    limits: { contacts: 10000, messages: 100000, campaigns: 100 },
  });
  store.insert('plans', {
    plan_id: 'plan_business',
    name: 'Business',
    price: 199,
    currency: 'USD',
    interval: 'month',
    features: ['contacts', 'campaigns', 'rest_api', 'auto_replies', 'chatbots', 'teams', 'custom_fields', 'priority_support'],
    limits: { contacts: 100000, messages: 1000000, campaigns: 1000 },
  });
  const now = Date.now();
  store.insert('subscriptions', {
    plan_id: 'plan_pro',
    gateway: 'gatewayone',
    gateway_subscription_id: 'gatewayone_sub_seed',
    status: 'active',
    cancel_at_period_end: false,
    current_period_start: new Date(now - 10 * 86_400_000).toISOString(),
    current_period_end: new Date(now + 20 * 86_400_000).toISOString(),
  });
  store.insert('message_bots', { name: 'Welcome bot', keyword: 'hi', is_active: true });
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
    'tags.create': tagCreate,
    'tags.list': (req, { store }) => paged(store.list('tags'), req.query, { searchFields: ['name'], defaultLimit: 50 }),
    'tags.get': getOne('tags', 'Tag', 'tag_id'),
    'tags.update': tagUpdate,
    'tags.deleteMany': deleteMany('tags', 'Tag', (store, docs) => untagContacts(store, docs)),
    'tags.popular': tagPopular,
    'tags.usage': tagUsage,
    'customFields.list': (req, { store }) => paged(store.list('custom_fields'), req.query, { searchFields: ['name', 'key'] }),
    'customFields.create': fieldCreate,
    'customFields.get': getOne('custom_fields', 'Custom field', 'custom_field_id'),
    'customFields.update': fieldUpdate,
    'customFields.deleteMany': deleteMany('custom_fields', 'Custom field'),
    'customFields.status': fieldStatus,
    'contacts.stats': contactStats,
    'contacts.funnels': funnels,
    'contacts.funnelAction': funnelAction,
    'contacts.addToSegments': addToSegments,
    'contacts.exportStatus': exportStatus,
    'contacts.exportDownload': exportDownload,
    'contacts.export': exportStart,
    'currencies.list': (req, { store }) => paged(store.list('currencies'), req.query, { searchFields: ['code', 'name'] }),
    'currencies.exchangeRate': exchangeRate,
    'currencies.get': getOne('currencies', 'Currency', 'currency_id'),
    'currencies.create': currencyCreate,
    'currencies.update': currencyUpdate,
    'currencies.deleteMany': deleteMany('currencies', 'Currency', keepDefault),
    'currencies.toggleStatus': toggleStatus,
    'currencies.toggleDefault': toggleDefault,
    'subscription.show': subscriptionShow,
    'subscription.usage': subscriptionUsage,
    'subscription.checkoutUrl': checkoutUrl,
    'subscription.createGatewayone': subscriptionCreate('gatewayone'),
    'subscription.createGatewaytwo': subscriptionCreate('gatewaytwo'),
    'subscription.createGatewaythree': subscriptionCreate('gatewaythree'),
    'subscription.cancel': cancel,
    'subscription.resume': resume,
  },
  routes: [
    { method: 'GET', path: '/api/v2/contacts', handler: contactList },
    { method: 'GET', path: '/api/contacts', handler: contactList },
    { method: 'POST', path: '/api/v2/contacts', handler: contactCreate },
    { method: 'POST', path: '/api/contacts', handler: contactCreate },
    { method: 'GET', path: '/api/api-keys', handler: gated('rest_api', apiKeysList) },
    { method: 'POST', path: '/api/api-keys', handler: gated('rest_api', apiKeysCreate) },
    { method: 'GET', path: '/api/message-bots', handler: gated('auto_replies', messageBots) },
  ],
  seed,
  bulk,
};
