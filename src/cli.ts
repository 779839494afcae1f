// One run of the CLI on a host (core/host.ts): the process's (main.ts) or a test's. Finds the
// command in argv from the outline (data, no commander), answers what needs nothing more itself
// (root and group help, shell completion), and hands the rest to program.ts, which builds
// commander objects for the invoked path alone.
import { answer } from './completion/complete.js';
import type { Host } from './core/host.js';
import { createIO } from './core/io.js';
import { groupHelp, helpArgv } from './locate.js';

export async function run(argv: string[], host: Host): Promise<number> {
  const brief = host.brief ?? host.streams;
  // Shell completion, on every TAB: the words are the command line being typed, not options for
  // commander (cobra's __complete does not parse flags either).
  if (argv[0] === '__complete') {
    const streams = {
      stdout: brief.stdout,
      stderr: brief.stderr,
      // Never read here: a getter, or the process host would build process.stdin.
      get stdin() {
        return host.streams.stdin;
      },
      tty: { stdout: false, stderr: false, stdin: false },
      columns: 80,
    };
    return answer(createIO({ env: host.env, streams }), argv.slice(1), host.env);
  }
  const words = helpArgv(argv);
  // commander's width: the terminal's, else 80.
  const help = groupHelp(words, (host.streams.tty.stdout ? host.streams.columns : undefined) ?? 80);
  if (help !== undefined) {
    brief.stdout.write(help);
    return 0;
  }
  return import('./program.js').then((m) => m.runCli(words, host));
}
