// Message status (docs/service-api.md 4.15): delivery and read state of sent messages.
import { PAGE_OPTIONS, WAIT_OPTIONS } from '../runtime/option-lists.js';
import { idArg, objectActionCommand } from './common.js';
import type { CmdSpec, OpSpec, OptSpec } from './types.js';

const MESSAGE_IDS_OPTION: OptSpec = { flags: '--message-id <id>', description: 'a message id; repeat for more (sent as message_ids)', repeatable: true };

const STATUS_GET: OpSpec = {
  id: 'messageStatus.get',
  list: { arg: 'MSG_IDS', field: 'message_ids' },
  view: { id: 'message_id', columns: ['message_id', 'to', 'status', 'delivered_at', 'read_at'], drop: ['read_at', 'delivered_at'] },
};

export const messageStatus: CmdSpec = {
  name: 'message-status',
  summary: 'Message delivery and read status',
  subcommands: [
    objectActionCommand('message-status', 'delivery', 'messageStatus.delivery', 'Mark a message delivered', 'MSG_ID'),
    objectActionCommand('message-status', 'read', 'messageStatus.read', 'Mark a message read', 'MSG_ID'),
    {
      name: 'chat-status',
      summary: 'Push a chat status (e.g. delivered/read for messages)',
      options: [MESSAGE_IDS_OPTION, { flags: '--status <status>', description: 'status to push', choices: ['delivered', 'read'] }],
      op: { id: 'messageStatus.chatStatus', data: true, fields: { messageId: 'message_ids', status: 'status' } },
      examples: ['chatcrm message-status chat-status --message-id MSG_ID --status read', 'chatcrm message-status chat-status --data @status.json'],
    },
    {
      name: 'bulk-delivery',
      summary: 'Mark several messages delivered',
      options: [MESSAGE_IDS_OPTION],
      op: { id: 'messageStatus.bulkDelivery', data: true, fields: { messageId: 'message_ids' } },
      examples: ['chatcrm message-status bulk-delivery --message-id MSG_ID --message-id MSG_ID', 'chatcrm message-status bulk-delivery --data \'{"message_ids":["MSG_ID"]}\''],
    },
    {
      name: 'bulk-read',
      summary: 'Mark several messages read',
      options: [MESSAGE_IDS_OPTION],
      op: { id: 'messageStatus.bulkRead', data: true, fields: { messageId: 'message_ids' } },
      examples: ['chatcrm message-status bulk-read --message-id MSG_ID --message-id MSG_ID'],
    },
    {
      name: 'user',
      summary: 'Status of the messages of a user (the sandbox takes the recipient phone number)',
      args: [idArg('USER_ID', 'user id (recipient phone number in the sandbox)')],
      // A user's messages grow without bound: the service pages them.
      options: PAGE_OPTIONS,
      op: { id: 'messageStatus.user', paged: true, view: { columns: ['message_id', 'to', 'status', 'sent_at', 'delivered_at', 'read_at'], drop: ['read_at', 'delivered_at', 'sent_at'] } },
      examples: ['chatcrm message-status user 15551230001', 'chatcrm message-status user 15551230001 --all --json'],
    },
    {
      name: 'get',
      summary: 'Status of one or more messages (ids without an answer are named on stderr)',
      args: [{ name: 'MSG_IDS', description: 'message ids', required: true, variadic: true }],
      options: WAIT_OPTIONS,
      op: STATUS_GET,
      load: () => import('../commands/message-status/get.js').then((m) => ({ run: m.statusGet(STATUS_GET) })),
      examples: ['chatcrm message-status get MSG_ID', 'chatcrm message-status get MSG_ID MSG_ID --json', 'chatcrm message-status get MSG_ID --wait delivered --wait-timeout 2m'],
    },
  ],
};
