// The start of every run: finds the command in argv from the outline (data, no commander), answers
// what needs nothing more itself (root and group help, shell completion), and hands the rest to
// program.ts, which builds commander objects for the invoked path alone.
import { fstatSync } from 'node:fs';
import { answer } from './completion/complete.js';
import { createIO } from './core/io.js';
import { groupHelp, helpArgv } from './locate.js';
import { fdStream, writeOut } from './out.js';

export async function main(argv = process.argv.slice(2)): Promise<number> {
  // Shell completion, on every TAB: the words are the command line being typed, not options for
  // commander (cobra's __complete does not parse flags either).
  if (argv[0] === '__complete') {
    return answer(createIO({ streams: { stdout: fdStream(1), stderr: fdStream(2), tty: false, columns: 80, get stdin() { return process.stdin; } } }), argv.slice(1));
  }
  const words = helpArgv(argv);
  // commander's width: the terminal's, else 80. Only a terminal needs process.stdout (costly to build).
  const help = groupHelp(words, (fstatSync(1).isCharacterDevice() && process.stdout.isTTY ? process.stdout.columns : undefined) ?? 80);
  if (help !== undefined) {
    writeOut(help);
    return 0;
  }
  return import('./program.js').then((m) => m.runCli(words));
}

// Not a top-level await: the bundle is converted to CommonJS (scripts/build.mjs).
void main().then((code) => {
  process.exitCode = code;
});
