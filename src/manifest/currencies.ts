// Currencies (docs/service-api.md 4.9): exchange rates and the default currency.
import { LIST_OPTIONS } from '../runtime/option-lists.js';
import { idArg, idsArg, LIST_QUERY } from './common.js';
import type { CmdSpec } from './types.js';

export const currencies: CmdSpec = {
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
