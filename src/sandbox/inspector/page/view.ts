// What the page shows, as data, and how the feed and each live delta change it: pure functions
// from a view to the next (no DOM, no fetch), which the unit tests drive; app.ts draws the parts
// they name.
import type { Delta, Feed, FeedRequest, LiveDelta, OpenThread, Retention } from '../live.js';
import type { Delivery } from '../../forward.js';
import type { MessageView, TableView, ThreadView } from '../views.js';
import { keyOf } from './format.js';

// The feed is paged: `threads` holds the newest threads (each with its last message), `shown`
// the open thread's messages drawn so far (its newest page, and older pages loaded on demand).
export const THREADS_PAGE = 50;
/** Rows the feed sends of requests and deliveries; the page keeps as many when deltas add more. */
export const ROWS = 200;
/** Messages of the open thread kept drawn as live ones arrive: the oldest go ("Load older" brings them back). */
export const MAX_SHOWN = 500;

export interface View {
  threads: ThreadView[];
  /** How many threads there are in all. */
  total: number;
  /** Threads asked of the feed ("More conversations" asks a page more). */
  threadLimit: number;
  /** The key of the open thread. */
  selected?: string;
  shown?: OpenThread;
  requests: FeedRequest[];
  deliveries: Delivery[];
  records: TableView[];
  retention: Partial<Retention>;
  /** The number of the last live delta drawn (undefined before the first feed). */
  seq?: number;
}

/** The parts of the page, in the order they are drawn. */
export const PARTS = ['threads', 'thread', 'requests', 'deliveries', 'records', 'dropped'] as const;
export type Part = (typeof PARTS)[number];

export const emptyView = (): View => ({ threads: [], total: 0, threadLimit: THREADS_PAGE, requests: [], deliveries: [], records: [], retention: {} });

/** The open thread: its row of the threads' page, else what the feed answered for it. */
export const openThread = (v: View): ThreadView | undefined => v.threads.find((x) => keyOf(x) === v.selected) || (v.shown && v.shown.key === v.selected ? v.shown : undefined);

/** The open thread's newest page, joined to what is drawn: older pages loaded stay above it. */
export function mergeThread(shown: OpenThread | undefined, open: OpenThread): OpenThread {
  const drawn = shown && shown.key === open.key ? shown : undefined;
  const at = drawn && open.messages.length ? drawn.messages.findIndex((m) => m.id === open.messages[0].id) : -1;
  // More new messages than a page since the last look: the drawn ones no longer join; start again.
  return at === -1 ? open : { ...open, messages: [...drawn!.messages.slice(0, at), ...open.messages], more: drawn!.more };
}

/**
 * The feed, drawn in full. `asked`: the thread selected when it was asked for. None asked, or the
 * one asked is gone: the feed answered the newest. Another chosen meanwhile: the next load answers it.
 */
export function fromFeed(v: View, feed: Feed, asked: string | undefined): View {
  const next: View = { ...v, threads: feed.conversations, total: feed.conversations_total, requests: feed.requests, deliveries: feed.deliveries, records: feed.records, retention: feed.retention, seq: feed.seq };
  if (next.selected === asked) next.selected = feed.thread ? feed.thread.key : undefined;
  if (feed.thread && feed.thread.key === next.selected) next.shown = mergeThread(next.shown, feed.thread);
  return next;
}

/** An older page of the open thread, above its first message `before`; undefined when what is drawn no longer starts there. */
export function withOlder(v: View, key: string, before: string, page: { messages: MessageView[]; more: boolean }): View | undefined {
  const s = v.shown;
  if (!s || s.key !== key || s.messages[0]?.id !== before) return undefined;
  return { ...v, shown: { ...s, messages: [...page.messages, ...s.messages], more: page.more } };
}

type Of<K extends Delta['kind']> = Extract<Delta, { kind: K }>;
interface Changed {
  view: View;
  changed: Part[];
}

/** A live message: its thread goes to the top of the list, and it joins the open thread's bubbles. */
function addMessage(v: View, { thread, message, retention }: Of<'message'>): Changed {
  const i = v.threads.findIndex((t) => keyOf(t) === thread.key);
  const old = i === -1 ? undefined : v.threads[i];
  const reaction = message.content.reaction;
  // The delta's thread is fresh (a contact named since shows its name). A reaction is drawn on
  // its message: the row keeps showing the message before it.
  const row = { ...thread, messages: reaction && old ? old.messages : [message] };
  const next: View = { ...v, threads: [row, ...v.threads.filter((_, j) => j !== i)].slice(0, v.threadLimit), total: old ? v.total : v.total + 1 };
  // No thread yet: the newest opens, as the feed would answer.
  next.selected ??= thread.key;
  if (next.selected === thread.key) next.shown = joinShown(v.shown && v.shown.key === thread.key ? v.shown : { ...thread, messages: [], more: false }, message);
  if (retention) next.retention = retention;
  return { view: next, changed: ['threads', 'thread', 'dropped'] };
}

/** The open thread with a live message: a reaction on its message when drawn, else a bubble of its own (once). */
function joinShown(shown: OpenThread, message: MessageView): OpenThread {
  const reaction = message.content.reaction;
  const target = reaction && shown.messages.find((m) => m.id === reaction.message_id);
  let messages = shown.messages;
  if (target) messages = messages.map((m) => (m === target ? { ...m, reactions: [...m.reactions, { emoji: reaction.emoji, direction: message.direction }] } : m));
  else if (!messages.some((m) => m.id === message.id)) messages = [...messages, message];
  return messages.length > MAX_SHOWN ? { ...shown, messages: messages.slice(-MAX_SHOWN), more: true } : { ...shown, messages };
}

/** What each live delta changes in the view, and which parts to draw again. */
const APPLY: { [K in Exclude<Delta['kind'], 'reset'>]: (v: View, d: Of<K>) => Changed } = {
  message: addMessage,
  status(v, { message }) {
    const patch = (m: MessageView) => (m.id === message.id ? { ...m, ...message } : m);
    const shown = v.shown && { ...v.shown, messages: v.shown.messages.map(patch) };
    return { view: { ...v, shown, threads: v.threads.map((t) => ({ ...t, messages: t.messages.map(patch) })) }, changed: ['thread', 'threads'] };
  },
  request(v, { request, retention }) {
    return { view: { ...v, requests: request ? [request, ...v.requests].slice(0, ROWS) : v.requests, retention: retention || v.retention }, changed: ['requests', 'dropped'] };
  },
  // A forward attempt is announced when it starts and again when it ends: the same row.
  delivery(v, { delivery }) {
    return { view: { ...v, deliveries: [delivery, ...v.deliveries.filter((x) => x.id !== delivery.id)].slice(0, ROWS) }, changed: ['deliveries'] };
  },
  change: (v, { records }) => ({ view: { ...v, records }, changed: ['records'] }),
};

export interface Applied extends Changed {
  /** The feed is to be fetched again: no feed yet, a delta missed, a reset, one too big to send, or one that does not apply. */
  refresh: boolean;
}

/**
 * One delta from the stream (any JSON: it is checked here). The feed says which deltas it holds
 * (its `seq`): one it holds is skipped; the next one is applied; a number skipped, a reset or a
 * stale delta asks for the feed again.
 */
export function applyDelta(v: View, delta: LiveDelta): Applied {
  const same = (refresh: boolean): Applied => ({ view: v, changed: [], refresh });
  if (v.seq === undefined) return same(true);
  if (typeof delta?.seq !== 'number' || delta.seq <= v.seq) return same(false);
  const kind = delta.kind as keyof typeof APPLY;
  if (delta.seq !== v.seq + 1 || delta.stale || !Object.hasOwn(APPLY, kind)) return same(true);
  const at = { ...v, seq: delta.seq };
  try {
    return { ...(APPLY[kind] as (v: View, d: Delta) => Changed)(at, delta), refresh: false };
  } catch {
    return { view: at, changed: [], refresh: true };
  }
}
