// The page at work: it holds the view (view.ts), fetches the feed, applies the live deltas and
// draws the parts they changed, once a frame. The logic is view.ts's; here are the fetches,
// the clicks and the elements.
import type { Feed } from '../live.js';
import type { MessageView } from '../views.js';
import { messageItems, threadItems, type Actions } from './conversations.js';
import { byId, setText, toast } from './dom.js';
import { droppedText, threadSub } from './format.js';
import { deliveryRows, recordTables, requestRows } from './logs.js';
import { applyDelta, emptyView, fromFeed, openThread, PARTS, THREADS_PAGE, withOlder, type Part, type View } from './view.js';

let view: View = emptyView();
/** `opened`: the thread is shown over the list (a phone's layout); `jump`: the next drawing scrolls to the newest bubble. */
const ui = { opened: false, jump: false };

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let data: { message?: string };
  try {
    data = await res.json();
  } catch {
    data = {};
  }
  if (res.status === 401) toast('The sandbox does not know this page any more (it restarted?): open the Inspector link from its banner again.');
  if (!res.ok) throw Object.assign(new Error(data.message || `HTTP ${res.status}`), { status: res.status });
  return data as T;
}

const message = (err: unknown) => (err as Error).message;

/** A POST from a button: the button waits, a refusal shows as a toast. */
async function act(button: HTMLButtonElement, path: string, body: unknown): Promise<void> {
  button.disabled = true;
  try {
    await api(path, body);
    toast('');
  } catch (err) {
    toast(`${path}: ${message(err)}`);
  } finally {
    button.disabled = false;
  }
  // What the button changed comes back as a live delta: nothing to fetch.
}

async function loadOlder(button: HTMLButtonElement): Promise<void> {
  const s = view.shown;
  if (!s || !s.messages.length) return;
  button.disabled = true;
  const list = byId('messages');
  const below = list.scrollHeight - list.scrollTop;
  try {
    const before = s.messages[0].id;
    const page = (await api<{ data: { messages: MessageView[]; more: boolean } }>(`/_sandbox/inspector/messages?thread=${encodeURIComponent(s.key)}&before=${encodeURIComponent(before)}`)).data;
    const next = withOlder(view, s.key, before, page);
    if (!next) return;
    view = next;
    drawThread();
    // The message read before stays where it was: the older ones come in above it.
    list.scrollTop = list.scrollHeight - below;
  } catch (err) {
    toast(`Load older: ${message(err)}`);
  } finally {
    button.disabled = false;
  }
}

export function select(key: string): void {
  view = { ...view, selected: key };
  ui.opened = true;
  ui.jump = true;
  drawThreads();
  drawThread();
  if (!byId('reply').hidden) byId('reply-text').focus();
  if (!view.shown || view.shown.key !== key) void refresh();
}

const actions: Actions = {
  act: (button, path, body) => void act(button, path, body),
  select,
  moreThreads: () => ((view = { ...view, threadLimit: view.threadLimit + THREADS_PAGE }), void refresh()),
  loadOlder: (button) => void loadOlder(button),
};

export async function sendReply(e: Event): Promise<void> {
  e.preventDefault();
  const t = openThread(view);
  const text = byId<HTMLTextAreaElement>('reply-text').value.trim();
  if (!t || !text) return;
  const button = byId('reply').querySelector('button')!;
  button.disabled = true;
  try {
    await api('/_sandbox/simulate/inbound', { from: t.phone, sender_id: t.sender_id, name: t.title !== t.phone ? t.title : undefined, message: { type: 'text', text: { body: text } } });
    byId<HTMLTextAreaElement>('reply-text').value = '';
    ui.jump = true;
    toast('');
  } catch (err) {
    toast(`Send reply: ${message(err)}`);
  } finally {
    button.disabled = false;
  }
}

export function drawThreads(): void {
  byId('threads').replaceChildren(...threadItems(view, byId<HTMLInputElement>('thread-search').value, actions));
  byId('count-conversations').textContent = view.total ? String(view.total) : '';
}

function drawThread(): void {
  const t = openThread(view);
  byId('view-conversations').classList.toggle('open', Boolean(t && ui.opened));
  setText(byId('thread-title'), t ? t.title : 'No conversation yet');
  setText(byId('thread-sub'), threadSub(t));
  const list = byId('messages');
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...messageItems(t, view.shown, actions));
  if (atBottom || ui.jump) list.scrollTop = list.scrollHeight;
  ui.jump = false;
  byId('reply').hidden = !t || t.kind !== 'contact';
}

/** Back from the open thread to the list (a phone's layout). */
export function back(): void {
  ui.opened = false;
  drawThread();
}

const count = (id: string, n: number) => (byId(id).textContent = n ? String(n) : '');
const retry = (button: HTMLButtonElement, d: { id: string }) => void act(button, `/_sandbox/deliveries/${encodeURIComponent(d.id)}/retry`, {});

const DRAW: Record<Part, () => void> = {
  threads: drawThreads,
  thread: drawThread,
  requests: () => (count('count-requests', view.requests.length), byId('requests').replaceChildren(...requestRows(view.requests))),
  deliveries: () => (count('count-deliveries', view.deliveries.length), byId('deliveries').replaceChildren(...deliveryRows(view.deliveries, retry))),
  records: () => byId('records').replaceChildren(...recordTables(view.records)),
  dropped: () => {
    const text = droppedText(view.retention);
    byId('dropped').textContent = text;
    byId('dropped').hidden = !text;
  },
};

/** Draw these parts, each on its own: one that fails leaves the others drawn; the focused control keeps the focus. */
function paint(parts: readonly Part[]): void {
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.key;
  for (const part of parts) {
    try {
      DRAW[part]();
    } catch (err) {
      toast(`The page could not draw everything: ${message(err)}`);
    }
  }
  if (focused) document.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

// Deltas come by the thousand a second under a load test: the parts they touch are drawn once a frame.
const dirty = new Set<Part>();
let frame: number | undefined;
function later(parts: Part[]): void {
  for (const p of parts) dirty.add(p);
  frame ??= requestAnimationFrame(() => {
    frame = undefined;
    const parts = PARTS.filter((p) => dirty.has(p));
    dirty.clear();
    paint(parts);
  });
}

let loading: { again?: boolean } | undefined;
/** Deltas that came while the feed was loading: applied after it (those it already holds are skipped). */
const pending: unknown[] = [];
/** The feed (conversations, requests, deliveries, records), drawn; calls during a load make one more. */
export async function refresh(): Promise<void> {
  if (loading) return void (loading.again = true);
  loading = {};
  let feed: Feed | undefined;
  const asked = view.selected;
  try {
    const query = `threads=${view.threadLimit}${asked ? `&thread=${encodeURIComponent(asked)}` : ''}`;
    feed = (await api<{ data: Feed }>(`/_sandbox/inspector?${query}`)).data;
  } catch {
    // Shown by api(); the next delta or reconnect tries again.
  }
  if (feed) {
    view = fromFeed(view, feed, asked);
    paint(PARTS);
  }
  const again = loading.again;
  loading = undefined;
  if (again) return refresh();
  // Without a feed the deltas join nothing: the next one asks again.
  for (const d of pending.splice(0)) if (feed) receive(d);
}

/** One delta from the stream, parsed (any JSON): applied, or the feed fetched again (view.ts's applyDelta). */
export function receive(delta: unknown): void {
  if (loading) return void pending.push(delta);
  const r = applyDelta(view, delta as Parameters<typeof applyDelta>[1]);
  view = r.view;
  if (r.refresh) void refresh();
  else if (r.changed.length) later(r.changed);
}
