// State shared between sandbox areas: a contact created over MCP shows in contact stats,
// a message sent over MCP shows in message status, a webhook event creates a
// notification. Areas use these functions instead of poking at each other's collections.
//
// Collections: users, senders, groups, messages, contacts, tags, segments, custom_fields,
// plans, subscriptions, notifications, campaigns, templates, flows, executions, ...
import { randomBytes } from 'node:crypto';
import type { Doc, Store } from './store.js';
import type { SandboxEvents } from './events.js';
import { fail, type SandboxReply } from './http.js';

// Message ids come from a pool of random bytes drawn 512 ids at a time: under a load test one
// call into the system's random source per send was a sixth of the sandbox's time.
const ID_BYTES = 18;
let pool = Buffer.alloc(0);
let used = 0;

export function messageId(): string {
  if (used === pool.length) [pool, used] = [randomBytes(ID_BYTES * 512), 0];
  used += ID_BYTES;
  return `wamid.${pool.toString('base64url', used - ID_BYTES, used)}`;
}

/** Store an outbound message, and tell the watchers; status moves sent → delivered → read. */
export function recordMessage(
  store: Store,
  m: { sender_id: string; to: string; message: Record<string, unknown>; via?: 'api' | 'mcp' | 'group'; group_id?: string },
  /** Absent while seeding: nobody watches yet. */
  events?: SandboxEvents,
): Doc {
  const doc = store.insert('messages', {
    message_id: messageId(),
    sender_id: m.sender_id,
    to: m.to,
    group_id: m.group_id,
    type: (m.message as { type?: string }).type ?? 'text',
    message: m.message,
    direction: 'outbound',
    via: m.via ?? 'api',
    status: 'sent',
    sent_at: new Date().toISOString(),
    delivered_at: null,
    read_at: null,
  });
  events?.emit({ kind: 'message', message: doc });
  return doc;
}

/** Messages the tenant sent: what status routes, counts and campaigns see (inbound ones are not theirs). */
export function sentMessages(store: Store, filter: (m: Doc) => boolean = () => true): Doc[] {
  return store.list('messages', (m) => m.direction !== 'inbound' && filter(m));
}

export function findMessage(store: Store, messageId: string): Doc | undefined {
  return sentMessages(store, (m) => m.message_id === messageId || m._id === messageId)[0];
}

/**
 * The 404 for message ids the sandbox does not have, once older messages were dropped
 * (--max-messages): the id may be a real message kept no longer. Undefined while none was.
 */
export function droppedNotFound(store: Store, ids: string[]): SandboxReply | undefined {
  const what = ids.length === 1 ? `Message ${ids[0]}` : `Messages ${ids.join(', ')}`;
  const dropped = store.dropped('messages');
  if (!dropped) return undefined;
  const keeps = `the sandbox keeps the newest ${store.limit('messages').toLocaleString('en-US')} messages (--max-messages; 0 keeps all) and has dropped ${dropped.toLocaleString('en-US')} older ones`;
  const gone = ids.every((id) => store.wasDropped(id));
  return fail(404, gone ? `${what} not found: dropped, ${keeps}` : `${what} not found (${keeps})`);
}

export function findContactByPhone(store: Store, phone: string): Doc | undefined {
  return store.list('contacts', (c) => c.phone_number === phone)[0];
}

export interface ContactFields {
  phone_number: string;
  name?: string;
  email?: string;
  source?: string;
  status?: string;
  tags?: string[];
  custom_fields?: Record<string, string>;
}

/** Create a contact; a live contact with the same phone number is a 409 duplicate. */
export function createContact(store: Store, f: ContactFields): Doc | SandboxReply {
  if (findContactByPhone(store, f.phone_number)) return fail(409, `Contact with phone number ${f.phone_number} already exists`);
  return store.insert('contacts', {
    phone_number: f.phone_number,
    name: f.name ?? '',
    email: f.email ?? '',
    source: f.source ?? 'api',
    status: f.status ?? 'lead',
    tags: f.tags ?? [],
    custom_fields: f.custom_fields ?? {},
    segment_ids: [],
  });
}

export const isReply = (v: Doc | SandboxReply): v is SandboxReply => typeof (v as SandboxReply).status === 'number' && !('_id' in v);

export function notify(store: Store, title: string, message: string, extra: Record<string, unknown> = {}): Doc {
  return store.insert('notifications', { title, message, read: false, read_at: null, ...extra });
}

/** The tenant's active (or cancelled-but-not-expired) subscription, with its plan. */
export function currentSubscription(store: Store): { subscription: Doc; plan: Doc } | undefined {
  const subscription = store.list('subscriptions', (s) => s.status === 'active' || s.status === 'trialing')[0];
  if (!subscription) return undefined;
  const plan = store.list('plans', (p) => p.plan_id === subscription.plan_id || p._id === subscription.plan_id)[0];
  return plan ? { subscription, plan } : undefined;
}

/**
 * The service's gate: authentication, then an active subscription, then the plan feature.
 * Returns the 403 reply to send, or undefined when the request may pass.
 */
export function requireFeature(store: Store, feature: string): SandboxReply | undefined {
  const current = currentSubscription(store);
  if (!current) return fail(403, 'Active subscription required. Please subscribe to a plan to continue.');
  const features = (current.plan.features as string[]) ?? [];
  if (!features.includes(feature)) return fail(403, `Your plan does not include this feature: ${feature.replace(/_/g, ' ')}`);
  return undefined;
}

export function findTemplate(store: Store, id: string): Doc | undefined {
  return store.list('templates', (t) => t.template_id === id || t._id === id || t.template_name === id)[0];
}

/** Number of `{{n}}` variables in a template body. */
export function templateVariableCount(template: Doc): number {
  const body = String(template.message_body ?? '');
  return new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
}
