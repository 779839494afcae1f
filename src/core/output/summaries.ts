// Human views of answers people would rather look at than read: the subscription and its
// usage as a summary, delivery funnels and flow states as bars (on a TTY; piped output keeps
// the plain key/value numbers). Shape-tolerant: the spec gives none of these bodies.
import type { IO } from '../io.js';
import { sanitizeCell } from '../sanitize.js';
import { displayWidth } from './table.js';
import { isObj } from './shape.js';

/** The pictures and summaries a view can ask for (View.summary). */
export type SummaryKind = 'subscription' | 'usage' | 'funnel' | 'flow-stats';

type Rec = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const text = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : sanitizeCell(typeof v === 'object' ? JSON.stringify(v) : String(v)));
const words = (key: string) => key.replace(/[_-]+/g, ' ');
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - displayWidth(s)));
const fmt = (n: number) => n.toLocaleString('en-US');
const pct = (n: number, of: number) => `${of ? Math.round((n / of) * 1000) / 10 : 0}%`;

/** Horizontal bars with counts and percentages of the first (or a given) total. */
export function bars(io: IO, stages: [string, number][], total = stages[0]?.[1] ?? 0): string {
  const lw = Math.max(...stages.map(([k]) => displayWidth(k)));
  const nw = Math.max(...stages.map(([, n]) => fmt(n).length));
  const room = Math.max(10, Math.min(40, io.columns - lw - nw - 12));
  const max = Math.max(total, ...stages.map(([, n]) => n));
  return stages
    .map(([k, n]) => {
      const cells = max ? Math.round((n / max) * room) : 0;
      const bar = cells ? '█'.repeat(cells) : n > 0 ? '▏' : '';
      return `${pad(k, lw)}  ${pad(bar, room)}  ${fmt(n).padStart(nw)}  ${pct(n, total).padStart(6)}`;
    })
    .join('\n');
}

const FUNNEL = ['recipients', 'sent', 'delivered', 'read', 'replied', 'failed'];

/** sent → delivered → read → replied from an insights record (the stages it has). */
function funnelOf(item: Rec): [string, number][] {
  return FUNNEL.flatMap((k): [string, number][] => (num(item[k]) !== undefined ? [[k, num(item[k])!]] : []));
}

/** The same funnel counted from report rows (their status, or their *_at times). */
function funnelOfRows(rows: Rec[]): [string, number][] {
  const reached = (r: Rec, stage: string, later: string[]) => [stage, ...later].includes(String(r.status)) || Boolean(r[`${stage}_at`]);
  const count = (stage: string, later: string[]) => rows.filter((r) => reached(r, stage, later)).length;
  const stages: [string, number][] = [
    ['recipients', rows.length],
    ['sent', count('sent', ['delivered', 'read', 'replied'])],
    ['delivered', count('delivered', ['read', 'replied'])],
    ['read', count('read', ['replied'])],
  ];
  const replied = count('replied', []);
  return replied ? [...stages, ['replied', replied]] : stages;
}

function flowStats(io: IO, item: Rec): string | undefined {
  const group = (suffix: string) =>
    Object.entries(item).flatMap(([k, v]): [string, number][] => (k.endsWith(suffix) && !k.startsWith('total') && num(v) !== undefined ? [[words(k.slice(0, -suffix.length)), num(v)!]] : []));
  const states = group('_flows');
  const runs = group('_executions');
  if (!states.length && !runs.length) return undefined;
  const parts: string[] = [];
  const total = (k: string, list: [string, number][]) => num(item[k]) ?? list.reduce((a, [, n]) => a + n, 0);
  if (states.length) parts.push(`Flows: ${fmt(total('total_flows', states))}`, bars(io, states, total('total_flows', states)));
  if (runs.length) parts.push(`${parts.length ? '\n' : ''}Executions: ${fmt(total('total_executions', runs))}`, bars(io, runs, total('total_executions', runs)));
  if (num(item.match_rate) !== undefined) parts.push(`\nMatch rate: ${item.match_rate}%`);
  return parts.join('\n');
}

/** `used / limit (n%)` lines from `{ key: {used, limit} }`, `{ key: n }` or `[{name, used, limit}]`. */
function usageLines(usage: unknown): [string, string][] {
  const entries: [string, unknown][] = Array.isArray(usage)
    ? usage.filter(isObj).map((u) => [String(u.name ?? u.feature ?? u.key ?? '?'), u])
    : isObj(usage)
      ? Object.entries(usage)
      : [];
  return entries.map(([k, v]) => {
    const used = isObj(v) ? num(v.used ?? v.count ?? v.current) : num(v);
    const limit = isObj(v) ? num(v.limit ?? v.max) : undefined;
    const shown = used === undefined ? (text(v) ?? '') : limit === undefined ? `${fmt(used)} (no limit)` : `${fmt(used)} / ${fmt(limit)}  (${pct(used, limit)})`;
    return [sanitizeCell(words(k)), shown];
  });
}

const block = (title: string, rows: [string, string][]) => {
  const w = Math.max(0, ...rows.map(([k]) => displayWidth(k)));
  return [title, ...rows.map(([k, v]) => `  ${pad(k, w)}  ${v}`.trimEnd())];
};

function dateWithDistance(v: unknown): string | undefined {
  const t = typeof v === 'string' || typeof v === 'number' ? new Date(v) : undefined;
  if (!t || Number.isNaN(t.getTime())) return text(v);
  const days = Math.round((t.getTime() - Date.now()) / 86_400_000);
  return `${t.toISOString().slice(0, 10)} (${days === 0 ? 'today' : days > 0 ? `in ${days} day${days === 1 ? '' : 's'}` : `${-days} day${days === -1 ? '' : 's'} ago`})`;
}

function subscription(item: Rec): string {
  const sub = isObj(item.subscription) ? item.subscription : item;
  const plan = isObj(item.plan) ? item.plan : isObj(sub.plan) ? sub.plan : {};
  const price = num(plan.price) !== undefined ? `, ${plan.price} ${text(plan.currency) ?? ''}${plan.interval ? `/${text(plan.interval)}` : ''}`.replace(' /', '/') : '';
  const planName = [text(plan.name ?? sub.plan_name), text(plan.plan_id ?? sub.plan_id)].filter(Boolean);
  const ending = sub.cancel_at_period_end === true || /cancel/i.test(String(sub.status));
  const renewal = sub.current_period_end ?? sub.renews_at ?? sub.next_billing_date ?? sub.expires_at ?? sub.end_date;
  const head: [string, string | undefined][] = [
    ['Plan', planName.length === 2 ? `${planName[0]} (${planName[1]})${price}` : planName[0] ? `${planName[0]}${price}` : undefined],
    ['Status', text(sub.status)],
    [ending ? 'Ends' : 'Renews', dateWithDistance(renewal)],
    ['Gateway', text(sub.gateway)],
    ['ID', text(sub._id ?? sub.id)],
  ];
  const lines = head.filter((r): r is [string, string] => r[1] !== undefined).map(([k, v]) => `${pad(k, 8)}  ${v}`);
  const features = item.features ?? plan.features;
  const featureRows: [string, string][] = Array.isArray(features)
    ? features.map((f) => ['✓', sanitizeCell(words(String(f)))])
    : isObj(features)
      ? Object.entries(features).map(([k, v]) => [v ? '✓' : '✗', sanitizeCell(words(k))])
      : [];
  if (featureRows.length) lines.push('', 'Features', ...featureRows.map(([mark, f]) => `  ${mark} ${f}`));
  const usage = usageLines(item.usage ?? sub.usage);
  if (usage.length) lines.push('', ...block('Usage', usage));
  return lines.join('\n');
}

function usage(item: Rec): string {
  const planId = text(item.plan_id ?? item.plan);
  const rows = usageLines(item.usage ?? item);
  return [...(planId ? [`Plan  ${planId}`, ''] : []), ...block('Usage', rows)].join('\n');
}

/** The table-mode view of a record, or undefined to fall back to key/value rows. */
export function summarize(kind: SummaryKind, item: Rec, io: IO): string | undefined {
  switch (kind) {
    case 'subscription':
      return subscription(item);
    case 'usage':
      return usage(item);
    case 'funnel': {
      if (!io.stdoutIsTTY) return undefined;
      const stages = funnelOf(item);
      if (!stages.length) return undefined;
      const title = [text(item.name), item.status ? `(${text(item.status)})` : undefined].filter(Boolean).join(' ');
      return `${title ? `${title}\n` : ''}${bars(io, stages)}`;
    }
    case 'flow-stats':
      return io.stdoutIsTTY ? flowStats(io, item) : undefined;
  }
}

/** A drawing under a list's table (a TTY only): the funnel of a campaign report. */
export function drawList(kind: SummaryKind, rows: Rec[], io: IO): string | undefined {
  return kind === 'funnel' && rows.length ? bars(io, funnelOfRows(rows)) : undefined;
}
