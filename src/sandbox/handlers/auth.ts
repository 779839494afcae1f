// Session auth and profile (docs/service-api.md 4.4). The sandbox sends no email: OTPs are printed on
// its console. Passwords are kept as salted hashes; login answers `{ success, message,
// token, user }` as the service does.
import { createHash, randomBytes } from 'node:crypto';
import { fail, ok, type AreaModule, type Handler, validate } from '../http.js';
import type { Doc, Store } from '../store.js';
import * as schemas from '../../schemas/auth.js';

/** The password of the seeded owner (documented in docs/auth.md). */
export const OWNER_PASSWORD = 'sandbox-password';

/** Every OTP the sandbox issues (documented in docs/auth.md): examples and scripts can verify without reading its console. */
export const SANDBOX_OTP = '123456';

/** The user the sandbox's API key belongs to. */
export function owner(store: Store) {
  return store.list('users', (u) => u.role === 'owner')[0];
}

const hash = (password: string, salt: string) => createHash('sha256').update(`${salt}:${password}`).digest('hex');
function passwordFields(password: string) {
  const salt = randomBytes(8).toString('hex');
  return { password_salt: salt, password_hash: hash(password, salt) };
}
const passwordMatches = (u: Doc, password: string) => u.password_hash === hash(password, String(u.password_salt));
const publicUser = (u: Doc) => ({ id: u._id, _id: u._id, name: u.name, email: u.email, phone: u.phone, countryCode: u.countryCode, role: u.role, verified: u.verified });


const byEmail = (store: Store, email: string) => store.list('users', (u) => String(u.email).toLowerCase() === email.toLowerCase())[0];

function issueOtp(env: Parameters<Handler>[1], user: Doc, purpose: string): void {
  env.store.update('users', user._id, { otp: SANDBOX_OTP, otp_purpose: purpose, otp_expires_at: new Date(Date.now() + 10 * 60_000).toISOString() });
  env.log(`sandbox: ${purpose} OTP for ${user.email}: ${SANDBOX_OTP}`);
}

const register: Handler = (req, env) => {
  const p = validate(schemas.register, req.body);
  if ('reply' in p) return p.reply;
  const { password, ...fields } = p.data;
  if (byEmail(env.store, fields.email)) return fail(409, 'User with this email already exists');
  const user = env.store.insert('users', { ...fields, role: 'user', verified: false, ...passwordFields(password) });
  issueOtp(env, user, 'verification');
  return { status: 201, body: { success: true, message: `Registration successful. An OTP was sent to ${user.email}`, data: { user: publicUser(user) } } };
};

const verifyOtp: Handler = (req, env) => {
  const p = validate(schemas.verifyOtp, req.body);
  if ('reply' in p) return p.reply;
  const user = byEmail(env.store, p.data.email);
  if (!user) return fail(404, 'User not found');
  if (!user.otp || user.otp !== p.data.otp || Date.parse(String(user.otp_expires_at)) < Date.now()) return fail(400, 'Invalid or expired OTP');
  const verified = env.store.update('users', user._id, { otp: null, otp_expires_at: null, verified: true })!;
  return ok({ user: publicUser(verified) }, 'OTP verified successfully');
};

const emailAction = (purpose: string, message: string): Handler => (req, env) => {
  const p = validate(schemas.emailOnly, req.body);
  if ('reply' in p) return p.reply;
  const user = byEmail(env.store, p.data.email);
  if (!user) return fail(404, 'User not found');
  issueOtp(env, user, purpose);
  return ok({ email: user.email }, message);
};

const resetPassword: Handler = (req, env) => {
  const p = validate(schemas.resetPassword, req.body);
  if ('reply' in p) return p.reply;
  const user = byEmail(env.store, p.data.email);
  if (!user) return fail(404, 'User not found');
  env.store.update('users', user._id, { ...passwordFields(p.data.new_password), otp: null });
  return ok({ email: user.email }, 'Password reset successfully');
};

const login: Handler = (req, env) => {
  const p = validate(schemas.login, req.body);
  if ('reply' in p) return p.reply;
  const id = p.data.identifier;
  const user = env.store.list('users', (u) =>
    id.includes('@') ? String(u.email).toLowerCase() === id.toLowerCase() : `${String(u.countryCode ?? '').replace('+', '')}${u.phone}` === id || u.phone === id,
  )[0];
  if (!user || !passwordMatches(user, p.data.password)) return fail(401, 'Invalid credentials');
  if (!user.verified) return fail(403, 'Please verify your email before logging in');
  const token = randomBytes(32).toString('base64url');
  env.store.insert('sessions', { user_id: user._id, token_hash: createHash('sha256').update(token).digest('hex') });
  return { status: 200, body: { success: true, message: 'Login successful', token, user: publicUser(user) } };
};

const profile: Handler = (_req, { store }) => {
  const u = owner(store);
  return { status: 200, body: { success: true, user: { id: u._id, _id: u._id, name: u.name, email: u.email, role: u.role } } };
};

const updateProfile: Handler = (req, { store }) => {
  const p = validate(schemas.updateProfile, req.body);
  if ('reply' in p) return p.reply;
  const u = store.update('users', owner(store)._id, p.data)!;
  return ok({ user: publicUser(u) }, 'Profile updated successfully');
};

const permissions: Handler = (_req, { store }) => {
  const u = owner(store);
  const all = ['contacts', 'campaigns', 'templates', 'automation', 'segments', 'tags', 'custom_fields', 'currencies', 'teams', 'subscription', 'api_keys'];
  return ok({ role: u.role, permissions: all.map((module) => ({ module, actions: ['read', 'create', 'update', 'delete'] })) }, 'Permissions fetched successfully');
};

const changePassword: Handler = (req, { store }) => {
  const p = validate(schemas.changePassword, req.body);
  if ('reply' in p) return p.reply;
  const u = owner(store);
  if (!passwordMatches(u, p.data.current_password)) return fail(400, 'Current password is incorrect');
  if (p.data.current_password === p.data.new_password) return fail(400, 'New password must differ from the current one');
  store.update('users', u._id, passwordFields(p.data.new_password));
  return ok(null, 'Password changed successfully');
};

const logout: Handler = (_req, { store }) => {
  const u = owner(store);
  for (const s of store.list('sessions', (s) => s.user_id === u._id)) store.softDelete('sessions', s._id);
  return { status: 200, body: { success: true, message: 'Logged out successfully' } };
};

function seed(store: Store): void {
  store.insert('users', {
    name: 'Sandbox Owner',
    email: 'owner@sandbox.test',
    phone: '5550100',
    countryCode: '+1',
    role: 'owner',
    verified: true,
    ...passwordFields(OWNER_PASSWORD),
  });
}

export const area: AreaModule = {
  handlers: {
    'auth.register': register,
    'auth.login': login,
    'auth.verifyOtp': verifyOtp,
    'auth.resendOtp': emailAction('verification', 'OTP sent successfully'),
    'auth.forgotPassword': emailAction('password reset', 'Password reset OTP sent to your email'),
    'auth.resetPassword': resetPassword,
    'auth.profile': profile,
    'auth.updateProfile': updateProfile,
    'auth.permissions': permissions,
    'auth.changePassword': changePassword,
    'auth.logout': logout,
  },
  seed,
};
