// The command tree is data: names, summaries, options, examples and a lazy loader (or an
// operation to call). program.ts turns it into commander commands; scripts/gen.mjs turns it
// into completions and docs/commands.md. The node types live in runtime/command-types.ts.
import type { Example, OptSpec } from '../runtime/command-types.js';

export type { ArgSpec, CmdSpec, Example, Loader, OpSpec, OptSpec, Run, RunInput } from '../runtime/command-types.js';

/** The command line of an example, as help prints it. */
export const exampleCmd = (e: Example): string => (typeof e === 'string' ? e : e.cmd);

export const GLOBAL_OPTIONS: OptSpec[] = [
  { flags: '-p, --profile <name>', description: 'stored profile to use (env CHATCRM_PROFILE)', complete: 'profiles' },
  { flags: '--base-url <url>', description: 'API address (env CHATCRM_BASE_URL)' },
  { flags: '--mcp-url <url>', description: 'tool endpoint address, defaults to the base URL (env CHATCRM_MCP_URL)' },
  { flags: '-o, --output <format>', description: 'output format (env CHATCRM_OUTPUT)', choices: ['table', 'json', 'jsonl', 'csv', 'yaml'] },
  { flags: '--json', description: 'same as -o json' },
  { flags: '--fields <paths>', description: 'comma-separated fields (dot paths) to show' },
  { flags: '--query <expr>', description: 'JMESPath expression applied to the records (or the body, for api) before printing' },
  { flags: '-q, --quiet', description: 'print only ids, one a line' },
  { flags: '--verbose', description: 'HTTP trace on stderr, key redacted (env CHATCRM_DEBUG=1)' },
  { flags: '--dry-run', description: 'print the request that would be sent and send nothing' },
  { flags: '--timeout <seconds>', description: 'per-request timeout (default 30)' },
  { flags: '--retries <n>', description: 'retries for requests safe to repeat (default 2)' },
  { flags: '-y, --yes', description: 'confirm destructive actions without a prompt' },
  { flags: '--no-input', description: 'never prompt (implied without a TTY or with CI set)' },
  { flags: '--no-color', description: 'plain output (env NO_COLOR)' },
];

const spellings = (o: OptSpec) => o.flags.split(/[ ,]+/).filter((f) => f.startsWith('-'));

/** Every spelling of a global option (`-o`, `--output`, ...). */
export const GLOBAL_FLAGS = new Set(GLOBAL_OPTIONS.flatMap(spellings));

/** Global options that take a value: needed to find the command word in argv. */
export const GLOBAL_VALUE_FLAGS = new Set(GLOBAL_OPTIONS.filter((o) => o.flags.includes('<')).flatMap(spellings));
