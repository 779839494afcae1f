// Campaigns (docs/service-api.md 4.18): sends record their messages in the chat area; insights count their states.
import { fail, notFound, ok, paged, validate, type AreaModule, type Handler, type SandboxReply } from '../http.js';
import { recordMessage } from '../domain.js';
import type { Doc, Store } from '../store.js';
import type { SandboxEvents } from '../events.js';
import { isObj } from '../../core/output/shape.js';
import { now, seq } from '../resource.js';
import { statusView, mark } from './message-status.js';
import * as schemas from '../../schemas/campaigns.js';

const campaignMessages = (store: Store, campaignId: string) => store.list('messages', (m) => m.campaign_id === campaignId);

const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);

/**
 * Send a campaign: one message per recipient, recorded like any send (so message status
 * and insights see them), and the campaign marked `sent`. Used by the MCP tool
 * `send_campaign`. A sent campaign is sent again only when it is recurring.
 */
export function sendCampaign(store: Store, campaignId: string, via: 'api' | 'mcp' = 'mcp', events?: SandboxEvents): { campaign: Doc; messages: Doc[] } | SandboxReply {
  const campaign = store.get('campaigns', campaignId);
  if (!campaign) return notFound('Campaign');
  if (campaign.status === 'sent' && !campaign.is_recurring) return fail(409, 'Campaign has already been sent');
  const recipients = (campaign.recipients as string[] | undefined) ?? [];
  if (!recipients.length) return fail(400, 'Campaign has no recipients');
  const sender_id = String(campaign.sender_id ?? store.list('senders')[0]?.sender_id ?? 'wa_snd_cloud_0001');
  const message = isObj(campaign.message) ? campaign.message : { type: 'text', text: { body: String(campaign.name) } };
  const messages = recipients.map((to) => store.update('messages', recordMessage(store, { sender_id, to, message, via }, events)._id, { campaign_id: campaign._id })!);
  const updated = store.update('campaigns', campaign._id, {
    status: 'sent',
    sent_at: now(),
    message_ids: [...((campaign.message_ids as string[]) ?? []), ...messages.map((m) => m.message_id as string)],
  })!;
  return { campaign: updated, messages };
}

function insightsOf(store: Store, c: Doc) {
  const msgs = campaignMessages(store, c._id);
  const recipients = ((c.recipients as string[]) ?? []).length;
  const read = msgs.filter((m) => m.status === 'read').length;
  const delivered = msgs.filter((m) => m.status === 'delivered').length + read;
  return {
    campaign_id: c._id,
    name: c.name,
    status: c.status,
    recipients,
    sent: msgs.length,
    delivered,
    read,
    failed: msgs.filter((m) => m.status === 'failed').length,
    pending: msgs.filter((m) => m.status === 'sent').length,
    delivery_rate: pct(delivered, msgs.length),
    read_rate: pct(read, msgs.length),
    is_recurring: Boolean(c.is_recurring),
    recurring_pattern: c.recurring_pattern ?? null,
    sent_at: c.sent_at ?? null,
  };
}

const insights: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  return c ? ok(insightsOf(store, c), 'Campaign insights fetched') : notFound('Campaign');
};

/** One row per recipient: their message and its status (`not_sent` before a send). */
const report: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  if (!c) return notFound('Campaign');
  const msgs = campaignMessages(store, c._id);
  const rows = ((c.recipients as string[]) ?? []).flatMap((to): Record<string, unknown>[] => {
    const mine = msgs.filter((m) => m.to === to);
    return mine.length ? mine.map(statusView) : [{ message_id: null, to, sender_id: null, status: 'not_sent', sent_at: null, delivered_at: null, read_at: null }];
  });
  const s = insightsOf(store, c);
  const reply = paged(rows, req.query, { message: `Report of ${String(c.name)}: ${s.sent} sent, ${s.delivered} delivered, ${s.read} read` });
  return { ...reply, body: { ...(reply.body as object), summary: s } };
};

const publish: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  if (!c) return notFound('Campaign');
  if (c.status !== 'draft') return fail(409, `Campaign is already ${String(c.status)}`);
  return ok(store.update('campaigns', c._id, { status: 'published', published_at: now() }), 'Campaign published successfully');
};

/** Off the spec's tables (only its aliases are named): `campaigns list`, in the named-array shape. */
const campaignList: Handler = (req, { store }) => {
  const reply = paged(store.list('campaigns'), req.query, { searchFields: ['name', 'status'] });
  const { data, pagination, ...rest } = reply.body as Record<string, unknown>;
  return { status: 200, body: { ...rest, message: 'Campaigns fetched successfully', data: { campaigns: data, pagination } } };
};

const DAY = 24 * 60 * 60 * 1000;

const PERIOD: Record<(typeof schemas.RECURRING_PATTERNS)[number], number> = {
  daily: DAY,
  weekly: 7 * DAY,
  monthly: 30 * DAY,
};

const setupRecurring: Handler = (req, { store }) => {
  const c = store.get('campaigns', req.params.campaign_id);
  if (!c) return notFound('Campaign');
  const v = validate(schemas.recurring, req.body);
  if ('reply' in v) return v.reply;
  const patch = v.data.is_recurring
    ? { is_recurring: true, recurring_pattern: v.data.recurring_pattern, next_run_at: new Date(Date.now() + PERIOD[v.data.recurring_pattern]).toISOString() }
    : { is_recurring: false, recurring_pattern: null, next_run_at: null };
  return ok(store.update('campaigns', c._id, patch), v.data.is_recurring ? `Campaign now recurs ${v.data.recurring_pattern}` : 'Campaign recurrence turned off');
};
function seed(store: Store): void {
  const text = (body: string) => ({ type: 'text', text: { body } });
  const spring = store.insert('campaigns', {
    name: 'Spring sale',
    status: 'published',
    recipients: ['15551230001', '15551230002', '15551230003'],
    sender_id: 'wa_snd_cloud_0001',
    message: text('Spring sale: 20% off everything this week!'),
    is_recurring: false,
    recurring_pattern: null,
    message_ids: [],
  });
  const sent = sendCampaign(store, spring._id, 'api');
  if ('messages' in sent) {
    mark(store, sent.messages[0], 'read');
    mark(store, sent.messages[1], 'delivered');
  }
  store.insert('campaigns', {
    name: 'Weekly newsletter',
    status: 'published',
    recipients: ['15551230001', '15551230004'],
    sender_id: 'wa_snd_cloud_0001',
    message: text('This week at Example Co.'),
    is_recurring: true,
    recurring_pattern: 'daily',
    message_ids: [],
  });
  store.insert('campaigns', {
    name: 'Product launch',
    status: 'draft',
    recipients: ['15551230002', '15551230005'],
    sender_id: 'wa_snd_cloud_0001',
    message: text('Meet our new product.'),
    is_recurring: false,
    recurring_pattern: null,
    message_ids: [],
  });
}

/** `--seed-records N`: N draft campaigns; the first has every generated contact as a recipient. */
function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) {
    const recipients = i === 0 ? Array.from({ length: n }, (_, j) => `1700${seq(j)}`) : [];
    store.insert('campaigns', { name: `Campaign ${seq(i)}`, status: 'draft', recipients, sender_id: 'wa_snd_cloud_0001', message: { type: 'text', text: { body: `Campaign ${i + 1}` } }, is_recurring: false, recurring_pattern: null, message_ids: [] });
  }
}
export const area: AreaModule = {
  handlers: {
    'campaigns.insights': insights,
    'campaigns.report': report,
    'campaigns.publish': publish,
    'campaigns.setupRecurring': setupRecurring,
    'campaigns.list': campaignList,
  },
  routes: [{ method: 'GET', path: '/api/campaigns', handler: campaignList }],
  seed,
  bulk,
};
