// The options of webhook's commands, declared once: the manifest builds them (manifest/webhook.ts),
// the commands read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

const SECRET_OPTIONS = [
  { flags: '--secret-file <path>', description: "file holding the app secret (else env CHATCRM_WEBHOOK_SECRET, else the profile's, stored by login --webhook-secret-file)" },
  // Only to refuse it with a pointer to the safe ways: a secret in argv leaks to `ps` and shell history.
  { flags: '--secret [value]', description: 'refused: use CHATCRM_WEBHOOK_SECRET or --secret-file', hidden: true },
] as const satisfies readonly OptSpec[];

const FILE_OPTION = { flags: '--file <path>', description: 'payload file, or - for stdin (default: stdin)' } as const satisfies OptSpec;

export const SIGN_OPTIONS = [FILE_OPTION, ...SECRET_OPTIONS] as const satisfies readonly OptSpec[];

export const VERIFY_OPTIONS = [{ flags: '--signature <sig>', description: 'the x-hub-signature-256 value, sha256=<hex>' }, FILE_OPTION, ...SECRET_OPTIONS] as const satisfies readonly OptSpec[];

export const SEND_OPTIONS = [
  { flags: '--file <path>', description: 'payload file, or - for stdin; sent byte for byte' },
  { flags: '--event <kind>', description: 'send a built-in sample event', choices: ['message', 'status'] },
  { flags: '--from <digits>', description: 'sample message: sender phone number' },
  { flags: '--text <body>', description: 'sample message: text' },
  { flags: '--message-id <id>', description: 'sample status: id of the message it is about' },
  { flags: '--status <status>', description: 'sample status: the state it reports (default: delivered)', choices: ['sent', 'delivered', 'read', 'failed'] },
  ...SECRET_OPTIONS,
] as const satisfies readonly OptSpec[];

export const CHALLENGE_OPTIONS = [
  { flags: '--verify-token <token>', description: 'the verify token the endpoint expects' },
  { flags: '--challenge <text>', description: 'challenge to echo (default: random)' },
] as const satisfies readonly OptSpec[];
