// What the page writes, as text: pure functions over the feed's values (no DOM), which the
// drawing modules put into elements and the unit tests call as they are.
import type { OperationId } from '../../../api/operations.js';
import type { FeedRequest, Retention } from '../live.js';
import type { MessageView, ThreadView } from '../views.js';

// Invisible format characters (bidi controls such as U+202E, zero-width spaces, tags) shown as
// `⟨U+202E⟩`: a customer's text cannot reverse or hide what is drawn after it. Kept: the joiners
// (U+200C, U+200D) of emoji and scripts, and the tags of a flag's sequence (🏴 + tags).
const FORMAT = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|(?![\u200C\u200D])\p{Cf}/gu;
export const visible = (text: unknown): string =>
  String(text).replace(FORMAT, (c) => (c.length > 2 ? c : `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`));

/** The file name in a URL; a malformed percent-encoding is shown as it is. */
export function fileOf(url: string): string {
  const last = String(url).split(/[?#]/)[0].split('/').pop()!;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The URL when it is http(s): a link is never `javascript:` or `data:`. */
export const safeUrl = (u: unknown): string | undefined => (typeof u === 'string' && /^https?:\/\//i.test(u) ? u : undefined);

export const time = (iso: string | undefined): string => (iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '');

/** A thread's last time: the hour today, else the day. */
export function when(iso: string | undefined, now = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? time(iso) : d.toLocaleDateString([], { day: 'numeric', month: 'short' });
}

export function size(n: unknown): string {
  if (typeof n !== 'number') return '';
  return n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`;
}

// Initials from the words of a name that begin with a letter; a number (a customer without a
// profile name) gets the generic avatar, not a digit that reads as one.
export const initials = (name: unknown): string =>
  String(name)
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .split(' ')
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase() || '#';

/** The badge of a file: its extension (PDF, JPG), else its kind. */
export const badge = (name: string | undefined, kind: string): string => (/\.([a-z0-9]{2,4})$/i.exec(name || '')?.[1] || kind.slice(0, 3)).toUpperCase();

/** An outbound message's ticks: the mark and its name. */
export const TICKS: Record<string, [string, string]> = { sent: ['✓', 'Sent'], delivered: ['✓✓', 'Delivered'], read: ['✓✓', 'Read'], failed: ['✗', 'Failed'] };

/** The statuses a button may move an outbound message to from this one. */
const MOVES: Record<string, string[]> = { sent: ['delivered', 'read', 'failed'], delivered: ['read'] };
export const statusMoves = (status: string | undefined): string[] => (status !== undefined && Object.hasOwn(MOVES, status) ? MOVES[status] : []);

export const keyOf = (t: { kind: string; id: string }): string => `${t.kind}:${t.id}`;

/** A thread row's line under its title: its last message, in a few words. */
export function preview(m: MessageView): string {
  const c = m.content;
  return c.text || c.media?.caption || (c.media && (c.media.filename || c.media.kind)) || c.template?.text || (c.location && (c.location.name || 'Location')) || (c.reaction && `Reacted ${c.reaction.emoji}`) || '';
}

/** The search box's filter: a thread whose name or number holds the words typed (a number's digits, whatever the spacing). */
export function matchesSearch(query: string, t: ThreadView): boolean {
  const q = query.trim().toLowerCase();
  const digits = q.replace(/[^\d]/g, '');
  if (!q) return true;
  if (String(t.title).toLowerCase().includes(q) || String(t.phone ?? '').toLowerCase().includes(q)) return true;
  return /^[\d\s+()-]+$/.test(q) && digits !== '' && String(t.phone ?? '').replace(/[^\d]/g, '').includes(digits);
}

/** The open thread's line under its title: a group, or the number a named contact has, and the sender. */
export function threadSub(t: ThreadView | undefined): string {
  if (!t) return 'Send a message with chatcrm chat send: it shows here.';
  return [t.kind === 'group' ? 'Group' : t.phone !== t.title ? t.phone : '', t.sender_id && `via ${t.sender_id}`].filter(Boolean).join(' · ');
}

export const pretty = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));
export const statusClass = (s: unknown): string => (typeof s === 'number' ? (s < 300 ? 'ok' : s < 500 ? 'warn' : 'bad') : 'bad');

/** An /mcp call's name: the JSON-RPC method, and the tool of a tools/call (undefined when the body has no method). */
function rpcName(body: unknown): string | undefined {
  const b = (body && typeof body === 'object' ? body : {}) as { method?: unknown; params?: { name?: unknown } };
  if (typeof b.method !== 'string') return undefined;
  const tool = b.params && typeof b.params === 'object' && typeof b.params.name === 'string' ? b.params.name : '';
  return b.method === 'tools/call' && tool ? `tools/call ${tool}` : b.method;
}

/** The rows whose body names what was called better than their operation does. */
const NAMED: Partial<Record<OperationId, (body: unknown) => string | undefined>> = { 'mcp.rpc': rpcName };

/** What a row of the request log names: its operation, or what its body says was called (an /mcp row: the tool). */
export function operationName(r: FeedRequest): string {
  const named = r.operation !== null && Object.hasOwn(NAMED, r.operation) ? NAMED[r.operation as OperationId]!(r.body) : undefined;
  return named ?? (r.operation || '');
}

/** The sandbox keeps the newest messages, requests and deliveries: the line that says when older ones went ('' when none did). */
export function droppedText(retention: Partial<Retention>): string {
  const flags: Record<string, string> = { messages: '--max-messages', requests: '--max-requests', deliveries: '' };
  const parts = Object.entries(retention || {})
    .filter(([, r]) => r.dropped > 0)
    .map(([name, r]) => `${r.dropped.toLocaleString('en-US')} ${name} (keeps the newest ${r.limit.toLocaleString('en-US')}${flags[name] ? `, ${flags[name]}` : ''})`);
  return parts.length ? `Older entries dropped: ${parts.join('; ')}.` : '';
}
