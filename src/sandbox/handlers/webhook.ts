// Inbound webhook (docs/service-api.md 6): the provider's verification challenge, and signed events
// checked over the raw bytes. An inbound message is received as the simulator receives one
// (channel.ts); a status event moves a sent message forward (delivered, read, failed).
import { timingSafeEqual } from 'node:crypto';
import { findMessage } from '../domain.js';
import { moveStatus, receiveInbound, type ChannelEnv } from '../channel.js';
import { fail, ok, type AreaModule, type Handler } from '../http.js';
import { asText } from '../text.js';
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
/** A unix timestamp as ISO time; now when it is not one (or past year 275,760, where Date ends). */
function at(ts: unknown): string {
  const t = /^\d+$/.test(asText(ts)) ? new Date(Number(ts) * 1000) : new Date();
  return Number.isNaN(t.getTime()) ? new Date().toISOString() : t.toISOString();
}

/** The channel's message entry (`{from, id, timestamp, type, text: {...}}`) as an inbound message. */
function inboundMessage(env: ChannelEnv, value: Obj, m: Obj): void {
  const { from: rawFrom, id, timestamp, ...message } = m;
  const from = asText(rawFrom);
  const profile = arr(value.contacts).find((c) => c.wa_id === from)?.profile as Obj | undefined;
  const senderId = (value.metadata as Obj | undefined)?.phone_number_id;
  receiveInbound(env, {
    from,
    name: profile?.name === undefined ? undefined : asText(profile.name),
    sender_id: env.store.list('senders', (s) => s.sender_id === senderId).length ? asText(senderId) : undefined,
    message: { type: 'text', ...message },
    message_id: typeof id === 'string' && id ? id : undefined,
    received_at: at(timestamp),
  });
}

function statusUpdate(env: ChannelEnv, s: Obj): boolean {
  const msg = findMessage(env.store, asText(s.id));
  if (!msg || (s.status !== 'delivered' && s.status !== 'read' && s.status !== 'failed')) return false;
  const error = arr(s.errors)[0]?.title;
  moveStatus(env, msg, s.status, { at: at(s.timestamp), error: error === undefined ? undefined : asText(error) });
  return true;
}

const event: Handler = (req, env) => {
  const signature = req.headers[SIGNATURE_HEADER];
  if (typeof signature !== 'string' || !verify(env.config.webhookSecret, req.rawBody, signature)) return fail(401, 'Invalid signature');
  const body = req.body as Obj | undefined;
  if (!body || typeof body !== 'object' || body.object !== 'chat_business_account') return fail(400, 'Unsupported event: expected object "chat_business_account"');
  const counts = { messages: 0, statuses: 0, ignored: 0 };
  for (const entry of arr(body.entry)) {
    for (const change of arr(entry.changes)) {
      const value = (change.value ?? {}) as Obj;
      for (const m of arr(value.messages)) {
        inboundMessage(env, value, m);
        counts.messages++;
      }
      for (const s of arr(value.statuses)) {
        if (statusUpdate(env, s)) counts.statuses++;
        else counts.ignored++;
      }
    }
  }
  return ok(counts, 'EVENT_RECEIVED');
};

export const area: AreaModule = {
  handlers: { 'webhook.challenge': challenge, 'webhook.event': event },
};
