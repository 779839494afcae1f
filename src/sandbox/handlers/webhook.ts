// Inbound webhook (spec 6): the provider's verification challenge, and signed events
// checked over the raw bytes. An inbound message creates the contact when new and a
// notification; a status event moves a sent message to delivered or read.
import { timingSafeEqual } from 'node:crypto';
import { createContact, findContactByPhone, findMessage, isReply, notify } from '../domain.js';
import { fail, ok, type AreaModule, type Handler } from '../http.js';
import type { Store } from '../store.js';
import { SIGNATURE_HEADER, verify } from '../../webhook/signature.js';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const challenge: Handler = (req, { config }) => {
  const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': text } = req.query;
  if (mode !== 'subscribe' || typeof token !== 'string' || !same(token, config.verifyToken)) return fail(403, 'Verification failed');
  return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, raw: text ?? '' };
};

type Obj = Record<string, unknown>;
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => typeof x === 'object' && x !== null) : []);
const at = (ts: unknown) => (/^\d+$/.test(String(ts)) ? new Date(Number(ts) * 1000).toISOString() : new Date().toISOString());

function inboundMessage(store: Store, value: Obj, m: Obj): void {
  const from = String(m.from ?? '');
  const profile = arr(value.contacts).find((c) => c.wa_id === from)?.profile as Obj | undefined;
  let contact = findContactByPhone(store, from);
  if (!contact) {
    const made = createContact(store, { phone_number: from, name: String(profile?.name ?? ''), source: 'chat' });
    if (!isReply(made)) contact = made;
  }
  const text = String((m.text as Obj | undefined)?.body ?? `[${String(m.type ?? 'message')}]`);
  notify(store, `New message from ${String(profile?.name ?? from)}`, text, { type: 'inbound_message', contact_id: contact?._id, message_id: m.id, from });
}

function statusUpdate(store: Store, s: Obj): boolean {
  const msg = findMessage(store, String(s.id ?? ''));
  if (!msg) return false;
  const when = at(s.timestamp);
  const patch: Obj = { status: s.status };
  if (s.status === 'delivered' || s.status === 'read') patch.delivered_at = msg.delivered_at ?? when;
  if (s.status === 'read') patch.read_at = msg.read_at ?? when;
  store.update('messages', msg._id, patch);
  return true;
}

const event: Handler = (req, { store, config }) => {
  const signature = req.headers[SIGNATURE_HEADER];
  if (typeof signature !== 'string' || !verify(config.webhookSecret, req.rawBody, signature)) return fail(401, 'Invalid signature');
  const body = req.body as Obj | undefined;
  if (!body || typeof body !== 'object' || body.object !== 'chat_business_account') return fail(400, 'Unsupported event: expected object "chat_business_account"');
  const counts = { messages: 0, statuses: 0, ignored: 0 };
  for (const entry of arr(body.entry)) {
    for (const change of arr(entry.changes)) {
      const value = (change.value ?? {}) as Obj;
      for (const m of arr(value.messages)) {
        inboundMessage(store, value, m);
        counts.messages++;
      }
      for (const s of arr(value.statuses)) {
        if (statusUpdate(store, s)) counts.statuses++;
        else counts.ignored++;
      }
    }
  }
  return ok(counts, 'EVENT_RECEIVED');
};

export const area: AreaModule = {
  handlers: { 'webhook.challenge': challenge, 'webhook.event': event },
};
