// templates: create and preview message templates (spec 4.2). Filled in by the flows/templates issue.
import type { CmdSpec } from './types.js';

export const templates: CmdSpec = { name: 'templates', summary: 'Create and preview message templates', subcommands: [] };
