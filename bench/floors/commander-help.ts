// Floor of `chatcrm --help` on a given Node: commander, a tree as wide as chatcrm's top level
// (25 commands, 15 global options), its help printed. No manifest, no config.
import { Command } from 'commander';

const program = new Command('chatcrm').description('Command line for the chatcrm messaging and CRM service');
for (let i = 0; i < 25; i++) program.command(`command${i}`).description(`Command number ${i} of the tree`);
for (let i = 0; i < 15; i++) program.option(`--option${i} <value>`, `global option number ${i}`);
program.outputHelp();
