// The auth commands that carry passwords, each an operation plus its password fields.
import type { Run } from '../../runtime/command-types.js';
import { maskToken, withPasswords } from './password.js';

export const register: Run = withPasswords(
  { id: 'auth.register', fields: { name: 'name', email: 'email', phone: 'phone', countryCode: 'countryCode' } },
  [{ field: 'password', label: 'Password', confirm: true }],
);

export const login: Run = withPasswords({ id: 'auth.login', fields: { identifier: 'identifier' } }, [{ field: 'password', label: 'Password' }], maskToken);

export const resetPassword: Run = withPasswords({ id: 'auth.resetPassword', fields: { email: 'email' } }, [
  { field: 'new_password', label: 'New password', confirm: true },
]);

export const changePassword: Run = withPasswords({ id: 'auth.changePassword' }, [
  { field: 'current_password', label: 'Current password' },
  { field: 'new_password', label: 'New password', confirm: true },
]);
