// Contacts: list, create and import through the tool endpoint (docs/service-api.md 4.5), stats, funnels and
// exports over REST (docs/service-api.md 4.8).
import { BATCH_OPTIONS } from '../runtime/option-lists.js';
import { unpaged } from './common.js';
import type { CmdSpec } from './types.js';
import { CREATE_OPTIONS, EXPORT_DOWNLOAD_OPTIONS, EXPORT_OPTIONS, EXPORT_STATUS_OPTIONS, LIST_CONTACTS_OPTIONS } from '../commands/contacts/options.js';

/** contacts list / create (tools list_contacts, create_contact); `contacts import` is wired with the batch engine. */
const onToolEndpoint: CmdSpec[] = [
  {
    name: 'list',
    summary: 'List contacts (tool list_contacts)',
    options: LIST_CONTACTS_OPTIONS,
    examples: ['chatcrm contacts list', 'chatcrm contacts list --search ada --limit 20 --json', 'chatcrm contacts list --all -o jsonl > contacts.jsonl'],
    load: () => import('../commands/contacts/list.js'),
  },
  {
    name: 'create',
    summary: 'Create a contact (tool create_contact)',
    options: CREATE_OPTIONS,
    examples: [
      'chatcrm contacts create --phone "+1 (555) 123-4567" --name "Ada Lovelace"',
      'chatcrm contacts create --phone 15557654321 --name Ada --email ada@example.com --tag vip --field city=London',
    ],
    load: () => import('../commands/contacts/create.js'),
  },
  {
    name: 'import',
    summary: 'Create a contact per row of a CSV or JSONL file (tool create_contact; crash-safe, resumable)',
    description:
      'Columns: phone_number (or phone) and name are required; email, source, status, tags (JSON array, or separated by ; or ,), ' +
      'and custom fields as field.<key> columns or a custom_fields JSON object. Every row is journaled before its request is sent ' +
      'and after it is answered; --resume skips created rows and never re-sends uncertain ones unless --retry-uncertain. ' +
      'Exit 0 when every row is created, 5 otherwise, 130 on Ctrl-C.',
    args: [{ name: 'FILE', description: 'CSV with a header row, or .jsonl', required: true }],
    options: BATCH_OPTIONS,
    examples: [
      'chatcrm contacts import contacts.csv --results import-results.csv',
      'chatcrm contacts import contacts.jsonl --concurrency 4 --dry-run',
      'chatcrm contacts import contacts.csv --resume',
    ],
    load: () => import('../commands/contacts/import.js'),
  },
];

/** contacts stats / funnels / funnel-action / add-to-segments / export / export-status / export-download. */
const rest: CmdSpec[] = [
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
    summary: 'Start a contact export job; with --wait, wait for it and download the file',
    options: EXPORT_OPTIONS,
    op: { id: 'contacts.export', data: true, fields: { segment: 'segment_id' }, defaultBody: {}, view: { id: 'job_id', success: 'Export started; follow it with `chatcrm contacts export-status {job_id} --wait`' } },
    load: () => import('../commands/contacts/export.js'),
    examples: [
      'chatcrm contacts export --wait -O export.csv',
      'chatcrm contacts export --wait -O - | head',
      'chatcrm contacts export',
      'chatcrm contacts export -q | xargs chatcrm contacts export-status --wait',
      'chatcrm contacts export --segment SEGMENT_ID --json',
    ],
  },
  {
    name: 'export-status',
    summary: 'Status of a contact export job',
    args: [{ name: 'JOB_ID', description: 'export job id', required: true }],
    options: EXPORT_STATUS_OPTIONS,
    load: () => import('../commands/contacts/export-status.js'),
    examples: ['chatcrm contacts export-status JOB_ID', 'chatcrm contacts export-status JOB_ID --wait --wait-timeout 120'],
  },
  {
    name: 'export-download',
    summary: 'Download a finished contact export',
    args: [{ name: 'FILE_NAME', description: 'file name given by export-status', required: true }],
    options: EXPORT_DOWNLOAD_OPTIONS,
    load: () => import('../commands/contacts/export-download.js'),
    examples: ['chatcrm contacts export-download contacts-export-JOB_ID.csv', 'chatcrm contacts export-download contacts-export-JOB_ID.csv -O - | head'],
  },
];

export const contacts: CmdSpec = {
  name: 'contacts',
  summary: 'Contacts: list, create and import (tool endpoint), stats, funnels, export',
  subcommands: [...onToolEndpoint, ...rest],
};
