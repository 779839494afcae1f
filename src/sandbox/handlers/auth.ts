// Session auth and profile (spec 4.4).
import type { AreaModule, Handler } from '../http.js';
import type { Store } from '../store.js';

/** The user the sandbox's API key belongs to. */
export function owner(store: Store) {
  return store.list('users', (u) => u.role === 'owner')[0];
}

const profile: Handler = (_req, { store }) => {
  const u = owner(store);
  return { status: 200, body: { success: true, user: { id: u._id, _id: u._id, name: u.name, email: u.email, role: u.role } } };
};

function seed(store: Store): void {
  store.insert('users', { name: 'Sandbox Owner', email: 'owner@sandbox.test', phone: '5550100', countryCode: '+1', role: 'owner', verified: true });
}

export const area: AreaModule = {
  handlers: { 'auth.profile': profile },
  seed,
};
