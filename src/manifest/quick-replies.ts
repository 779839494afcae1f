// Quick replies (docs/service-api.md 4.13): canned answers for agents.
import { deleteManyCommand, idArg, objectActionCommand } from './common.js';
import type { CmdSpec } from './types.js';
import { LIST_REPLIES_OPTIONS } from '../commands/quick-replies/options.js';

export const quickReplies: CmdSpec = {
  name: 'quick-replies',
  summary: 'Quick replies: canned answers for agents',
  subcommands: [
    {
      name: 'list',
      summary: 'List quick replies (--admin: every user\'s)',
      options: LIST_REPLIES_OPTIONS,
      load: () => import('../commands/quick-replies/list.js'),
      examples: ['chatcrm quick-replies list', 'chatcrm quick-replies list --admin --search refund --json'],
    },
    {
      name: 'create',
      summary: 'Create a quick reply',
      options: [
        { flags: '--title <title>', description: 'short title' },
        { flags: '--message <text>', description: 'the reply text' },
      ],
      op: { id: 'quickReplies.create', data: true, fields: { title: 'title', message: 'message' } },
      examples: ['chatcrm quick-replies create --title Hours --message "We are open 9-17, Mon-Fri."', 'chatcrm quick-replies create --data @reply.json'],
    },
    {
      name: 'update',
      summary: 'Update a quick reply',
      args: [idArg('QUICK_REPLY_ID', 'quick reply id')],
      options: [
        { flags: '--title <title>', description: 'new title' },
        { flags: '--message <text>', description: 'new reply text' },
      ],
      op: { id: 'quickReplies.update', data: true, fields: { title: 'title', message: 'message' } },
      examples: ['chatcrm quick-replies update QUICK_REPLY_ID --message "Open 8-18 now."'],
    },
    deleteManyCommand('quick-replies', 'delete', 'quickReplies.deleteMany', 'quick replies', 'QUICK_REPLY_ID'),
    objectActionCommand('quick-replies', 'favorite', 'quickReplies.favorite', 'Toggle a quick reply as favorite', 'QUICK_REPLY_ID', {
      state: 'Quick reply "{title}" is {is_favorite?now a favorite|no longer a favorite}',
    }),
  ],
};
