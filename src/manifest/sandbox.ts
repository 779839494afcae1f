// The sandbox (docs/sandbox.md): `chatcrm sandbox` serves; its subcommands drive a running one.
import { PAGE_OPTIONS } from '../runtime/options.js';
import { idArg } from './common.js';
import type { CmdSpec } from './types.js';

export const sandbox: CmdSpec = {
  name: 'sandbox',
  summary: 'Run the local sandbox service (the whole API, stateful), and drive a running one',
  description:
    'Without a subcommand: serve until stopped. The subcommands drive a running sandbox (its address and key from the profile, flags or env, like every command). See docs/sandbox.md.',
  options: [
    { flags: '--port <n>', description: 'port (default: the --state file\'s, or a free one)' },
    { flags: '--host <host>', description: 'address to listen on', default: '127.0.0.1' },
    { flags: '--state <file>', description: 'keep state, key, secret, tokens and port in this file (private, saved atomically, at most every 200 ms and on exit)' },
    { flags: '--api-key <key>', description: 'the key the sandbox accepts (default: random, or the --seed/--state one)' },
    { flags: '--webhook-secret <secret>', description: 'app secret for /webhook/chat signatures and forwarded events (default: random)' },
    { flags: '--verify-token <token>', description: 'verify token for the webhook challenge' },
    { flags: '--seed <file>', description: 'YAML or JSON: senders, contacts, tags, templates, flows, plan features, key and webhook secret' },
    { flags: '--seed-records <n>', description: 'add N generated records to every list (contacts, segments and their members, senders, groups and their members, flows, templates, campaigns and a report, currencies, ...) to try paging' },
    { flags: '--forward-to <url>', description: 'POST every inbound message and status change, signed, to this URL (repeatable)', repeatable: true },
    { flags: '--auto-status <statuses>', description: 'move every sent message on by itself: delivered, read or delivered,read', suggest: ['delivered', 'read', 'delivered,read'] },
    { flags: '--status-delay <duration>', description: 'pause before each automatic status (default 1s)' },
    { flags: '--fail-rate <rate>', description: 'share of sent messages that fail, 0 to 1' },
    { flags: '--random-seed <n>', description: 'make --fail-rate, fault rates and latency ranges repeat' },
    { flags: '--fault <spec>', description: 'OPERATION:STATUS[:RATE]: answer an operationId (or *) with an HTTP status, timeout or reset (repeatable)', repeatable: true, complete: 'operations' },
    { flags: '--latency <ms>', description: 'delay every answer: MS or MIN-MAX' },
    { flags: '--max-messages <n>', description: 'keep the newest N messages (default 10000), dropping the oldest; records are never dropped; 0 keeps all' },
    { flags: '--max-requests <n>', description: 'the request log keeps the newest N requests (default 1000); 0 keeps all' },
  ],
  examples: [
    { cmd: 'chatcrm sandbox', notRun: 'serves until stopped (test/e2e/sandbox-command.test.ts runs it)' },
    { cmd: 'chatcrm sandbox --port 8787 --state ./sandbox.json', notRun: 'serves until stopped' },
    { cmd: 'chatcrm sandbox --seed-records 250', notRun: 'serves until stopped' },
  ],
  load: () => import('../commands/local/sandbox.js'),
  subcommands: [
    {
      name: 'status',
      summary: 'The channel reports: move a sent message to delivered, read or failed',
      args: [
        { name: 'MESSAGE_ID', required: true },
        { name: 'STATUS', required: true, choices: ['delivered', 'read', 'failed'] },
      ],
      options: [{ flags: '--error <text>', description: 'the reason, with failed' }],
      examples: ['chatcrm sandbox status MSG_ID read'],
      load: () => import('../commands/sandbox/status.js'),
    },
    {
      name: 'inbound',
      summary: 'A customer writes: an inbound message to a running sandbox',
      options: [
        { flags: '--from <phone>', description: 'the customer\'s number, international digits' },
        { flags: '--sender <sender_id>', description: 'the sender (line) written to (default: the first)' },
        { flags: '--name <name>', description: 'the customer\'s profile name' },
        { flags: '--text <text>', description: 'a text message' },
        { flags: '--data <json>', description: 'any message object as JSON, @file or - (stdin)' },
      ],
      examples: ['chatcrm sandbox inbound --from 15557654321 --name "Ada" --text "Hi, is my order on its way?"'],
      load: () => import('../commands/sandbox/inbound.js'),
    },
    {
      name: 'deliveries',
      summary: 'Forward attempts of a running sandbox (--forward-to), newest first',
      options: PAGE_OPTIONS,
      op: {
        id: 'sandbox.deliveries',
        paged: true,
        // The delivery id is what `retry` takes; the message id ties an attempt to its message.
        view: { id: 'id', columns: ['id', 'message_id', 'started_at', 'url', 'event', 'attempt', 'status_code', 'error', 'duration_ms'], drop: ['duration_ms', 'error', 'started_at'] },
      },
      examples: ['chatcrm sandbox deliveries', 'chatcrm sandbox deliveries --json'],
      subcommands: [
        {
          name: 'retry',
          summary: 'Forward one delivery again (the page\'s Retry), now',
          args: [idArg('DELIVERY_ID', 'delivery id, from `chatcrm sandbox deliveries`')],
          op: { id: 'sandbox.retry' },
          examples: [{ cmd: 'chatcrm sandbox deliveries retry DELIVERY_ID', notRun: 'needs a delivery: test/e2e/sandbox-deliveries-cli.test.ts runs it' }],
        },
      ],
    },
    {
      name: 'reset',
      summary: 'Put a running sandbox back to its seed (records, messages, logs)',
      op: { id: 'sandbox.reset' },
      examples: ['chatcrm sandbox reset'],
    },
  ],
};
