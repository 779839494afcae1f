// The sandbox's own routes (/_sandbox/..., sandboxOperations in api/operations.ts): the
// simulators, the forward deliveries and their retry, the request log, reset. Their JSON
// shapes are described in docs/sandbox.md (the inspector and `chatcrm sandbox ...` read them).
import type { SandboxOperationId } from '../api/operations.js';
import * as schemas from '../schemas/sandbox.js';
import { moveStatus, receiveInbound } from './channel.js';
import { droppedNotFound, findMessage } from './domain.js';
import type { Forwarder } from './forward.js';
import { created, fail, notFound, ok, paged, validate, type Handler, type Mask, type SandboxEnv } from './http.js';
import type { Received } from './request.js';

export interface Control {
  forwarder: Forwarder;
  received: Received[];
  /** Back to the seed: records, messages, logs. */
  reset(): void;
}

/** A request of the log, as GET /_sandbox/requests shows it: secrets masked in its path, query and body. */
export function requestView(r: Received, mask: Mask) {
  return { seq: r.seq, at: r.at, method: r.method, path: mask(r.path), query: mask(r.query), operation: r.operation ?? null, status: r.status, duration_ms: r.duration_ms, body: mask(r.body) ?? null };
}

export function sandboxHandlers(c: Control): Record<SandboxOperationId, Handler> {
  return {
    'sandbox.inbound': (req, env: SandboxEnv) => {
      const v = validate(schemas.inbound, req.body);
      if ('reply' in v) return v.reply;
      if (v.data.sender_id && !env.store.list('senders', (s) => s.sender_id === v.data.sender_id).length) return notFound(`Sender ${v.data.sender_id}`);
      return created(receiveInbound(env, v.data), 'Inbound message received');
    },
    'sandbox.status': (req, env) => {
      const v = validate(schemas.status, req.body);
      if ('reply' in v) return v.reply;
      const msg = findMessage(env.store, v.data.message_id);
      if (!msg) return droppedNotFound(env.store, [v.data.message_id]) ?? notFound(`Message ${v.data.message_id}`);
      const { moved, refused } = moveStatus(env, msg, v.data.status, { error: v.data.error });
      if (refused) return fail(409, refused);
      return ok(moved ?? msg, moved ? `Message marked ${v.data.status}` : `Message already ${v.data.status}: nothing changed`);
    },
    'sandbox.deliveries': (req, env) => paged([...c.forwarder.deliveries].reverse().map(env.mask) as Record<string, unknown>[], req.query, { defaultLimit: 20, message: 'Deliveries fetched' }),
    'sandbox.retry': (req) => {
      const again = c.forwarder.retry(req.params.delivery_id);
      if (!again) return notFound(`Delivery ${req.params.delivery_id}`);
      return { status: 202, body: { success: true, message: 'Delivery queued again', data: { event_id: again.event_id, url: again.url } } };
    },
    'sandbox.requests': (req, env) => paged([...c.received].reverse().map((r) => requestView(r, env.mask)), req.query, { defaultLimit: 50, message: 'Requests fetched' }),
    'sandbox.reset': () => {
      c.reset();
      return ok({ reset: true }, 'Back to the seed');
    },
  };
}
