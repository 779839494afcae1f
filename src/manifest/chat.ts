// chat: senders, sends, groups, batches (docs/service-api.md 4.1).
import { PAGE_OPTIONS } from '../runtime/option-lists.js';
import type { CmdSpec } from './types.js';
import { GROUPS_LIST_OPTIONS, GROUPS_SEND_OPTIONS, SEND_BATCH_OPTIONS, SEND_OPTIONS } from '../commands/chat/options.js';

export const chat: CmdSpec = {
  name: 'chat',
  summary: 'Send chat messages, list senders and groups',
  subcommands: [
    {
      name: 'senders',
      summary: 'List the active senders of the workspace',
      options: PAGE_OPTIONS,
      op: {
        id: 'chat.senders',
        paged: true,
        view: { id: 'sender_id', columns: ['sender_id', 'name', 'kind', 'phone_number', 'status', 'capabilities.group_messaging'], drop: ['capabilities.group_messaging', 'status', 'phone_number'], cut: ['name'] },
      },
      examples: ['chatcrm chat senders', 'chatcrm chat senders --json --fields sender_id,capabilities'],
    },
    {
      name: 'send',
      summary: 'Send one message (text, media, location, template, reaction)',
      options: SEND_OPTIONS,
      examples: [
        'chatcrm chat send --to "+1 (555) 123-4567" --sender wa_snd_cloud_0001 --text "Hello!"',
        'chatcrm chat send --to 15551234567 --text "Hello over MCP" --via-mcp',
        'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --image ./photo.jpg --caption "Our new shop"',
        'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --document https://example.com/invoice.pdf --filename invoice.pdf',
        'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --location 52.5200,13.4050 --name "Office" --address "Main St 1"',
        'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --template order_update --language en_US --var Ada --var 4711',
        'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --react MSG_ID --emoji 👍',
        'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --message @message.json --dry-run',
        'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --text "Deployed" --wait delivered --wait-timeout 1s   # exit 8: nothing delivers it here; `chatcrm sandbox --auto-status delivered` would',
      ],
      load: () => import('../commands/chat/send.js'),
    },
    {
      name: 'send-batch',
      summary: 'Send one message per row of a CSV or JSONL file (crash-safe, resumable)',
      description:
        'Rows need a `to` column. CONTENT flags may use {{column}} placeholders; without them, rows carry their own text, template, language and vars (JSON array) columns. ' +
        'Every row is journaled before its request is sent and after it is answered; --resume skips sent rows and never re-sends uncertain ones unless --retry-uncertain. ' +
        'Rows are matched by recipient and message, so an edited input resumes safely; one run at a time holds a journal. FILE - reads stdin. ' +
        'On a terminal it asks once before the first send (the message, the row count, the file); --yes skips the question; scripts without a TTY, FILE - and --dry-run are not asked. ' +
        'Exit 0 when every row is sent, 3 when the key is refused, 7 when the server cannot be reached, 5 otherwise; 130, 143, 129 after Ctrl-C, SIGTERM, SIGHUP (in-flight requests are drained first). ' +
        'With --wait delivered|read, every message sent is then followed (with --results, the rows an earlier run sent too): exit 5 when one failed (even with others pending), else 8 when --wait-timeout ran out; the results file ends with final_status. See docs/chat.md.',
      args: [{ name: 'FILE', description: 'CSV with a header row, or .jsonl', required: true }],
      options: SEND_BATCH_OPTIONS,
      examples: [
        'chatcrm chat send-batch recipients.csv --sender wa_snd_cloud_0001 --text "Hi {{name}}, your order {{order}} shipped" --dry-run',
        'chatcrm chat send-batch recipients.csv --sender wa_snd_cloud_0001 --text "Hi {{name}}, your order {{order}} shipped" --results results.csv',
        'chatcrm chat send-batch recipients.csv --sender wa_snd_cloud_0001 --text "Hi {{name}}, your order {{order}} shipped" --resume --results results.csv',
        'chatcrm chat send-batch recipients.csv --sender wa_snd_cloud_0001 --template order_update --language en_US --var "{{name}}" --var "{{order}}" --rate 20 --journal orders.journal',
        'chatcrm chat send-batch rows.jsonl --sender wa_snd_cloud_0001 --concurrency 16 --results rows-results.csv',
      ],
      load: () => import('../commands/chat/send-batch.js'),
    },
    {
      name: 'groups',
      summary: 'Groups of a Scan Device sender (needs the group_messaging capability)',
      subcommands: [
        {
          name: 'list',
          summary: 'List the groups the sender has joined',
          options: GROUPS_LIST_OPTIONS,
          examples: ['chatcrm chat groups list --sender wa_snd_device_0002', 'chatcrm chat groups list --sender wa_snd_device_0002 -q', 'chatcrm chat groups list --sender wa_snd_device_0002 --all --json'],
          load: () => import('../commands/chat/groups.js').then((m) => ({ run: m.list })),
        },
        {
          name: 'members',
          summary: 'List the members of a group',
          args: [{ name: 'GROUP_ID', description: 'group id, e.g. 120363040000000000@g.us', required: true }],
          options: GROUPS_LIST_OPTIONS,
          examples: ['chatcrm chat groups members 120363040000000000@g.us --sender wa_snd_device_0002', 'chatcrm chat groups members 120363040000000000@g.us --sender wa_snd_device_0002 --all -q'],
          load: () => import('../commands/chat/groups.js').then((m) => ({ run: m.members })),
        },
        {
          name: 'send',
          summary: 'Send a text message to a group',
          options: GROUPS_SEND_OPTIONS,
          examples: [
            'chatcrm chat groups send --sender wa_snd_device_0002 --group-id 120363040000000000@g.us --text "Standup in 5"',
            'chatcrm chat groups send --sender wa_snd_device_0002 --group-name "Sales team" --text "Well done @15551230001" --mention 15551230001',
          ],
          load: () => import('../commands/chat/groups.js').then((m) => ({ run: m.send })),
        },
      ],
    },
  ],
};
