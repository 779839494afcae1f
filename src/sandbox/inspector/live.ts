// Live updates for the inspector page, over Server-Sent Events: each event of the sandbox
// becomes a delta the page applies as it is (a bubble appended, a tick moved, a request row
// prepended), never the history. A delta is masked by the sandbox's one mask, like the feed,
// and bounded like the feed (the same views). Each carries a sequence number: the page fetches
// the feed again only after a reset, or when a number shows it missed a delta (a stream too
// slow to read is skipped rather than buffered without end).
// The page (page/) reads these types, and nothing else of the server's: `Feed` and `LiveDelta`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestView } from '../admin.js';
import type { SandboxEvent } from '../events.js';
import type { Delivery } from '../forward.js';
import type { Mask, SandboxEnv } from '../http.js';
import type { Received } from '../request.js';
import type { Store } from '../store.js';
import { clip, liveMessage, records, type MessageView, type TableView, type ThreadView } from './views.js';

/** What the sandbox keeps of each kept-newest log: the limit (0: all), how many it holds, how many went. */
export type Retention = Record<'messages' | 'requests' | 'deliveries', { limit: number; kept: number; dropped: number }>;

/** What a delta is built from besides the store. */
export interface LiveSources {
  received: Received[];
  /** What was kept and dropped, passed on as it is. */
  retention(): Retention;
}

export type FeedRequest = ReturnType<typeof feedRequest>;
/** A thread as the feed opens it: its newest messages, `more` when older ones remain. */
export type OpenThread = ThreadView & { key: string; more: boolean };

/** The page's feed (GET /_sandbox/inspector): one page whatever the history; `seq`, the last delta it holds. */
export interface Feed {
  seq: number;
  /** The newest threads, each with its last message. */
  conversations: ThreadView[];
  conversations_total: number;
  /** The open thread (the one asked, else the newest). */
  thread: OpenThread | null;
  records: TableView[];
  requests: FeedRequest[];
  deliveries: Delivery[];
  retention: Retention;
}

/** What one event changes on the page (types, not interfaces: a delta is also a plain record). */
export type Delta =
  | { kind: 'message'; thread: ThreadView & { key: string }; message: MessageView; retention: Retention }
  | { kind: 'status'; thread: string; message: Pick<MessageView, 'id' | 'status' | 'error' | 'delivered_at' | 'read_at'> }
  | { kind: 'request'; request?: FeedRequest; retention?: Retention }
  | { kind: 'delivery'; delivery: Delivery }
  | { kind: 'change'; records: TableView[] }
  | { kind: 'reset' };

/** A delta as the stream carries it: numbered; `stale` when it was too big to send (its kind alone). */
export type LiveDelta = Delta & { seq: number; stale?: true };

/** Characters of a request's query or body the page shows: 200 rows of them stay a few hundred KB. */
export const MAX_REQUEST_TEXT = 2048;

/** A request of the log as the page shows it: masked, a long query or body cut to its JSON's start. */
export function feedRequest(r: Received, mask: Mask) {
  const view = requestView(r, mask);
  const cut = (v: unknown) => {
    const json = JSON.stringify(v) ?? '';
    return json.length > MAX_REQUEST_TEXT ? clip(json, MAX_REQUEST_TEXT) : v;
  };
  return { ...view, query: cut(view.query), body: cut(view.body) };
}

/** The newest request with this number (it is the last but when answers overlap). */
function received(log: Received[], seq: unknown): Received | undefined {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].seq === seq) return log[i];
  return undefined;
}

/**
 * The delta of one event, masked; `change` carries the record tables as the feed shows them.
 * A request the log has already dropped has nothing to show: its delta is its kind alone.
 */
export function deltaOf(event: SandboxEvent, store: Store, mask: Mask, sources: LiveSources): Delta {
  // The mask replaces secrets inside strings: the shape stays.
  const masked = <D extends Delta>(d: D) => mask(d) as D;
  switch (event.kind) {
    case 'message':
      return masked({ kind: 'message', ...liveMessage(store, event.message), retention: sources.retention() });
    case 'status': {
      const { thread, message: m } = liveMessage(store, event.message);
      return masked({ kind: 'status', thread: thread.key, message: { id: m.id, status: m.status, error: m.error, delivered_at: m.delivered_at, read_at: m.read_at } });
    }
    case 'request': {
      const r = received(sources.received, event.request.seq);
      return r ? { kind: 'request', request: feedRequest(r, mask), retention: sources.retention() } : { kind: 'request' };
    }
    case 'delivery':
      // A copy of the forwarder's attempt (server.ts): a Delivery.
      return masked({ kind: 'delivery', delivery: event.delivery as unknown as Delivery });
    case 'change':
      return masked({ kind: 'change', records: records(store) });
    case 'reset':
      return { kind: 'reset' };
  }
}

/** One event's text on the stream; a delta past MAX_EVENT goes as `stale` (the page fetches the feed). */
export function eventText(seq: number, delta: Record<string, unknown>): string {
  const data = JSON.stringify({ seq, ...delta });
  const bounded = data.length > MAX_EVENT ? JSON.stringify({ seq, kind: delta.kind, stale: true }) : data;
  return `event: ${String(delta.kind)}\ndata: ${bounded}\n\n`;
}

/** Characters of one event: a message's delta is far below (its texts are cut at 4,096). */
export const MAX_EVENT = 128 * 1024;
/** Bytes a stream may hold unread before its deltas are skipped (the page sees the gap). */
const MAX_BUFFERED = 1024 * 1024;
const HEARTBEAT_MS = 15_000;
/** Record changes come one per write under a load test: their tables go at most this often. */
const CHANGE_MS = 250;

export interface Live {
  /** Answers GET /_sandbox/events: the stream stays open. */
  stream(req: IncomingMessage, res: ServerResponse): true;
  /** The number of the last delta: the feed says which deltas it already holds. */
  seq(): number;
  close(): void;
}

export function createLive(env: SandboxEnv, sources: LiveSources, headers: Record<string, string>): Live {
  const streams = new Set<ServerResponse>();
  let seq = 0;
  let changeTimer: NodeJS.Timeout | undefined;
  const send = (event: SandboxEvent) => {
    seq++;
    // Nobody watches: nothing is built (a load test without a page pays only the count).
    if (!streams.size) return;
    const text = eventText(seq, deltaOf(event, env.store, env.mask, sources));
    for (const s of streams) if (s.writableLength <= MAX_BUFFERED) s.write(text);
  };
  const stop = env.events.on((event) => {
    if (event.kind !== 'change') return send(event);
    changeTimer ??= setTimeout(() => {
      changeTimer = undefined;
      send(event);
    }, CHANGE_MS).unref();
  });
  const heartbeat = setInterval(() => {
    for (const s of streams) s.write(': keep-alive\n\n');
  }, HEARTBEAT_MS).unref();
  return {
    stream(req, res) {
      res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
      // After a restart the browser tries again within a second.
      res.write('retry: 1000\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return true;
    },
    seq: () => seq,
    close() {
      stop();
      clearInterval(heartbeat);
      clearTimeout(changeTimer);
      for (const s of streams) s.end();
      streams.clear();
    },
  };
}
