// Session auth (docs/service-api.md 4.4): every command against the sandbox, passwords never in argv or
// output, OTPs from the sandbox console.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
const logs: string[] = [];
beforeAll(async () => {
  sb = await startTestSandbox({ log: (l) => logs.push(l) });
});
afterAll(() => sb.close());

const PASSWORD = 'S3cret pass!';
const REGISTER = ['auth', 'register', '--name', 'Ada Lovelace', '--email', 'ada@example.com', '--phone', '(770) 090-0123', '--country-code', '+44', '--password-stdin'];

function lastOtp(email: string): string {
  const line = [...logs].reverse().find((l) => l.includes(email));
  const otp = line?.match(/(\d{6})$/)?.[1];
  if (!otp) throw new Error(`no OTP logged for ${email}`);
  return otp;
}

/** One refused command: exit 2, one stderr line matching, nothing sent. */
const refused = (args: string[], message: RegExp, input?: string) => sb.refused(args, message, { input });

describe('auth register / verify-otp / resend-otp / login', () => {
  it('registers with the password from stdin, normalising the phone, and prints no password', async () => {
    const r = await sb.run([...REGISTER, '--json'], { input: `${PASSWORD}\n` });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).user).toMatchObject({ email: 'ada@example.com', verified: false });
    const [call] = sb.calls('auth.register');
    expect(call.body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '7700900123', countryCode: '+44', password: PASSWORD });
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    expect(lastOtp('ada@example.com')).toMatch(/^\d{6}$/);
  });

  it('answers 409 for an email already registered', async () => {
    const r = await sb.run(REGISTER, { input: `${PASSWORD}\n` });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/already exists/);
  });

  it.each([
    [['--email', 'not-an-email'], /--email: must be an email address/],
    [['--country-code', '44'], /--country-code: must be a plus sign/],
    [['--phone', '12ab'], /--phone: must be a national phone number/],
  ])('register refuses %j', async (bad, message) => {
    const args = [...REGISTER];
    args[args.indexOf(bad[0]) + 1] = bad[1];
    await refused(args, message, `${PASSWORD}\n`);
  });

  it('refuses --password on the command line, pointing to --password-stdin', async () => {
    const r = await refused(['auth', 'login', '--identifier', 'ada@example.com', '--password', PASSWORD], /--password: .*--password-stdin/);
    expect(r.stderr).not.toContain(PASSWORD);
    await refused(['auth', 'login', '--identifier', 'ada@example.com', '--password'], /--password-stdin/);
  });

  it('without a terminal and without --password-stdin, exits 2 naming --password-stdin', async () => {
    await refused(['auth', 'login', '--identifier', 'ada@example.com'], /--password-stdin/);
    await refused(['auth', 'login', '--identifier', 'ada@example.com', '--password-stdin'], /--password-stdin: expected the password/, '');
  });

  it('login before verification is refused by the service (403 → exit 3)', async () => {
    const r = await sb.run(['auth', 'login', '--identifier', 'ada@example.com', '--password-stdin'], { input: `${PASSWORD}\n` });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/verify your email/);
  });

  it('verify-otp refuses non-digits, and the service refuses a wrong code', async () => {
    await refused(['auth', 'verify-otp', '--email', 'ada@example.com', '--otp', '12a456'], /--otp: must be 4 to 8 digits/);
    const wrong = lastOtp('ada@example.com') === '000000' ? '111111' : '000000';
    const r = await sb.run(['auth', 'verify-otp', '--email', 'ada@example.com', '--otp', wrong]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/Invalid or expired OTP/);
  });

  it('resend-otp issues a new code, and verify-otp accepts it', async () => {
    await refused(['auth', 'resend-otp'], /--email: is required/);
    const r = await sb.run(['auth', 'resend-otp', '--email', 'ada@example.com']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('auth.resendOtp').at(-1)?.body).toEqual({ email: 'ada@example.com' });
    const otp = lastOtp('ada@example.com');
    const v = await sb.run(['auth', 'verify-otp', '--email', 'ada@example.com', '--otp', otp]);
    expect(v.exitCode).toBe(0);
    expect(sb.calls('auth.verifyOtp').at(-1)?.body).toEqual({ email: 'ada@example.com', otp });
    expect(v.stderr).toMatch(/OTP verified/);
    expect(sb.store.list('users', (u) => u.email === 'ada@example.com')[0].verified).toBe(true);
  });

  it('logs in by email; the token is masked unless --show-token, and never in --verbose', async () => {
    const r = await sb.run(['auth', 'login', '--identifier', 'ada@example.com', '--password-stdin', '--json', '--verbose'], { input: `${PASSWORD}\n` });
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.token).toBe('***');
    expect(out.user.email).toBe('ada@example.com');
    expect(sb.calls('auth.login').at(-1)?.body).toEqual({ identifier: 'ada@example.com', password: PASSWORD });
    expect(r.stderr).toContain('"password":"***"');
    expect(r.stderr).toContain('"token":"***"');
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    const shown = await sb.run(['auth', 'login', '--identifier', '+44 7700 900123', '--password-stdin', '--show-token', '--json'], { input: `${PASSWORD}\n` });
    expect(shown.exitCode).toBe(0);
    expect(JSON.parse(shown.stdout).token).toMatch(/^[\w-]{20,}$/);
    expect(sb.calls('auth.login').at(-1)?.body).toMatchObject({ identifier: '447700900123' });
  });

  it('a wrong password is a 401 (exit 3); an identifier that is neither email nor phone is refused', async () => {
    const r = await sb.run(['auth', 'login', '--identifier', 'ada@example.com', '--password-stdin'], { input: 'wrong\n' });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/Invalid credentials/);
    await refused(['auth', 'login', '--identifier', 'ada', '--password-stdin'], /--identifier: must be an email address or a phone number/, 'x\n');
  });

  it('--dry-run shows the request with the password redacted', async () => {
    const before = sb.received.length;
    const r = await sb.run(['--dry-run', 'auth', 'login', '--identifier', 'ada@example.com', '--password-stdin', '--json'], { input: `${PASSWORD}\n` });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).body).toEqual({ identifier: 'ada@example.com', password: '***' });
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    expect(sb.received.length).toBe(before);
  });
});

describe('auth forgot-password / reset-password', () => {
  it('forgot-password issues a reset code; unknown emails are 404; bad emails refused', async () => {
    const r = await sb.run(['auth', 'forgot-password', '--email', 'ada@example.com']);
    expect(r.exitCode).toBe(0);
    expect(logs.at(-1)).toMatch(/password reset OTP for ada@example.com/);
    await sb.refused(['auth', 'forgot-password', '--email', 'nobody@example.com'], /User not found/, { code: 4 });
    expect(sb.received.at(-1)).toMatchObject({ operation: 'auth.forgotPassword', path: '/api/auth/forgot-password', body: { email: 'nobody@example.com' } });
    await refused(['auth', 'forgot-password', '--email', 'nobody'], /--email: must be an email address/);
  });

  it('reset-password sets the new password from stdin; login works with it', async () => {
    const r = await sb.run(['auth', 'reset-password', '--email', 'ada@example.com', '--password-stdin'], { input: 'N3w-pass\n' });
    expect(r.exitCode).toBe(0);
    expect(sb.calls('auth.resetPassword').at(-1)?.body).toEqual({ email: 'ada@example.com', new_password: 'N3w-pass' });
    const login = await sb.run(['auth', 'login', '--identifier', 'ada@example.com', '--password-stdin'], { input: 'N3w-pass\n' });
    expect(login.exitCode).toBe(0);
    await refused(['auth', 'reset-password', '--email', 'ada@example.com', '--password', 'x'], /--password-stdin/);
  });
});

describe('auth profile / update-profile / permissions / change-password / logout', () => {
  it('profile shows the key owner; update-profile sends only the given fields', async () => {
    const p = await sb.run(['auth', 'profile', '--json']);
    expect(p.exitCode).toBe(0);
    expect(JSON.parse(p.stdout)).toMatchObject({ email: 'owner@sandbox.test', role: 'owner' });
    const r = await sb.run(['auth', 'update-profile', '--name', 'Owner Two', '--phone', '555-0199', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('auth.updateProfile').at(-1)?.body).toEqual({ name: 'Owner Two', phone: '5550199' });
    expect(JSON.parse(r.stdout).user.name).toBe('Owner Two');
  });

  it('update-profile refuses an empty update and a bad phone', async () => {
    await refused(['auth', 'update-profile'], /give --name or --phone/);
    await refused(['auth', 'update-profile', '--data', '{}'], /give --name or --phone/);
    await refused(['auth', 'update-profile', '--phone', 'call me'], /--phone: must be a national phone number/);
  });

  it('permissions lists modules and actions; a bad key is exit 3', async () => {
    const r = await sb.run(['auth', 'permissions', '--json']);
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.role).toBe('owner');
    const modules = ['contacts', 'campaigns', 'templates', 'automation', 'segments', 'tags', 'custom_fields', 'currencies', 'teams', 'subscription', 'api_keys'];
    expect(out.permissions).toEqual(modules.map((module) => ({ module, actions: ['read', 'create', 'update', 'delete'] })));
    expect(sb.calls('auth.permissions').at(-1)).toMatchObject({ method: 'GET', path: '/api/auth/my-permissions' });
    const bad = await sb.run(['auth', 'permissions'], { env: { CHATCRM_API_KEY: 'wrong-key' } });
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/Invalid API key/);
  });

  it('change-password reads current and new from two stdin lines; a wrong current password is rejected', async () => {
    await refused(['auth', 'change-password', '--password-stdin'], /current password on line 1, new password on line 2/, 'only-one-line\n');
    const wrong = await sb.run(['auth', 'change-password', '--password-stdin'], { input: 'not-it\nbrand-new\n' });
    expect(wrong.exitCode).toBe(5);
    expect(wrong.stderr).toMatch(/Current password is incorrect/);
    const r = await sb.run(['auth', 'change-password', '--password-stdin', '--verbose'], { input: 'sandbox-password\r\nbrand-new\r\n' });
    expect(r.exitCode).toBe(0);
    expect(sb.calls('auth.changePassword').at(-1)?.body).toEqual({ current_password: 'sandbox-password', new_password: 'brand-new' });
    expect(r.stdout + r.stderr).not.toMatch(/sandbox-password|brand-new/);
    const login = await sb.run(['auth', 'login', '--identifier', 'owner@sandbox.test', '--password-stdin'], { input: 'brand-new\n' });
    expect(login.exitCode).toBe(0);
  });

  it('logout posts an empty object', async () => {
    const r = await sb.run(['auth', 'logout']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/Logged out/);
    expect(sb.calls('auth.logout').at(-1)?.body).toEqual({});
    const bad = await sb.run(['auth', 'logout'], { env: { CHATCRM_API_KEY: undefined } });
    expect(bad.exitCode).toBe(3);
  });
});
