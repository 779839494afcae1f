// The inspector page's script (served as /inspector.js, bundled by scripts/page.mjs): the
// controls wired, and the event stream opened. Every delta kind of live.ts is listened to.
import type { Delta } from '../live.js';
import { back, drawThreads, receive, refresh, sendReply } from './app.js';
import { byId } from './dom.js';

/** Each kind of delta, by name: a kind added to live.ts's Delta and not here does not compile. */
const KINDS: Record<Delta['kind'], true> = { message: true, status: true, request: true, delivery: true, change: true, reset: true };

export function connect(): void {
  const es = new EventSource('/_sandbox/events');
  es.onopen = () => {
    byId('live').textContent = 'Live';
    byId('live').className = 'live on';
    // Open first, then the feed: every delta after the feed's arrives on this stream.
    void refresh();
  };
  const onEvent = (e: MessageEvent) => {
    let delta: unknown;
    try {
      delta = JSON.parse(e.data);
    } catch {
      delta = {};
    }
    receive(delta);
  };
  for (const kind of Object.keys(KINDS)) es.addEventListener(kind, onEvent);
  es.onerror = () => {
    byId('live').textContent = 'Reconnecting…';
    byId('live').className = 'live';
    // A refused stream (a restarted sandbox with a new token) is closed for good: the feed's
    // answer says why (its 401 toast), and the stream is tried again.
    if (es.readyState === EventSource.CLOSED) {
      void refresh();
      setTimeout(connect, 2000);
    }
  };
}

/** One of the views (Conversations, Requests, Deliveries, Records) shown, its tab marked. */
function show(name: string | undefined): void {
  for (const b of document.querySelectorAll<HTMLElement>('nav button')) {
    if (b.dataset.view === name) b.setAttribute('aria-current', 'page');
    else b.removeAttribute('aria-current');
  }
  for (const s of document.querySelectorAll<HTMLElement>('.view')) s.hidden = s.id !== `view-${name}`;
}

document.addEventListener('DOMContentLoaded', () => {
  for (const b of document.querySelectorAll<HTMLElement>('nav button')) b.addEventListener('click', () => show(b.dataset.view));
  byId('reply').addEventListener('submit', (e) => void sendReply(e));
  byId('thread-search').addEventListener('input', drawThreads);
  byId('reply-text').addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    e.preventDefault();
    byId<HTMLFormElement>('reply').requestSubmit();
  });
  byId('back').addEventListener('click', back);
  connect();
});
