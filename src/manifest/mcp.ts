// mcp: the tool endpoint (spec 4.5), and the commands backed by its tools. Filled in by the MCP issue.
import type { CmdSpec } from './types.js';

export const mcp: CmdSpec = { name: 'mcp', summary: 'Call the tool endpoint (MCP over streamable HTTP)', subcommands: [] };
/** contacts list / create / import (tools list_contacts, create_contact). */
export const contactsMcp: CmdSpec[] = [];
/** campaigns send (tool send_campaign). */
export const campaignsMcp: CmdSpec[] = [];
