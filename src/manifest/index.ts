// The whole command tree, in the order `chatcrm --help` lists it: every top-level command of
// top-level.ts (the one list of them), loaded. A run loads only the one it names (program.ts); the
// commands that describe the CLI itself (openapi, mcp serve, completion, the docs) load them all.
import { topLevel } from './top-level.js';
import type { CmdSpec } from './types.js';

export async function loadCommands(): Promise<CmdSpec[]> {
  const specs = await Promise.all(Object.values(topLevel).map((load) => load()));
  return specs.filter((c) => c.subcommands === undefined || c.subcommands.length > 0);
}
