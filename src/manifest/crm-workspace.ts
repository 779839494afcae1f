// CRM workspace (spec 4.11–4.18): teams, taxes, quick replies, chatbots, message status,
// reply materials, notifications, and the REST half of campaigns.
import type { OperationId } from '../api/operations.js';
import { idArg, idsArg, LIST_OPTIONS, LIST_QUERY, PAGE_OPTIONS, unpaged } from './common.js';
import type { View } from '../core/output/print.js';
import type { CmdSpec, OpSpec, OptSpec } from './types.js';

/** `<group> list` with page/limit/search. */
const list = (group: string, id: OperationId, what: string, view: View): CmdSpec => ({
  name: 'list',
  summary: `List ${what}`,
  options: LIST_OPTIONS,
  op: { id, query: LIST_QUERY, paged: true, view },
  examples: [`chatcrm ${group} list`, `chatcrm ${group} list --search sales --limit 20 --json`, `chatcrm ${group} list --all -o jsonl`],
});

const get = (group: string, id: OperationId, what: string, arg: string): CmdSpec => ({
  name: 'get',
  summary: `Show ${what}`,
  args: [idArg(arg, `${what} id`)],
  op: { id },
  examples: [`chatcrm ${group} get ${arg}`, `chatcrm ${group} get ${arg} --json`],
});

/** Bulk delete by ids: `{ ids: [...] }`; `arg` names one id in the examples. */
const deleteMany = (group: string, name: string, id: OperationId, what: string, arg: string): CmdSpec => ({
  name,
  summary: `Delete ${what} (one or more ids)`,
  args: [idsArg(`${what} ids`)],
  op: { id, list: { arg: 'IDS', field: 'ids' }, destructive: true },
  examples: [`chatcrm ${group} ${name} ${arg} --yes`, `chatcrm ${group} ${name} ${arg} ${arg} --yes`],
});

const deleteOne = (group: string, id: OperationId, what: string, arg: string): CmdSpec => ({
  name: 'delete',
  summary: `Delete ${what}`,
  args: [idArg(arg, `${what} id`)],
  op: { id, destructive: true },
  examples: [`chatcrm ${group} delete ${arg} --yes`],
});

/** An operation whose body the spec gives as "object": `{}` unless --data says more. */
const objectAction = (group: string, name: string, id: OperationId, summary: string, arg: string): CmdSpec => ({
  name,
  summary,
  args: [idArg(arg, `${arg.toLowerCase().replace(/_/g, ' ')}`)],
  op: { id, data: true, defaultBody: {} },
  examples: [`chatcrm ${group} ${name} ${arg}`, `chatcrm ${group} ${name} ${arg} --data '{"note":"x"}'`],
});

const teams: CmdSpec = {
  name: 'teams',
  summary: 'Teams: members, permissions, active state',
  subcommands: [
    list('teams', 'teams.list', 'teams', { columns: ['_id', 'name', 'status', 'members'], drop: ['status'], cut: ['members', 'name'] }),
    {
      name: 'permissions',
      summary: 'List the permissions a team can be given',
      description: unpaged('List the permissions a team can be given', 'its whole catalogue'),
      op: { id: 'teams.permissions' },
      examples: ['chatcrm teams permissions', 'chatcrm teams permissions --json'],
    },
    get('teams', 'teams.get', 'a team', 'TEAM_ID'),
    {
      name: 'create',
      summary: 'Create a team',
      options: [
        { flags: '--name <name>', description: 'team name (unique)' },
        { flags: '--member <member>', description: 'a member (user id or email); repeat for more', repeatable: true },
      ],
      op: { id: 'teams.create', data: true, fields: { name: 'name', member: 'members' } },
      examples: ['chatcrm teams create --name Escalations --member ana@example.com --member bo@example.com', 'chatcrm teams create --data @team.json'],
    },
    {
      name: 'update',
      summary: 'Update a team',
      args: [idArg('TEAM_ID', 'team id')],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--member <member>', description: 'replace the members; repeat for more', repeatable: true },
      ],
      op: { id: 'teams.update', data: true, fields: { name: 'name', member: 'members' } },
      examples: ['chatcrm teams update TEAM_ID --name "Tier 2"', 'chatcrm teams update TEAM_ID --data \'{"description":"Escalations"}\''],
    },
    deleteMany('teams', 'delete', 'teams.deleteMany', 'teams', 'TEAM_ID'),
    objectAction('teams', 'toggle-status', 'teams.toggleStatus', 'Toggle a team between active and inactive', 'TEAM_ID'),
  ],
};

const taxes: CmdSpec = {
  name: 'taxes',
  summary: 'Taxes: name and rate in percent',
  subcommands: [
    list('taxes', 'taxes.list', 'taxes', { columns: ['_id', 'name', 'rate', 'status'], drop: ['status'], cut: ['name'] }),
    get('taxes', 'taxes.get', 'a tax', 'TAX_ID'),
    {
      name: 'create',
      summary: 'Create a tax',
      options: [
        { flags: '--name <name>', description: 'tax name (unique)' },
        { flags: '--rate <percent>', description: 'rate in percent, from 0 to 100' },
      ],
      op: { id: 'taxes.create', data: true, fields: { name: 'name', rate: 'rate' }, convert: { rate: 'number' } },
      examples: ['chatcrm taxes create --name "Sales tax" --rate 8.875', 'chatcrm taxes create --name GST --rate 5 --json'],
    },
    {
      name: 'update',
      summary: 'Update a tax',
      args: [idArg('TAX_ID', 'tax id')],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--rate <percent>', description: 'new rate in percent, from 0 to 100' },
      ],
      op: { id: 'taxes.update', data: true, fields: { name: 'name', rate: 'rate' }, convert: { rate: 'number' } },
      examples: ['chatcrm taxes update TAX_ID --rate 21', 'chatcrm taxes update TAX_ID --data \'{"name":"VAT (standard)"}\''],
    },
    deleteOne('taxes', 'taxes.delete', 'a tax', 'TAX_ID'),
    deleteMany('taxes', 'delete-many', 'taxes.deleteMany', 'taxes', 'TAX_ID'),
  ],
};

const quickReplies: CmdSpec = {
  name: 'quick-replies',
  summary: 'Quick replies: canned answers for agents',
  subcommands: [
    {
      name: 'list',
      summary: 'List quick replies (--admin: every user\'s)',
      options: [...LIST_OPTIONS, { flags: '--admin', description: 'the admin list (GET /api/quick-replies/admin)' }],
      run: () => import('../commands/quick-replies/list.js'),
      examples: ['chatcrm quick-replies list', 'chatcrm quick-replies list --admin --search refund --json'],
    },
    {
      name: 'create',
      summary: 'Create a quick reply',
      options: [
        { flags: '--title <title>', description: 'short title' },
        { flags: '--message <text>', description: 'the reply text' },
      ],
      op: { id: 'quickReplies.create', data: true, fields: { title: 'title', message: 'message' } },
      examples: ['chatcrm quick-replies create --title Hours --message "We are open 9-17, Mon-Fri."', 'chatcrm quick-replies create --data @reply.json'],
    },
    {
      name: 'update',
      summary: 'Update a quick reply',
      args: [idArg('QUICK_REPLY_ID', 'quick reply id')],
      options: [
        { flags: '--title <title>', description: 'new title' },
        { flags: '--message <text>', description: 'new reply text' },
      ],
      op: { id: 'quickReplies.update', data: true, fields: { title: 'title', message: 'message' } },
      examples: ['chatcrm quick-replies update QUICK_REPLY_ID --message "Open 8-18 now."'],
    },
    deleteMany('quick-replies', 'delete', 'quickReplies.deleteMany', 'quick replies', 'QUICK_REPLY_ID'),
    objectAction('quick-replies', 'favorite', 'quickReplies.favorite', 'Toggle a quick reply as favorite', 'QUICK_REPLY_ID'),
  ],
};

const chatbots: CmdSpec = {
  name: 'chatbots',
  summary: 'Chatbots: knowledge bases, training, URL scraping, documents',
  subcommands: [
    list('chatbots', 'chatbots.list', 'chatbots', { columns: ['_id', 'name', 'status', 'knowledge_sources', 'last_trained_at'], drop: ['last_trained_at', 'knowledge_sources'], cut: ['name'] }),
    get('chatbots', 'chatbots.get', 'a chatbot', 'CHATBOT_ID'),
    {
      name: 'create',
      summary: 'Create a chatbot',
      options: [{ flags: '--name <name>', description: 'chatbot name' }],
      op: { id: 'chatbots.create', data: true, fields: { name: 'name' } },
      examples: ['chatcrm chatbots create --name "Support bot"', 'chatcrm chatbots create --data \'{"name":"FAQ","language":"en"}\''],
    },
    {
      name: 'update',
      summary: 'Update a chatbot',
      args: [idArg('CHATBOT_ID', 'chatbot id')],
      options: [{ flags: '--name <name>', description: 'new name' }],
      op: { id: 'chatbots.update', data: true, fields: { name: 'name' } },
      examples: ['chatcrm chatbots update CHATBOT_ID --name "Help desk bot"'],
    },
    deleteOne('chatbots', 'chatbots.delete', 'a chatbot', 'CHATBOT_ID'),
    objectAction('chatbots', 'train', 'chatbots.train', 'Train a chatbot on its knowledge sources', 'CHATBOT_ID'),
    {
      name: 'scrape',
      summary: 'Scrape a URL into a knowledge base',
      options: [
        { flags: '--url <url>', description: 'http(s) address of the page' },
        { flags: '--chatbot <id>', description: 'chatbot whose knowledge base gets the page (sent as chatbot_id)' },
      ],
      op: { id: 'chatbots.scrape', data: true, fields: { url: 'url', chatbot: 'chatbot_id' } },
      examples: ['chatcrm chatbots scrape --url https://example.com/faq', 'chatcrm chatbots scrape --url https://example.com/pricing --chatbot CHATBOT_ID'],
    },
    {
      name: 'extract-doc',
      summary: 'Upload a document and extract its text (multipart field file)',
      args: [{ name: 'FILE', description: 'local document (pdf, docx, txt, ...)', required: true }],
      options: [{ flags: '--chatbot <id>', description: 'chatbot whose knowledge base gets the document (form field chatbot_id)' }],
      run: () => import('../commands/chatbots/extract-doc.js'),
      examples: ['chatcrm chatbots extract-doc ./handbook.pdf', 'chatcrm chatbots extract-doc faq.txt --chatbot CHATBOT_ID --json'],
    },
  ],
};

const MESSAGE_IDS_OPTION: OptSpec = { flags: '--message-id <id>', description: 'a message id; repeat for more (sent as message_ids)', repeatable: true };

const STATUS_GET: OpSpec = {
  id: 'messageStatus.get',
  list: { arg: 'MSG_IDS', field: 'message_ids' },
  view: { id: 'message_id', columns: ['message_id', 'to', 'status', 'delivered_at', 'read_at'], drop: ['read_at', 'delivered_at'] },
};

const messageStatus: CmdSpec = {
  name: 'message-status',
  summary: 'Message delivery and read status',
  subcommands: [
    objectAction('message-status', 'delivery', 'messageStatus.delivery', 'Mark a message delivered', 'MSG_ID'),
    objectAction('message-status', 'read', 'messageStatus.read', 'Mark a message read', 'MSG_ID'),
    {
      name: 'chat-status',
      summary: 'Push a chat status (e.g. delivered/read for messages)',
      options: [MESSAGE_IDS_OPTION, { flags: '--status <status>', description: 'status to push', choices: ['delivered', 'read'] }],
      op: { id: 'messageStatus.chatStatus', data: true, fields: { messageId: 'message_ids', status: 'status' } },
      examples: ['chatcrm message-status chat-status --message-id MSG_ID --status read', 'chatcrm message-status chat-status --data @status.json'],
    },
    {
      name: 'bulk-delivery',
      summary: 'Mark several messages delivered',
      options: [MESSAGE_IDS_OPTION],
      op: { id: 'messageStatus.bulkDelivery', data: true, fields: { messageId: 'message_ids' } },
      examples: ['chatcrm message-status bulk-delivery --message-id MSG_ID --message-id MSG_ID', 'chatcrm message-status bulk-delivery --data \'{"message_ids":["MSG_ID"]}\''],
    },
    {
      name: 'bulk-read',
      summary: 'Mark several messages read',
      options: [MESSAGE_IDS_OPTION],
      op: { id: 'messageStatus.bulkRead', data: true, fields: { messageId: 'message_ids' } },
      examples: ['chatcrm message-status bulk-read --message-id MSG_ID --message-id MSG_ID'],
    },
    {
      name: 'user',
      summary: 'Status of the messages of a user (the sandbox takes the recipient phone number)',
      args: [idArg('USER_ID', 'user id (recipient phone number in the sandbox)')],
      // A user's messages grow without bound: the service pages them.
      options: PAGE_OPTIONS,
      op: { id: 'messageStatus.user', paged: true, view: { columns: ['message_id', 'to', 'status', 'sent_at', 'delivered_at', 'read_at'], drop: ['read_at', 'delivered_at', 'sent_at'] } },
      examples: ['chatcrm message-status user 15551230001', 'chatcrm message-status user 15551230001 --all --json'],
    },
    {
      name: 'get',
      summary: 'Status of one or more messages (ids without an answer are named on stderr)',
      args: [{ name: 'MSG_IDS', description: 'message ids', required: true, variadic: true }],
      op: STATUS_GET,
      run: () => import('../commands/message-status/get.js').then((m) => ({ run: m.statusGet(STATUS_GET) })),
      examples: ['chatcrm message-status get MSG_ID', 'chatcrm message-status get MSG_ID MSG_ID --json'],
    },
  ],
};

const replyMaterials: CmdSpec = {
  name: 'reply-materials',
  summary: 'Reply materials: files agents attach to replies',
  subcommands: [
    list('reply-materials', 'replyMaterials.list', 'reply materials', { columns: ['_id', 'title', 'file_name', 'file_type', 'file_size'], drop: ['file_size', 'file_type'], cut: ['title', 'file_name'] }),
    get('reply-materials', 'replyMaterials.get', 'a reply material', 'MATERIAL_ID'),
    {
      name: 'create',
      summary: 'Upload a reply material (multipart: title, file)',
      options: [
        { flags: '--title <title>', description: 'title shown to agents' },
        { flags: '--file <path>', description: 'local file to upload' },
      ],
      run: () => import('../commands/reply-materials/save.js'),
      examples: ['chatcrm reply-materials create --title "Price list" --file ./prices.pdf', 'chatcrm reply-materials create --title Logo --file logo.png --json'],
    },
    {
      name: 'update',
      summary: 'Replace the file (and optionally the title) of a reply material',
      args: [idArg('MATERIAL_ID', 'reply material id')],
      options: [
        { flags: '--file <path>', description: 'local file to upload' },
        { flags: '--title <title>', description: 'new title' },
      ],
      run: () => import('../commands/reply-materials/save.js'),
      examples: ['chatcrm reply-materials update MATERIAL_ID --file ./prices-2025.pdf --title "Price list 2025"'],
    },
    deleteOne('reply-materials', 'replyMaterials.delete', 'a reply material', 'MATERIAL_ID'),
    deleteMany('reply-materials', 'delete-many', 'replyMaterials.deleteMany', 'reply materials', 'MATERIAL_ID'),
  ],
};

const notifications: CmdSpec = {
  name: 'notifications',
  summary: 'In-app notifications and their read state',
  subcommands: [
    list('notifications', 'notifications.list', 'notifications', { columns: ['_id', 'title', 'message', 'read', 'created_at'], drop: ['created_at', 'read'], cut: ['message', 'title'] }),
    {
      name: 'create',
      summary: 'Create a notification',
      options: [
        { flags: '--title <title>', description: 'title' },
        { flags: '--message <text>', description: 'text' },
      ],
      op: { id: 'notifications.create', data: true, fields: { title: 'title', message: 'message' } },
      examples: ['chatcrm notifications create --title "Deploy" --message "Release 2.1 is live"'],
    },
    {
      name: 'read-all',
      summary: 'Mark every notification read',
      op: { id: 'notifications.readAll', data: true, defaultBody: {} },
      examples: ['chatcrm notifications read-all', 'chatcrm notifications read-all --json'],
    },
    objectAction('notifications', 'read', 'notifications.read', 'Mark a notification read', 'NOTIFICATION_ID'),
  ],
};

export const crmWorkspace: CmdSpec[] = [teams, taxes, quickReplies, chatbots, messageStatus, replyMaterials, notifications];

/** campaigns list / insights / report / publish / recurring. */
export const campaignsRest: CmdSpec[] = [
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
    args: [idArg('CAMPAIGN_ID', 'campaign id')],
    op: { id: 'campaigns.publish', data: true, defaultBody: {} },
    examples: ['chatcrm campaigns publish CAMPAIGN_ID'],
  },
  {
    name: 'recurring',
    summary: 'Make a campaign recurring (--pattern) or stop it (--off)',
    args: [idArg('CAMPAIGN_ID', 'campaign id')],
    options: [
      { flags: '--pattern <pattern>', description: 'how often: daily (the value the service uses), weekly or monthly', choices: ['daily', 'weekly', 'monthly'] },
      { flags: '--off', description: 'stop the recurrence (is_recurring false)' },
      { flags: '--data <json>', description: 'request body as JSON, @file or - (stdin); flags override its fields' },
    ],
    run: () => import('../commands/campaigns/recurring.js'),
    examples: ['chatcrm campaigns recurring CAMPAIGN_ID --pattern daily', 'chatcrm campaigns recurring CAMPAIGN_ID --off'],
  },
];
