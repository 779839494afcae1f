// The auth commands that carry passwords, each an operation plus its password fields.
import { maskToken, withPasswords, type PasswordOpts } from './password.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SHOW_TOKEN } from './options.js';

export const register = withPasswords(
  { id: 'auth.register', fields: { name: 'name', email: 'email', phone: 'phone', countryCode: 'countryCode' } },
  [{ field: 'password', label: 'Password', confirm: true }],
);

export const login = withPasswords<PasswordOpts & OptsOf<[typeof SHOW_TOKEN]>>({ id: 'auth.login', fields: { identifier: 'identifier' } }, [{ field: 'password', label: 'Password' }], maskToken);

export const resetPassword = withPasswords({ id: 'auth.resetPassword', fields: { email: 'email' } }, [
  { field: 'new_password', label: 'New password', confirm: true },
]);

export const changePassword = withPasswords({ id: 'auth.changePassword' }, [
  { field: 'current_password', label: 'Current password' },
  { field: 'new_password', label: 'New password', confirm: true },
]);
