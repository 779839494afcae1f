// The sandbox (docs/sandbox.md): `chatcrm sandbox` serves; its subcommands drive a running one.
import { PAGE_OPTIONS } from '../runtime/option-lists.js';
import { idArg } from './common.js';
import type { CmdSpec } from './types.js';
import { SANDBOX_OPTIONS } from '../commands/local/options.js';
import { INBOUND_OPTIONS, STATUS_OPTIONS } from '../commands/sandbox/options.js';

export const sandbox: CmdSpec = {
  name: 'sandbox',
  summary: 'Run the local sandbox service (the whole API, stateful), and drive a running one',
  description:
    'Without a subcommand: serve until stopped. The subcommands drive a running sandbox (its address and key from the profile, flags or env, like every command). See docs/sandbox.md.',
  options: SANDBOX_OPTIONS,
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
      options: STATUS_OPTIONS,
      examples: ['chatcrm sandbox status MSG_ID read'],
      load: () => import('../commands/sandbox/status.js'),
    },
    {
      name: 'inbound',
      summary: 'A customer writes: an inbound message to a running sandbox',
      options: INBOUND_OPTIONS,
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
