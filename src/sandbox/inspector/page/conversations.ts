// The Conversations view drawn: the list of threads, and the open thread's bubbles with their
// ticks and the buttons that move a message's status. What a click does is app.ts's (Actions).
import type { OpenThread } from '../live.js';
import type { Content, MessageView, ThreadView } from '../views.js';
import { badge, fileOf, initials, keyOf, matchesSearch, preview, size, statusMoves, TICKS, time, when } from './format.js';
import { guarded, h, link } from './dom.js';
import type { View } from './view.js';

export interface Actions {
  /** A POST from a button: the button waits, a refusal shows as a toast. */
  act(button: HTMLButtonElement, path: string, body: unknown): void;
  select(key: string): void;
  moreThreads(): void;
  loadOlder(button: HTMLButtonElement): void;
}

const clicked = (e: Event) => e.currentTarget as HTMLButtonElement;

export function contentNode(c: Content): HTMLElement {
  if (c.media) {
    const m = c.media;
    const name = m.filename || (m.url && fileOf(m.url)) || m.kind;
    return h('div', { class: 'media' },
      h('div', { class: 'file' }, h('span', { class: `icon ${m.kind}`, 'aria-hidden': 'true', text: badge(name, m.kind) }),
        h('span', { class: 'name' }, link(m.url, name), h('small', { text: [m.kind, size(m.size), m.mime].filter(Boolean).join(' · ') }))),
      m.caption && h('p', { class: 'text', text: m.caption }));
  }
  if (c.location) {
    const l = c.location;
    const map = `https://www.openstreetmap.org/?mlat=${l.latitude}&mlon=${l.longitude}#map=16/${l.latitude}/${l.longitude}`;
    return h('div', { class: 'place' }, h('span', { class: 'icon pin', 'aria-hidden': 'true' }),
      h('span', { class: 'name' }, link(map, l.name || `${l.latitude}, ${l.longitude}`), l.address && h('small', { text: l.address }), h('small', { text: `${l.latitude}, ${l.longitude}` })));
  }
  if (c.template) {
    const t = c.template;
    return h('div', { class: 'template' }, h('small', { class: 'label', text: `Template ${t.name}${t.language ? ` · ${t.language}` : ''}` }),
      t.header && h('p', { class: 'header' }, link(t.header, 'Header media')), h('p', { class: 'text', text: t.text }));
  }
  if (c.reaction) return h('p', { class: 'text muted', text: `Reacted ${c.reaction.emoji} to a message` });
  return h('div', {}, h('p', { class: 'text', text: c.text || '' }), c.mentions && h('small', { class: 'muted', text: c.mentions.map((m) => `@${m}`).join(' ') }));
}

function statusButtons(m: MessageView, on: Actions): HTMLElement | undefined {
  const moves = statusMoves(m.status);
  if (!moves.length) return undefined;
  return h('div', { class: 'actions' }, moves.map((s) =>
    h('button', { type: 'button', 'data-key': `${m.id}:${s}`, text: `Mark ${s}`,
      onclick: (e: Event) => on.act(clicked(e), '/_sandbox/simulate/status', s === 'failed' ? { message_id: m.id, status: s, error: 'Marked failed in the inspector' } : { message_id: m.id, status: s }) })));
}

function messageNode(m: MessageView, group: boolean, on: Actions): HTMLElement {
  const out = m.direction === 'outbound';
  const tick = out && TICKS[m.status ?? ''];
  const meta = h('span', { class: 'meta' }, time(m.at),
    tick && h('span', { class: `ticks ${m.status}`, title: tick[1], 'aria-label': tick[1], text: ` ${tick[0]}` }));
  const bubble = h('div', { class: 'bubble' },
    group && !out && m.author && h('small', { class: 'author', text: m.author }),
    contentNode(m.content), meta,
    m.reactions.length > 0 && h('span', { class: 'reactions', 'aria-label': 'Reactions', text: m.reactions.map((r) => r.emoji).join(' ') }));
  return h('li', { class: `msg ${out ? 'out' : 'in'}`, 'data-id': m.id }, bubble,
    m.status === 'failed' && h('p', { class: 'error', text: `Failed: ${m.error || 'no reason given'}` }),
    out && statusButtons(m, on));
}

/** The list of threads that match the search, the open one marked, and "More conversations" when the feed holds more. */
export function threadItems(v: View, query: string, on: Actions): HTMLElement[] {
  const more = v.total > v.threads.length && h('li', {}, h('button', { type: 'button', class: 'more', 'data-key': 'more-threads', text: 'More conversations', onclick: () => on.moreThreads() }));
  const shown = v.threads.filter((t) => matchesSearch(query, t));
  const none = !shown.length && v.threads.length ? [h('li', { class: 'empty muted', text: 'No conversation matches.' })] : [];
  return [...none, ...shown.map((t) => guarded(() => threadItem(t, v.selected, on), 'li', 'conversation')), ...(more ? [more] : [])];
}

function threadItem(t: ThreadView, selected: string | undefined, on: Actions): HTMLElement {
  const last = t.messages[t.messages.length - 1];
  return h('li', {}, h('button', { type: 'button', class: 'thread-item', 'data-key': `thread:${keyOf(t)}`, 'aria-current': keyOf(t) === selected ? 'true' : undefined,
    onclick: () => on.select(keyOf(t)) },
    h('span', { class: `avatar ${t.kind}`, 'aria-hidden': 'true', text: initials(t.title) }),
    h('span', { class: 'who' }, h('span', { class: 'title', text: t.title }), h('small', { text: last ? `${last.direction === 'outbound' ? 'You: ' : ''}${preview(last)}` : '' })),
    h('small', { class: 'when', text: when(t.last_at) })));
}

/** The open thread's bubbles, "Load older" above them when it has older messages. */
export function messageItems(t: ThreadView | undefined, shown: OpenThread | undefined, on: Actions): HTMLElement[] {
  const drawn = t && shown && shown.key === keyOf(t) ? shown : { messages: [], more: false };
  const older = drawn.more && h('li', { class: 'older' }, h('button', { type: 'button', 'data-key': 'load-older', text: 'Load older', onclick: (e: Event) => on.loadOlder(clicked(e)) }));
  return [...(older ? [older] : []), ...drawn.messages.map((m) => guarded(() => messageNode(m, t!.kind === 'group', on), 'li', 'message'))];
}
