// What the channel does, in one place for every way it is driven (a signed event on
// /webhook/chat, the simulator routes, --auto-status, the inspector): a customer writes, a
// sent message's status moves. Each change is stored and told to the watchers (events.ts),
// and event() shapes it as the channel's webhook event, which forwarding relays.
import { createContact, findContactByPhone, messageId, notify, isReply } from './domain.js';
import type { SandboxEvents } from './events.js';
import type { Doc, Store } from './store.js';
import { asObject, asText } from './text.js';

type Obj = Record<string, unknown>;

export interface ChannelEnv {
  store: Store;
  events: SandboxEvents;
}

export interface InboundInput {
  from: string;
  sender_id?: string;
  name?: string;
  /** The message object: `{type: "text", text: {body}}`, an image, a location... */
  message: Obj;
  /** The channel's id, when the event gives one. */
  message_id?: string;
  received_at?: string;
}

/** A customer writes: the contact is made when new, a notification, the message stored inbound. */
export function receiveInbound({ store, events }: ChannelEnv, m: InboundInput): Doc {
  let contact = findContactByPhone(store, m.from);
  if (!contact) {
    const made = createContact(store, { phone_number: m.from, name: m.name ?? '', source: 'chat' });
    if (!isReply(made)) contact = made;
  }
  const type = asText(m.message.type ?? 'text');
  const text = asText(asObject(m.message.text).body ?? `[${type}]`);
  const id = m.message_id ?? messageId();
  notify(store, `New message from ${asText(m.name || m.from)}`, text, { type: 'inbound_message', contact_id: contact?._id, message_id: id, from: m.from });
  const doc = store.insert('messages', {
    message_id: id,
    direction: 'inbound',
    from: m.from,
    sender_id: m.sender_id ?? String(store.list('senders')[0]?.sender_id ?? ''),
    name: m.name ?? String(contact?.name ?? ''),
    type,
    message: m.message,
    received_at: m.received_at ?? new Date().toISOString(),
  });
  events.emit({ kind: 'message', message: doc });
  return doc;
}

export type Status = 'delivered' | 'read' | 'failed';
const RANK: Record<string, number> = { sent: 0, delivered: 1, read: 2 };

/**
 * Move a sent message's status: forward only (sent → delivered → read), and failed only while
 * it is not yet delivered. The same status again is no move (undefined, nothing told); a
 * move back is refused with the reason.
 */
export function moveStatus({ store, events }: ChannelEnv, msg: Doc, to: Status, o: { error?: string; at?: string } = {}): { moved?: Doc; refused?: string } {
  const from = String(msg.status);
  if (from === to) return {};
  const t = o.at ?? new Date().toISOString();
  let patch: Obj;
  if (to === 'failed') {
    if (from !== 'sent') return { refused: `message ${String(msg.message_id)} is already ${from}: only a sent message can fail` };
    patch = { status: 'failed', failed_at: t, error: o.error ?? 'Message failed to send' };
  } else {
    if (from === 'failed' || RANK[to] < RANK[from]) return { refused: `message ${String(msg.message_id)} is already ${from}: statuses only move forward (sent → delivered → read)` };
    patch = { status: to, delivered_at: msg.delivered_at ?? t, ...(to === 'read' ? { read_at: t } : {}) };
  }
  const moved = store.update('messages', msg._id, patch)!;
  events.emit({ kind: 'status', message: moved });
  return { moved };
}

const unix = (iso: unknown) => String(Math.floor(Date.parse(String(iso)) / 1000) || Math.floor(Date.now() / 1000));

/**
 * The channel's webhook event for a stored message (inbound) or status (outbound), in the
 * format /webhook/chat accepts: what forwarding sends to the integrator's app.
 */
export function channelEvent(store: Store, kind: 'message' | 'status', m: Doc): Obj {
  const sender = store.list('senders', (s) => s.sender_id === m.sender_id)[0];
  const metadata = { display_phone_number: String(sender?.phone_number ?? ''), phone_number_id: String(m.sender_id ?? '') };
  const value: Obj =
    kind === 'message'
      ? {
          messaging_product: 'chat',
          metadata,
          contacts: [{ profile: { name: asText(m.name) }, wa_id: m.from }],
          messages: [{ ...(m.message as Obj), from: m.from, id: m.message_id, timestamp: unix(m.received_at) }],
        }
      : {
          messaging_product: 'chat',
          metadata,
          statuses: [
            {
              id: m.message_id,
              status: m.status,
              timestamp: unix(m.status === 'read' ? m.read_at : m.status === 'delivered' ? m.delivered_at : m.failed_at),
              recipient_id: m.to,
              ...(m.status === 'failed' ? { errors: [{ code: 131026, title: asText(m.error ?? 'Message failed to send') }] } : {}),
            },
          ],
        };
  return { object: 'chat_business_account', entry: [{ id: String(sender?.business_account_id ?? m.sender_id ?? ''), changes: [{ field: 'messages', value }] }] };
}
