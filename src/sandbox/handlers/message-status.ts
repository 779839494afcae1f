// Message status (docs/service-api.md 4.15): of the messages the chat area records.
import { created, fail, notFound, ok, paged, validate, type AreaModule, type Handler, type SandboxReply } from '../http.js';
import { findContactByPhone, findMessage, droppedNotFound, sentMessages } from '../domain.js';
import type { Doc, Store } from '../store.js';
import { now, editable } from '../resource.js';
import * as schemas from '../../schemas/message-status.js';

export function statusView(m: Doc) {
  const { message_id, to, sender_id, status, sent_at, delivered_at, read_at, failed_at, error, campaign_id } = m;
  // A failed message says when and why, as the channel's status event does.
  const failure = status === 'failed' ? { failed_at, error } : {};
  return { message_id, to, sender_id, status, sent_at, delivered_at, read_at, ...failure, ...(campaign_id ? { campaign_id } : {}) };
}

/** Status only moves forward: sent → delivered → read. */
export function mark(store: Store, m: Doc, to: 'delivered' | 'read'): Doc {
  const t = now();
  if (to === 'delivered') return m.status === 'sent' ? store.update('messages', m._id, { status: 'delivered', delivered_at: t })! : m;
  return m.status === 'read' ? m : store.update('messages', m._id, { status: 'read', read_at: t, delivered_at: m.delivered_at ?? t })!;
}

const markOne = (to: 'delivered' | 'read'): Handler => (req, { store }) => {
  const m = findMessage(store, req.params.message_id);
  if (!m) return droppedNotFound(store, [req.params.message_id]) ?? notFound('Message');
  return ok(statusView(mark(store, m, to)), `Message marked as ${to}`);
};

/** Mark the named messages; unknown ids are reported, and 404 when none is known. */
function markMany(store: Store, ids: string[], to: 'delivered' | 'read'): SandboxReply {
  const found = ids.map((id) => findMessage(store, id));
  const notFoundIds = ids.filter((_, i) => !found[i]);
  if (notFoundIds.length === ids.length) return droppedNotFound(store, ids) ?? fail(404, `Messages not found: ${ids.join(', ')}`);
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
  const messages = sentMessages(store, (m) => m.to === phone || m.sender_id === user);
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
  if (found.every((m) => !m)) return droppedNotFound(store, ids) ?? fail(404, `Messages not found: ${ids.join(', ')}`);
  const data = found.filter((m): m is Doc => Boolean(m)).map(statusView);
  return { status: 200, body: { success: true, message: 'Message status fetched', data, not_found: ids.filter((_, i) => !found[i]) } };
};

export const area: AreaModule = {
  handlers: {
    'messageStatus.delivery': markOne('delivered'),
    'messageStatus.read': markOne('read'),
    'messageStatus.chatStatus': chatStatus,
    'messageStatus.bulkDelivery': markBulk('delivered'),
    'messageStatus.bulkRead': markBulk('read'),
    'messageStatus.user': userStatus,
    'messageStatus.get': statusQuery,
  },
};
