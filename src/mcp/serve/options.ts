// The options of `mcp serve`, declared once: the manifest builds them (manifest/mcp.ts), the command
// (commands/mcp/serve.ts) and the tool choice (select.ts) read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

export const SERVE_OPTIONS = [
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
] as const satisfies readonly OptSpec[];
