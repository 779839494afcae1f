// mcp: the tool endpoint (docs/service-api.md 4.5), and the commands backed by its tools.
import type { CmdSpec } from './types.js';
import { CALL_OPTIONS } from '../commands/mcp/options.js';
import { SERVE_OPTIONS } from '../mcp/serve/options.js';

export const mcp: CmdSpec = {
  name: 'mcp',
  summary: 'Call the tool endpoint (MCP over streamable HTTP)',
  subcommands: [
    {
      name: 'health',
      summary: 'Check the tool endpoint (GET {mcp_url}/healthz)',
      examples: ['chatcrm mcp health', 'chatcrm mcp health --mcp-url https://api.example.com'],
      load: () => import('../commands/mcp/health.js'),
    },
    {
      name: 'tools',
      summary: 'List the tools with their arguments (* = required)',
      examples: ['chatcrm mcp tools', 'chatcrm mcp tools --json'],
      load: () => import('../commands/mcp/tools.js'),
    },
    {
      name: 'call',
      summary: 'Call a tool; arguments are typed and checked by its input schema; a tool that messages many or destroys asks first (--yes without a terminal)',
      args: [{ name: 'TOOL', required: true, description: 'tool name (see `chatcrm mcp tools`)' }],
      options: CALL_OPTIONS,
      examples: [
        'chatcrm mcp call list_contacts --arg page=1 --arg limit=5',
        'chatcrm mcp call create_contact --arg phone_number=15551234567 --arg name=Ada --arg tags=vip --arg tags=new',
        'chatcrm mcp call create_contact --args @contact.json --arg custom_fields.city=Paris',
        'chatcrm mcp call my_subscription --json',
      ],
      load: () => import('../commands/mcp/call.js'),
    },
    {
      name: 'serve',
      summary: "Serve the service's operations as MCP tools to AI agents (stdio, or --http on 127.0.0.1)",
      description:
        "A local MCP server with the profile's key: one tool per operation (chat_send, flows_toggle, segments_add_contacts, ...), " +
        'arguments checked like the CLI\'s flags before anything is sent. Toolsets by area; destructive tools only with ' +
        '--allow-destructive and then with confirm: true; --dry-run returns the requests instead of sending them. See docs/mcp-serve.md.',
      options: SERVE_OPTIONS,
      examples: [
        'chatcrm mcp serve',
        'chatcrm mcp serve --toolsets chat,flows --read-only',
        'chatcrm mcp serve --toolsets default,teams --exclude-tools chat_groups_send',
        'chatcrm mcp serve --toolsets all --allow-destructive --max-sends 20',
        { cmd: 'chatcrm mcp serve --http --dynamic-toolsets', notRun: 'serves HTTP until stopped (test/e2e/mcp-serve.test.ts connects to it)' },
        'chatcrm mcp serve --dry-run --tools chat_send,chat_senders',
      ],
      load: () => import('../commands/mcp/serve.js'),
    },
  ],
};
