// What the inspector page shows, as JSON: conversations (threads of messages, ready to draw)
// and read-only tables of records. The feed builds a page of them from the store; a live delta
// (live.ts) one message, with the same views. Conversations come a page at a time (the newest
// threads; the newest messages of one thread, then older ones on demand), and a text is cut at
// MAX_TEXT: whatever the history, an answer stays a few hundred KB.
import { findTemplate } from '../domain.js';
import type { Doc, Store } from '../store.js';
import { asNumber, asObject, asText } from '../text.js';

type Obj = Record<string, unknown>;
const obj = asObject;
const str = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : asText(v));

/** Characters of one text the page shows (WhatsApp's longest text body is 4,096): the feed and a live delta stay small whatever was sent. */
export const MAX_TEXT = 4096;
/** A text cut at `max` characters, saying how many more there were. */
export function clip(s: string, max = MAX_TEXT): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}
const clipped = (v: unknown): string | undefined => {
  const s = str(v);
  return s === undefined ? undefined : clip(s);
};

/** A message's content, in the terms the page draws: text, a media card, a place, a filled template. */
export interface Content {
  text?: string;
  media?: { kind: string; url?: string; caption?: string; filename?: string; size?: number; mime?: string };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  template?: { name: string; language?: string; text: string; header?: string };
  /** A reaction whose message is not in the thread: shown on its own. */
  reaction?: { emoji: string; message_id: string };
  mentions?: string[];
}

export interface MessageView {
  id: string;
  direction: 'inbound' | 'outbound';
  type: string;
  status?: string;
  error?: string;
  at: string;
  sent_at?: string;
  delivered_at?: string;
  read_at?: string;
  sender_id?: string;
  /** Who wrote an inbound message (a group member, or the customer's name). */
  author?: string;
  content: Content;
  reactions: { emoji: string; direction: string }[];
}

export interface ThreadView {
  id: string;
  kind: 'contact' | 'group';
  title: string;
  /** The customer's number (a contact thread), for the reply box. */
  phone?: string;
  sender_id?: string;
  last_at: string;
  messages: MessageView[];
}

/** `{{1}}` → the message's first variable, as the customer reads it. */
function fillTemplate(store: Store, t: Obj): Content['template'] {
  const template = findTemplate(store, asText(t.template_id ?? ''));
  const vars = Array.isArray(t.body_variables) ? t.body_variables.map(asText) : [];
  const body = asText(template?.message_body ?? '');
  const text = body ? body.replace(/\{\{\s*(\d+)\s*\}\}/g, (m, n: string) => vars[Number(n) - 1] ?? m) : vars.join(' · ');
  return { name: clip(asText(template?.template_name ?? t.template_id ?? 'template')), language: str(t.language_code), text: clip(text), header: str(obj(t.header_media).url) };
}

export function contentOf(store: Store, message: unknown): Content {
  const m = obj(message);
  const type = asText(m.type ?? 'text');
  const part = obj(m[type]);
  const mentions = Array.isArray(m.mentions) && m.mentions.length ? m.mentions.map(asText) : undefined;
  switch (type) {
    case 'text':
      return { text: clip(asText(part.body ?? '')), mentions: mentions?.slice(0, 50).map((m) => clip(m)) };
    case 'image':
    case 'video':
    case 'audio':
    case 'document': {
      const file = obj(part.file);
      const size = typeof file.size === 'number' ? file.size : undefined;
      return { media: { kind: type, url: clipped(part.url), caption: clipped(part.caption), filename: clipped(part.filename) ?? clipped(file.filename), size, mime: clipped(file.mime_type) } };
    }
    case 'location':
      return { location: { latitude: asNumber(part.latitude), longitude: asNumber(part.longitude), name: clipped(part.name), address: clipped(part.address) } };
    case 'template':
      return { template: fillTemplate(store, part) };
    case 'reaction':
      return { reaction: { emoji: clip(asText(part.emoji ?? '')), message_id: clip(asText(part.message_id ?? '')) } };
    default:
      return { text: clip(`[${type}]`) };
  }
}

const isInbound = (m: Doc) => m.direction === 'inbound';
const timeOf = (m: Doc) => asText(m.sent_at ?? m.received_at ?? m.timestamp ?? m.created_at ?? '');

/** The thread a message belongs to: its group, else the customer's number. */
function threadKey(m: Doc): { id: string; kind: 'contact' | 'group' } {
  const group = str(m.group_id);
  if (group) return { id: group, kind: 'group' };
  return { id: asText((isInbound(m) ? m.from : m.to) ?? ''), kind: 'contact' };
}

function messageView(store: Store, m: Doc): MessageView {
  const inbound = isInbound(m);
  const status = str(m.status);
  return {
    id: asText(m.message_id ?? m._id),
    direction: inbound ? 'inbound' : 'outbound',
    type: asText(m.type ?? obj(m.message).type ?? 'text'),
    status: inbound ? undefined : status,
    error: clipped(str(obj(m.error).message) ?? str(m.error) ?? str(m.failure_reason)),
    at: timeOf(m),
    sent_at: str(m.sent_at),
    delivered_at: str(m.delivered_at),
    read_at: str(m.read_at),
    sender_id: str(m.sender_id),
    author: inbound ? clipped(str(m.name) ?? str(m.from)) : undefined,
    content: contentOf(store, m.message),
    reactions: [],
  };
}

/** A thread's documents, oldest first: its messages, and the reactions to them (drawn on them). */
interface ThreadDocs {
  key: { id: string; kind: 'contact' | 'group' };
  docs: Doc[];
  last_at: string;
  sender_id?: string;
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const idOf = (m: Doc) => asText(m.message_id ?? m._id);
const reactionTarget = (m: Doc) => (m.type === 'reaction' ? str(obj(obj(m.message).reaction).message_id) : undefined);
export const threadKeyOf = (key: { id: string; kind: string }) => `${key.kind}:${key.id}`;

/** Messages grouped into threads, newest thread first; no view is built yet (that is per page). */
function threadIndex(store: Store): ThreadDocs[] {
  const threads = new Map<string, ThreadDocs>();
  const threadOf = new Map<string, ThreadDocs>();
  // Stored in the order they came, which is nearly always their times' order: sorted only when
  // not. ISO times compare as strings; `<`, not localeCompare (ten times slower).
  const messages = store.list('messages');
  const inOrder = messages.every((m, i) => i === 0 || timeOf(messages[i - 1]) <= timeOf(m));
  if (!inOrder) messages.sort((a, b) => order(timeOf(a), timeOf(b)));
  // Only the messages reacted to need finding by id: without reactions, no id is looked up.
  const targets = new Set(messages.map(reactionTarget).filter((t) => t !== undefined));
  for (const m of messages) {
    // A reaction to a message of a thread belongs to it; like a message, it brings the thread to the top.
    const target = reactionTarget(m);
    let thread = target === undefined ? undefined : threadOf.get(target);
    if (!thread) {
      const key = threadKey(m);
      thread = threads.get(threadKeyOf(key));
      if (!thread) threads.set(threadKeyOf(key), (thread = { key, docs: [], last_at: '' }));
      thread.sender_id = str(m.sender_id) ?? thread.sender_id;
      if (targets.size && targets.has(idOf(m))) threadOf.set(idOf(m), thread);
    }
    thread.docs.push(m);
    thread.last_at = timeOf(m);
  }
  return [...threads.values()].sort((a, b) => order(b.last_at, a.last_at));
}

/**
 * The newest `limit` messages of a thread before the message `before` (the newest when absent),
 * oldest first, reactions on their message; `more` when older ones remain.
 */
function messagesPage(store: Store, t: ThreadDocs, before: string | undefined, limit: number): { messages: MessageView[]; more: boolean } {
  const ids = new Set<string>();
  const shown: Doc[] = [];
  const reactions = new Map<string, Doc[]>();
  for (const m of t.docs) {
    const target = reactionTarget(m);
    if (target !== undefined && ids.has(target)) reactions.set(target, [...(reactions.get(target) ?? []), m]);
    else shown.push(m), ids.add(idOf(m));
  }
  const at = before === undefined ? -1 : shown.findIndex((m) => idOf(m) === before);
  const end = at === -1 ? shown.length : at;
  const start = Math.max(0, end - limit);
  const messages = shown.slice(start, end).map((m) => {
    const view = messageView(store, m);
    view.reactions = (reactions.get(view.id) ?? []).map((r) => ({ emoji: clip(asText(obj(obj(r.message).reaction).emoji ?? '')), direction: isInbound(r) ? 'inbound' : 'outbound' }));
    return view;
  });
  return { messages, more: start > 0 };
}

export interface ConversationsPage {
  /** The newest threads, each with its newest message only (`messages` holds it). */
  threads: ThreadView[];
  /** How many threads there are in all. */
  total: number;
  /** The open thread (`thread`, else the newest), with its newest messages. */
  open?: ThreadView & { key: string; more: boolean };
}

/** The first `limit` threads (newest first) and the newest `messages` messages of the open one. */
export function conversationsPage(store: Store, o: { limit: number; open?: string; messages: number }): ConversationsPage {
  const index = threadIndex(store);
  const threads = index.slice(0, o.limit).map((t) => threadView(store, t, messagesPage(store, t, undefined, 1).messages));
  const open = index.find((t) => threadKeyOf(t.key) === o.open) ?? index[0];
  if (!open) return { threads, total: index.length };
  const { messages, more } = messagesPage(store, open, undefined, o.messages);
  return { threads, total: index.length, open: { key: threadKeyOf(open.key), ...threadView(store, open, messages), more } };
}

/** Older messages of one thread, before the message `before`; undefined for an unknown thread. */
export function olderMessages(store: Store, key: string, before: string | undefined, limit: number): { messages: MessageView[]; more: boolean } | undefined {
  const thread = threadIndex(store).find((t) => threadKeyOf(t.key) === key);
  return thread && messagesPage(store, thread, before, limit);
}

/**
 * One message as a live delta shows it: its view (as the feed draws it) and its thread without
 * messages (the page adds the thread when new). A reaction belongs to the thread of its message.
 */
export function liveMessage(store: Store, m: Doc): { thread: ThreadView & { key: string }; message: MessageView } {
  const target = reactionTarget(m);
  const of = (target !== undefined && store.list('messages', (x) => idOf(x) === target)[0]) || m;
  const key = threadKey(of);
  const thread = threadView(store, { key, docs: [], last_at: timeOf(m), sender_id: str(m.sender_id) ?? str(of.sender_id) }, []);
  return { thread: { key: threadKeyOf(key), ...thread }, message: messageView(store, m) };
}

function threadView(store: Store, t: ThreadDocs, messages: MessageView[]): ThreadView {
  const view: ThreadView = { ...t.key, title: titleOf(store, t.key), last_at: t.last_at, sender_id: t.sender_id, messages };
  if (t.key.kind === 'contact') view.phone = t.key.id;
  return view;
}

function titleOf(store: Store, key: { id: string; kind: 'contact' | 'group' }): string {
  if (key.kind === 'group') return asText(store.list('groups', (g) => g.group_id === key.id)[0]?.name ?? key.id);
  return asText(store.list('contacts', (c) => c.phone_number === key.id)[0]?.name || key.id);
}

/** The read-only tables: which fields of each collection, in order. */
const TABLES: Record<string, string[]> = {
  flows: ['name', 'keyword', 'platform', 'status'],
  templates: ['template_name', 'category', 'language', 'status', 'message_body'],
  campaigns: ['name', 'status', 'sender_id', 'recipients'],
  contacts: ['name', 'phone_number', 'email', 'status', 'tags'],
  tags: ['name', 'color'],
};

const cell = (v: unknown): string => clip(Array.isArray(v) ? (v.length > 3 ? `${v.length} items` : v.map(asText).join(', ')) : asText(v));

export interface TableView {
  name: string;
  count: number;
  columns: string[];
  rows: string[][];
}

/** Each table with its count; rows are capped (the count says how many there are). */
export function records(store: Store, limit = 200): TableView[] {
  return Object.entries(TABLES).map(([name, columns]) => {
    const docs = store.list(name);
    return { name, count: docs.length, columns, rows: docs.slice(-limit).reverse().map((d) => columns.map((c) => cell(d[c]))) };
  });
}
