// The user of a key, from the answer to GET /api/auth/profile ({ user } or { data }). A 2xx
// without one is not proof that the key is valid: the address may not be the service at all.
import { ResponseError } from '../../core/errors.js';
import { isObj } from '../../core/output/shape.js';

export interface User {
  id?: unknown;
  name?: unknown;
  email?: unknown;
  role?: unknown;
}

/** The user, or a ResponseError (exit 7) saying the answer held none. */
export function profileUser(body: unknown, status: number, baseUrl: string | undefined): User {
  const b = isObj(body) ? body : {};
  const u = [b.user, b.data].find((v) => isObj(v) && ['id', '_id', 'name', 'email'].some((k) => v[k] !== undefined)) as Record<string, unknown> | undefined;
  if (!u) throw new ResponseError(`The server answered GET /api/auth/profile (HTTP ${status}) without a user; is ${baseUrl ?? 'the base URL'} the chatcrm API?`, status, 'no_user');
  return { id: u.id ?? u._id, name: u.name, email: u.email, role: u.role };
}

/** `Ada <ada@example.com> (owner)`. */
export function describeUser(u: User): string {
  return [u.name, u.email && `<${String(u.email)}>`, u.role && `(${String(u.role)})`].filter(Boolean).join(' ') || String(u.id);
}
