// CRM records (spec 4.6–4.10): segments, tags, custom fields, contacts (REST), currencies,
// subscription. Plain CRUD is declared as one-operation commands; only the export
// download/wait and the gateway choice of `subscription create` have code of their own.
import { idArg, idsArg, LIST_OPTIONS, LIST_QUERY, PAGE_OPTIONS, unpaged } from './common.js';
import type { CmdSpec } from './types.js';

const segments: CmdSpec = {
  name: 'segments',
  summary: 'Contact segments: create, list, membership',
  subcommands: [
    {
      name: 'list',
      summary: 'List segments',
      options: LIST_OPTIONS,
      op: { id: 'segments.list', query: LIST_QUERY, paged: true, view: { columns: ['_id', 'name', 'contacts_count', 'created_at'], drop: ['created_at', 'contacts_count'], cut: ['name'] } },
      examples: ['chatcrm segments list', 'chatcrm segments list --search vip --json', 'chatcrm segments list --all -q'],
    },
    {
      name: 'get',
      summary: 'Show a segment',
      args: [idArg('SEGMENT_ID', 'segment id')],
      op: { id: 'segments.get' },
      examples: ['chatcrm segments get SEGMENT_ID'],
    },
    {
      name: 'create',
      summary: 'Create a segment',
      options: [
        { flags: '--name <name>', description: 'segment name' },
        { flags: '--filters <json>', description: 'filters object as JSON, e.g. {"status":"lead"}' },
      ],
      op: { id: 'segments.create', data: true, fields: { name: 'name', filters: 'filters' }, convert: { filters: 'json' } },
      examples: ['chatcrm segments create --name "Newsletter readers"', 'chatcrm segments create --name Leads --filters \'{"status":"lead"}\''],
    },
    {
      name: 'update',
      summary: 'Update a segment',
      args: [idArg('SEGMENT_ID', 'segment id')],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--filters <json>', description: 'filters object as JSON' },
      ],
      op: { id: 'segments.update', data: true, fields: { name: 'name', filters: 'filters' }, convert: { filters: 'json' } },
      examples: ['chatcrm segments update SEGMENT_ID --name "Top customers"'],
    },
    {
      name: 'add-contacts',
      summary: 'Add contacts to a segment',
      args: [idArg('SEGMENT_ID', 'segment id'), { name: 'CONTACT_IDS', description: 'contact ids', required: true, variadic: true }],
      op: { id: 'segments.addContacts', list: { arg: 'CONTACT_IDS', field: 'contact_ids' } },
      examples: ['chatcrm segments add-contacts SEGMENT_ID CONTACT_ID CONTACT_ID'],
    },
    {
      name: 'remove-contacts',
      summary: 'Remove contacts from a segment',
      args: [idArg('SEGMENT_ID', 'segment id'), { name: 'CONTACT_IDS', description: 'contact ids', required: true, variadic: true }],
      op: { id: 'segments.removeContacts', list: { arg: 'CONTACT_IDS', field: 'contact_ids' } },
      examples: ['chatcrm segments remove-contacts SEGMENT_ID CONTACT_ID'],
    },
    {
      name: 'contacts',
      summary: 'List the contacts of a segment',
      args: [idArg('SEGMENT_ID', 'segment id')],
      options: LIST_OPTIONS,
      op: { id: 'segments.contacts', query: LIST_QUERY, paged: true, view: { columns: ['_id', 'name', 'phone_number', 'email', 'status', 'tags'], drop: ['tags', 'status', 'email'], cut: ['name', 'email'] } },
      examples: ['chatcrm segments contacts SEGMENT_ID', 'chatcrm segments contacts SEGMENT_ID -q'],
    },
    {
      name: 'delete',
      summary: 'Delete a segment',
      args: [idArg('SEGMENT_ID', 'segment id')],
      op: { id: 'segments.delete', destructive: true },
      examples: ['chatcrm segments delete SEGMENT_ID --yes'],
    },
    {
      name: 'delete-many',
      summary: 'Delete several segments',
      args: [idsArg('segment ids')],
      op: { id: 'segments.deleteMany', list: { arg: 'IDS', field: 'ids' }, destructive: true },
      examples: ['chatcrm segments delete-many SEGMENT_ID SEGMENT_ID --yes'],
    },
  ],
};

const tags: CmdSpec = {
  name: 'tags',
  summary: 'Contact tags and their usage',
  subcommands: [
    {
      name: 'create',
      summary: 'Create a tag',
      options: [
        { flags: '--name <name>', description: 'tag name (unique)' },
        { flags: '--color <hex>', description: 'colour as #RRGGBB' },
      ],
      op: { id: 'tags.create', data: true, fields: { name: 'name', color: 'color' } },
      examples: ["chatcrm tags create --name gold --color '#FFD700'"],
    },
    {
      name: 'list',
      summary: 'List tags',
      options: LIST_OPTIONS,
      op: { id: 'tags.list', query: LIST_QUERY, paged: true, view: { columns: ['_id', 'name', 'color', 'created_at'], drop: ['created_at', 'color'], cut: ['name'] } },
      examples: ['chatcrm tags list', 'chatcrm tags list --search vip -q', 'chatcrm tags list --all -o csv > tags.csv'],
    },
    {
      name: 'get',
      summary: 'Show a tag',
      args: [idArg('TAG_ID', 'tag id')],
      op: { id: 'tags.get' },
      examples: ['chatcrm tags get TAG_ID'],
    },
    {
      name: 'update',
      summary: 'Rename a tag or change its colour',
      args: [idArg('TAG_ID', 'tag id')],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--color <hex>', description: 'new colour as #RRGGBB' },
      ],
      op: { id: 'tags.update', data: true, fields: { name: 'name', color: 'color' } },
      examples: ['chatcrm tags update TAG_ID --name premium', "chatcrm tags update TAG_ID --color '#00FF00'"],
    },
    {
      name: 'delete',
      summary: 'Delete tags',
      aliases: ['delete-many'],
      args: [idsArg('tag ids')],
      op: { id: 'tags.deleteMany', list: { arg: 'IDS', field: 'ids' }, destructive: true },
      examples: ['chatcrm tags delete TAG_ID --yes', 'chatcrm tags delete TAG_ID TAG_ID --yes'],
    },
    {
      name: 'popular',
      summary: 'Most used tags',
      description: unpaged('Most used tags', 'its ranking'),
      op: { id: 'tags.popular', view: { columns: ['name', 'color', 'count'], drop: ['color'], cut: ['name'] } },
      examples: ['chatcrm tags popular'],
    },
    {
      name: 'usage',
      summary: 'How many contacts carry each tag',
      // One row per tag: as long as the tag list, which the service pages.
      options: PAGE_OPTIONS,
      op: { id: 'tags.usage', paged: true, view: { columns: ['tag_id', 'name', 'color', 'contacts_count', 'percentage'], drop: ['color', 'percentage'], cut: ['name'] } },
      examples: ['chatcrm tags usage --json', 'chatcrm tags usage --all -o csv'],
    },
  ],
};

const customFields: CmdSpec = {
  name: 'custom-fields',
  summary: 'Custom contact fields',
  subcommands: [
    {
      name: 'list',
      summary: 'List custom fields',
      options: LIST_OPTIONS,
      op: { id: 'customFields.list', query: LIST_QUERY, paged: true, view: { columns: ['_id', 'name', 'type', 'is_active'], drop: ['is_active', 'type'], cut: ['name'] } },
      examples: ['chatcrm custom-fields list'],
    },
    {
      name: 'get',
      summary: 'Show a custom field',
      args: [idArg('CUSTOM_FIELD_ID', 'custom field id')],
      op: { id: 'customFields.get' },
      examples: ['chatcrm custom-fields get CUSTOM_FIELD_ID'],
    },
    {
      name: 'create',
      summary: 'Create a custom field',
      options: [
        { flags: '--name <name>', description: 'field name' },
        { flags: '--type <type>', description: 'field type (text is used by the service)', default: 'text' },
      ],
      op: { id: 'customFields.create', data: true, fields: { name: 'name', type: 'type' } },
      examples: ['chatcrm custom-fields create --name birthday', 'chatcrm custom-fields create --name city --type text'],
    },
    {
      name: 'update',
      summary: 'Update a custom field',
      args: [idArg('CUSTOM_FIELD_ID', 'custom field id')],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--type <type>', description: 'new type' },
      ],
      op: { id: 'customFields.update', data: true, fields: { name: 'name', type: 'type' } },
      examples: ['chatcrm custom-fields update CUSTOM_FIELD_ID --name employer'],
    },
    {
      name: 'delete',
      summary: 'Delete custom fields',
      aliases: ['delete-many'],
      args: [idsArg('custom field ids')],
      op: { id: 'customFields.deleteMany', list: { arg: 'IDS', field: 'ids' }, destructive: true },
      examples: ['chatcrm custom-fields delete CUSTOM_FIELD_ID --yes'],
    },
    {
      name: 'status',
      summary: 'Activate or deactivate custom fields',
      options: [
        { flags: '--id <id>', description: 'custom field id (repeatable)', repeatable: true },
        { flags: '--active <bool>', description: 'true to activate, false to deactivate', choices: ['true', 'false'] },
      ],
      op: { id: 'customFields.status', data: true, fields: { id: 'ids', active: 'is_active' }, convert: { active: 'bool' } },
      examples: ['chatcrm custom-fields status --id CUSTOM_FIELD_ID --active false', 'chatcrm custom-fields status --data \'{"ids":["CUSTOM_FIELD_ID"],"is_active":true}\''],
    },
  ],
};

const currencies: CmdSpec = {
  name: 'currencies',
  summary: 'Currencies, exchange rates and the default currency',
  subcommands: [
    {
      name: 'list',
      summary: 'List currencies',
      options: LIST_OPTIONS,
      op: { id: 'currencies.list', query: LIST_QUERY, paged: true, view: { columns: ['_id', 'code', 'name', 'symbol', 'is_active', 'is_default'], drop: ['is_default', 'is_active', 'symbol'], cut: ['name'] } },
      examples: ['chatcrm currencies list'],
    },
    {
      name: 'exchange-rate',
      summary: 'Exchange rates against the default currency',
      op: { id: 'currencies.exchangeRate' },
      examples: ['chatcrm currencies exchange-rate --json'],
    },
    {
      name: 'get',
      summary: 'Show a currency',
      args: [idArg('CURRENCY_ID', 'currency id')],
      op: { id: 'currencies.get' },
      examples: ['chatcrm currencies get CURRENCY_ID'],
    },
    {
      name: 'create',
      summary: 'Create a currency',
      options: [
        { flags: '--code <code>', description: 'three-letter code (upper-cased), e.g. GBP' },
        { flags: '--name <name>', description: 'currency name' },
        { flags: '--symbol <symbol>', description: 'symbol, e.g. £' },
      ],
      op: { id: 'currencies.create', data: true, fields: { code: 'code', name: 'name', symbol: 'symbol' }, convert: { code: 'upper' } },
      examples: ['chatcrm currencies create --code gbp --name "Pound sterling" --symbol £'],
    },
    {
      name: 'update',
      summary: 'Update a currency',
      args: [idArg('CURRENCY_ID', 'currency id')],
      options: [
        { flags: '--code <code>', description: 'three-letter code' },
        { flags: '--name <name>', description: 'currency name' },
        { flags: '--symbol <symbol>', description: 'symbol' },
      ],
      op: { id: 'currencies.update', data: true, fields: { code: 'code', name: 'name', symbol: 'symbol' }, convert: { code: 'upper' } },
      examples: ['chatcrm currencies update CURRENCY_ID --symbol "GB£"'],
    },
    {
      name: 'delete',
      summary: 'Delete currencies',
      aliases: ['delete-many'],
      args: [idsArg('currency ids')],
      op: { id: 'currencies.deleteMany', list: { arg: 'IDS', field: 'ids' }, destructive: true },
      examples: ['chatcrm currencies delete CURRENCY_ID --yes'],
    },
    {
      name: 'toggle-status',
      summary: 'Activate or deactivate a currency',
      args: [idArg('CURRENCY_ID', 'currency id')],
      op: { id: 'currencies.toggleStatus', data: true, defaultBody: {} },
      examples: ['chatcrm currencies toggle-status CURRENCY_ID'],
    },
    {
      name: 'toggle-default',
      summary: 'Make a currency the default (one default at a time)',
      args: [idArg('CURRENCY_ID', 'currency id')],
      op: { id: 'currencies.toggleDefault', data: true, defaultBody: {} },
      examples: ['chatcrm currencies toggle-default CURRENCY_ID'],
    },
  ],
};

const subscription: CmdSpec = {
  name: 'subscription',
  summary: 'The tenant subscription: plan, features, usage',
  subcommands: [
    {
      name: 'show',
      summary: 'Current plan, features and usage',
      op: { id: 'subscription.show', view: { id: 'subscription._id', summary: 'subscription' } },
      examples: ['chatcrm subscription show', 'chatcrm subscription show -q   # the subscription id', 'chatcrm subscription show --json --fields plan.features'],
    },
    {
      name: 'usage',
      summary: 'Plan usage against its limits',
      op: { id: 'subscription.usage', view: { summary: 'usage' } },
      examples: ['chatcrm subscription usage', 'chatcrm subscription usage --json'],
    },
    {
      name: 'checkout-url',
      summary: 'A checkout URL to pay for or change a plan',
      options: [{ flags: '--plan <id>', description: 'plan to check out' }],
      op: { id: 'subscription.checkoutUrl', query: { plan: 'plan_id' } },
      examples: ['chatcrm subscription checkout-url', 'chatcrm subscription checkout-url --plan plan_pro -q'],
    },
    {
      name: 'create',
      summary: 'Subscribe to a plan through a payment gateway',
      options: [
        { flags: '--gateway <name>', description: 'payment gateway', choices: ['gatewayone', 'gatewaytwo', 'gatewaythree'] },
        { flags: '--plan <id>', description: 'plan id' },
      ],
      run: () => import('../commands/subscription/create.js'),
      examples: ['chatcrm subscription cancel "$(chatcrm subscription show -q)" --yes && chatcrm subscription create --gateway gatewayone --plan plan_business   # switch plans'],
    },
    {
      name: 'cancel',
      summary: 'Cancel a subscription',
      args: [idArg('SUBSCRIPTION_ID', 'subscription id')],
      op: { id: 'subscription.cancel', destructive: true },
      examples: ['chatcrm subscription cancel SUBSCRIPTION_ID --yes'],
    },
    {
      name: 'resume',
      summary: 'Resume a cancelled subscription',
      args: [idArg('SUBSCRIPTION_ID', 'subscription id')],
      op: { id: 'subscription.resume' },
      examples: ['chatcrm subscription resume SUBSCRIPTION_ID'],
    },
  ],
};

export const crmRecords: CmdSpec[] = [segments, tags, customFields, currencies, subscription];

/** contacts stats / funnels / funnel-action / add-to-segments / export / export-status / export-download. */
export const contactsRest: CmdSpec[] = [
  {
    name: 'stats',
    summary: 'Contact statistics (totals by status, source, tag)',
    op: { id: 'contacts.stats' },
    examples: ['chatcrm contacts stats', 'chatcrm contacts stats --json'],
  },
  {
    name: 'funnels',
    summary: 'Contacts by funnel stage',
    description: unpaged('Contacts by funnel stage', 'every stage'),
    op: { id: 'contacts.funnels', view: { columns: ['stage', 'count'], drop: [], cut: ['stage'] } },
    examples: ['chatcrm contacts funnels'],
  },
  {
    name: 'funnel-action',
    summary: 'Kanban funnel action (move a contact to a stage)',
    options: [
      { flags: '--contact <id>', description: 'contact id' },
      { flags: '--status <stage>', description: 'stage (status) to move the contact to' },
    ],
    op: { id: 'contacts.funnelAction', data: true, fields: { contact: 'contact_id', status: 'status' } },
    examples: ['chatcrm contacts funnel-action --contact CONTACT_ID --status customer', 'chatcrm contacts funnel-action --data @action.json'],
  },
  {
    name: 'add-to-segments',
    summary: 'Add contacts to segments',
    options: [
      { flags: '--segment <id>', description: 'segment id (repeatable)', repeatable: true },
      { flags: '--contact <id>', description: 'contact id (repeatable)', repeatable: true },
    ],
    op: { id: 'contacts.addToSegments', data: true, fields: { segment: 'segment_ids', contact: 'contact_ids' } },
    examples: ['chatcrm contacts add-to-segments --segment SEGMENT_ID --contact CONTACT_ID --contact CONTACT_ID'],
  },
  {
    name: 'export',
    summary: 'Start a contact export job (then export-status --wait and export-download)',
    options: [{ flags: '--segment <id>', description: 'export only the contacts of this segment' }],
    op: { id: 'contacts.export', data: true, fields: { segment: 'segment_id' }, defaultBody: {}, view: { id: 'job_id', success: 'Export started; follow it with `chatcrm contacts export-status {job_id} --wait`' } },
    examples: ['chatcrm contacts export', 'chatcrm contacts export -q | xargs chatcrm contacts export-status --wait', 'chatcrm contacts export --segment SEGMENT_ID --json'],
  },
  {
    name: 'export-status',
    summary: 'Status of a contact export job',
    args: [{ name: 'JOB_ID', description: 'export job id', required: true }],
    options: [
      { flags: '--wait', description: 'poll until the job completes or fails' },
      { flags: '--wait-timeout <seconds>', description: 'give up waiting after this long (default 300)' },
      { flags: '--interval <seconds>', description: 'seconds between polls (default 1)' },
    ],
    run: () => import('../commands/contacts/export-status.js'),
    examples: ['chatcrm contacts export-status JOB_ID', 'chatcrm contacts export-status JOB_ID --wait --wait-timeout 120'],
  },
  {
    name: 'export-download',
    summary: 'Download a finished contact export',
    args: [{ name: 'FILE_NAME', description: 'file name given by export-status', required: true }],
    options: [
      { flags: '-O, --output-file <path>', description: 'where to save it (a file, a folder, or - for stdout); default: the file name here' },
      { flags: '--force', description: 'overwrite an existing file' },
    ],
    run: () => import('../commands/contacts/export-download.js'),
    examples: ['chatcrm contacts export-download contacts-export-JOB_ID.csv', 'chatcrm contacts export-download contacts-export-JOB_ID.csv -O - | head'],
  },
];
