// Campaigns: list, insights, report, publish, recurrence over REST (docs/service-api.md 4.18), send through the
// tool endpoint (docs/service-api.md 4.5).
import { LIST_OPTIONS, PAGE_OPTIONS, WAIT_OPTIONS } from '../runtime/option-lists.js';
import { idArg, LIST_QUERY } from './common.js';
import type { CmdSpec } from './types.js';
import { RECURRING_OPTIONS } from '../commands/campaigns/options.js';

/** The rule of the commands that message a campaign's whole audience, in their --help. */
const ASKS =
  'It messages the whole audience of the campaign: on a terminal it asks first, naming the campaign and its audience size (when the service tells it); otherwise it needs --yes (exit 2, nothing sent). --dry-run needs neither.';

/** campaigns list / insights / report / publish / recurring. */
const rest: CmdSpec[] = [
  {
    name: 'list',
    summary: 'List campaigns (GET /api/v2/campaigns)',
    options: LIST_OPTIONS,
    op: { id: 'campaigns.list', query: LIST_QUERY, paged: true, view: { columns: ['_id', 'name', 'status', 'is_recurring', 'sent_at', 'created_at'], drop: ['created_at', 'sent_at', 'is_recurring'], cut: ['name'] } },
    examples: ['chatcrm campaigns list', 'chatcrm campaigns list --search sale --json', 'chatcrm campaigns list --all -q'],
  },
  {
    name: 'insights',
    summary: 'Campaign insights: the delivery funnel (bars on a terminal), counts and rates',
    args: [idArg('CAMPAIGN_ID', 'campaign id')],
    op: { id: 'campaigns.insights', view: { summary: 'funnel' } },
    examples: ['chatcrm campaigns insights CAMPAIGN_ID', 'chatcrm campaigns insights CAMPAIGN_ID --json'],
  },
  {
    name: 'report',
    summary: 'Campaign report: one row per recipient message, and the funnel on a terminal',
    args: [idArg('CAMPAIGN_ID', 'campaign id')],
    // One row per recipient: thousands for a real campaign, so the service pages them.
    options: PAGE_OPTIONS,
    op: {
      id: 'campaigns.report',
      paged: true,
      view: { id: 'message_id', summary: 'funnel', columns: ['to', 'message_id', 'status', 'sent_at', 'delivered_at', 'read_at'], drop: ['read_at', 'delivered_at', 'sent_at'] },
    },
    examples: ['chatcrm campaigns report CAMPAIGN_ID', 'chatcrm campaigns report CAMPAIGN_ID --all -o csv > report.csv'],
  },
  {
    name: 'publish',
    summary: 'Publish a draft campaign',
    description: ASKS,
    args: [idArg('CAMPAIGN_ID', 'campaign id')],
    op: { id: 'campaigns.publish', data: true, defaultBody: {} },
    examples: ['chatcrm campaigns publish CAMPAIGN_ID --yes', { cmd: 'chatcrm campaigns publish CAMPAIGN_ID', notRun: 'asks first: names the campaign and its audience size' }],
  },
  {
    name: 'recurring',
    summary: 'Make a campaign recurring (--pattern) or stop it (--off)',
    description: `${ASKS} --off asks nothing: it stops sends.`,
    args: [idArg('CAMPAIGN_ID', 'campaign id')],
    options: RECURRING_OPTIONS,
    load: () => import('../commands/campaigns/recurring.js'),
    examples: ['chatcrm campaigns recurring CAMPAIGN_ID --pattern daily --yes', 'chatcrm campaigns recurring CAMPAIGN_ID --off'],
  },
];

/** campaigns send (tool send_campaign). */
const onToolEndpoint: CmdSpec[] = [
  {
    name: 'send',
    summary: 'Send a campaign now (tool send_campaign)',
    description: `${ASKS} With --wait, this send is judged, not the campaign's earlier ones: its insights less those read just before the send, until the whole audience reached the status or failed.`,
    args: [{ name: 'CAMPAIGN_ID', required: true, description: 'campaign id' }],
    options: WAIT_OPTIONS,
    examples: ['chatcrm campaigns send CAMPAIGN_ID --yes', 'chatcrm campaigns send CAMPAIGN_ID --dry-run'],
    load: () => import('../commands/campaigns/send.js'),
  },
];

export const campaigns: CmdSpec = {
  name: 'campaigns',
  summary: 'Campaigns: insights, report, publish, recurrence, send (tool endpoint)',
  subcommands: [...rest, ...onToolEndpoint],
};
