import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { findTemplate, templateVariableCount } from '../../src/sandbox/domain.js';

let sb: TestSandbox;
const dir = tempDir('chatcrm-templates-');
const ACC = ['--account', 'waba_123'];
const base = (name: string, category = 'MARKETING') => ['templates', 'create', ...ACC, '--name', name, '--category', category, '--language', 'en_US'];

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function create(argv: string[], expected: Record<string, unknown>) {
  const r = await sb.run([...argv, '--json']);
  expect(r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
  const { template_id } = JSON.parse(r.stdout);
  expect(template_id).toMatch(/^\d+$/);
  const call = sb.calls('templates.create').at(-1)!;
  expect(call.status).toBe(201);
  expect(call.body).toEqual({ business_account_id: 'waba_123', language: 'en_US', template_type: 'standard', ...expected });
  return template_id as string;
}

describe('templates create: every variant of docs/service-api.md 4.2', () => {
  it('simple text (category any case → upper case; the service lower-cases the name)', async () => {
    const id = await create(base('Welcome_Note', 'utility').concat('--body', 'Thanks for joining!', '--footer', 'Team Rosa'), {
      template_name: 'Welcome_Note', category: 'UTILITY', message_body: 'Thanks for joining!', footer_text: 'Team Rosa',
    });
    expect(findTemplate(sb.store, id)).toMatchObject({ template_name: 'welcome_note', category: 'UTILITY' });
  });

  it('variables with examples, and a named header variable', async () => {
    const id = await create(
      base('order_update', 'Utility').concat('--header', 'Hello {{customer}}', '--body', 'Order {{1}} ships on {{2}}', '--example', '1=A-1001', '--example', '2=Monday', '--example', 'customer=Maria'),
      {
        template_name: 'order_update', category: 'UTILITY', header_text: 'Hello {{customer}}', message_body: 'Order {{1}} ships on {{2}}',
        variable_examples: [{ key: '1', example: 'A-1001' }, { key: '2', example: 'Monday' }, { key: 'customer', example: 'Maria' }],
      },
    );
    // what `chat send --template` checks against
    expect(templateVariableCount(findTemplate(sb.store, id)!)).toBe(2);
  });

  it('authentication / OTP', async () => {
    await create(base('login_code', 'authentication').concat('--security-recommendation', '--code-expiration', '10', '--otp-length', '6', '--otp-copy-button', 'Copy code'), {
      template_name: 'login_code', category: 'AUTHENTICATION', add_security_recommendation: true, code_expiration_minutes: 10, otp_code_length: 6,
      otp_buttons: [{ otp_type: 'COPY_CODE', copy_button_text: 'Copy code' }],
    });
  });

  it('quick-reply buttons', async () => {
    await create(base('survey').concat('--body', 'Did you like it?', '--button', 'quick_reply:Yes', '--button', 'quick_reply:No'), {
      template_name: 'survey', category: 'MARKETING', message_body: 'Did you like it?', buttons: [{ type: 'quick_reply', text: 'Yes' }, { type: 'quick_reply', text: 'No' }],
    });
  });

  it('call and website buttons', async () => {
    await create(base('contact_us').concat('--body', 'Questions?', '--button', 'phone_call:Call us:+1 (555) 123-4567', '--button', 'website:Visit:https://example.com/shop?a=1'), {
      template_name: 'contact_us', category: 'MARKETING', message_body: 'Questions?',
      buttons: [{ type: 'phone_call', text: 'Call us', phone_number: '15551234567' }, { type: 'website', text: 'Visit', website_url: 'https://example.com/shop?a=1' }],
    });
  });

  it('copy-code button', async () => {
    await create(base('coupon').concat('--body', 'Your coupon', '--button', 'copy_code:SAVE20'), {
      template_name: 'coupon', category: 'MARKETING', message_body: 'Your coupon', buttons: [{ type: 'copy_code', text: 'SAVE20' }],
    });
  });

  it('limited-time offer', async () => {
    await create(base('flash_sale').concat('--body', 'Sale ends soon', '--limited-time-offer', '--offer-text', '20% off', '--has-expiration', '--button', 'copy_code:FLASH'), {
      template_name: 'flash_sale', category: 'MARKETING', message_body: 'Sale ends soon', is_limited_time_offer: true, offer_text: '20% off', has_expiration: true,
      buttons: [{ type: 'copy_code', text: 'FLASH' }],
    });
  });

  it('--file (YAML) with flags overriding, --account defaulting to the profile', async () => {
    const p = join(dir, 't.yaml');
    writeFileSync(p, 'template_name: from_file\ncategory: marketing\nlanguage: es_MX\nmessage_body: "Hola {{1}}"\nvariable_examples:\n  - key: "1"\n    example: Ana\n');
    const cfg = tempDir('chatcrm-cfg-');
    writeFileSync(join(cfg, 'config.json'), JSON.stringify({ active: 'default', profiles: { default: { 'business-account': 'waba_profile' } } }));
    const r = await sb.run(['templates', 'create', '--file', p, '--language', 'es_ES', '--json'], { configDir: cfg });
    expect(r.exitCode).toBe(0);
    expect(sb.calls('templates.create').at(-1)!.body).toEqual({
      template_name: 'from_file', category: 'MARKETING', language: 'es_ES', message_body: 'Hola {{1}}', variable_examples: [{ key: '1', example: 'Ana' }],
      business_account_id: 'waba_profile', template_type: 'standard',
    });
  });

  it('a duplicate name is refused by the service (409 → exit 5)', async () => {
    const r = await sb.run(base('SURVEY').concat('--body', 'again'));
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/already exists/);
  });

  it('the sandbox answers 400 with errors for a bad template sent raw', async () => {
    const res = await fetch(`${sb.url}/api/v2/templates/create`, {
      method: 'POST',
      headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ business_account_id: 'a', template_name: 'x', category: 'marketing', language: 'en_US', template_type: 'standard', message_body: 'Hi {{2}}' }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^message_body: .*\{\{1\}\} is missing/)]));
    expect(findTemplate(sb.store, 'x')).toBeUndefined();
  });
});

describe('bad templates: exit 2, one line naming the field, nothing sent', () => {
  it.each([
    ['gaps in the variables', ['--body', 'Hi {{1}} and {{3}}', '--example', '1=a', '--example', '3=c'], /^Error: --body: variables must be numbered from \{\{1\}\} without gaps; \{\{2\}\} is missing$/m],
    ['a variable without an example', ['--body', 'Hi {{1}} {{2}}', '--example', '1=a'], /--example: variable \{\{2\}\} has no example/],
    ['an unknown button type', ['--body', 'x', '--button', 'fax:123'], /--button: unknown type "fax"/],
    ['a phone button without a phone', ['--body', 'x', '--button', 'phone_call:Call'], /--button: phone_call needs TEXT:PHONE/],
    ['a website button that is not http(s)', ['--body', 'x', '--button', 'website:Go:ftp://x.org'], /--button: buttons\[0\]\.website_url must be an http\(s\) URL/],
    ['OTP flags on a MARKETING template', ['--body', 'x', '--otp-length', '6'], /--otp-length: only for AUTHENTICATION/],
    ['two header variables', ['--body', 'x', '--header', '{{a}} {{b}}'], /--header: at most one variable/],
    ['offer text without a limited-time offer', ['--body', 'x', '--offer-text', 'Deal'], /--offer-text: only together/],
    ['a limited-time offer without offer text', ['--body', 'x', '--limited-time-offer'], /--offer-text: is required/],
    ['a locale that is not xx_XX', ['--body', 'x', '--language', 'english'], /--language: must be a locale like en_US/],
    ['an unknown category', ['--body', 'x', '--category', 'promo'], /^Error: --category: must be one of MARKETING, UTILITY, AUTHENTICATION, got "promo"$/m],
    ['a code length out of range', ['--category', 'AUTHENTICATION', '--otp-length', '20'], /--otp-length: must be from 4 to 8/],
    ['a non-numeric expiry', ['--category', 'AUTHENTICATION', '--code-expiration', 'soon'], /--code-expiration: not a whole number/],
    ['a bad --example', ['--body', 'x', '--example', 'Maria'], /--example: expected N=TEXT/],
  ])('%s', async (_what, extra, message) => {
    await sb.refused([...base('bad'), ...extra], message);
  });

  it('no --account and no profile business account says how to set one', async () => {
    const before = sb.received.length;
    const r = await sb.run(['templates', 'create', '--name', 'x', '--category', 'UTILITY', '--language', 'en_US', '--body', 'x']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('chatcrm profiles set business-account ID');
    // Only the reads that find the accounts to name (issue 24): nothing is created.
    expect(sb.received.slice(before).map((q) => `${q.method} ${q.operation}`).sort()).toEqual(['GET chat.senders', 'GET templates.list']);
  });

  it('--example with --file joins the file\'s examples: a flag replaces the file\'s for its variable, the others stay', async () => {
    const p = join(dir, 'with-examples.yaml');
    writeFileSync(p, 'template_name: merged\ncategory: UTILITY\nlanguage: en_US\nmessage_body: "Hi {{1}}, order {{2}}"\nvariable_examples:\n  - { key: "1", example: Ada }\n  - { key: "2", example: A-1 }\n');
    await create(['templates', 'create', ...ACC, '--file', p, '--example', '2=B-2'], {
      template_name: 'merged', category: 'UTILITY', message_body: 'Hi {{1}}, order {{2}}',
      variable_examples: [{ key: '1', example: 'Ada' }, { key: '2', example: 'B-2' }],
    });
  });

  it('a file problem names the path inside the file', async () => {
    const p = join(dir, 'bad.json');
    writeFileSync(p, JSON.stringify({ template_name: 'b', category: 'UTILITY', language: 'en_US', message_body: 'x', buttons: [{ type: 'quick_reply', text: 'ok' }, { type: 'phone_call', text: 'Call' }] }));
    const before = sb.received.length;
    const r = await sb.run(['templates', 'create', ...ACC, '--file', p]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--file .*bad\.json: buttons\[1\]\.phone_number: is required/);
    expect(sb.received.length).toBe(before);
  });
});

describe('templates preview (offline)', () => {
  const args = ['templates', 'preview', '--name', 'promo', '--category', 'marketing', '--language', 'en_US', '--header', 'Hi {{name}}', '--example', 'name=Maria', '--body', 'Dear {{1}}, our sale is on', '--example', '1=Maria', '--footer', 'Reply STOP to opt out', '--button', 'quick_reply:Yes', '--button', 'website:Shop:https://example.com'];

  it('renders header, body with examples, footer and buttons as plain text without a TTY', async () => {
    const before = sb.received.length;
    const r = await sb.run(args);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('Hi Maria\n\nDear Maria, our sale is on\n\nReply STOP to opt out\n\n[ ↩ Yes ]\n[ ↗ Shop (https://example.com) ]\n');
    expect(sb.received.length).toBe(before);
  });

  it('--json gives the rendered parts', async () => {
    const r = await sb.run([...args, '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ header: 'Hi Maria', body: 'Dear Maria, our sale is on', footer: 'Reply STOP to opt out', buttons: ['↩ Yes', '↗ Shop (https://example.com)'] });
  });

  it('needs only what rendering needs: no --name, --category, --language or account', async () => {
    const before = sb.received.length;
    const r = await sb.run(['templates', 'preview', '--body', 'Hi {{1}}, your code is ready', '--example', '1=Maria', '--button', 'quick_reply:Thanks']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('Hi Maria, your code is ready\n\n[ ↩ Thanks ]\n');
    const otp = await sb.run(['templates', 'preview', '--otp-length', '4', '--code-expiration', '5']);
    expect(otp.exitCode).toBe(0);
    expect(otp.stdout).toBe('1234 is your verification code.\n\nThis code expires in 5 minutes.\n');
    expect(sb.received.length).toBe(before);
  });

  it('refuses the same bad input as create', async () => {
    const r = await sb.run(['templates', 'preview', '--name', 'p', '--category', 'UTILITY', '--language', 'en_US', '--body', 'Hi {{2}}']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/\{\{1\}\} is missing/);
  });
});
