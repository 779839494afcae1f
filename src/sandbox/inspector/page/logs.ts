// The Requests, Deliveries and Records views drawn: newest first, each row on its own (a row
// that cannot be drawn shows a placeholder), and the empty state that says how to fill them.
import type { FeedRequest } from '../live.js';
import type { Delivery } from '../../forward.js';
import type { TableView } from '../views.js';
import { operationName, pretty, statusClass, time } from './format.js';
import { guarded, h } from './dom.js';

const cells = (values: unknown[]) => values.map((v, i) => h('span', { class: `c${i}`, text: v ?? '' }));

export function requestRows(rows: FeedRequest[]): HTMLElement[] {
  if (!rows.length) return [h('p', { class: 'empty', text: 'No API requests yet.' })];
  return rows.map((r) => guarded(() => h('details', { class: 'row' },
    h('summary', {}, cells([time(r.at), r.method, r.path, operationName(r), String(r.status), `${r.duration_ms} ms`]),
      h('span', { class: `badge ${statusClass(r.status)}`, 'aria-hidden': 'true' })),
    h('pre', { text: pretty({ query: r.query, body: r.body }) })), 'p', 'request'));
}

/** The rows of forward attempts; `retry` sends one again (its button waits). */
export function deliveryRows(rows: Delivery[], retry: (button: HTMLButtonElement, d: Delivery) => void): HTMLElement[] {
  if (!rows.length) return [h('p', { class: 'empty', text: 'No deliveries yet: start the sandbox with --forward-to URL, then reply as the customer.' })];
  return rows.map((d) => guarded(() => {
    const outcome = d.ok ? `HTTP ${d.status_code}` : `✗ ${d.error}`;
    return h('article', { class: 'delivery' },
      h('div', { class: 'line' }, h('span', { class: `badge ${d.ok ? 'ok' : 'bad'}`, text: outcome }), h('code', { class: 'url', text: d.url }),
        h('small', { text: [time(d.started_at), `${d.duration_ms} ms`, `attempt ${d.attempt}`, `${d.event} ${d.message_id}`].join(' · ') }),
        h('button', { type: 'button', 'data-key': `retry:${d.id}`, text: 'Retry', onclick: (e: Event) => retry(e.currentTarget as HTMLButtonElement, d) })),
      d.signature && h('p', { class: 'sig' }, h('small', { text: 'x-hub-signature-256 ' }), h('code', { text: d.signature })),
      d.response && h('pre', { text: d.response }));
  }, 'p', 'delivery'));
}

export function recordTables(tables: TableView[]): HTMLElement[] {
  return tables.map((t) => guarded(() => h('section', { class: 'table' },
    h('h2', {}, t.name, ' ', h('span', { class: 'count', text: String(t.count) })),
    h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': t.name },
      h('table', {}, h('thead', {}, h('tr', {}, t.columns.map((c) => h('th', { scope: 'col', text: c.replace(/_/g, ' ') })))),
        h('tbody', {}, t.rows.map((r) => h('tr', {}, r.map((v) => h('td', { text: v })))))))), 'p', 'table'));
}
