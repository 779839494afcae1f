// flows: automation flows (spec 4.3). Filled in by the flows/templates issue.
import type { CmdSpec } from './types.js';

export const flows: CmdSpec = { name: 'flows', summary: 'Automation flows: create, toggle, test, validate', subcommands: [] };
