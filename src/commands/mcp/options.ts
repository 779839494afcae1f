// The options of `mcp call`, declared once: the manifest builds them (manifest/mcp.ts), the command
// reads their type (OptsOf). Data only. `mcp serve`'s are in mcp/serve/options.ts, read by its tool choice too.
import type { OptSpec } from '../../runtime/command-types.js';

export const CALL_OPTIONS = [
  { flags: '--arg <key=value>', description: 'an argument (repeat; arrays by repeating the key, objects by key.sub=value or JSON)', repeatable: true },
  { flags: '--args <json>', description: 'all arguments as a JSON object, @file or - (stdin); --arg overrides' },
] as const satisfies readonly OptSpec[];
