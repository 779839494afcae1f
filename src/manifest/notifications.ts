// Notifications (docs/service-api.md 4.17): in-app notifications and their read state.
import { listCommand, objectActionCommand } from './common.js';
import type { CmdSpec } from './types.js';

export const notifications: CmdSpec = {
  name: 'notifications',
  summary: 'In-app notifications and their read state',
  subcommands: [
    listCommand('notifications', 'notifications.list', 'notifications', { columns: ['_id', 'title', 'message', 'read', 'created_at'], drop: ['created_at', 'read'], cut: ['message', 'title'] }),
    {
      name: 'create',
      summary: 'Create a notification',
      options: [
        { flags: '--title <title>', description: 'title' },
        { flags: '--message <text>', description: 'text' },
      ],
      op: { id: 'notifications.create', data: true, fields: { title: 'title', message: 'message' } },
      examples: ['chatcrm notifications create --title "Deploy" --message "Release 2.1 is live"'],
    },
    {
      name: 'read-all',
      summary: 'Mark every notification read',
      op: { id: 'notifications.readAll', data: true, defaultBody: {} },
      examples: ['chatcrm notifications read-all', 'chatcrm notifications read-all --json'],
    },
    objectActionCommand('notifications', 'read', 'notifications.read', 'Mark a notification read', 'NOTIFICATION_ID', { state: 'Notification "{title}" is {read?read|unread}' }),
  ],
};
