// webhook: sign, verify, send and challenge inbound webhooks (spec 6). Filled in by the MCP/webhook issue.
import type { CmdSpec } from './types.js';

export const webhook: CmdSpec = { name: 'webhook', summary: 'Sign, verify and send inbound webhook events', subcommands: [] };
