// workspace: the workspace's configuration as a file (dump, validate, diff, sync), after Kong's decK.
import type { ArgSpec, CmdSpec } from './types.js';
import { DIFF_OPTIONS, DUMP_OPTIONS, SYNC_OPTIONS } from '../commands/workspace/options.js';

const FILE: ArgSpec = { name: 'FILE', required: true, description: 'a workspace file (YAML or JSON), or - for stdin' };

export const workspace: CmdSpec = {
  name: 'workspace',
  summary: 'The workspace as code: dump, validate, diff and sync its configuration',
  description:
    'A workspace file holds tags, custom fields, taxes, currencies, quick replies, teams, chatbots, segments and flows (templates for reference only), ' +
    'records named by their natural key (name; title for quick replies; code for currencies), references by name, ${env:CHATCRM_WS_NAME} filled from the environment (other names are refused; filled-in values and secret-named fields are masked in every plan). See docs/workspace.md.',
  subcommands: [
    {
      name: 'dump',
      summary: 'Write the configuration as a workspace file (every page of every area)',
      options: DUMP_OPTIONS,
      load: () => import('../commands/workspace/dump.js'),
      examples: ['chatcrm workspace dump -O workspace.yaml', 'chatcrm workspace dump --only tags,quick_replies', 'chatcrm workspace dump --only taxes -o json'],
    },
    {
      name: 'validate',
      summary: 'Check a workspace file offline (schema, duplicate names, references)',
      args: [FILE],
      load: () => import('../commands/workspace/validate.js'),
      examples: ['chatcrm workspace validate workspace.yaml', 'chatcrm workspace dump | chatcrm workspace validate -'],
    },
    {
      name: 'diff',
      summary: 'Show what sync would change: + create, ~ update, - delete (with --prune)',
      args: [FILE],
      description: 'Show what sync would change: + create, ~ update, - delete (with --prune); in colour on a terminal. -o json: the plan as data; -o markdown: a pull-request comment (a summary line, then each area folded).',
      options: DIFF_OPTIONS,
      outputs: ['markdown'],
      load: () => import('../commands/workspace/diff.js'),
      examples: [
        'chatcrm workspace diff workspace.yaml',
        'chatcrm workspace diff workspace.yaml --exit-code',
        'chatcrm workspace diff workspace.yaml --prune -o json',
        'chatcrm workspace diff workspace.yaml -o markdown',
        'chatcrm workspace diff workspace.yaml --out ws.plan',
      ],
    },
    {
      name: 'sync',
      summary: 'Make the workspace match the file, or apply a saved plan (asks on a terminal; --yes otherwise)',
      args: [{ ...FILE, required: false, description: 'a workspace file (YAML or JSON), or - for stdin; none with --plan' }],
      options: SYNC_OPTIONS,
      load: () => import('../commands/workspace/sync.js'),
      examples: [
        'chatcrm workspace sync --plan ws.plan --dry-run',
        'chatcrm workspace sync --plan ws.plan --yes',
        'chatcrm workspace sync workspace.yaml --yes',
        'chatcrm workspace sync workspace.yaml --dry-run',
        'chatcrm workspace dump | chatcrm workspace sync - --yes',
      ],
    },
  ],
};
