// Taxes (docs/service-api.md 4.12).
import { type AreaModule } from '../http.js';
import type { Store } from '../store.js';
import { resource, seq } from '../resource.js';
import * as schemas from '../../schemas/taxes.js';

const taxes = resource({ collection: 'taxes', names: ['Tax', 'taxes'], unique: 'name', create: schemas.taxCreate, update: schemas.taxUpdate, defaults: { status: 'active' } });
function seed(store: Store): void {
  store.insert('taxes', { name: 'VAT', rate: 20, status: 'active' });
  store.insert('taxes', { name: 'Reduced VAT', rate: 5.5, status: 'active' });
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('taxes', { name: `Tax ${seq(i)}`, rate: i % 30, status: 'active' });
}
export const area: AreaModule = {
  handlers: {
    'taxes.list': taxes.list,
    'taxes.get': taxes.get,
    'taxes.create': taxes.create,
    'taxes.update': taxes.update,
    'taxes.delete': taxes.remove,
    'taxes.deleteMany': taxes.removeMany,
  },
  seed,
  bulk,
};
