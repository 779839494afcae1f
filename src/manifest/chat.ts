// chat: senders, sends, groups, batches (spec 4.1).
import type { CmdSpec } from './types.js';

export const chat: CmdSpec = {
  name: 'chat',
  summary: 'Send chat messages, list senders and groups',
  subcommands: [
    {
      name: 'senders',
      summary: 'List the active senders of the workspace',
      op: { id: 'chat.senders', view: { id: 'sender_id', columns: ['sender_id', 'name', 'kind', 'phone_number', 'status', 'capabilities.group_messaging'] } },
      examples: ['chatcrm chat senders', 'chatcrm chat senders --json --fields sender_id,capabilities'],
    },
    {
      name: 'send',
      summary: 'Send one message',
      options: [
        { flags: '--to <digits>', description: 'recipient phone number (international; +, spaces, -, ( ) are stripped)' },
        { flags: '--sender <id>', description: 'sender id (default: the profile\'s default-sender)' },
        { flags: '--text <body>', description: 'a text message' },
      ],
      examples: ['chatcrm chat send --to "+1 (555) 123-4567" --text "Hello!"', 'chatcrm chat send --to 15551234567 --sender wa_snd_cloud_0001 --text Hi --dry-run'],
      run: () => import('../commands/chat/send.js'),
    },
  ],
};
