// What a command is and what it receives: the command tree's node types, and the input a
// command's run() gets. They sit below both the manifest (which declares the tree) and
// commands/ (which implement it), so that no import runs from commands/ back up to manifest/.
import type { OperationId, SandboxOperationId } from '../api/operations.js';
import type { Context } from './context.js';
import type { View } from '../core/output/print.js';

export interface OptSpec {
  /** Commander flags, e.g. `--to <digits>`, `-O, --output-file <path>`, `--force`. */
  flags: string;
  description: string;
  choices?: readonly string[];
  /** Values shell completion offers that the command checks itself (comma lists): not a parser's closed set. */
  suggest?: readonly string[];
  /** Values shell completion reads when due: the stored profile names, or the operations a --fault may name. */
  complete?: 'profiles' | 'operations';
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

/** What run() gets; `O` the command's own options, `OptsOf<typeof ITS_OPTIONS>` (runtime/options.ts). */
export interface RunInput<O = Record<string, unknown>> {
  /** Positional arguments by ArgSpec name (variadic ones as arrays). */
  args: Record<string, string | string[] | undefined>;
  /** The command's own options, camelCased as commander names them. */
  opts: O;
  /** The whole command tree, for the commands that describe the CLI itself (openapi, mcp serve): loaded on demand. */
  commands: () => Promise<CmdSpec[]>;
}

export type Run<O = Record<string, unknown>> = (ctx: Context, input: RunInput<O>) => Promise<void | number>;
/** A command's module: its run, of whatever options it declares (program.ts hands it their values). */
export type Loader = () => Promise<{ run: Run<never> }>;

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

export interface CmdSpec {
  name: string;
  summary: string;
  description?: string;
  aliases?: string[];
  args?: ArgSpec[];
  options?: readonly OptSpec[];
  examples?: Example[];
  load?: Loader;
  op?: OpSpec;
  subcommands?: CmdSpec[];
  hidden?: boolean;
  /** -p may name a profile that does not exist yet: the command creates it (login, profiles set). */
  newProfile?: boolean;
  /** Formats of -o this command writes beyond the global ones (`workspace diff -o markdown`): given as opts.output, not a setting. */
  outputs?: string[];
}

/** The flag of an option as commander names it in opts: `otpLength` → `--otp-length`. */
export const flagName = (opt: string) => `--${opt.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
