// webhook: sign, verify, send and challenge inbound webhooks (docs/service-api.md 6).
import type { CmdSpec } from './types.js';
import { CHALLENGE_OPTIONS, SEND_OPTIONS, SIGN_OPTIONS, VERIFY_OPTIONS } from '../commands/webhook/options.js';

export const webhook: CmdSpec = {
  name: 'webhook',
  summary: 'Sign, verify and send inbound webhook events',
  subcommands: [
    {
      name: 'sign',
      summary: 'Print sha256=<hex> HMAC-SHA256 of the exact bytes of a payload',
      options: SIGN_OPTIONS,
      examples: ['CHATCRM_WEBHOOK_SECRET=... chatcrm webhook sign --file event.json', 'chatcrm webhook sign --secret-file secret.txt < event.json'],
      load: () => import('../commands/webhook/sign.js'),
    },
    {
      name: 'verify',
      summary: 'Check a signature against a payload (exit 0 match, 1 mismatch)',
      options: VERIFY_OPTIONS,
      examples: ['chatcrm webhook verify --signature "$(chatcrm webhook sign --file event.json)" --file event.json'],
      load: () => import('../commands/webhook/verify.js'),
    },
    {
      name: 'send',
      summary: 'POST a signed event to {base_url}/webhook/chat',
      options: SEND_OPTIONS,
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
      options: CHALLENGE_OPTIONS,
      examples: ['chatcrm webhook challenge --verify-token sandbox-verify-token', 'chatcrm webhook challenge --verify-token sandbox-verify-token --challenge 12345'],
      load: () => import('../commands/webhook/challenge.js'),
    },
  ],
};
