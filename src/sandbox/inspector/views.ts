// What the inspector page shows, as JSON: conversations (threads of messages, ready to draw)
// and read-only tables of records. Built from the store on each request: the page asks again
// whenever an event says something changed.
import { findTemplate } from '../domain.js';
import type { Doc, Store } from '../store.js';
import { asNumber, asObject, asText } from '../text.js';

type Obj = Record<string, unknown>;
const obj = asObject;
const str = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : asText(v));

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
  return { name: asText(template?.template_name ?? t.template_id ?? 'template'), language: str(t.language_code), text, header: str(obj(t.header_media).url) };
}

export function contentOf(store: Store, message: unknown): Content {
  const m = obj(message);
  const type = asText(m.type ?? 'text');
  const part = obj(m[type]);
  const mentions = Array.isArray(m.mentions) && m.mentions.length ? m.mentions.map(asText) : undefined;
  switch (type) {
    case 'text':
      return { text: asText(part.body ?? ''), mentions };
    case 'image':
    case 'video':
    case 'audio':
    case 'document': {
      const file = obj(part.file);
      const size = typeof file.size === 'number' ? file.size : undefined;
      return { media: { kind: type, url: str(part.url), caption: str(part.caption), filename: str(part.filename) ?? str(file.filename), size, mime: str(file.mime_type) } };
    }
    case 'location':
      return { location: { latitude: asNumber(part.latitude), longitude: asNumber(part.longitude), name: str(part.name), address: str(part.address) } };
    case 'template':
      return { template: fillTemplate(store, part) };
    case 'reaction':
      return { reaction: { emoji: asText(part.emoji ?? ''), message_id: asText(part.message_id ?? '') } };
    default:
      return { text: `[${type}]` };
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
    error: str(obj(m.error).message) ?? str(m.error) ?? str(m.failure_reason),
    at: timeOf(m),
    sent_at: str(m.sent_at),
    delivered_at: str(m.delivered_at),
    read_at: str(m.read_at),
    sender_id: str(m.sender_id),
    author: inbound ? (str(m.name) ?? str(m.from)) : undefined,
    content: contentOf(store, m.message),
    reactions: [],
  };
}

/** Every conversation, newest first; in each, messages oldest first, reactions on their message. */
export function conversations(store: Store): ThreadView[] {
  const threads = new Map<string, ThreadView>();
  const byId = new Map<string, { view: MessageView; thread: ThreadView }>();
  const messages = [...store.list('messages')].sort((a, b) => timeOf(a).localeCompare(timeOf(b)));
  for (const m of messages) {
    const view = messageView(store, m);
    const target = view.content.reaction && byId.get(view.content.reaction.message_id);
    if (target) {
      // On the message it reacts to; like a message, it brings its thread to the top.
      target.view.reactions.push({ emoji: view.content.reaction!.emoji, direction: view.direction });
      target.thread.last_at = view.at;
      continue;
    }
    const key = threadKey(m);
    let thread = threads.get(`${key.kind}:${key.id}`);
    if (!thread) {
      thread = { ...key, title: titleOf(store, key), last_at: view.at, messages: [] };
      if (key.kind === 'contact') thread.phone = key.id;
      threads.set(`${key.kind}:${key.id}`, thread);
    }
    thread.sender_id = view.sender_id ?? thread.sender_id;
    thread.messages.push(view);
    thread.last_at = view.at;
    byId.set(view.id, { view, thread });
  }
  return [...threads.values()].sort((a, b) => b.last_at.localeCompare(a.last_at));
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

const cell = (v: unknown): string => (Array.isArray(v) ? (v.length > 3 ? `${v.length} items` : v.map(asText).join(', ')) : asText(v));

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
