// Teams (docs/service-api.md 4.11).
import { idArg, unpaged, listCommand, getCommand, deleteManyCommand, objectActionCommand } from './common.js';
import type { CmdSpec } from './types.js';

export const teams: CmdSpec = {
  name: 'teams',
  summary: 'Teams: members, permissions, active state',
  subcommands: [
    listCommand('teams', 'teams.list', 'teams', { columns: ['_id', 'name', 'status', 'members'], drop: ['status'], cut: ['members', 'name'] }),
    {
      name: 'permissions',
      summary: 'List the permissions a team can be given',
      description: unpaged('List the permissions a team can be given', 'its whole catalogue'),
      op: { id: 'teams.permissions' },
      examples: ['chatcrm teams permissions', 'chatcrm teams permissions --json'],
    },
    getCommand('teams', 'teams.get', 'a team', 'TEAM_ID'),
    {
      name: 'create',
      summary: 'Create a team',
      options: [
        { flags: '--name <name>', description: 'team name (unique)' },
        { flags: '--member <member>', description: 'a member (user id or email); repeat for more', repeatable: true },
      ],
      op: { id: 'teams.create', data: true, fields: { name: 'name', member: 'members' } },
      examples: ['chatcrm teams create --name Escalations --member ana@example.com --member bo@example.com', 'chatcrm teams create --data @team.json'],
    },
    {
      name: 'update',
      summary: 'Update a team',
      args: [idArg('TEAM_ID', 'team id')],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--member <member>', description: 'replace the members; repeat for more', repeatable: true },
      ],
      op: { id: 'teams.update', data: true, fields: { name: 'name', member: 'members' } },
      examples: ['chatcrm teams update TEAM_ID --name "Tier 2"', 'chatcrm teams update TEAM_ID --data \'{"description":"Escalations"}\''],
    },
    deleteManyCommand('teams', 'delete', 'teams.deleteMany', 'teams', 'TEAM_ID'),
    objectActionCommand('teams', 'toggle-status', 'teams.toggleStatus', 'Toggle a team between active and inactive', 'TEAM_ID'),
  ],
};
