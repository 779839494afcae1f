// Segments (docs/service-api.md 4.6): lists of contacts, and their membership.
import { LIST_OPTIONS } from '../runtime/option-lists.js';
import { idArg, idsArg, LIST_QUERY } from './common.js';
import type { CmdSpec } from './types.js';

export const segments: CmdSpec = {
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
