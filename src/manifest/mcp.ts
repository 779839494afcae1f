// mcp: the tool endpoint (docs/service-api.md 4.5), and the commands backed by its tools.
import type { CmdSpec } from './types.js';

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
      options: [
        { flags: '--arg <key=value>', description: 'an argument (repeat; arrays by repeating the key, objects by key.sub=value or JSON)', repeatable: true },
        { flags: '--args <json>', description: 'all arguments as a JSON object, @file or - (stdin); --arg overrides' },
      ],
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
      options: [
        { flags: '--http', description: 'serve streamable HTTP on 127.0.0.1 instead of stdio (a bearer token is printed at start)' },
        { flags: '--port <n>', description: 'port for --http (default: any free port, printed at start)' },
        { flags: '--toolsets <list>', description: 'comma-separated toolsets, `all`, or `default` (chat,templates,flows,contacts,segments,tags) (env CHATCRM_TOOLSETS)' },
        { flags: '--tools <list>', description: 'comma-separated tools to offer as well; alone, only these (env CHATCRM_TOOLS)' },
        { flags: '--exclude-tools <list>', description: 'comma-separated tools never to offer (env CHATCRM_EXCLUDE_TOOLS)' },
        { flags: '--read-only', description: 'offer only reads and offline tools; wins over every other flag (env CHATCRM_READ_ONLY=1)' },
        { flags: '--dynamic-toolsets', description: 'start with list_toolsets/enable_toolset; the agent enables what it needs (env CHATCRM_DYNAMIC_TOOLSETS=1)' },
        {
          flags: '--allow-destructive',
          description:
            'offer the tools that cannot be undone or message a whole audience, each call needing confirm: true: ' +
            'campaigns_publish, campaigns_recurring, campaigns_send, chatbots_delete, currencies_delete, custom_fields_delete, flows_delete, ' +
            'quick_replies_delete, reply_materials_delete, reply_materials_delete_many, segments_delete, segments_delete_many, ' +
            'segments_remove_contacts, subscription_cancel, tags_delete, taxes_delete, taxes_delete_many, teams_delete',
        },
        { flags: '--max-sends <n>', description: 'most messages this server may send; later sends are refused' },
        { flags: '--upload-dir <folder>', description: 'offer the upload tools (chat_send_file, reply_materials_create, ...), reading files from this folder only' },
      ],
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
