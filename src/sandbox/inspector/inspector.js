// The inspector page's script: fetches JSON from the sandbox's /_sandbox/ routes and draws it.
// Every string from the sandbox is written with textContent (h() below): the page never
// parses data as HTML, and links are set only for http(s) URLs.
'use strict';

const KINDS = ['message', 'status', 'request', 'delivery', 'change', 'reset'];
// The feed is paged: `threads` holds the newest threads (each with its last message), `shown`
// the open thread's messages drawn so far (its newest page, and older pages loaded on demand).
const THREADS_PAGE = 50;
// Rows the feed sends of requests and deliveries; the page keeps as many when deltas add more.
const ROWS = 200;
// Messages of the open thread kept drawn as live ones arrive: the oldest go ("Load older" brings them back).
const MAX_SHOWN = 500;
// `seq`: the number of the last live delta drawn (undefined before the first feed).
const state = { view: 'conversations', threads: [], total: 0, threadLimit: THREADS_PAGE, selected: undefined, shown: undefined, requests: [], deliveries: [], records: [], retention: {}, seq: undefined };
const $ = (id) => document.getElementById(id);

// Invisible format characters (bidi controls such as U+202E, zero-width spaces, tags) shown as
// `⟨U+202E⟩`: a customer's text cannot reverse or hide what is drawn after it. Kept: the joiners
// (U+200C, U+200D) of emoji and scripts, and the tags of a flag's sequence (🏴 + tags).
const FORMAT = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|(?![\u200C\u200D])\p{Cf}/gu;
const visible = (text) => String(text).replace(FORMAT, (c) => (c.length > 2 ? c : `⟨U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`));

/** Text drawn into an element: format characters made visible, and isolated (`dir=auto`) from the text around it. */
function setText(el, text) {
  el.textContent = visible(text);
  el.dir = 'auto';
}

/** An element: props are attributes (`class`, `text`, `on<event>` handled), children nodes or text. */
function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') setText(el, v);
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) el.append(c instanceof Node ? c : h('bdi', { text: c }));
  return el;
}

/**
 * One bad value shows a placeholder where it would be, never a blank page: each bubble, row and
 * table is drawn through this (the feed is JSON, but any field may hold any shape).
 */
function guarded(draw, tag, what) {
  try {
    return draw();
  } catch {
    return h(tag, { class: 'broken muted', text: `(this ${what} could not be shown)` });
  }
}

/** The file name in a URL; a malformed percent-encoding is shown as it is. */
function fileOf(url) {
  const last = String(url).split(/[?#]/)[0].split('/').pop();
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const safeUrl = (u) => (typeof u === 'string' && /^https?:\/\//i.test(u) ? u : undefined);
const link = (href, text) => (safeUrl(href) ? h('a', { href: safeUrl(href), target: '_blank', rel: 'noopener noreferrer', text }) : h('span', { text }));
const time = (iso) => (iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '');
function when(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? time(iso) : d.toLocaleDateString([], { day: 'numeric', month: 'short' });
}
function size(n) {
  if (typeof n !== 'number') return '';
  return n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`;
}
// Initials from the words of a name that begin with a letter; a number (a customer without a
// profile name) gets the generic avatar, not a digit that reads as one.
const initials = (name) => String(name).replace(/[^\p{L}\p{N} ]/gu, '').split(' ').filter((w) => /^\p{L}/u.test(w)).slice(0, 2).map((w) => w[0]).join('').toUpperCase() || '#';

function toast(text) {
  const t = $('toast');
  t.textContent = visible(text);
  t.hidden = !text;
}

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let data;
  try {
    data = await res.json();
  } catch {
    data = {};
  }
  if (res.status === 401) toast('The sandbox does not know this page any more (it restarted?): open the Inspector link from its banner again.');
  if (!res.ok) throw Object.assign(new Error(data.message || `HTTP ${res.status}`), { status: res.status });
  return data;
}

/** A POST from a button: the button waits, a refusal shows as a toast. */
async function act(button, path, body) {
  button.disabled = true;
  try {
    await api(path, body);
    toast('');
  } catch (err) {
    toast(`${path}: ${err.message}`);
  } finally {
    button.disabled = false;
  }
  // What the button changed comes back as a live delta: nothing to fetch.
}

// ---- Conversations -------------------------------------------------------------------------

const TICKS = { sent: ['✓', 'Sent'], delivered: ['✓✓', 'Delivered'], read: ['✓✓', 'Read'], failed: ['✗', 'Failed'] };
/** The badge of a file: its extension (PDF, JPG), else its kind. */
const badge = (name, kind) => (/\.([a-z0-9]{2,4})$/i.exec(name || '')?.[1] || kind.slice(0, 3)).toUpperCase();

function contentNode(c) {
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

function statusButtons(m) {
  const moves = { sent: ['delivered', 'read', 'failed'], delivered: ['read'] }[m.status] || [];
  if (!moves.length) return undefined;
  return h('div', { class: 'actions' }, moves.map((s) =>
    h('button', { type: 'button', 'data-key': `${m.id}:${s}`, text: `Mark ${s}`,
      onclick: (e) => act(e.currentTarget, '/_sandbox/simulate/status', s === 'failed' ? { message_id: m.id, status: s, error: 'Marked failed in the inspector' } : { message_id: m.id, status: s }) })));
}

function messageNode(m, group) {
  const out = m.direction === 'outbound';
  const tick = out && TICKS[m.status];
  const meta = h('span', { class: 'meta' }, time(m.at),
    tick && h('span', { class: `ticks ${m.status}`, title: tick[1], 'aria-label': tick[1], text: ` ${tick[0]}` }));
  const bubble = h('div', { class: 'bubble' },
    group && !out && m.author && h('small', { class: 'author', text: m.author }),
    contentNode(m.content), meta,
    m.reactions.length > 0 && h('span', { class: 'reactions', 'aria-label': 'Reactions', text: m.reactions.map((r) => r.emoji).join(' ') }));
  return h('li', { class: `msg ${out ? 'out' : 'in'}`, 'data-id': m.id }, bubble,
    m.status === 'failed' && h('p', { class: 'error', text: `Failed: ${m.error || 'no reason given'}` }),
    out && statusButtons(m));
}

const keyOf = (t) => `${t.kind}:${t.id}`;
const preview = (m) => {
  const c = m.content;
  return c.text || c.media?.caption || (c.media && (c.media.filename || c.media.kind)) || c.template?.text || (c.location && (c.location.name || 'Location')) || (c.reaction && `Reacted ${c.reaction.emoji}`) || '';
};

/** The search box's filter: a thread whose name or number holds the words typed (a number's digits, whatever the spacing). */
function matchesSearch(t) {
  const q = $('thread-search').value.trim().toLowerCase();
  const digits = q.replace(/[^\d]/g, '');
  if (!q) return true;
  if (String(t.title).toLowerCase().includes(q) || String(t.phone ?? '').toLowerCase().includes(q)) return true;
  return /^[\d\s+()-]+$/.test(q) && digits !== '' && String(t.phone ?? '').replace(/[^\d]/g, '').includes(digits);
}

function renderThreads() {
  const list = $('threads');
  const more = state.total > state.threads.length && h('li', {}, h('button', { type: 'button', class: 'more', 'data-key': 'more-threads', text: 'More conversations',
    onclick: () => ((state.threadLimit += THREADS_PAGE), refresh()) }));
  const shown = state.threads.filter(matchesSearch);
  const none = !shown.length && state.threads.length ? [h('li', { class: 'empty muted', text: 'No conversation matches.' })] : [];
  list.replaceChildren(...none, ...shown.map((t) => guarded(() => {
    const last = t.messages[t.messages.length - 1];
    return h('li', {}, h('button', { type: 'button', class: 'thread-item', 'data-key': `thread:${keyOf(t)}`, 'aria-current': keyOf(t) === state.selected ? 'true' : undefined,
      onclick: () => select(keyOf(t)) },
      h('span', { class: `avatar ${t.kind}`, 'aria-hidden': 'true', text: initials(t.title) }),
      h('span', { class: 'who' }, h('span', { class: 'title', text: t.title }), h('small', { text: last ? `${last.direction === 'outbound' ? 'You: ' : ''}${preview(last)}` : '' })),
      h('small', { class: 'when', text: when(t.last_at) })));
  }, 'li', 'conversation')), ...(more ? [more] : []));
  $('count-conversations').textContent = state.total ? String(state.total) : '';
}

/** The open thread: its row of the threads' page, else what the feed answered for it. */
const openThread = () => state.threads.find((x) => keyOf(x) === state.selected) || (state.shown && state.shown.key === state.selected ? state.shown : undefined);

/** The open thread's newest page, joined to what is drawn: older pages loaded stay above it. */
function mergeThread(open) {
  const shown = state.shown && state.shown.key === open.key ? state.shown : undefined;
  const at = shown && open.messages.length ? shown.messages.findIndex((m) => m.id === open.messages[0].id) : -1;
  // More new messages than a page since the last look: the drawn ones no longer join; start again.
  state.shown = at === -1 ? open : { ...open, messages: [...shown.messages.slice(0, at), ...open.messages], more: shown.more };
}

async function loadOlder(button) {
  const s = state.shown;
  if (!s || !s.messages.length) return;
  button.disabled = true;
  const list = $('messages');
  const below = list.scrollHeight - list.scrollTop;
  try {
    const page = (await api(`/_sandbox/inspector/messages?thread=${encodeURIComponent(s.key)}&before=${encodeURIComponent(s.messages[0].id)}`)).data;
    if (state.shown !== s) return;
    state.shown = { ...s, messages: [...page.messages, ...s.messages], more: page.more };
    renderThread();
    // The message read before stays where it was: the older ones come in above it.
    list.scrollTop = list.scrollHeight - below;
  } catch (err) {
    toast(`Load older: ${err.message}`);
  } finally {
    button.disabled = false;
  }
}

function renderThread() {
  const t = openThread();
  $('view-conversations').classList.toggle('open', Boolean(t && state.opened));
  setText($('thread-title'), t ? t.title : 'No conversation yet');
  setText($('thread-sub'), t ? [t.kind === 'group' ? 'Group' : t.phone !== t.title ? t.phone : '', t.sender_id && `via ${t.sender_id}`].filter(Boolean).join(' · ') : 'Send a message with chatcrm chat send: it shows here.');
  const list = $('messages');
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const shown = t && state.shown && state.shown.key === keyOf(t) ? state.shown : { messages: [], more: false };
  const older = shown.more && h('li', { class: 'older' }, h('button', { type: 'button', 'data-key': 'load-older', text: 'Load older', onclick: (e) => loadOlder(e.currentTarget) }));
  list.replaceChildren(...(older ? [older] : []), ...shown.messages.map((m) => guarded(() => messageNode(m, t.kind === 'group'), 'li', 'message')));
  if (atBottom || state.jump) list.scrollTop = list.scrollHeight;
  state.jump = false;
  $('reply').hidden = !t || t.kind !== 'contact';
}

function select(key) {
  state.selected = key;
  state.opened = true;
  state.jump = true;
  renderThreads();
  renderThread();
  if (!$('reply').hidden) $('reply-text').focus();
  if (!state.shown || state.shown.key !== key) refresh();
}

async function sendReply(e) {
  e.preventDefault();
  const t = openThread();
  const text = $('reply-text').value.trim();
  if (!t || !text) return;
  const button = $('reply').querySelector('button');
  button.disabled = true;
  try {
    await api('/_sandbox/simulate/inbound', { from: t.phone, sender_id: t.sender_id, name: t.title !== t.phone ? t.title : undefined, message: { type: 'text', text: { body: text } } });
    $('reply-text').value = '';
    state.jump = true;
    toast('');
  } catch (err) {
    toast(`Send reply: ${err.message}`);
  } finally {
    button.disabled = false;
  }
}

// ---- Requests, deliveries, records ---------------------------------------------------------

const cells = (values) => values.map((v, i) => h('span', { class: `c${i}`, text: v ?? '' }));
const pretty = (v) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));
const statusClass = (s) => (typeof s === 'number' ? (s < 300 ? 'ok' : s < 500 ? 'warn' : 'bad') : 'bad');

/** An /mcp row names what was called: the JSON-RPC method, and the tool of a tools/call. */
function operationName(r) {
  const body = r.body && typeof r.body === 'object' ? r.body : {};
  if (r.operation !== 'mcp.rpc' || typeof body.method !== 'string') return r.operation || '';
  const tool = body.params && typeof body.params === 'object' && typeof body.params.name === 'string' ? body.params.name : '';
  return body.method === 'tools/call' && tool ? `tools/call ${tool}` : body.method;
}

function renderRequests() {
  const rows = state.requests;
  $('count-requests').textContent = rows.length ? String(rows.length) : '';
  $('requests').replaceChildren(...(rows.length ? rows.map((r) => guarded(() => h('details', { class: 'row' },
    h('summary', {}, cells([time(r.at), r.method, r.path, operationName(r), String(r.status), `${r.duration_ms} ms`]),
      h('span', { class: `badge ${statusClass(r.status)}`, 'aria-hidden': 'true' })),
    h('pre', { text: pretty({ query: r.query, body: r.body }) })), 'p', 'request')) : [h('p', { class: 'empty', text: 'No API requests yet.' })]));
}

function renderDeliveries() {
  const rows = state.deliveries;
  $('count-deliveries').textContent = rows.length ? String(rows.length) : '';
  $('deliveries').replaceChildren(...(rows.length ? rows.map((d) => guarded(() => {
    const outcome = d.ok ? `HTTP ${d.status_code}` : `✗ ${d.error}`;
    return h('article', { class: 'delivery' },
      h('div', { class: 'line' }, h('span', { class: `badge ${d.ok ? 'ok' : 'bad'}`, text: outcome }), h('code', { class: 'url', text: d.url }),
        h('small', { text: [time(d.started_at), `${d.duration_ms} ms`, `attempt ${d.attempt}`, `${d.event} ${d.message_id}`].join(' · ') }),
        h('button', { type: 'button', 'data-key': `retry:${d.id}`, text: 'Retry', onclick: (e) => act(e.currentTarget, `/_sandbox/deliveries/${encodeURIComponent(d.id)}/retry`, {}) })),
      d.signature && h('p', { class: 'sig' }, h('small', { text: 'x-hub-signature-256 ' }), h('code', { text: d.signature })),
      d.response && h('pre', { text: d.response }));
  }, 'p', 'delivery')) : [h('p', { class: 'empty', text: 'No deliveries yet: start the sandbox with --forward-to URL, then reply as the customer.' })]));
}

function renderRecords() {
  $('records').replaceChildren(...state.records.map((t) => guarded(() => h('section', { class: 'table' },
    h('h2', {}, t.name, ' ', h('span', { class: 'count', text: String(t.count) })),
    h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': t.name },
      h('table', {}, h('thead', {}, h('tr', {}, t.columns.map((c) => h('th', { scope: 'col', text: c.replace(/_/g, ' ') })))),
        h('tbody', {}, t.rows.map((r) => h('tr', {}, r.map((v) => h('td', { text: v })))))))), 'p', 'table')));
}

/** The sandbox keeps the newest messages, requests and deliveries: say when older ones went. */
function renderDropped() {
  const flags = { messages: '--max-messages', requests: '--max-requests', deliveries: '' };
  const parts = Object.entries(state.retention || {}).filter(([, r]) => r.dropped > 0)
    .map(([name, r]) => `${r.dropped.toLocaleString('en-US')} ${name} (keeps the newest ${r.limit.toLocaleString('en-US')}${flags[name] ? `, ${flags[name]}` : ''})`);
  $('dropped').textContent = parts.length ? `Older entries dropped: ${parts.join('; ')}.` : '';
  $('dropped').hidden = !parts.length;
}

// ---- Loading and live updates --------------------------------------------------------------

const VIEWS = [renderThreads, renderThread, renderRequests, renderDeliveries, renderRecords, renderDropped];

/** Draw these views, each on its own: one that fails leaves the others drawn; the focused control keeps the focus. */
function paint(views) {
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.key;
  for (const render of views) {
    try {
      render();
    } catch (err) {
      toast(`The page could not draw everything: ${err.message}`);
    }
  }
  if (focused) document.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

// Deltas come by the thousand a second under a load test: the views they touch are drawn once a frame.
const dirty = new Set();
let frame;
function later(...views) {
  for (const v of views) dirty.add(v);
  frame ??= requestAnimationFrame(() => {
    frame = undefined;
    const views = VIEWS.filter((v) => dirty.has(v));
    dirty.clear();
    paint(views);
  });
}

let loading;
/** Deltas that came while the feed was loading: applied after it (those it already holds are skipped). */
const pending = [];
/** The feed (conversations, requests, deliveries, records), drawn; calls during a load make one more. */
async function refresh() {
  if (loading) return void (loading.again = true);
  loading = {};
  let feed;
  const asked = state.selected;
  try {
    const query = `threads=${state.threadLimit}${asked ? `&thread=${encodeURIComponent(asked)}` : ''}`;
    feed = (await api(`/_sandbox/inspector?${query}`)).data;
  } catch {
    // Shown by api(); the next delta or reconnect tries again.
  }
  if (feed) draw(feed, asked);
  const again = loading.again;
  loading = undefined;
  if (again) return refresh();
  // Without a feed the deltas join nothing: the next one asks again.
  for (const d of pending.splice(0)) if (feed) receive(d);
}

function draw(feed, asked) {
  Object.assign(state, { threads: feed.conversations, total: feed.conversations_total, requests: feed.requests, deliveries: feed.deliveries, records: feed.records, retention: feed.retention, seq: feed.seq });
  // None asked, or the one asked is gone: the feed answered the newest. Another chosen meanwhile: the next load answers it.
  if (state.selected === asked) state.selected = feed.thread ? feed.thread.key : undefined;
  if (feed.thread && feed.thread.key === state.selected) mergeThread(feed.thread);
  paint(VIEWS);
}

/** A live message: its thread goes to the top of the list, and it joins the open thread's bubbles. */
function addMessage({ thread, message, retention }) {
  const i = state.threads.findIndex((t) => keyOf(t) === thread.key);
  const old = i === -1 ? undefined : state.threads.splice(i, 1)[0];
  if (!old) state.total++;
  const reaction = message.content.reaction;
  // The delta's thread is fresh (a contact named since shows its name). A reaction is drawn on
  // its message: the row keeps showing the message before it.
  state.threads.unshift({ ...thread, messages: reaction && old ? old.messages : [message] });
  state.threads.length = Math.min(state.threads.length, state.threadLimit);
  // No thread yet: the newest opens, as the feed would answer.
  state.selected ??= thread.key;
  if (state.selected === thread.key) {
    if (!state.shown || state.shown.key !== thread.key) state.shown = { ...thread, messages: [], more: false };
    const shown = state.shown;
    const target = reaction && shown.messages.find((m) => m.id === reaction.message_id);
    if (target) target.reactions = [...target.reactions, { emoji: reaction.emoji, direction: message.direction }];
    else if (!shown.messages.some((m) => m.id === message.id)) shown.messages.push(message);
    if (shown.messages.length > MAX_SHOWN) state.shown = { ...shown, messages: shown.messages.slice(-MAX_SHOWN), more: true };
  }
  if (retention) state.retention = retention;
  later(renderThreads, renderThread, renderDropped);
}

/** What each live delta changes in what is drawn. */
const APPLY = {
  message: addMessage,
  status({ message }) {
    const patch = (m) => m.id === message.id && Object.assign(m, message);
    for (const m of state.shown ? state.shown.messages : []) patch(m);
    for (const t of state.threads) t.messages.forEach(patch);
    later(renderThread, renderThreads);
  },
  request({ request, retention }) {
    if (request) state.requests = [request, ...state.requests].slice(0, ROWS);
    if (retention) state.retention = retention;
    later(renderRequests, renderDropped);
  },
  // A forward attempt is announced when it starts and again when it ends: the same row.
  delivery({ delivery }) {
    state.deliveries = [delivery, ...state.deliveries.filter((x) => x.id !== delivery.id)].slice(0, ROWS);
    later(renderDeliveries);
  },
  change({ records }) {
    state.records = records;
    later(renderRecords);
  },
};

/**
 * One delta from the stream. The feed says which deltas it holds (its `seq`); a number skipped
 * (a delta the page missed), a reset or a delta too big to send: the feed again.
 */
function receive(d) {
  if (loading) return void pending.push(d);
  if (state.seq === undefined) return void refresh();
  if (typeof d.seq !== 'number' || d.seq <= state.seq) return;
  const apply = APPLY[d.kind];
  if (d.seq !== state.seq + 1 || d.stale || !apply) return void refresh();
  state.seq = d.seq;
  try {
    apply(d);
  } catch {
    refresh();
  }
}

function connect() {
  const es = new EventSource('/_sandbox/events');
  es.onopen = () => {
    $('live').textContent = 'Live';
    $('live').className = 'live on';
    // Open first, then the feed: every delta after the feed's arrives on this stream.
    refresh();
  };
  const onEvent = (e) => {
    let delta;
    try {
      delta = JSON.parse(e.data);
    } catch {
      delta = {};
    }
    receive(delta);
  };
  for (const kind of KINDS) es.addEventListener(kind, onEvent);
  es.onerror = () => {
    $('live').textContent = 'Reconnecting…';
    $('live').className = 'live';
    // A refused stream (a restarted sandbox with a new token) is closed for good: the feed's
    // answer says why (its 401 toast), and the stream is tried again.
    if (es.readyState === EventSource.CLOSED) {
      refresh();
      setTimeout(connect, 2000);
    }
  };
}

function show(view) {
  state.view = view;
  for (const b of document.querySelectorAll('nav button')) {
    if (b.dataset.view === view) b.setAttribute('aria-current', 'page');
    else b.removeAttribute('aria-current');
  }
  for (const s of document.querySelectorAll('.view')) s.hidden = s.id !== `view-${view}`;
}

document.addEventListener('DOMContentLoaded', () => {
  for (const b of document.querySelectorAll('nav button')) b.addEventListener('click', () => show(b.dataset.view));
  $('reply').addEventListener('submit', sendReply);
  $('thread-search').addEventListener('input', renderThreads);
  $('reply-text').addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    e.preventDefault();
    $('reply').requestSubmit();
  });
  $('back').addEventListener('click', () => {
    state.opened = false;
    renderThread();
  });
  connect();
});
