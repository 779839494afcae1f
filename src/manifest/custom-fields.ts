// Custom fields (docs/service-api.md 4.7): custom contact fields and their active state.
import { LIST_OPTIONS } from '../runtime/option-lists.js';
import { idArg, idsArg, LIST_QUERY } from './common.js';
import type { CmdSpec } from './types.js';

export const customFields: CmdSpec = {
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
