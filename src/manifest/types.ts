// The command tree is data: names, summaries, options, examples and a lazy loader (or an
// operation to call). main.ts turns it into commander commands; scripts/gen.mjs turns it
// into completions and docs/commands.md.
import type { OperationId, SandboxOperationId } from '../api/operations.js';
import type { Context } from '../core/context.js';
import type { View } from '../core/output/print.js';

export interface OptSpec {
  /** Commander flags, e.g. `--to <digits>`, `-O, --output-file <path>`, `--force`. */
  flags: string;
  description: string;
  choices?: readonly string[];
  /** Values shell completion reads from local state: the stored profile names. */
  complete?: 'profiles';
  default?: string | boolean;
  /** Collect repeated values into an array. */
  repeatable?: boolean;
  hidden?: boolean;
}

export interface ArgSpec {
  name: string;
  description?: string;
  required?: boolean;
  variadic?: boolean;
  /** Values offered by shell completion (checked by the command, in any case it accepts). */
  choices?: readonly string[];
  /** Values shell completion reads from local state: the stored profile names. */
  complete?: 'profiles';
}

export interface RunInput {
  /** Positional arguments by ArgSpec name (variadic ones as arrays). */
  args: Record<string, string | string[] | undefined>;
  /** The command's own options, camelCased as commander names them. */
  opts: Record<string, unknown>;
  /** The whole command tree, for the commands that describe the CLI itself (openapi, mcp serve). */
  commands: CmdSpec[];
}

export type Run = (ctx: Context, input: RunInput) => Promise<void | number>;
export type Loader = () => Promise<{ run: Run }>;

/** A command that is one operation call: path params from the positional args, in order. */
export interface OpSpec {
  id: OperationId | SandboxOperationId;
  /** option name (camelCase) → body field (dot path). */
  fields?: Record<string, string>;
  /** option name → value conversion before validation. */
  convert?: Record<string, 'number' | 'int' | 'bool' | 'upper' | 'json'>;
  /** A variadic positional arg whose values become a body array field (e.g. ids). */
  list?: { arg: string; field: string };
  /** option name → query parameter. */
  query?: Record<string, string>;
  /** A list the server pages: --page, --limit, --all and --max-items (see commands/list.ts). */
  paged?: boolean;
  /** Body sent when no --data and no flags give one (e.g. `{}` for toggles that take an object). */
  defaultBody?: Record<string, unknown>;
  /** Accepts --data JSON|@file|- as the body (flags override its fields). */
  data?: boolean;
  /** Asks for confirmation (TTY) or needs --yes. */
  destructive?: boolean;
  view?: View;
}

/**
 * A command line shown under Examples in --help and docs/commands.md. test/e2e/examples-*
 * runs every one against the sandbox: it must exit 0, or the code its comment starts with
 * (`... # exit 2: why`, an example of a failure). The object form is one that cannot run as
 * a one-shot command (a server, a prompt), with the reason; help shows only `cmd`.
 */
export type Example = string | { cmd: string; notRun: string };

/** The command line of an example, as help prints it. */
export const exampleCmd = (e: Example): string => (typeof e === 'string' ? e : e.cmd);

export interface CmdSpec {
  name: string;
  summary: string;
  description?: string;
  aliases?: string[];
  args?: ArgSpec[];
  options?: OptSpec[];
  examples?: Example[];
  run?: Loader;
  op?: OpSpec;
  subcommands?: CmdSpec[];
  hidden?: boolean;
  /** -p may name a profile that does not exist yet: the command creates it (login, profiles set). */
  newProfile?: boolean;
}

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

/** The flag of an option as commander names it in opts: `otpLength` → `--otp-length`. */
export const flagName = (opt: string) => `--${opt.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export const DATA_OPTION: OptSpec = { flags: '--data <json>', description: 'request body as JSON, @file or - (stdin); flags override its fields' };
