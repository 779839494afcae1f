// Request schemas of session auth (docs/service-api.md 2, "Users and sessions").
import * as z from 'zod/mini';
import { required as requiredAs, text } from './common.js';

const required = requiredAs('a string');
const email = z.string(required).check(z.trim(), z.email('must be an email address'));
/** National number: spaces, -, ( and ) are stripped; 4 to 14 digits remain. */
const phone = z.string(required).check(
  z.overwrite((s) => s.replace(/[\s\-()]/g, '')),
  z.regex(/^\d{4,14}$/, 'must be a national phone number (4 to 14 digits, no country code)'),
);
const password = z.string(required).check(z.minLength(1, 'must not be empty'));

export const register = z.object({
  name: text(),
  email,
  phone,
  countryCode: z.string(required).check(z.trim(), z.regex(/^\+\d{1,4}$/, 'must be a plus sign and 1 to 4 digits, e.g. +44')),
  password,
});
/** An email, or a phone number in international digits (+, spaces, -, ( ) stripped). */
export const identifier = z.string(required).check(
  z.trim(),
  z.overwrite((s) => (s.includes('@') ? s : s.replace(/[\s\-()+]/g, ''))),
  z.refine((s) => (s.includes('@') ? z.email().safeParse(s).success : /^\d{6,15}$/.test(s)), 'must be an email address or a phone number'),
);
export const login = z.object({ identifier, password });
export const verifyOtp = z.object({ email, otp: z.string(required).check(z.trim(), z.regex(/^\d{4,8}$/, 'must be 4 to 8 digits')) });
export const emailOnly = z.object({ email });
export const resetPassword = z.object({ email, new_password: password });
export const updateProfile = z
  .object({ name: z.optional(text()), phone: z.optional(phone) })
  .check(z.refine((v) => v.name !== undefined || v.phone !== undefined, 'give --name or --phone'));
export const changePassword = z.object({ current_password: password, new_password: password });
