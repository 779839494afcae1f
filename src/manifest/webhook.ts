// webhook: sign, verify, send and challenge inbound webhooks (docs/service-api.md 6).
import type { CmdSpec, OptSpec } from './types.js';

const secretOptions: OptSpec[] = [
  { flags: '--secret-file <path>', description: "file holding the app secret (else env CHATCRM_WEBHOOK_SECRET, else the profile's, stored by login --webhook-secret-file)" },
  // Only to refuse it with a pointer to the safe ways: a secret in argv leaks to `ps` and shell history.
  { flags: '--secret [value]', description: 'refused: use CHATCRM_WEBHOOK_SECRET or --secret-file', hidden: true },
];
const fileOption: OptSpec = { flags: '--file <path>', description: 'payload file, or - for stdin (default: stdin)' };

export const webhook: CmdSpec = {
  name: 'webhook',
  summary: 'Sign, verify and send inbound webhook events',
  subcommands: [
    {
      name: 'sign',
      summary: 'Print sha256=<hex> HMAC-SHA256 of the exact bytes of a payload',
      options: [fileOption, ...secretOptions],
      examples: ['CHATCRM_WEBHOOK_SECRET=... chatcrm webhook sign --file event.json', 'chatcrm webhook sign --secret-file secret.txt < event.json'],
      load: () => import('../commands/webhook/sign.js'),
    },
    {
      name: 'verify',
      summary: 'Check a signature against a payload (exit 0 match, 1 mismatch)',
      options: [{ flags: '--signature <sig>', description: 'the x-hub-signature-256 value, sha256=<hex>' }, fileOption, ...secretOptions],
      examples: ['chatcrm webhook verify --signature "$(chatcrm webhook sign --file event.json)" --file event.json'],
      load: () => import('../commands/webhook/verify.js'),
    },
    {
      name: 'send',
      summary: 'POST a signed event to {base_url}/webhook/chat',
      options: [
        { flags: '--file <path>', description: 'payload file, or - for stdin; sent byte for byte' },
        { flags: '--event <kind>', description: 'send a built-in sample event', choices: ['message', 'status'] },
        { flags: '--from <digits>', description: 'sample message: sender phone number' },
        { flags: '--text <body>', description: 'sample message: text' },
        { flags: '--message-id <id>', description: 'sample status: id of the message it is about' },
        { flags: '--status <status>', description: 'sample status: the state it reports (default: delivered)', choices: ['sent', 'delivered', 'read', 'failed'] },
        ...secretOptions,
      ],
      examples: [
        'chatcrm webhook send --event message --from 15557654321 --text "Hi there"',
        'chatcrm webhook send --event status --message-id MSG_ID --status read',
        'chatcrm webhook send --file event.json',
      ],
      load: () => import('../commands/webhook/send.js'),
    },
    {
      name: 'challenge',
      summary: 'Run the verification challenge against {base_url}/webhook/chat',
      options: [
        { flags: '--verify-token <token>', description: 'the verify token the endpoint expects' },
        { flags: '--challenge <text>', description: 'challenge to echo (default: random)' },
      ],
      examples: ['chatcrm webhook challenge --verify-token sandbox-verify-token', 'chatcrm webhook challenge --verify-token sandbox-verify-token --challenge 12345'],
      load: () => import('../commands/webhook/challenge.js'),
    },
  ],
};
