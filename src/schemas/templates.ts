// Template create request (docs/service-api.md 2) and the rules checked before anything is sent:
// numbered body variables without gaps, each with an example; at most one header variable;
// buttons with their required values; OTP fields only for AUTHENTICATION; limited-time
// offer fields only together. Pure: the CLI and the sandbox both use it.
import * as z from 'zod/mini';
import { parseWithInput, problemsOf, type Problem } from './problems.js';

export const CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const BUTTON_TYPES = ['quick_reply', 'phone_call', 'website', 'copy_code'] as const;
export const OTP_LENGTH = { min: 4, max: 8 };
export const CODE_EXPIRATION = { min: 1, max: 90 };
const MAX_BUTTONS = 10;
const BUTTON_TEXT_MAX = 25;

const required = { error: (iss: { input?: unknown }) => (iss.input === undefined ? 'is required' : 'must be a string') };
const text = z.string(required).check(z.minLength(1, 'must not be empty'));
const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

export const button = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('quick_reply'), text }),
    z.object({ type: z.literal('phone_call'), text, phone_number: z.string(required).check(z.regex(/^\d{6,15}$/, 'must be 6 to 15 digits, international format without +')) }),
    z.object({ type: z.literal('website'), text, website_url: z.string(required).check(z.refine(isHttpUrl, 'must be an http(s) URL')) }),
    z.object({ type: z.literal('copy_code'), text }),
  ],
  { error: (iss) => (iss.code === 'invalid_union' ? `unknown button type (use ${BUTTON_TYPES.join(', ')})` : undefined) },
);
export type Button = z.infer<typeof button>;

const intIn = (r: { min: number; max: number }) =>
  z.int().check(z.gte(r.min, `must be from ${r.min} to ${r.max}`), z.lte(r.max, `must be from ${r.min} to ${r.max}`));

export const createRequest = z.object({
  business_account_id: text,
  template_name: z.string(required).check(z.regex(/^[A-Za-z0-9_]{1,512}$/, 'use letters, digits and underscores only (e.g. order_update)')),
  category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }),
  language: z.string(required).check(z.regex(/^[a-z]{2}_[A-Z]{2}$/, 'must be a locale like en_US (xx_XX)')),
  template_type: z.literal('standard'),
  header_text: z.optional(z.string().check(z.maxLength(60, 'at most 60 characters'))),
  message_body: z.optional(z.string().check(z.maxLength(1024, 'at most 1024 characters'))),
  footer_text: z.optional(z.string().check(z.maxLength(60, 'at most 60 characters'))),
  variable_examples: z.optional(z.array(z.object({ key: text, example: text }))),
  buttons: z.optional(z.array(button).check(z.maxLength(MAX_BUTTONS, `at most ${MAX_BUTTONS} buttons`))),
  add_security_recommendation: z.optional(z.boolean()),
  code_expiration_minutes: z.optional(intIn(CODE_EXPIRATION)),
  otp_code_length: z.optional(intIn(OTP_LENGTH)),
  otp_buttons: z.optional(z.array(z.object({ otp_type: z.literal('COPY_CODE'), copy_button_text: text }))),
  is_limited_time_offer: z.optional(z.boolean()),
  offer_text: z.optional(text),
  has_expiration: z.optional(z.boolean()),
});
export type CreateRequest = z.infer<typeof createRequest>;

const VAR = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** The names inside `{{...}}` of a text, in order of appearance. */
export const variablesOf = (s: string | undefined): string[] => [...(s ?? '').matchAll(VAR)].map((m) => m[1]);

export const OTP_FIELDS = ['add_security_recommendation', 'code_expiration_minutes', 'otp_code_length', 'otp_buttons'] as const;

/** Shape, then the cross-field rules; problems carry the path of the field at fault. */
export function checkTemplate(input: unknown): { value?: CreateRequest; problems: Problem[] } {
  const r = parseWithInput(createRequest, input);
  if (!r.success) return { problems: problemsOf(r.error) };
  const t = r.data;
  const problems: Problem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });

  if (t.category !== 'AUTHENTICATION' && !t.message_body?.trim()) add('message_body', 'is required');
  const body = variablesOf(t.message_body);
  const named = body.filter((v) => !/^\d+$/.test(v));
  if (named.length) add('message_body', `body variables are numbered {{1}}, {{2}}, ...; found {{${named[0]}}}`);
  const numbers = [...new Set(body.filter((v) => /^\d+$/.test(v)).map(Number))].sort((a, b) => a - b);
  const gap = numbers.findIndex((n, i) => n !== i + 1);
  if (gap >= 0) add('message_body', `variables must be numbered from {{1}} without gaps; {{${gap + 1}}} is missing`);

  const header = variablesOf(t.header_text);
  if (header.length > 1) add('header_text', `at most one variable in the header, found ${header.length}`);

  const examples = new Map((t.variable_examples ?? []).map((e) => [e.key.trim(), e.example]));
  for (const n of numbers) if (!examples.has(String(n))) add('variable_examples', `variable {{${n}}} has no example (give one with key "${n}")`);
  (t.variable_examples ?? []).forEach((e, i) => {
    const k = e.key.trim();
    if (!numbers.includes(Number(k)) && !header.includes(k)) add(`variable_examples[${i}].key`, `no variable {{${k}}} in the body or header`);
  });

  t.buttons?.forEach((b, i) => {
    if (b.text.length > BUTTON_TEXT_MAX && b.type !== 'copy_code') add(`buttons[${i}].text`, `at most ${BUTTON_TEXT_MAX} characters`);
  });

  if (t.category !== 'AUTHENTICATION') {
    for (const f of OTP_FIELDS) if (t[f] !== undefined) add(f, `only for AUTHENTICATION templates (category is ${t.category})`);
  }
  const lto = t.is_limited_time_offer === true;
  if (lto && t.category !== 'MARKETING') add('is_limited_time_offer', `only for MARKETING templates (category is ${t.category})`);
  if (lto && t.offer_text === undefined) add('offer_text', 'is required for a limited-time offer');
  if (!lto) for (const f of ['offer_text', 'has_expiration'] as const) if (t[f] !== undefined) add(f, 'only together with is_limited_time_offer: true');
  return problems.length ? { problems } : { value: t, problems };
}
