// --forward-to URL: every inbound message and status change, as the channel's webhook event,
// POSTed to the integrator's app and signed as the channel signs (x-hub-signature-256 over the
// exact bytes). One queue per URL keeps events in order; a failed attempt (non-2xx, a redirect,
// a timeout, a refused connection) is tried again after each pause of the backoff. Every
// attempt is a delivery: the log `chatcrm sandbox deliveries` and the inspector show.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { randomBytes } from 'node:crypto';
import { sign, SIGNATURE_HEADER } from '../webhook/signature.js';

/** Pauses before the 2nd to 5th attempt (the 1, 2, 4, 8 s: 5 attempts in all). */
export const FORWARD_BACKOFF_MS: readonly number[] = [1000, 2000, 4000, 8000];
export const FORWARD_TIMEOUT_MS = 10_000;
/** How much of an answer a delivery keeps (the inspector shows a snippet). */
const SNIPPET = 500;
/** Deliveries, and events kept for a retry: the last ones only, so a long run stays small. */
export const KEEP_DELIVERIES = 1000;

export interface Delivery {
  id: string;
  /** The event: every attempt at one event to one URL shares it. */
  event_id: string;
  url: string;
  event: 'message' | 'status';
  message_id: string;
  /** 1 for the first attempt, up to the backoff's length + 1; a retry starts again at 1. */
  attempt: number;
  started_at: string;
  duration_ms: number;
  ok: boolean;
  /** The HTTP status of the answer, null when there was none (timeout, refused). */
  status_code: number | null;
  error: string | null;
  signature: string;
  /** The start of the answer's body. */
  response: string;
}

export type Post = (url: string, body: Buffer, headers: Record<string, string>, timeoutMs: number, signal: AbortSignal) => Promise<{ status: number; body: string }>;

export interface ForwarderOptions {
  urls: string[];
  secret: () => string;
  backoffMs?: readonly number[];
  timeoutMs?: number;
  post?: Post;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onDelivery?: (d: Delivery) => void;
}

interface Queued {
  event_id: string;
  url: string;
  event: Delivery['event'];
  message_id: string;
  bytes: Buffer;
}

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** One POST: no redirects followed (node's request never follows), a deadline, a capped answer. */
export const post: Post = (url, body, headers, timeoutMs, signal) =>
  new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, signal });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.once('error', (err) => (clearTimeout(timer), reject(err)));
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < SNIPPET) text += chunk;
      });
      res.once('end', () => (clearTimeout(timer), resolve({ status: res.statusCode ?? 0, body: text.slice(0, SNIPPET) })));
      res.once('error', (err) => (clearTimeout(timer), reject(err)));
    });
    req.end(body);
  });

const reason = (err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  return e.code === 'ECONNREFUSED' ? 'connection refused' : e.message || String(err);
};

export class Forwarder {
  readonly deliveries: Delivery[] = [];
  /** Older deliveries let go (the log keeps the last KEEP_DELIVERIES). */
  dropped = 0;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly events = new Map<string, Queued>();
  private stop = new AbortController();

  constructor(private readonly o: ForwarderOptions) {}

  get urls(): string[] {
    return this.o.urls;
  }

  /** Forward one event to every URL (in order behind that URL's earlier events). */
  send(event: Delivery['event'], message_id: string, payload: unknown): void {
    const bytes = Buffer.from(JSON.stringify(payload));
    for (const url of this.o.urls) this.enqueue({ event_id: `evt_${randomBytes(8).toString('hex')}`, url, event, message_id, bytes });
  }

  /** Send a delivery's event again, the same bytes to the same URL; undefined when unknown. */
  retry(deliveryId: string): Queued | undefined {
    const d = this.deliveries.find((x) => x.id === deliveryId);
    const q = d && this.events.get(d.event_id);
    if (q) this.enqueue(q);
    return q;
  }

  /** Every queue drained. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /** Stop: pauses end at once, requests in flight are aborted, no attempt starts. */
  close(): void {
    this.stop.abort();
  }

  /** Forget the log and what is queued (reset). */
  clear(): void {
    this.stop.abort();
    this.stop = new AbortController();
    this.deliveries.length = 0;
    this.dropped = 0;
    this.events.clear();
  }

  private enqueue(q: Queued): void {
    this.events.delete(q.event_id);
    this.events.set(q.event_id, q);
    if (this.events.size > KEEP_DELIVERIES) this.events.delete(this.events.keys().next().value!);
    const signal = this.stop.signal;
    const next = (this.queues.get(q.url) ?? Promise.resolve()).then(() => this.deliver(q, signal));
    this.queues.set(q.url, next);
    void next.then(() => {
      if (this.queues.get(q.url) === next) this.queues.delete(q.url);
    });
  }

  private async deliver(q: Queued, signal: AbortSignal): Promise<void> {
    const backoff = this.o.backoffMs ?? FORWARD_BACKOFF_MS;
    const signature = sign(this.o.secret(), q.bytes);
    for (let attempt = 1; attempt <= backoff.length + 1 && !signal.aborted; attempt++) {
      if (attempt > 1) await (this.o.sleep ?? sleepFor)(backoff[attempt - 2], signal);
      if (signal.aborted) return;
      if (await this.attempt(q, attempt, signature, signal)) return;
    }
  }

  private async attempt(q: Queued, attempt: number, signature: string, signal: AbortSignal): Promise<boolean> {
    const started = Date.now();
    const d: Delivery = { id: `dlv_${randomBytes(8).toString('hex')}`, event_id: q.event_id, url: q.url, event: q.event, message_id: q.message_id, attempt, started_at: new Date(started).toISOString(), duration_ms: 0, ok: false, status_code: null, error: null, signature, response: '' };
    try {
      const headers = { 'content-type': 'application/json', 'user-agent': 'chatcrm-sandbox', [SIGNATURE_HEADER]: signature };
      const res = await (this.o.post ?? post)(q.url, q.bytes, headers, this.o.timeoutMs ?? FORWARD_TIMEOUT_MS, signal);
      d.status_code = res.status;
      d.response = res.body;
      d.ok = res.status >= 200 && res.status < 300;
      if (!d.ok) d.error = res.status >= 300 && res.status < 400 ? `HTTP ${res.status}: redirects are not followed` : `HTTP ${res.status}`;
    } catch (err) {
      d.error = reason(err);
    }
    d.duration_ms = Date.now() - started;
    if (signal.aborted) return true;
    this.deliveries.push(d);
    if (this.deliveries.length > KEEP_DELIVERIES) {
      this.deliveries.shift();
      this.dropped++;
    }
    this.o.onDelivery?.(d);
    return d.ok;
  }
}
