// The options of templates create and preview, declared once: the manifest builds them
// (manifest/templates.ts), the commands read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

export const TEMPLATE_OPTIONS = [
  { flags: '--account <id>', description: "business account id (default: the profile's business-account)" },
  { flags: '--name <name>', description: 'template name (letters, digits, _; the service lower-cases it)' },
  { flags: '--category <category>', description: 'template category (any case)', choices: ['MARKETING', 'UTILITY', 'AUTHENTICATION'] },
  { flags: '--language <locale>', description: 'locale, xx_XX (e.g. en_US)' },
  { flags: '--header <text>', description: 'header text; may hold one named variable such as {{name}}' },
  { flags: '--body <text>', description: 'message body with numbered variables {{1}}, {{2}}, ...' },
  { flags: '--footer <text>', description: 'footer text' },
  { flags: '--example <n=text>', description: 'example for a variable, e.g. 1=Maria (repeatable)', repeatable: true },
  { flags: '--button <spec>', description: 'quick_reply:TEXT, phone_call:TEXT:PHONE, website:TEXT:URL or copy_code:CODE (repeatable)', repeatable: true },
  { flags: '--security-recommendation', description: 'AUTHENTICATION: add the security recommendation' },
  { flags: '--code-expiration <minutes>', description: 'AUTHENTICATION: code expiry, 1 to 90 minutes' },
  { flags: '--otp-length <n>', description: 'AUTHENTICATION: code length, 4 to 8' },
  { flags: '--otp-copy-button <text>', description: 'AUTHENTICATION: copy-code button text' },
  { flags: '--limited-time-offer', description: 'MARKETING: a limited-time offer (needs --offer-text)' },
  { flags: '--offer-text <text>', description: 'limited-time offer text' },
  { flags: '--has-expiration', description: 'limited-time offer has an expiration' },
  { flags: '--file <path>', description: 'the request as JSON or YAML (- for stdin); flags override its fields' },
] as const satisfies readonly OptSpec[];
