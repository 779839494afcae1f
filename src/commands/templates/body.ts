// The template create request from --file (JSON/YAML) and flags (flags win), checked with
// the rules of schemas/templates.ts before anything is sent. Problems name the flag that
// gave the field, or the field path inside the file.
import type { Context } from '../../runtime/context.js';
import type { OptsOf } from '../../runtime/options.js';
import type { TEMPLATE_OPTIONS } from './options.js';
import { flagName } from '../../runtime/command-types.js';
import { UsageError } from '../../core/errors.js';
import { sanitizeCell } from '../../core/sanitize.js';
import { convert } from '../op.js';
import { problemLine, type FieldFlags } from '../../schemas/problems.js';
import { BUTTON_TYPES, checkTemplate, OTP_FIELDS, type Button, type CreateRequest } from '../../schemas/templates.js';
import { normalizePhone } from '../../ops/recipient.js';
import { readDataFile } from '../flows/file.js';

export type TemplateOpts = OptsOf<typeof TEMPLATE_OPTIONS>;
type Fields = Partial<Record<keyof TemplateOpts, string>>;

/** option (camelCase) → request field, for the plain value flags. */
const SIMPLE = { name: 'template_name', category: 'category', language: 'language', header: 'header_text', body: 'message_body', footer: 'footer_text', offerText: 'offer_text' } as const satisfies Fields;
const BOOLS = { securityRecommendation: 'add_security_recommendation', limitedTimeOffer: 'is_limited_time_offer', hasExpiration: 'has_expiration' } as const satisfies Fields;
const INTS = { codeExpiration: 'code_expiration_minutes', otpLength: 'otp_code_length' } as const satisfies Fields;
const keys = <T extends Fields>(t: T) => Object.keys(t) as (keyof T & keyof TemplateOpts)[];
/** request field → the flag that sets it, to name in problems about fields no file gave. */
const FIELD_FLAG: Record<string, string> = Object.fromEntries(
  Object.entries({ ...SIMPLE, ...BOOLS, ...INTS, example: 'variable_examples', button: 'buttons', otpCopyButton: 'otp_buttons', account: 'business_account_id' }).map(([o, f]) => [f, flagName(o)]),
);

const BUTTON_FORMS = 'quick_reply:TEXT, phone_call:TEXT:PHONE, website:TEXT:URL, copy_code:CODE';

/** `quick_reply:TEXT`, `phone_call:TEXT:PHONE`, `website:TEXT:URL` (the URL keeps its colons), `copy_code:CODE`. */
export function parseButton(spec: string): Button {
  const i = spec.indexOf(':');
  const type = i < 0 ? spec : spec.slice(0, i);
  const rest = i < 0 ? '' : spec.slice(i + 1);
  if (!(BUTTON_TYPES as readonly string[]).includes(type)) throw new UsageError(`--button: unknown type "${type}" in "${spec}" (use ${BUTTON_FORMS})`);
  if (type === 'quick_reply' || type === 'copy_code') {
    if (!rest) throw new UsageError(`--button: ${type} needs ${type === 'copy_code' ? 'CODE' : 'TEXT'} (${type}:...)`);
    return { type, text: rest };
  }
  const j = rest.indexOf(':');
  const [text, value] = j < 0 ? [rest, ''] : [rest.slice(0, j), rest.slice(j + 1)];
  if (!text || !value) throw new UsageError(`--button: ${type} needs ${type === 'phone_call' ? 'TEXT:PHONE' : 'TEXT:URL'} (got "${spec}")`);
  return type === 'phone_call' ? { type, text, phone_number: normalizePhone(value, '--button') } : { type: 'website', text, website_url: value };
}

export function parseExample(spec: string): { key: string; example: string } {
  const i = spec.indexOf('=');
  if (i <= 0 || i === spec.length - 1) throw new UsageError(`--example: expected N=TEXT (e.g. 1=Maria), got "${spec}"`);
  return { key: spec.slice(0, i).trim(), example: spec.slice(i + 1) };
}

/** Fields create cannot do without, and the flags that give them. */
const REQUIRED: [field: string, flag: string][] = [['template_name', '--name'], ['category', '--category'], ['language', '--language']];

/**
 * Examples from flags join the file's: a flag's example replaces the file's for the same
 * variable, the others stay.
 */
function mergeExamples(fromFile: unknown, fromFlags: { key: string; example: string }[]): unknown[] {
  const flagged = new Set(fromFlags.map((e) => e.key));
  const kept = Array.isArray(fromFile) ? fromFile.filter((e) => !flagged.has(String((e as { key?: unknown })?.key ?? '').trim())) : [];
  return [...kept, ...fromFlags];
}

/**
 * The request from --file and flags. `preview` renders offline: it needs only what rendering
 * needs (the body and its examples, header, footer, buttons), so name, language and account
 * get placeholders and the category is the one the given fields imply.
 */
/** The error for a missing account names the accounts the key's senders and templates reveal. */
async function noAccount(ctx: Context): Promise<UsageError> {
  const { accountsHint } = await import('../accounts/list.js');
  const found = ctx.settings.dryRun ? [] : await accountsHint(await ctx.api());
  const seen = found.length ? `; this key's senders and templates use ${found.map(sanitizeCell).join(', ')}` : '; `chatcrm accounts` lists those the service reveals';
  return new UsageError(`--account: no business account given and the profile has none${seen}; pass --account ID or run \`chatcrm profiles set business-account ID\``);
}

export async function templateBody(ctx: Context, opts: TemplateOpts, { preview }: { preview: boolean }): Promise<CreateRequest> {
  const { file } = opts;
  const body: Record<string, unknown> = file ? await readDataFile(ctx, file, `--file ${file}`) : {};
  const fromFile = new Set(Object.keys(body));
  const byFlag: FieldFlags = {};
  const set = (field: string, opt: string, value: unknown) => {
    body[field] = value;
    byFlag[field] = flagName(opt);
  };
  for (const opt of keys(SIMPLE)) if (opts[opt] !== undefined) set(SIMPLE[opt], opt, opts[opt]);
  for (const opt of keys(BOOLS)) if (opts[opt]) set(BOOLS[opt], opt, true);
  for (const opt of keys(INTS)) if (opts[opt] !== undefined) set(INTS[opt], opt, convert(opts[opt], 'int', flagName(opt)));
  if (opts.example) set('variable_examples', 'example', mergeExamples(body.variable_examples, opts.example.map(parseExample)));
  if (opts.button) set('buttons', 'button', opts.button.map(parseButton));
  if (opts.otpCopyButton !== undefined) set('otp_buttons', 'otpCopyButton', [{ otp_type: 'COPY_CODE', copy_button_text: opts.otpCopyButton }]);
  if (opts.account !== undefined) set('business_account_id', 'account', opts.account);

  if (preview) {
    body.business_account_id ??= 'preview';
    body.template_name ??= 'preview';
    body.language ??= 'en_US';
    body.category ??= OTP_FIELDS.some((f) => body[f] !== undefined) ? 'AUTHENTICATION' : 'MARKETING';
  }
  body.business_account_id ??= ctx.settings.businessAccount;
  if (!preview && ctx.io.canPrompt) await import('./ask.js').then((m) => m.askMissing(ctx, body));
  const missing = REQUIRED.filter(([field]) => body[field] === undefined);
  if (missing.length) {
    throw new UsageError(`${missing.map(([, flag]) => flag).join(', ')}: required${file ? ` (or ${missing.map(([field]) => field).join(', ')} in ${file})` : ''}`);
  }
  if (body.business_account_id === undefined) throw await noAccount(ctx);
  if (typeof body.category === 'string') body.category = body.category.toUpperCase();
  body.template_type = 'standard';

  const { value, problems } = checkTemplate(body);
  if (value) return value;
  // A field the file gave is named by its path in the file; any other by the flag that sets it.
  const flags: FieldFlags = { ...Object.fromEntries(Object.entries(FIELD_FLAG).filter(([field]) => !fromFile.has(field))), ...byFlag };
  throw new UsageError(problemLine(problems, flags, file ? `--file ${file}: ` : ''));
}
