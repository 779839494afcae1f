// Taxes (docs/service-api.md 4.12): name and rate in percent.
import { idArg, listCommand, getCommand, deleteManyCommand, deleteOneCommand } from './common.js';
import type { CmdSpec } from './types.js';

export const taxes: CmdSpec = {
  name: 'taxes',
  summary: 'Taxes: name and rate in percent',
  subcommands: [
    listCommand('taxes', 'taxes.list', 'taxes', { columns: ['_id', 'name', 'rate', 'status'], drop: ['status'], cut: ['name'] }),
    getCommand('taxes', 'taxes.get', 'a tax', 'TAX_ID'),
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
    deleteOneCommand('taxes', 'taxes.delete', 'a tax', 'TAX_ID'),
    deleteManyCommand('taxes', 'delete-many', 'taxes.deleteMany', 'taxes', 'TAX_ID'),
  ],
};
