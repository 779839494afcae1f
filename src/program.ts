// Builds the commander program for the invoked path, runs the command, and maps every failure to
// one line on stderr and the exit code of docs/contract.md. Of the tree only the top-level command that
// argv names is loaded (manifest/top-level.ts); the others are names from the outline.
import { Command, Option, CommanderError } from 'commander';
import { topLevel } from './manifest/top-level.js';
import { OUTLINE } from './manifest/outline-data.js';
import { findSub, type Outline } from './manifest/outline.js';
import { argTerm, examplesHelp, globalOptionsHelp, HELP_OPTION, ownOptions, ROOT_AFTER, ROOT_DESCRIPTION, VERSION_OPTION } from './manifest/help.js';
import { GLOBAL_OPTIONS, type CmdSpec, type OptSpec } from './manifest/types.js';
import type { Host } from './core/host.js';
import { createIO, type IO } from './core/io.js';
import { CliError, EXIT, exitCodeFor, InterruptedError, UsageError, type ErrorCode } from './core/errors.js';
import type { GlobalFlags } from './config/settings.js';
import { commandIndex } from './locate.js';

declare const __VERSION__: string;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

export type Runner = (spec: CmdSpec, cmd: Command, argv: unknown[]) => Promise<void>;

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** A closed set of values, in any case (`--category utility`), passed on as declared. */
function choice(flag: string, choices: readonly string[]) {
  return (value: string) => {
    const found = choices.find((c) => c.toLowerCase() === value.toLowerCase());
    if (found === undefined && flag === '--output' && /[./\\]/.test(value)) {
      // `dump -o ws.yaml`: -o takes a format; the file is -O's (docs/workspace.md).
      throw new UsageError(`--output: "${value}" is a file name, not a format: -o names the format (${choices.join(', ')}), -O names the file to write`);
    }
    if (found === undefined) throw new UsageError(`${flag}: must be one of ${choices.join(', ')}, got "${value}"`);
    return found;
  };
}

/** An OptSpec as a commander option (runtime/options.ts' OptsOf types the values it gives). */
export function addOption(cmd: Command, o: OptSpec): void {
  const opt = new Option(o.flags, o.description);
  if (o.default !== undefined) opt.default(o.default);
  if (o.hidden) opt.hideHelp();
  // choices() for the help's "(choices: ...)"; the parser set after it replaces its check.
  if (o.choices) opt.choices(o.choices);
  const parse = o.choices ? choice(opt.long ?? opt.flags, o.choices) : undefined;
  if (o.repeatable) opt.argParser((v: string, previous: string[] | undefined) => collect(parse ? parse(v) : v, previous));
  else if (parse) opt.argParser(parse);
  cmd.addOption(opt);
}

function create(spec: Outline, parent: Command): Command {
  const cmd = parent.command(spec.name, { hidden: spec.hidden }).summary(spec.summary).description(spec.description ?? spec.summary);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  return cmd;
}

/** A command that is not the one running: its name and summary (for the list and "did you mean"). */
const named = (spec: Outline, parent: Command) => void create(spec, parent).allowUnknownOption().allowExcessArguments();

/**
 * Build a command with its options and help, given `argv` (the words after its name). Of its
 * subcommands, the one argv names is built the same way and its siblings by name only (each
 * option costs commander work at every start), unless argv names none (`chat --help` lists them
 * all with their options and arguments).
 */
function build(spec: CmdSpec, parent: Command, argv: string[], run: Runner): void {
  const cmd = create(spec, parent);
  for (const a of spec.args ?? []) cmd.argument(argTerm(a), a.description ?? '');
  for (const o of ownOptions(spec)) addOption(cmd, o);
  cmd.addHelpText('after', globalOptionsHelp);
  const examples = examplesHelp(spec);
  if (examples) cmd.addHelpText('after', examples);
  if (spec.subcommands) {
    const at = commandIndex(argv);
    const sub = at === undefined ? undefined : findSub(spec.subcommands, argv[at]);
    for (const s of spec.subcommands) {
      if (!sub || s === sub) build(s, cmd, sub ? argv.slice(at! + 1) : argv, run);
      else named(s, cmd);
    }
  }
  if (spec.load || spec.op) cmd.action(async (...argv: unknown[]) => run(spec, cmd, argv));
}

/** The value of -o/--output in raw argv, for reporting errors that happen before parsing. */
function outputFlag(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o' || a === '--output') return argv[i + 1];
    if (a.startsWith('--output=')) return a.slice(9);
    if (a.startsWith('-o') && a.length > 2 && !a.startsWith('--')) return a.slice(2);
  }
  return undefined;
}

function oneLine(message: string): string {
  return message.replace(/^error:\s*/i, '').replace(/\s*\n\s*/g, ' ').trim();
}

function report(io: IO, caught: unknown, json: boolean, verbose: boolean): number {
  // Ctrl-C inside an inquirer prompt arrives as its ExitPromptError.
  const err = (caught as Error)?.name === 'ExitPromptError' ? new InterruptedError() : caught;
  const code = exitCodeFor(err);
  const message =
    err instanceof CliError ? err.message : `Unexpected error: ${(err as Error)?.message ?? String(err)}`;
  if (json) {
    const e = err instanceof CliError ? err : undefined;
    const errorCode: ErrorCode = e?.code ?? 'unexpected';
    io.data(JSON.stringify({ error: { message, status: e?.status ?? null, code: errorCode } }), 'stderr');
  } else {
    io.err(io.paint(31, 'Error:'), ' ', message);
  }
  if (verbose && err instanceof Error && !(err instanceof CliError)) io.err(err.stack ?? '');
  return code;
}

/** The command argv names under a top-level one: the deepest subcommand its words name. */
function invoked(spec: CmdSpec, argv: string[]): CmdSpec {
  const at = commandIndex(argv);
  const sub = at === undefined || !spec.subcommands ? undefined : findSub(spec.subcommands, argv[at]);
  return sub ? invoked(sub, argv.slice(at! + 1)) : spec;
}

/**
 * The program for argv: the root, and of the top-level commands the one argv names in full (its
 * area loaded). The others, by name, only where commander may show them: the root's help, and the
 * "did you mean" of a word that names none.
 */
export async function buildProgram(argv: string[], io: IO, runner: Runner): Promise<Command> {
  const program = new Command('chatcrm')
    .description(ROOT_DESCRIPTION)
    .version(VERSION, VERSION_OPTION.flags, VERSION_OPTION.description)
    .helpOption(HELP_OPTION.flags, HELP_OPTION.description)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      outputError: () => undefined,
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      getOutHelpWidth: () => (io.stdoutIsTTY ? io.columns : 80),
      getErrHelpWidth: () => (io.stderrIsTTY ? io.columns : 80),
      getOutHasColors: () => io.color,
      getErrHasColors: () => io.color,
    });
  program.addHelpText('after', ROOT_AFTER);
  const at = commandIndex(argv);
  const top = at === undefined ? undefined : findSub(OUTLINE, argv[at]);
  const spec = top && (await topLevel[top.name]());
  // -o takes the invoked command's own formats too (`workspace diff -o markdown`), and only its.
  const outputs = spec ? invoked(spec, argv.slice(at! + 1)).outputs ?? [] : [];
  for (const o of GLOBAL_OPTIONS) addOption(program, o.choices && o.flags.startsWith('-o,') ? { ...o, choices: [...o.choices, ...outputs] } : o);
  const rootHelp = argv.slice(0, at).some((w) => w === '-h' || w === '--help');
  for (const o of OUTLINE) {
    if (o === top && spec) build(spec, program, argv.slice(at! + 1), runner);
    else if (!top || rootHelp) named(o, program);
  }
  return program;
}

/** Run the command argv names (after cli.ts's helpArgv) on `host`: the process's, or a test's. */
export async function runCli(argv: string[], host: Host): Promise<number> {
  const { env } = host;
  // The profile's output counts once settings are read (a profile set to json gets json errors).
  let resolvedOutput: string | undefined;
  const wantsJson = () => argv.includes('--json') || /^jsonl?$/.test(outputFlag(argv) ?? resolvedOutput ?? env.CHATCRM_OUTPUT ?? '');
  const verbose = argv.includes('--verbose') || env.CHATCRM_DEBUG === '1';
  const io = createIO({ noColor: argv.includes('--no-color'), noInput: argv.includes('--no-input'), env, streams: host.streams });

  let exitCode = 0;
  const runner: Runner = async (spec, cmd, actionArgs) => {
    const all = cmd.optsWithGlobals() as GlobalFlags;
    // A format of the command's own is its option, not a setting (the settings know the global formats).
    const own = all.output !== undefined && spec.outputs?.includes(all.output) ? all.output : undefined;
    const flags = own ? { ...all, output: undefined } : all;
    // Loaded here, not at start: --help and usage errors need none of it (nor node:fs/promises).
    const { createContext } = await import('./runtime/context.js');
    const ctx = createContext(io, flags, host, VERSION, { newProfile: spec.newProfile });
    const positional = actionArgs.slice(0, spec.args?.length ?? 0) as (string | string[] | undefined)[];
    const args = Object.fromEntries((spec.args ?? []).map((a, i) => [a.name, positional[i]]));
    // Validate global settings (-o, --timeout, --retries, --query) before any command work.
    resolvedOutput = ctx.settings.output;
    if (ctx.settings.query !== undefined) await import('./core/output/query.js').then((m) => m.checkQuery(ctx.settings.query!));
    const loaded = spec.load ? await spec.load() : await import('./commands/op.js').then((m) => ({ run: m.opRunner(spec) }));
    const commands = () => import('./manifest/index.js').then((m) => m.loadCommands());
    // The one cast of a command's options: commander built them from the same list the command's
    // run is typed by (`Run<OptsOf<typeof ITS_OPTIONS>>`), so opts() holds what OptsOf says.
    const given = cmd.opts<Record<string, unknown>>();
    const opts = (own ? { ...given, output: own } : given) as never;
    const result = await loaded.run(ctx, { args, opts, commands }).catch(async (err: unknown) => {
      throw (await import('./commands/hints.js')).withHint(ctx, err);
    });
    if (typeof result === 'number') exitCode = result;
    await ctx.close();
  };

  try {
    const program = await buildProgram(argv, io, runner);
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return 0;
      // A group given an option commander cannot place (`chatcrm -qy`): its help went to stderr.
      if (err.code === 'commander.help') return EXIT.usage;
      return report(io, new UsageError(oneLine(err.message)), wantsJson(), false);
    }
    return report(io, err, wantsJson(), verbose);
  }
}
