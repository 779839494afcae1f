// auth: session authentication and profile (docs/service-api.md 4.4). Passwords come from a hidden
// prompt or --password-stdin; --password exists only to refuse it with a pointer.
import type { CmdSpec, OptSpec } from './types.js';
import { passwordOptions, SHOW_TOKEN } from '../commands/auth/options.js';

const email: OptSpec = { flags: '--email <address>', description: 'email address' };
const passwords = () => import('../commands/auth/run.js');

export const auth: CmdSpec = {
  name: 'auth',
  summary: 'Session authentication and the profile of the key',
  subcommands: [
    {
      name: 'register',
      summary: 'Register a user (an OTP is sent to the email)',
      options: [
        { flags: '--name <name>', description: 'full name' },
        email,
        { flags: '--phone <number>', description: 'national phone number, without the country code' },
        { flags: '--country-code <+NN>', description: 'country calling code with a plus sign, e.g. +44' },
        ...passwordOptions('the password (first line)'),
      ],
      load: () => passwords().then((m) => ({ run: m.register })),
      examples: [
        { cmd: 'chatcrm auth register --name "Ada Lovelace" --email ada@example.com --phone 7700900123 --country-code +44', notRun: 'asks for the password on a terminal' },
        'chatcrm auth register --name "Ada Lovelace" --email ada@example.com --phone 7700900123 --country-code +44 --password-stdin < pw.txt',
      ],
    },
    {
      name: 'verify-otp',
      summary: 'Verify the OTP sent to an email',
      options: [email, { flags: '--otp <digits>', description: 'the code received' }],
      op: { id: 'auth.verifyOtp', fields: { email: 'email', otp: 'otp' } },
      examples: ['chatcrm auth verify-otp --email ada@example.com --otp 123456'],
    },
    {
      name: 'resend-otp',
      summary: 'Send the OTP again',
      options: [email],
      op: { id: 'auth.resendOtp', fields: { email: 'email' } },
      examples: ['chatcrm auth resend-otp --email ada@example.com'],
    },
    {
      name: 'login',
      summary: 'Log in with an email or phone and a password (prints a session token)',
      options: [
        { flags: '--identifier <email-or-phone>', description: 'email address or phone number' },
        SHOW_TOKEN,
        ...passwordOptions('the password (first line)'),
      ],
      load: () => passwords().then((m) => ({ run: m.login })),
      examples: [
        { cmd: 'chatcrm auth login --identifier ada@example.com', notRun: 'asks for the password on a terminal' },
        'chatcrm auth login --identifier ada@example.com --password-stdin --show-token --json < pw.txt',
      ],
    },
    {
      name: 'forgot-password',
      summary: 'Start a password reset',
      options: [email],
      op: { id: 'auth.forgotPassword', fields: { email: 'email' } },
      examples: ['chatcrm auth forgot-password --email ada@example.com'],
    },
    {
      name: 'reset-password',
      summary: 'Set a new password',
      options: [email, ...passwordOptions('the new password (first line)')],
      load: () => passwords().then((m) => ({ run: m.resetPassword })),
      examples: [
        { cmd: 'chatcrm auth reset-password --email ada@example.com', notRun: 'asks for the new password on a terminal' },
        'chatcrm auth reset-password --email ada@example.com --password-stdin < new-pw.txt',
      ],
    },
    {
      name: 'profile',
      summary: 'Show the user the API key belongs to',
      op: { id: 'auth.profile' },
      examples: ['chatcrm auth profile', 'chatcrm auth profile --json'],
    },
    {
      name: 'update-profile',
      summary: 'Change the name or phone of the profile',
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--phone <number>', description: 'new national phone number' },
      ],
      op: { id: 'auth.updateProfile', data: true, fields: { name: 'name', phone: 'phone' } },
      examples: ['chatcrm auth update-profile --name "Ada King"', 'chatcrm auth update-profile --phone 7700900456'],
    },
    {
      name: 'permissions',
      summary: 'Show the permissions of the caller',
      op: { id: 'auth.permissions' },
      examples: ['chatcrm auth permissions', 'chatcrm auth permissions --json'],
    },
    {
      name: 'change-password',
      summary: 'Change the password (current, then new)',
      options: [...passwordOptions('the current password (line 1) and the new one (line 2)')],
      load: () => passwords().then((m) => ({ run: m.changePassword })),
      examples: [{ cmd: 'chatcrm auth change-password', notRun: 'asks for the passwords on a terminal' }, 'chatcrm auth change-password --password-stdin < passwords.txt   # line 1: the current password, line 2: the new one'],
    },
    {
      name: 'logout',
      summary: 'Log out the session',
      op: { id: 'auth.logout', defaultBody: {} },
      examples: ['chatcrm auth logout'],
    },
  ],
};
