// The options of contacts' commands with code, declared once: the manifest builds them
// (manifest/contacts.ts), the commands read their type (OptsOf). Data only.
import { PAGE_OPTIONS } from '../../runtime/option-lists.js';
import type { OptSpec } from '../../runtime/command-types.js';

export const LIST_CONTACTS_OPTIONS = [...PAGE_OPTIONS, { flags: '--search <text>', description: 'match name, phone or email' }] as const satisfies readonly OptSpec[];

export const CREATE_OPTIONS = [
  { flags: '--phone <digits>', description: 'phone number (international; +, spaces, -, ( ) are stripped)' },
  { flags: '--name <name>', description: 'contact name' },
  { flags: '--email <email>', description: 'email address' },
  { flags: '--source <source>', description: 'where the contact came from' },
  { flags: '--status <status>', description: 'contact status (e.g. lead, customer)' },
  { flags: '--tag <tag>', description: 'a tag (repeat for more)', repeatable: true },
  { flags: '--field <key=value>', description: 'a custom field (repeat for more)', repeatable: true },
] as const satisfies readonly OptSpec[];

export const EXPORT_OPTIONS = [
  { flags: '--segment <id>', description: 'export only the contacts of this segment' },
  { flags: '--wait', description: 'wait for the job (a spinner on a terminal), then download the file' },
  { flags: '-O, --output-file <path>', description: 'with --wait: where to save it (a file, a folder, or - for stdout); default: the file name here' },
  { flags: '--force', description: 'with --wait: overwrite an existing file' },
  { flags: '--wait-timeout <seconds>', description: 'with --wait: give up waiting after this long (default 300)' },
] as const satisfies readonly OptSpec[];

export const EXPORT_STATUS_OPTIONS = [
  { flags: '--wait', description: 'poll until the job completes or fails' },
  { flags: '--wait-timeout <seconds>', description: 'give up waiting after this long (default 300)' },
  { flags: '--interval <seconds>', description: 'seconds between polls (default 1)' },
] as const satisfies readonly OptSpec[];

export const EXPORT_DOWNLOAD_OPTIONS = [
  { flags: '-O, --output-file <path>', description: 'where to save it (a file, a folder, or - for stdout); default: the file name here' },
  { flags: '--force', description: 'overwrite an existing file' },
] as const satisfies readonly OptSpec[];
