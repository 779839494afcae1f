// Quick replies (docs/service-api.md 4.13): the flat list shape of the service.
import { notFound, ok, paged, type AreaModule, type Handler } from '../http.js';
import type { Doc, Store } from '../store.js';
import { resource, seq } from '../resource.js';
import * as schemas from '../../schemas/quick-replies.js';

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
function seed(store: Store): void {
  store.insert('quick_replies', { title: 'Opening hours', message: 'We are open Monday to Friday, 9:00-17:00.', is_favorite: true, created_by: 'sandbox-user' });
  store.insert('quick_replies', { title: 'Thanks', message: 'Thank you for contacting us!', is_favorite: false, created_by: 'sandbox-user' });
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('quick_replies', { title: `Reply ${seq(i)}`, message: `Canned answer number ${i + 1}.`, is_favorite: false, created_by: 'sandbox-user' });
}
export const area: AreaModule = {
  handlers: {
    'quickReplies.list': flatList,
    'quickReplies.admin': flatList,
    'quickReplies.create': quickReplies.create,
    'quickReplies.update': quickReplies.update,
    'quickReplies.deleteMany': quickReplies.removeMany,
    'quickReplies.favorite': favorite,
  },
  seed,
  bulk,
};
