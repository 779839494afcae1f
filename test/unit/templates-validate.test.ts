import { describe, expect, it } from 'vitest';
import { checkTemplate } from '../../src/schemas/templates.js';
import { parseButton, parseExample } from '../../src/commands/templates/body.js';
import { layout, renderTemplate, wrap } from '../../src/ops/render-template.js';

const base = { business_account_id: 'acc', template_name: 'promo', category: 'MARKETING', language: 'en_US', template_type: 'standard', message_body: 'Hello' };
const paths = (t: Record<string, unknown>) => checkTemplate({ ...base, ...t }).problems.map((p) => p.path);

describe('checkTemplate', () => {
  it('accepts every spec variant', () => {
    const variants = [
      {},
      { message_body: 'Hi {{1}}, order {{2}}', variable_examples: [{ key: '1', example: 'Maria' }, { key: '2', example: 'A1' }] },
      { category: 'AUTHENTICATION', message_body: undefined, add_security_recommendation: true, code_expiration_minutes: 10, otp_code_length: 6, otp_buttons: [{ otp_type: 'COPY_CODE', copy_button_text: 'Copy' }] },
      { buttons: [{ type: 'quick_reply', text: 'Yes' }, { type: 'quick_reply', text: 'No' }] },
      { buttons: [{ type: 'phone_call', text: 'Call', phone_number: '15551234567' }, { type: 'website', text: 'Shop', website_url: 'https://example.com/a:b' }] },
      { buttons: [{ type: 'copy_code', text: 'SAVE20' }] },
      { is_limited_time_offer: true, offer_text: '20% off', has_expiration: true },
      { header_text: 'Hi {{name}}', variable_examples: [{ key: 'name', example: 'Maria' }] },
    ];
    for (const v of variants) expect(checkTemplate({ ...base, ...v }).problems).toEqual([]);
  });

  it('variables numbered from 1 without gaps, each with an example', () => {
    expect(checkTemplate({ ...base, message_body: 'A {{1}} {{3}}', variable_examples: [{ key: '1', example: 'a' }, { key: '3', example: 'c' }] }).problems).toEqual([
      { path: 'message_body', message: expect.stringContaining('{{2}} is missing') },
    ]);
    expect(checkTemplate({ ...base, message_body: 'A {{1}} {{2}}', variable_examples: [{ key: '1', example: 'a' }] }).problems).toEqual([
      { path: 'variable_examples', message: expect.stringContaining('{{2}} has no example') },
    ]);
    expect(paths({ message_body: 'A {{name}}' })).toEqual(['message_body']);
    expect(paths({ variable_examples: [{ key: '4', example: 'x' }] })).toEqual(['variable_examples[0].key']);
  });

  it('at most one header variable', () => {
    expect(paths({ header_text: '{{a}} and {{b}}' })).toEqual(['header_text']);
  });

  it('button types and their values', () => {
    expect(paths({ buttons: [{ type: 'fax', text: 'x' }] })).toEqual(['buttons[0].type']);
    expect(paths({ buttons: [{ type: 'phone_call', text: 'x', phone_number: '+1 555' }] })).toEqual(['buttons[0].phone_number']);
    expect(paths({ buttons: [{ type: 'website', text: 'x', website_url: 'ftp://x.org' }] })).toEqual(['buttons[0].website_url']);
    expect(paths({ buttons: [{ type: 'quick_reply', text: 'x'.repeat(26) }] })).toEqual(['buttons[0].text']);
  });

  it('OTP fields only for AUTHENTICATION, in sane ranges', () => {
    expect(paths({ otp_code_length: 6, add_security_recommendation: true })).toEqual(['add_security_recommendation', 'otp_code_length']);
    expect(paths({ category: 'AUTHENTICATION', otp_code_length: 12 })).toEqual(['otp_code_length']);
    expect(paths({ category: 'AUTHENTICATION', code_expiration_minutes: 0 })).toEqual(['code_expiration_minutes']);
  });

  it('limited-time-offer fields only together, and only for MARKETING', () => {
    expect(paths({ is_limited_time_offer: true })).toEqual(['offer_text']);
    expect(paths({ offer_text: 'x' })).toEqual(['offer_text']);
    expect(paths({ has_expiration: true })).toEqual(['has_expiration']);
    expect(paths({ category: 'UTILITY', is_limited_time_offer: true, offer_text: 'x' })).toEqual(['is_limited_time_offer']);
  });

  it('category, locale, name and template_type', () => {
    expect(paths({ category: 'PROMO' })).toEqual(['category']);
    expect(paths({ language: 'en' })).toEqual(['language']);
    expect(paths({ language: 'EN_us' })).toEqual(['language']);
    expect(paths({ template_name: 'my promo' })).toEqual(['template_name']);
    expect(paths({ template_type: 'custom' })).toEqual(['template_type']);
    expect(paths({ message_body: '' })).toEqual(['message_body']);
  });
});

describe('flag parsing', () => {
  it('buttons: URL colons kept, phone normalised, bad forms refused', () => {
    expect(parseButton('website:Shop:https://x.org:8080/a')).toEqual({ type: 'website', text: 'Shop', website_url: 'https://x.org:8080/a' });
    expect(parseButton('phone_call:Call:+1 (555) 123-4567')).toEqual({ type: 'phone_call', text: 'Call', phone_number: '15551234567' });
    expect(parseButton('copy_code:SAVE20')).toEqual({ type: 'copy_code', text: 'SAVE20' });
    expect(() => parseButton('fax:1')).toThrow(/--button: unknown type "fax"/);
    expect(() => parseButton('phone_call:Call')).toThrow(/TEXT:PHONE/);
  });
  it('examples N=TEXT', () => {
    expect(parseExample('1=Maria = M')).toEqual({ key: '1', example: 'Maria = M' });
    expect(() => parseExample('1')).toThrow(/--example/);
  });
});

describe('preview rendering', () => {
  const t = checkTemplate({ ...base, header_text: 'Hi {{name}}', message_body: 'Dear {{1}}', footer_text: 'Bye', variable_examples: [{ key: '1', example: 'Maria' }, { key: 'name', example: 'M' }], buttons: [{ type: 'quick_reply', text: 'Yes' }] }).value!;
  it('fills examples and lists buttons', () => {
    expect(renderTemplate(t)).toEqual({ header: 'Hi M', body: 'Dear Maria', footer: 'Bye', buttons: ['↩ Yes'] });
  });
  it('plain without a TTY, boxed with one', () => {
    expect(layout(renderTemplate(t), { box: false, width: 80 })).toBe('Hi M\n\nDear Maria\n\nBye\n\n[ ↩ Yes ]');
    const boxed = layout(renderTemplate(t), { box: true, width: 30 }).split('\n');
    expect(boxed[0]).toMatch(/^╭─+╮$/);
    expect(new Set(boxed.map((l) => l.length)).size).toBe(1);
    expect(boxed).toContain('│ Dear Maria                 │');
  });
  it('authentication templates show the code text, recommendation and expiry', () => {
    const auth = checkTemplate({ ...base, category: 'AUTHENTICATION', message_body: undefined, add_security_recommendation: true, code_expiration_minutes: 5, otp_code_length: 4 }).value!;
    expect(renderTemplate(auth)).toMatchObject({ body: '1234 is your verification code. For your security, do not share this code.', footer: 'This code expires in 5 minutes.' });
  });
  it('wraps words to the width', () => {
    expect(wrap('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
  });
});
