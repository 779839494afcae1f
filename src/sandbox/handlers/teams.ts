// Teams (docs/service-api.md 4.11).
import { ok, type AreaModule } from '../http.js';
import type { Store } from '../store.js';
import { resource, toggle, seq } from '../resource.js';
import * as schemas from '../../schemas/teams.js';

const teams = resource({
  collection: 'teams',
  names: ['Team', 'teams'],
  unique: 'name',
  create: schemas.teamCreate,
  update: schemas.teamUpdate,
  defaults: { members: [], status: 'active', permissions: [] },
});

const PERMISSIONS = ['contacts', 'chats', 'campaigns', 'templates', 'automation', 'reports', 'settings'].flatMap((module) =>
  ['view', 'create', 'update', 'delete'].map((action) => ({ key: `${module}.${action}`, module, action })),
);
function seed(store: Store): void {
  store.insert('teams', { name: 'Support', members: ['ana@example.com', 'bo@example.com'], status: 'active', permissions: ['chats.view', 'contacts.view'] });
  store.insert('teams', { name: 'Sales', members: ['carla@example.com'], status: 'active', permissions: ['contacts.view', 'campaigns.view'] });
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('teams', { name: `Team ${seq(i)}`, members: [], status: 'active', permissions: [] });
}
export const area: AreaModule = {
  handlers: {
    'teams.list': teams.list,
    'teams.permissions': () => ok(PERMISSIONS, 'Permissions fetched successfully'),
    'teams.get': teams.get,
    'teams.create': teams.create,
    'teams.update': teams.update,
    'teams.deleteMany': teams.removeMany,
    'teams.toggleStatus': toggle('teams', 'Team', 'status', ['active', 'inactive']),
  },
  seed,
  bulk,
};
