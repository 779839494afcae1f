// Builds the commander program from the manifest, runs the command, and maps every
// failure to one line on stderr and the exit code of COMMANDS.md.
import { Command, Option, CommanderError } from 'commander';
import { commands } from './manifest/index.js';
import { GLOBAL_FLAGS, GLOBAL_OPTIONS, GLOBAL_VALUE_FLAGS, DATA_OPTION, exampleCmd, type CmdSpec, type OptSpec } from './manifest/types.js';
import { createIO, type IO } from './core/io.js';
import { CliError, EXIT, exitCodeFor, InterruptedError, UsageError, type ErrorCode } from './core/errors.js';
import type { GlobalFlags } from './config/settings.js';

declare const __VERSION__: string;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** A closed set of values, in any case (`--category utility`), passed on as declared. */
function choice(flag: string, choices: readonly string[]) {
  return (value: string) => {
    const found = choices.find((c) => c.toLowerCase() === value.toLowerCase());
    if (found === undefined) throw new UsageError(`${flag}: must be one of ${choices.join(', ')}, got "${value}"`);
    return found;
  };
}

function addOption(cmd: Command, o: OptSpec): void {
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

/**
 * Build a command. Without `argv` (the words after its name) only its name and summary: the
 * command is not the one running. With it, its options and help; of its subcommands, the one
 * argv names is built the same way and its siblings only by name (each option costs commander
 * work at every start), unless argv names none (`chat --help` lists them all in full).
 */
function build(spec: CmdSpec, parent: Command, argv: string[] | undefined, run: (spec: CmdSpec, cmd: Command, argv: unknown[]) => Promise<void>): void {
  const cmd = parent.command(spec.name, { hidden: spec.hidden }).summary(spec.summary).description(spec.description ?? spec.summary);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  if (!argv) {
    cmd.allowUnknownOption().allowExcessArguments();
    return;
  }
  for (const a of spec.args ?? []) cmd.argument(a.required ? `<${a.name}${a.variadic ? '...' : ''}>` : `[${a.name}${a.variadic ? '...' : ''}]`, a.description ?? '');
  const options = [...(spec.options ?? []), ...(spec.op?.data ? [DATA_OPTION] : [])];
  for (const o of options) addOption(cmd, o);
  cmd.addHelpText('after', globalOptionsHelp);
  if (spec.examples?.length) cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${exampleCmd(e)}`).join('\n')}\n`);
  if (spec.subcommands) buildAll(spec.subcommands, cmd, argv, run);
  if (spec.run || spec.op) {
    cmd.action(async (...argv: unknown[]) => run(spec, cmd, argv));
  }
}

/**
 * Build these commands for argv (the words after their parent's name): see build(). When argv
 * names none of them, the top level lists names only (`chatcrm --help`), a group all in full.
 */
function buildAll(specs: CmdSpec[], parent: Command, argv: string[], run: (spec: CmdSpec, cmd: Command, argv: unknown[]) => Promise<void>, topLevel = false): void {
  const at = commandIndex(argv);
  const named = at === undefined ? undefined : specs.find((s) => s.name === argv[at] || s.aliases?.includes(argv[at]));
  for (const spec of specs) {
    const full = named ? spec === named : !topLevel;
    build(spec, parent, full ? (named ? argv.slice(at! + 1) : argv) : undefined, run);
  }
}

/**
 * The global options as a command's help lists them (gh's INHERITED FLAGS): names only, wrapped,
 * since `chatcrm --help` describes them.
 */
function globalOptionsHelp(): string {
  const lines = [''];
  for (const flags of GLOBAL_OPTIONS.filter((o) => !o.hidden).map((o) => o.flags)) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + flags.length > 76) lines.push('');
    lines[lines.length - 1] += `${lines[lines.length - 1] ? '  ' : ''}${flags}`;
  }
  return `\nGlobal options (see \`chatcrm --help\`):\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

/**
 * `help chat send` is `chat send --help`, and a group named without a subcommand (`chatcrm chat`,
 * `chatcrm --json`) shows its help: both become --help, which prints on stdout and exits 0. An
 * option that is not a global one stays an error (`chatcrm chat --bogus`).
 */
function helpArgv(argv: string[]): string[] {
  let words = argv;
  let help = false;
  let level: CmdSpec[] | undefined = commands;
  let group = true;
  let from = 0;
  while (level) {
    const rel = commandIndex(words.slice(from));
    if (rel === undefined) {
      help ||= group;
      break;
    }
    const at = from + rel;
    const spec: CmdSpec | undefined = level.find((s) => s.name === words[at] || s.aliases?.includes(words[at]));
    if (!spec && words[at] === 'help' && !help) {
      words = [...words.slice(0, at), ...words.slice(at + 1)];
      help = true;
      from = at;
      continue;
    }
    // An unknown word: commander says so (`help nope` is not the root's help).
    if (!spec) return words;
    group = !spec.run && !spec.op;
    level = group ? spec.subcommands : undefined;
    from = at + 1;
  }
  const options = words.slice(from).filter((w) => w.startsWith('-') && w !== '-' && w !== '--');
  const known = options.every((w) => GLOBAL_FLAGS.has(w.split('=')[0]) || w === '-h' || w === '--help');
  return help && known ? [...words, '--help'] : words;
}

/** Where in argv the first word that is not a global option or its value is: the command. */
function commandIndex(argv: string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return i + 1 < argv.length ? i + 1 : undefined;
    if (!a.startsWith('-') || a === '-') return i;
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
    const errorCode: ErrorCode = e?.code ?? 'unexpected';
    io.data(JSON.stringify({ error: { message, status: e?.status ?? null, code: errorCode } }), 'stderr');
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
  // Shell completion, on every TAB: the words are the command line being typed, not options for
  // commander (cobra's __complete does not parse flags either).
  if (argv[0] === '__complete') return import('./completion/complete.js').then((m) => m.answer(io, argv.slice(1)));
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
    // Loaded here, not at start: --help and usage errors need none of it (nor node:fs/promises).
    const { createContext } = await import('./core/context.js');
    const ctx = createContext(io, flags, controller.signal, VERSION, process.env, { newProfile: spec.newProfile });
    const positional = actionArgs.slice(0, spec.args?.length ?? 0) as (string | string[] | undefined)[];
    const args = Object.fromEntries((spec.args ?? []).map((a, i) => [a.name, positional[i]]));
    // Validate global settings (-o, --timeout, --retries, --query) before any command work.
    resolvedOutput = ctx.settings.output;
    if (ctx.settings.query !== undefined) await import('./core/output/query.js').then((m) => m.checkQuery(ctx.settings.query!));
    const loaded = spec.run ? await spec.run() : await import('./commands/op.js').then((m) => ({ run: m.opRunner(spec) }));
    const result = await loaded.run(ctx, { args, opts: cmd.opts(), commands }).catch(async (err: unknown) => {
      throw (await import('./core/hints.js')).withHint(ctx, err);
    });
    if (typeof result === 'number') exitCode = result;
    await ctx.close();
  };

  argv = helpArgv(argv);
  buildAll(commands, program, argv, run, true);

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
      // A group given an option commander cannot place (`chatcrm -qy`): its help went to stderr.
      if (err.code === 'commander.help') return EXIT.usage;
      return report(io, new UsageError(oneLine(err.message)), wantsJson(), false);
    }
    return report(io, err, wantsJson(), verbose);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

// Not a top-level await: the bundle is converted to CommonJS (scripts/build.mjs).
void main().then((code) => {
  process.exitCode = code;
});
