// Sandbox area: CRM workspace (spec 4.11–4.18): teams, taxes, quick replies, chatbots,
// message status, reply materials, notifications, campaigns. Same conventions as the
// service: `_id`, `{success,message,data}`, 201 creates, soft deletes, 404 unknown ids,
// 409 duplicate names, 400 with `errors` for bad bodies.
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import type * as z from 'zod/mini';
import { created, fail, notFound, ok, paged, type AreaModule, type Handler, type SandboxReply, validate, type Checked } from '../http.js';
import { findContactByPhone, findMessage, notify, recordMessage } from '../domain.js';
import type { Doc, Store } from '../store.js';
import * as schemas from '../../schemas/crm-workspace.js';
import { ids } from '../../schemas/common.js';

const now = () => new Date().toISOString();
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);



/** Request fields a client may not set on a stored record. */
function editable(body: Record<string, unknown>): Record<string, unknown> {
  const { _id, id, __v, created_at, updated_at, deleted_at, ...rest } = body;
  return rest;
}

const sameName = (a: unknown, b: unknown) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase();

interface ResourceSpec {
  collection: string;
  /** Singular and plural for messages: ['Team', 'teams']. */
  names: [string, string];
  /** A field that must be unique among live records (409 otherwise). */
  unique?: string;
  create?: z.ZodMiniType<Record<string, unknown>>;
  update?: z.ZodMiniType<Record<string, unknown>>;
  defaults?: Record<string, unknown>;
  searchFields?: string[];
}

/** The CRUD routes every workspace record shares. */
function resource(r: ResourceSpec) {
  const [one, many] = r.names;
  const duplicate = (store: Store, value: unknown, except?: string) =>
    r.unique !== undefined && value !== undefined && store.list(r.collection, (d) => d._id !== except && sameName(d[r.unique!], value)).length > 0;
  const conflict = () => fail(409, `${one} with this ${r.unique} already exists`);

  const list: Handler = (req, { store }) => paged(store.list(r.collection), req.query, { searchFields: r.searchFields ?? ['name'], message: `${one}s fetched successfully` });
  const get: Handler = (req, { store }) => {
    const doc = store.get(r.collection, Object.values(req.params)[0]);
    return doc ? ok(doc, `${one} fetched successfully`) : notFound(one);
  };
  const create: Handler = (req, { store }) => {
    const v = validate(r.create!, req.body);
    if ('reply' in v) return v.reply;
    if (r.unique && duplicate(store, v.data[r.unique])) return conflict();
    return created(store.insert(r.collection, { ...r.defaults, ...editable(v.data) }), `${one} created successfully`);
  };
  const update: Handler = (req, { store }) => {
    const id = Object.values(req.params)[0];
    if (!store.get(r.collection, id)) return notFound(one);
    const v = validate(r.update!, req.body);
    if ('reply' in v) return v.reply;
    if (r.unique && duplicate(store, v.data[r.unique], id)) return conflict();
    return ok(store.update(r.collection, id, editable(v.data)), `${one} updated successfully`);
  };
  const remove: Handler = (req, { store }) => {
    const doc = store.softDelete(r.collection, Object.values(req.params)[0]);
    return doc ? ok({ _id: doc._id, deleted_at: doc.deleted_at }, `${one} deleted successfully`) : notFound(one);
  };
  /** All ids must exist, else 404 naming the unknown ones and nothing is deleted. */
  const removeMany: Handler = (req, { store }) => {
    const v = validate(ids, req.body);
    if ('reply' in v) return v.reply;
    const missing = v.data.ids.filter((id) => !store.get(r.collection, id));
    if (missing.length) return fail(404, `${many[0].toUpperCase()}${many.slice(1)} not found: ${missing.join(', ')}`);
    for (const id of v.data.ids) store.softDelete(r.collection, id);
    return ok({ deletedCount: new Set(v.data.ids).size, ids: v.data.ids }, `${many[0].toUpperCase()}${many.slice(1)} deleted successfully`);
  };
  return { list, get, create, update, remove, removeMany };
}

/** Flip a status field between two values. */
function toggle(collection: string, what: string, field: string, [on, off]: [unknown, unknown]): Handler {
  return (req, { store }) => {
    const id = Object.values(req.params)[0];
    const doc = store.get(collection, id);
    if (!doc) return notFound(what);
    const next = doc[field] === on ? off : on;
    return ok(store.update(collection, id, { [field]: next }), `${what} is now ${String(next)}`);
  };
}

// ---- teams, taxes -------------------------------------------------------------------

const teams = resource({
  collection: 'teams',
  names: ['Team', 'teams'],
  unique: 'name',
  create: schemas.teamCreate,
  update: schemas.teamUpdate,
  defaults: { members: [], status: 'active', permissions: [] },
});

const PERMISSIONS = ['contacts', 'chats', 'campaigns', 'templates', 'automation', 'reports', 'settings'].flatMap((module) =>
  ['view', 'create', 'update', 'delete'].map((action) => ({ key: `${module}.${action}`, module, action })),
);

const taxes = resource({ collection: 'taxes', names: ['Tax', 'taxes'], unique: 'name', create: schemas.taxCreate, update: schemas.taxUpdate, defaults: { status: 'active' } });

// ---- quick replies: the flat list shape of the service -------------------------------

const quickReplies = resource({
  collection: 'quick_replies',
  names: ['Quick reply', 'quick replies'],
  create: schemas.quickReplyCreate,
  update: schemas.quickReplyUpdate,
  defaults: { is_favorite: false, created_by: 'sandbox-user' },
  searchFields: ['title', 'message'],
});

/** `{ success, count, page, limit, totalPages, data }`, limit 50 by default. */
const flatList: Handler = (req, { store }) => {
  const reply = paged(store.list('quick_replies'), req.query, { searchFields: ['title', 'message'], defaultLimit: 50 });
  const { data, pagination } = reply.body as { data: Doc[]; pagination: { currentPage: number; totalPages: number; totalItems: number; itemsPerPage: number } };
  return {
    status: 200,
    body: { success: true, count: pagination.totalItems, page: pagination.currentPage, limit: pagination.itemsPerPage, totalPages: pagination.totalPages, data },
  };
};

const favorite: Handler = (req, { store }) => {
  const doc = store.get('quick_replies', req.params.quick_reply_id);
  if (!doc) return notFound('Quick reply');
  const is_favorite = !doc.is_favorite;
  return ok(store.update('quick_replies', doc._id, { is_favorite }), is_favorite ? 'Added to favorites' : 'Removed from favorites');
};

// ---- chatbots and their knowledge sources ---------------------------------------------

const chatbots = resource({
  collection: 'chatbots',
  names: ['Chatbot', 'chatbots'],
  unique: 'name',
  create: schemas.chatbotCreate,
  update: schemas.chatbotUpdate,
  defaults: { status: 'untrained', last_trained_at: null, training_runs: 0, knowledge_sources: 0 },
});

const sourcesOf = (store: Store, botId: string) => store.list('knowledge_sources', (s) => s.chatbot_id === botId);

/** A new source makes a trained chatbot stale until it is trained again. */
function addSource(store: Store, chatbotId: string | undefined, fields: Record<string, unknown>): Doc {
  const source = store.insert('knowledge_sources', { chatbot_id: chatbotId ?? null, status: 'processed', ...fields });
  if (chatbotId) {
    const bot = store.get('chatbots', chatbotId)!;
    store.update('chatbots', chatbotId, { knowledge_sources: sourcesOf(store, chatbotId).length, status: bot.status === 'trained' ? 'needs_training' : bot.status });
  }
  return source;
}

const chatbotGet: Handler = (req, { store }) => {
  const bot = store.get('chatbots', req.params.chatbot_id);
  if (!bot) return notFound('Chatbot');
  const sources = sourcesOf(store, bot._id).map(({ _id, type, url, file_name, status }) => ({ _id, type, url, file_name, status }));
  return ok({ ...bot, sources }, 'Chatbot fetched successfully');
};

const train: Handler = (req, { store }) => {
  const bot = store.get('chatbots', req.params.chatbot_id);
  if (!bot) return notFound('Chatbot');
  const sources = sourcesOf(store, bot._id).length;
  const updated = store.update('chatbots', bot._id, { status: 'trained', last_trained_at: now(), training_runs: Number(bot.training_runs ?? 0) + 1, knowledge_sources: sources });
  return ok(updated, `Chatbot trained on ${sources} knowledge source${sources === 1 ? '' : 's'}`);
};

/** The sandbox never fetches the page: it records the URL as a knowledge source. */
const scrape: Handler = (req, { store }) => {
  const v = validate(schemas.scrapeRequest, req.body);
  if ('reply' in v) return v.reply;
  const { url, chatbot_id } = v.data;
  if (chatbot_id && !store.get('chatbots', chatbot_id)) return notFound('Chatbot');
  const u = new URL(url);
  return created(addSource(store, chatbot_id, { type: 'url', url, title: `${u.hostname}${u.pathname}`, fetched: false }), 'URL scraped successfully');
};

const TEXT_TYPES = new Set(['.txt', '.md', '.csv', '.json']);
const MAX_DOC = 10 * 1024 * 1024;

const extractDoc: Handler = (req, { store }) => {
  const file = req.form?.files.file;
  if (!req.form) return fail(400, 'Expected multipart/form-data with a file field');
  if (!file) return fail(400, 'Validation failed', ['file: is required']);
  if (file.size > MAX_DOC) return fail(400, 'File too large (max 10 MB)');
  const chatbotId = req.form.fields.chatbot_id || undefined;
  if (chatbotId && !store.get('chatbots', chatbotId)) return notFound('Chatbot');
  const isText = file.contentType.startsWith('text/') || TEXT_TYPES.has(extname(file.filename).toLowerCase());
  const text = isText ? file.data.toString('utf8') : '';
  const source = addSource(store, chatbotId, {
    type: 'document',
    file_name: file.filename,
    file_size: file.size,
    mime_type: file.contentType,
    text: text.slice(0, 20_000),
    characters: text.length,
    extracted: isText,
  });
  return created(source, isText ? 'Document text extracted' : `Document stored; text extraction of ${file.contentType} is not simulated by the sandbox`);
};

// ---- message status: the messages recorded by the chat area ----------------------------

function statusView(m: Doc) {
  const { message_id, to, sender_id, status, sent_at, delivered_at, read_at, campaign_id } = m;
  return { message_id, to, sender_id, status, sent_at, delivered_at, read_at, ...(campaign_id ? { campaign_id } : {}) };
}

/** Status only moves forward: sent → delivered → read. */
function mark(store: Store, m: Doc, to: 'delivered' | 'read'): Doc {
  const t = now();
  if (to === 'delivered') return m.status === 'sent' ? store.update('messages', m._id, { status: 'delivered', delivered_at: t })! : m;
  return m.status === 'read' ? m : store.update('messages', m._id, { status: 'read', read_at: t, delivered_at: m.delivered_at ?? t })!;
}

const markOne = (to: 'delivered' | 'read'): Handler => (req, { store }) => {
  const m = findMessage(store, req.params.message_id);
  if (!m) return notFound('Message');
  return ok(statusView(mark(store, m, to)), `Message marked as ${to}`);
};

/** Mark the named messages; unknown ids are reported, and 404 when none is known. */
function markMany(store: Store, ids: string[], to: 'delivered' | 'read'): SandboxReply {
  const found = ids.map((id) => findMessage(store, id));
  const notFoundIds = ids.filter((_, i) => !found[i]);
  if (notFoundIds.length === ids.length) return fail(404, `Messages not found: ${ids.join(', ')}`);
  const data = found.filter((m): m is Doc => Boolean(m)).map((m) => statusView(mark(store, m, to)));
  return { status: 200, body: { success: true, message: `${data.length} message${data.length === 1 ? '' : 's'} marked as ${to}`, data, not_found: notFoundIds } };
}

const markBulk = (to: 'delivered' | 'read'): Handler => (req, { store }) => {
  const v = validate(schemas.bulkStatus, req.body);
  if ('reply' in v) return v.reply;
  const ids = v.data.message_ids;
  return ids ? markMany(store, ids, to) : ok([], 'No message ids given: nothing was marked');
};

/** A pushed chat status is recorded; with message ids and a status it moves those messages. */
const chatStatus: Handler = (req, { store }) => {
  const v = validate(schemas.chatStatus, req.body);
  if ('reply' in v) return v.reply;
  const { message_ids, status } = v.data;
  if (message_ids && status) {
    const reply = markMany(store, message_ids, status);
    if (reply.status !== 200) return reply;
  }
  return created(store.insert('chat_statuses', editable(v.data)), 'Chat status recorded');
};

const digits = (s: string) => s.replace(/[\s\-()+]/g, '');

/** The sandbox takes `user_id` as a recipient phone number (or a sender id). */
const userStatus: Handler = (req, { store }) => {
  const user = req.params.user_id;
  const phone = digits(user);
  const messages = store.list('messages', (m) => m.to === phone || m.sender_id === user);
  if (!messages.length && !findContactByPhone(store, phone)) return notFound('User');
  const count = (s: string) => messages.filter((m) => m.status === s).length;
  const summary = { user_id: user, total: messages.length, sent: count('sent'), delivered: count('delivered'), read: count('read') };
  const reply = paged(messages.map(statusView), req.query, { message: 'User message status fetched' });
  return { ...reply, body: { ...(reply.body as object), summary } };
};

const statusQuery: Handler = (req, { store }) => {
  const v = validate(schemas.messageIds, req.body);
  if ('reply' in v) return v.reply;
  const ids = v.data.message_ids;
  const found = ids.map((id) => findMessage(store, id));
  if (found.every((m) => !m)) return fail(404, `Messages not found: ${ids.join(', ')}`);
  const data = found.filter((m): m is Doc => Boolean(m)).map(statusView);
  return { status: 200, body: { success: true, message: 'Message status fetched', data, not_found: ids.filter((_, i) => !found[i]) } };
};

// ---- reply materials (multipart) -----------------------------------------------------

const MAX_MATERIAL = 10 * 1024 * 1024;
const replyMaterials = resource({ collection: 'reply_materials', names: ['Reply material', 'reply materials'], searchFields: ['title', 'file_name'] });

const fileKind = (type: string) => (['image', 'video', 'audio'].find((k) => type.startsWith(`${k}/`)) ?? 'document');

function materialFields(form: NonNullable<Parameters<Handler>[0]['form']>, requireAll: boolean): Checked<Record<string, unknown>> {
  const errors: string[] = [];
  const title = form.fields.title;
  const file = form.files.file;
  if (requireAll && !title?.trim()) errors.push('title: is required');
  if (title !== undefined && !title.trim()) errors.push('title: must not be empty');
  if (requireAll && !file) errors.push('file: is required');
  if (!requireAll && !file && title === undefined) errors.push('give a file or a title');
  if (errors.length) return { reply: fail(400, 'Validation failed', [...new Set(errors)]) };
  if (file && file.size > MAX_MATERIAL) return { reply: fail(400, 'File too large (max 10 MB)') };
  const out: Record<string, unknown> = title !== undefined ? { title } : {};
  if (file) {
    Object.assign(out, {
      file_name: file.filename,
      file_size: file.size,
      mime_type: file.contentType,
      file_type: fileKind(file.contentType),
      file_url: `/uploads/reply-materials/${Date.now()}-${encodeURIComponent(file.filename)}`,
      sha256: createHash('sha256').update(file.data).digest('hex'),
    });
  }
  return { data: out };
}

const materialCreate: Handler = (req, { store }) => {
  if (!req.form) return fail(400, 'Expected multipart/form-data with title and file');
  const v = materialFields(req.form, true);
  if ('reply' in v) return v.reply;
  return created(store.insert('reply_materials', v.data), 'Reply material uploaded successfully');
};

const materialUpdate: Handler = (req, { store }) => {
  const id = req.params.material_id;
  if (!store.get('reply_materials', id)) return notFound('Reply material');
  if (!req.form) return fail(400, 'Expected multipart/form-data with a file');
  const v = materialFields(req.form, false);
  if ('reply' in v) return v.reply;
  return ok(store.update('reply_materials', id, v.data), 'Reply material updated successfully');
};

// ---- notifications ------------------------------------------------------------------

const notificationList: Handler = (req, { store }) => {
  const all = store.list('notifications').slice().reverse();
  const reply = paged(all, req.query, { searchFields: ['title', 'message'], message: 'Notifications fetched successfully' });
  (reply.body as Record<string, unknown>).unread_count = all.filter((n) => !n.read).length;
  return reply;
};

const notificationCreate: Handler = (req, { store }) => {
  const v = validate(schemas.notificationCreate, req.body);
  if ('reply' in v) return v.reply;
  const { title, message, ...extra } = editable(v.data) as { title: string; message: string };
  return created(notify(store, title, message, { ...extra, read: false }), 'Notification created successfully');
};

const notificationRead: Handler = (req, { store }) => {
  const n = store.get('notifications', req.params.notification_id);
  if (!n) return notFound('Notification');
  return ok(n.read ? n : store.update('notifications', n._id, { read: true, read_at: now() }), 'Notification marked as read');
};

const readAll: Handler = (_req, { store }) => {
  const unread = store.list('notifications', (n) => !n.read);
  const t = now();
  for (const n of unread) store.update('notifications', n._id, { read: true, read_at: t });
  return ok({ modifiedCount: unread.length }, `${unread.length} notification${unread.length === 1 ? '' : 's'} marked as read`);
};

// ---- campaigns -----------------------------------------------------------------------

const campaignMessages = (store: Store, campaignId: string) => store.list('messages', (m) => m.campaign_id === campaignId);
const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);

/**
 * Send a campaign: one message per recipient, recorded like any send (so message status
 * and insights see them), and the campaign marked `sent`. Used by the MCP tool
 * `send_campaign`. A sent campaign is sent again only when it is recurring.
 */
export function sendCampaign(store: Store, campaignId: string, via: 'api' | 'mcp' = 'mcp'): { campaign: Doc; messages: Doc[] } | SandboxReply {
  const campaign = store.get('campaigns', campaignId);
  if (!campaign) return notFound('Campaign');
  if (campaign.status === 'sent' && !campaign.is_recurring) return fail(409, 'Campaign has already been sent');
  const recipients = (campaign.recipients as string[] | undefined) ?? [];
  if (!recipients.length) return fail(400, 'Campaign has no recipients');
  const sender_id = String(campaign.sender_id ?? store.list('senders')[0]?.sender_id ?? 'wa_snd_cloud_0001');
  const message = isObj(campaign.message) ? campaign.message : { type: 'text', text: { body: String(campaign.name) } };
  const messages = recipients.map((to) => store.update('messages', recordMessage(store, { sender_id, to, message, via })._id, { campaign_id: campaign._id })!);
  const updated = store.update('campaigns', campaign._id, {
    status: 'sent',
    sent_at: now(),
    message_ids: [...((campaign.message_ids as string[]) ?? []), ...messages.map((m) => m.message_id as string)],
  })!;
  return { campaign: updated, messages };
}

function insightsOf(store: Store, c: Doc) {
  const msgs = campaignMessages(store, c._id);
  const recipients = ((c.recipients as string[]) ?? []).length;
  const read = msgs.filter((m) => m.status === 'read').length;
  const delivered = msgs.filter((m) => m.status === 'delivered').length + read;
  return {
    campaign_id: c._id,
    name: c.name,
    status: c.status,
    recipients,
    sent: msgs.length,
    delivered,
    read,
    pending: msgs.filter((m) => m.status === 'sent').length,
    delivery_rate: pct(delivered, msgs.length),
    read_rate: pct(read, msgs.length),
    is_recurring: Boolean(c.is_recurring),
    recurring_pattern: c.recurring_pattern ?? null,
    sent_at: c.sent_at ?? null,
  };
}

const insights: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  return c ? ok(insightsOf(store, c), 'Campaign insights fetched') : notFound('Campaign');
};

/** One row per recipient: their message and its status (`not_sent` before a send). */
const report: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  if (!c) return notFound('Campaign');
  const msgs = campaignMessages(store, c._id);
  const rows = ((c.recipients as string[]) ?? []).flatMap((to): Record<string, unknown>[] => {
    const mine = msgs.filter((m) => m.to === to);
    return mine.length ? mine.map(statusView) : [{ message_id: null, to, sender_id: null, status: 'not_sent', sent_at: null, delivered_at: null, read_at: null }];
  });
  const s = insightsOf(store, c);
  const reply = paged(rows, req.query, { message: `Report of ${String(c.name)}: ${s.sent} sent, ${s.delivered} delivered, ${s.read} read` });
  return { ...reply, body: { ...(reply.body as object), summary: s } };
};

const publish: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  if (!c) return notFound('Campaign');
  if (c.status !== 'draft') return fail(409, `Campaign is already ${String(c.status)}`);
  return ok(store.update('campaigns', c._id, { status: 'published', published_at: now() }), 'Campaign published successfully');
};

/** Off the spec's tables (only its aliases are named): `campaigns list`, in the named-array shape. */
const campaignList: Handler = (req, { store }) => {
  const reply = paged(store.list('campaigns'), req.query, { searchFields: ['name', 'status'] });
  const { data, pagination, ...rest } = reply.body as Record<string, unknown>;
  return { status: 200, body: { ...rest, message: 'Campaigns fetched successfully', data: { campaigns: data, pagination } } };
};

const DAY = 24 * 60 * 60 * 1000;
const PERIOD: Record<(typeof schemas.RECURRING_PATTERNS)[number], number> = {
  daily: DAY,
  weekly: 7 * DAY,
  monthly: 30 * DAY,
};

const setupRecurring: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  if (!c) return notFound('Campaign');
  const v = validate(schemas.recurring, req.body);
  if ('reply' in v) return v.reply;
  const patch = v.data.is_recurring
    ? { is_recurring: true, recurring_pattern: v.data.recurring_pattern, next_run_at: new Date(Date.now() + PERIOD[v.data.recurring_pattern]).toISOString() }
    : { is_recurring: false, recurring_pattern: null, next_run_at: null };
  return ok(store.update('campaigns', c._id, patch), v.data.is_recurring ? `Campaign now recurs ${v.data.recurring_pattern}` : 'Campaign recurrence turned off');
};

// ---- seed ------------------------------------------------------------------------------

/** A reply material of the sample data: a small text file. */
function textMaterial(store: Store, title: string, file_name: string, content: string): void {
  store.insert('reply_materials', {
    title,
    file_name,
    file_size: content.length,
    mime_type: 'text/plain',
    file_type: 'document',
    file_url: `/uploads/reply-materials/seed-${encodeURIComponent(file_name)}`,
    sha256: createHash('sha256').update(content).digest('hex'),
  });
}

function seed(store: Store): void {
  store.insert('teams', { name: 'Support', members: ['ana@example.com', 'bo@example.com'], status: 'active', permissions: ['chats.view', 'contacts.view'] });
  store.insert('teams', { name: 'Sales', members: ['carla@example.com'], status: 'active', permissions: ['contacts.view', 'campaigns.view'] });
  store.insert('taxes', { name: 'VAT', rate: 20, status: 'active' });
  store.insert('taxes', { name: 'Reduced VAT', rate: 5.5, status: 'active' });
  store.insert('quick_replies', { title: 'Opening hours', message: 'We are open Monday to Friday, 9:00-17:00.', is_favorite: true, created_by: 'sandbox-user' });
  store.insert('quick_replies', { title: 'Thanks', message: 'Thank you for contacting us!', is_favorite: false, created_by: 'sandbox-user' });
  store.insert('chatbots', { name: 'FAQ bot', status: 'untrained', last_trained_at: null, training_runs: 0, knowledge_sources: 0 });
  textMaterial(store, 'Returns policy', 'returns.txt', 'Returns are free within 30 days.');
  textMaterial(store, 'Delivery times', 'delivery.txt', 'Orders ship within 2 working days.');
  notify(store, 'Welcome', 'Your sandbox workspace is ready.', { read: true, read_at: now() });
  notify(store, 'Plan usage', 'You have used 10% of your monthly messages.');

  const text = (body: string) => ({ type: 'text', text: { body } });
  const spring = store.insert('campaigns', {
    name: 'Spring sale',
    status: 'published',
    recipients: ['15551230001', '15551230002', '15551230003'],
    sender_id: 'wa_snd_cloud_0001',
    message: text('Spring sale: 20% off everything this week!'),
    is_recurring: false,
    recurring_pattern: null,
    message_ids: [],
  });
  const sent = sendCampaign(store, spring._id, 'api');
  if ('messages' in sent) {
    mark(store, sent.messages[0], 'read');
    mark(store, sent.messages[1], 'delivered');
  }
  store.insert('campaigns', {
    name: 'Weekly newsletter',
    status: 'published',
    recipients: ['15551230001', '15551230004'],
    sender_id: 'wa_snd_cloud_0001',
    message: text('This week at Example Co.'),
    is_recurring: true,
    recurring_pattern: 'daily',
    message_ids: [],
  });
  store.insert('campaigns', {
    name: 'Product launch',
    status: 'draft',
    recipients: ['15551230002', '15551230005'],
    sender_id: 'wa_snd_cloud_0001',
    message: text('Meet our new product.'),
    is_recurring: false,
    recurring_pattern: null,
    message_ids: [],
  });
}

const seq = (i: number) => String(i + 1).padStart(6, '0');

/**
 * `--seed-records N`: N more quick replies, teams, taxes, chatbots, reply materials, notifications
 * and draft campaigns, the first with N recipients (a report of N rows).
 */
function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) {
    store.insert('quick_replies', { title: `Reply ${seq(i)}`, message: `Canned answer number ${i + 1}.`, is_favorite: false, created_by: 'sandbox-user' });
    store.insert('teams', { name: `Team ${seq(i)}`, members: [], status: 'active', permissions: [] });
    store.insert('taxes', { name: `Tax ${seq(i)}`, rate: i % 30, status: 'active' });
    store.insert('chatbots', { name: `Bot ${seq(i)}`, status: 'untrained', last_trained_at: null, training_runs: 0, knowledge_sources: 0 });
    textMaterial(store, `Material ${seq(i)}`, `material-${seq(i)}.txt`, `Reply material ${i + 1}.`);
    store.insert('notifications', { title: `Notice ${seq(i)}`, message: `Generated notification ${i + 1}.`, read: false, read_at: null });
    const recipients = i === 0 ? Array.from({ length: n }, (_, j) => `1700${seq(j)}`) : [];
    store.insert('campaigns', { name: `Campaign ${seq(i)}`, status: 'draft', recipients, sender_id: 'wa_snd_cloud_0001', message: { type: 'text', text: { body: `Campaign ${i + 1}` } }, is_recurring: false, recurring_pattern: null, message_ids: [] });
  }
}

export const area: AreaModule = {
  handlers: {
    'teams.list': teams.list,
    'teams.permissions': () => ok(PERMISSIONS, 'Permissions fetched successfully'),
    'teams.get': teams.get,
    'teams.create': teams.create,
    'teams.update': teams.update,
    'teams.deleteMany': teams.removeMany,
    'teams.toggleStatus': toggle('teams', 'Team', 'status', ['active', 'inactive']),

    'taxes.list': taxes.list,
    'taxes.get': taxes.get,
    'taxes.create': taxes.create,
    'taxes.update': taxes.update,
    'taxes.delete': taxes.remove,
    'taxes.deleteMany': taxes.removeMany,

    'quickReplies.list': flatList,
    'quickReplies.admin': flatList,
    'quickReplies.create': quickReplies.create,
    'quickReplies.update': quickReplies.update,
    'quickReplies.deleteMany': quickReplies.removeMany,
    'quickReplies.favorite': favorite,

    'chatbots.list': chatbots.list,
    'chatbots.get': chatbotGet,
    'chatbots.create': chatbots.create,
    'chatbots.update': chatbots.update,
    'chatbots.delete': chatbots.remove,
    'chatbots.train': train,
    'chatbots.scrape': scrape,
    'chatbots.extractDoc': extractDoc,

    'messageStatus.delivery': markOne('delivered'),
    'messageStatus.read': markOne('read'),
    'messageStatus.chatStatus': chatStatus,
    'messageStatus.bulkDelivery': markBulk('delivered'),
    'messageStatus.bulkRead': markBulk('read'),
    'messageStatus.user': userStatus,
    'messageStatus.get': statusQuery,

    'replyMaterials.list': replyMaterials.list,
    'replyMaterials.get': replyMaterials.get,
    'replyMaterials.create': materialCreate,
    'replyMaterials.update': materialUpdate,
    'replyMaterials.delete': replyMaterials.remove,
    'replyMaterials.deleteMany': replyMaterials.removeMany,

    'notifications.list': notificationList,
    'notifications.create': notificationCreate,
    'notifications.readAll': readAll,
    'notifications.read': notificationRead,

    'campaigns.insights': insights,
    'campaigns.report': report,
    'campaigns.publish': publish,
    'campaigns.setupRecurring': setupRecurring,
    'campaigns.list': campaignList,
  },
  routes: [{ method: 'GET', path: '/api/campaigns', handler: campaignList }],
  seed,
  bulk,
};
