// flows: automation flows (docs/service-api.md 4.3), plus the offline `flows validate`.
import { PAGE_OPTIONS } from '../runtime/option-lists.js';
import { unpaged } from './common.js';
import type { ArgSpec, CmdSpec } from './types.js';
import { flowOptions, LIST_FLOWS_OPTIONS, SUGGEST_OPTIONS, TEST_OPTIONS } from '../commands/flows/options.js';

const FLOW_ID: ArgSpec = { name: 'FLOW_ID', required: true, description: 'flow id (from `chatcrm flows list`)' };
const FLOW_STATE = 'Flow "{name}" is now {status}';
const FLOW_VIEW = { columns: ['_id', 'name', 'keyword', 'platform', 'status', 'updated_at'], drop: ['updated_at', 'platform', 'keyword'], cut: ['name'] };

export const flows: CmdSpec = {
  name: 'flows',
  summary: 'Automation flows: create, toggle, test, validate',
  subcommands: [
    {
      name: 'list',
      summary: 'List flows (id, name, keyword, platform, state, updated)',
      options: LIST_FLOWS_OPTIONS,
      examples: ['chatcrm flows list', 'chatcrm flows list --status active --json', 'chatcrm flows list --all -q'],
      load: () => import('../commands/flows/list.js'),
    },
    {
      name: 'get',
      summary: 'Show a flow',
      args: [FLOW_ID],
      op: { id: 'flows.get' },
      examples: ['chatcrm flows get FLOW_ID', 'chatcrm flows get FLOW_ID -o yaml --fields name,keyword,greeting'],
    },
    {
      name: 'create',
      summary: 'Create a flow from a JSON/YAML file or flags (validated offline first)',
      options: flowOptions(true),
      examples: ['chatcrm flows create --file flow.yaml', 'chatcrm flows create --name "Opening hours" --keyword open --active', 'chatcrm flows create --file flow.json --name "Copy of menu" --dry-run'],
      load: () => import('../commands/flows/create.js'),
    },
    {
      name: 'update',
      summary: 'Update fields of a flow (flags and/or a partial file)',
      args: [FLOW_ID],
      options: flowOptions(false),
      examples: ['chatcrm flows update FLOW_ID --name "New name"', 'chatcrm flows update FLOW_ID --file screens.yaml'],
      load: () => import('../commands/flows/update.js'),
    },
    {
      name: 'delete',
      summary: 'Delete a flow (soft; asks first, --yes without a TTY)',
      args: [FLOW_ID],
      op: { id: 'flows.delete', defaultBody: { confirm: true }, destructive: true },
      examples: ['chatcrm flows delete FLOW_ID   # exit 2 without a terminal (--yes confirms); asks first on one', 'chatcrm flows delete FLOW_ID --yes'],
    },
    {
      name: 'toggle',
      summary: 'Switch a flow between active and draft (inactive)',
      args: [FLOW_ID],
      op: { id: 'flows.toggle', view: { ...FLOW_VIEW, state: FLOW_STATE } },
      examples: ['chatcrm flows toggle FLOW_ID'],
    },
    {
      name: 'toggle-pause',
      summary: 'Pause an active flow, or resume a paused one',
      args: [FLOW_ID],
      op: { id: 'flows.togglePause', view: { ...FLOW_VIEW, state: FLOW_STATE } },
      examples: ['chatcrm flows toggle-pause FLOW_ID'],
    },
    {
      name: 'test',
      summary: 'Run a flow on a test message and show where it lands',
      args: [FLOW_ID],
      options: TEST_OPTIONS,
      examples: ['chatcrm flows test FLOW_ID --message pizza', 'chatcrm flows test FLOW_ID --message "pizza please" --json'],
      load: () => import('../commands/flows/test.js'),
    },
    {
      name: 'node-types',
      summary: 'List the step and screen types flows can use',
      description: unpaged('List the step and screen types flows can use', 'its whole catalogue'),
      op: { id: 'flows.nodeTypes', view: { id: 'type', columns: ['type', 'kind', 'description'], drop: ['kind'], cut: ['description'] } },
      examples: ['chatcrm flows node-types', 'chatcrm flows node-types --json'],
    },
    {
      name: 'suggest',
      summary: 'Ask for a suggested flow; --out writes it for `flows create --file`',
      options: SUGGEST_OPTIONS,
      examples: [
        'chatcrm flows suggest --business-name "Rosa Bakery" --industry bakery --purpose orders --tone friendly --out bakery.yaml',
        'chatcrm flows create --file bakery.yaml',
      ],
      load: () => import('../commands/flows/suggest.js'),
    },
    {
      name: 'executions',
      summary: 'List the executions of a flow',
      args: [FLOW_ID],
      options: PAGE_OPTIONS,
      op: { id: 'flows.executions', paged: true, view: { columns: ['_id', 'status', 'trigger', 'message', 'final_screen', 'created_at'], drop: ['message', 'trigger'], cut: ['final_screen'] } },
      examples: ['chatcrm flows executions FLOW_ID', 'chatcrm flows executions FLOW_ID --page 2 --limit 20', 'chatcrm flows executions FLOW_ID --all -q'],
    },
    {
      name: 'execution',
      summary: 'Show one execution with its steps',
      args: [{ name: 'EXECUTION_ID', required: true, description: 'execution id (from `chatcrm flows executions`)' }],
      op: { id: 'flows.execution' },
      examples: ['chatcrm flows execution EXECUTION_ID --json'],
    },
    {
      name: 'stats',
      aliases: ['statistics'],
      summary: 'Flow statistics (flows by state, executions, match rate)',
      op: { id: 'flows.statistics', view: { summary: 'flow-stats' } },
      examples: ['chatcrm flows stats', 'chatcrm flows stats --json'],
    },
    {
      name: 'validate',
      summary: 'Check a flow file offline: schema, dangling gotos, unreachable screens',
      args: [{ name: 'FILE', required: true, description: 'flow file, JSON or YAML' }],
      examples: ['chatcrm flows validate flow.yaml', 'chatcrm flows validate flow.json --json'],
      load: () => import('../commands/flows/validate.js'),
    },
  ],
};
