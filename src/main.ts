// Builds the commander program from the manifest, runs the command, and maps every
// failure to one line on stderr and the exit code of COMMANDS.md.
import { Command, Option, CommanderError } from 'commander';
import { commands } from './manifest/index.js';
import { GLOBAL_OPTIONS, GLOBAL_VALUE_FLAGS, DATA_OPTION, type CmdSpec, type OptSpec } from './manifest/types.js';
import { createIO, type IO } from './core/io.js';
import { createContext } from './core/context.js';
import { CliError, EXIT, exitCodeFor, InterruptedError } from './core/errors.js';
import type { GlobalFlags } from './config/settings.js';

declare const __VERSION__: string;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function addOption(cmd: Command, o: OptSpec): void {
  const opt = new Option(o.flags, o.description);
  if (o.choices) opt.choices(o.choices);
  if (o.default !== undefined) opt.default(o.default);
  if (o.repeatable) opt.argParser(collect);
  if (o.hidden) opt.hideHelp();
  cmd.addOption(opt);
}

/** Build a command; `deep` false gives only its name and summary (for the root help). */
function build(spec: CmdSpec, parent: Command, deep: boolean, run: (spec: CmdSpec, cmd: Command, argv: unknown[]) => Promise<void>): void {
  const cmd = parent.command(spec.name, { hidden: spec.hidden }).summary(spec.summary).description(spec.description ?? spec.summary);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  if (!deep) {
    cmd.allowUnknownOption().allowExcessArguments();
    return;
  }
  for (const a of spec.args ?? []) cmd.argument(a.required ? `<${a.name}${a.variadic ? '...' : ''}>` : `[${a.name}${a.variadic ? '...' : ''}]`, a.description ?? '');
  const options = [...(spec.options ?? []), ...(spec.op?.data ? [DATA_OPTION] : [])];
  for (const o of options) addOption(cmd, o);
  if (spec.examples?.length) cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  if (spec.subcommands) {
    for (const sub of spec.subcommands) build(sub, cmd, true, run);
  }
  if (spec.run || spec.op) {
    cmd.action(async (...argv: unknown[]) => run(spec, cmd, argv));
  }
}

/** The first word of argv that is not a global option or its value: the top-level command. */
export function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return argv[i + 1];
    if (!a.startsWith('-') || a === '-') return a;
    if (GLOBAL_VALUE_FLAGS.has(a)) i++;
  }
  return undefined;
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
    io.data(JSON.stringify({ error: { message, status: e?.status ?? null, code: e?.code ?? 'unexpected' } }), 'stderr');
  } else {
    io.err(io.paint(31, 'Error:'), ' ', message);
  }
  if (verbose && err instanceof Error && !(err instanceof CliError)) io.err(err.stack ?? '');
  return code;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  // The profile's output counts once settings are read (a profile set to json gets json errors).
  let resolvedOutput: string | undefined;
  const wantsJson = () => argv.includes('--json') || /^jsonl?$/.test(outputFlag(argv) ?? resolvedOutput ?? process.env.CHATCRM_OUTPUT ?? '');
  const verbose = argv.includes('--verbose') || process.env.CHATCRM_DEBUG === '1';
  const io = createIO({ noColor: argv.includes('--no-color'), noInput: argv.includes('--no-input') });
  // A reader that stops early (`chatcrm ... | head`) is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    if (interrupts > 1) process.exit(EXIT.interrupted);
    controller.abort(new InterruptedError());
  };
  process.on('SIGINT', onSigint);

  const program = new Command('chatcrm')
    .description('Command line for the chatcrm messaging and CRM service')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: () => undefined, writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  program.addHelpText('after', '\nRun `chatcrm <command> --help` for the options of a command.\nDocs: docs/commands.md. Exit codes: 0 ok, 1 unexpected, 2 usage, 3 auth, 4 not found, 5 rejected, 6 rate limited, 7 server/network, 130 interrupted.\n');
  for (const o of GLOBAL_OPTIONS) addOption(program, o);

  let exitCode = 0;
  const run = async (spec: CmdSpec, cmd: Command, actionArgs: unknown[]) => {
    const flags = cmd.optsWithGlobals() as GlobalFlags;
    const ctx = createContext(io, flags, controller.signal, VERSION);
    const positional = actionArgs.slice(0, spec.args?.length ?? 0) as (string | string[] | undefined)[];
    const args = Object.fromEntries((spec.args ?? []).map((a, i) => [a.name, positional[i]]));
    // Validate global settings (-o, --timeout, --retries, --query) before any command work.
    resolvedOutput = ctx.settings.output;
    if (ctx.settings.query !== undefined) await import('./core/output/query.js').then((m) => m.checkQuery(ctx.settings.query!));
    const loaded = spec.run ? await spec.run() : await import('./commands/op.js').then((m) => ({ run: m.opRunner(spec) }));
    const result = await loaded.run(ctx, { args, opts: cmd.opts() });
    if (typeof result === 'number') exitCode = result;
    await ctx.close();
  };

  const word = commandWord(argv);
  for (const spec of commands) {
    const target = word !== undefined && (spec.name === word || spec.aliases?.includes(word));
    build(spec, program, Boolean(target), run);
  }

  try {
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return 0;
      if (err.code === 'commander.help' || err.code === 'commander.executeSubCommandAsync') return EXIT.usage;
      return report(io, new CliError(oneLine(err.message), EXIT.usage, undefined, err.code), wantsJson(), false);
    }
    return report(io, err, wantsJson(), verbose);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

const code = await main();
process.exitCode = code;
