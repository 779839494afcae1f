// Notifications (docs/service-api.md 4.17).
import { created, notFound, ok, paged, validate, type AreaModule, type Handler } from '../http.js';
import { notify } from '../domain.js';
import type { Store } from '../store.js';
import { now, editable, seq } from '../resource.js';
import * as schemas from '../../schemas/notifications.js';

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
function seed(store: Store): void {
  notify(store, 'Welcome', 'Your sandbox workspace is ready.', { read: true, read_at: now() });
  notify(store, 'Plan usage', 'You have used 10% of your monthly messages.');
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('notifications', { title: `Notice ${seq(i)}`, message: `Generated notification ${i + 1}.`, read: false, read_at: null });
}
export const area: AreaModule = {
  handlers: {
    'notifications.list': notificationList,
    'notifications.create': notificationCreate,
    'notifications.readAll': readAll,
    'notifications.read': notificationRead,
  },
  seed,
  bulk,
};
