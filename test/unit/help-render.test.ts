// The root's and every group's help is rendered from the outline (src/manifest/help.ts) without
// commander: byte for byte what commander prints for the same command (program.ts builds it as a
// run does), at 80 columns (no terminal) and at other terminal widths, so that the two never drift.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { groupHelp } from '../../src/locate.js';
import { createIO } from '../../src/core/io.js';
import { ttys } from '../helpers/io.js';
import { OUTLINE } from '../../src/manifest/outline-data.js';
import type { Outline } from '../../src/manifest/outline.js';
import { buildProgram } from '../../src/program.js';

/** Every group's path from the root (the root first): what `chatcrm <path> --help` shows. */
function groups(level: Outline[], path: string[] = []): string[][] {
  return level.filter((s) => s.subcommands && !s.runnable).flatMap((s) => [[...path, s.name], ...groups(s.subcommands!, [...path, s.name])]);
}
const paths = [[], ...groups(OUTLINE)];

/** What commander prints for `chatcrm <path> --help`, on a terminal `columns` wide (undefined: not a terminal). */
async function commanderHelp(path: string[], columns?: number): Promise<string> {
  let text = '';
  const sink = new Writable({ write: (chunk, _enc, done) => void ((text += String(chunk)), done()) });
  const io = createIO({ env: {}, noColor: true, streams: { stdout: sink, stderr: sink, stdin: process.stdin, tty: ttys(columns !== undefined), columns: columns ?? 80 } });
  const program = await buildProgram([...path, '--help'], io, async () => undefined);
  await expect(program.parseAsync([...path, '--help'], { from: 'user' })).rejects.toMatchObject({ code: 'commander.helpDisplayed' });
  return text;
}

describe('root and group help without commander', () => {
  it(`covers the root and every group (${paths.length})`, () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths).toContainEqual(['chat', 'groups']);
  });

  for (const columns of [undefined, 120, 61, 30]) {
    it(`is what commander prints, ${columns ? `on a terminal ${columns} columns wide` : 'without a terminal (80 columns)'}`, async () => {
      for (const path of paths) {
        const expected = await commanderHelp(path, columns);
        expect(expected).toMatch(/^Usage: chatcrm/);
        expect(groupHelp([...path, '--help'], columns ?? 80), `chatcrm ${path.join(' ')} --help`).toBe(expected);
      }
    });
  }

  it('is answered only for group names and help flags: anything else is left to commander', () => {
    expect(groupHelp(['--help'], 80)).toMatch(/^Usage: chatcrm \[options\] \[command\]\n/);
    expect(groupHelp(['chat', '-h', '--help'], 80)).toMatch(/^Usage: chatcrm chat \[options\] \[command\]\n/);
    for (const words of [['--help', 'chat'], ['chat', 'send', '--help'], ['--json', '--help'], ['chat', 'nope', '--help'], ['chat'], ['-o', 'bogus', '--help'], ['chat', '--', '--help']]) {
      expect(groupHelp(words, 80), words.join(' ')).toBeUndefined();
    }
  });
});

describe('the program built for a command', () => {
  it('`chat send` builds that command alone: its siblings are names, with no options or subcommands', async () => {
    const io = createIO({ env: {}, streams: { stdout: new Writable({ write: (_c, _e, done) => done() }), stderr: process.stderr, stdin: process.stdin, tty: ttys(false), columns: 80 } });
    const program = await buildProgram(['chat', 'send', '--to', '15551230001'], io, async () => undefined);
    const chat = program.commands.find((c) => c.name() === 'chat')!;
    const send = chat.commands.find((c) => c.name() === 'send')!;
    expect(send.options.map((o) => o.long)).toContain('--to');
    const siblings = chat.commands.filter((c) => c !== send);
    expect(siblings.map((c) => c.name())).toEqual(expect.arrayContaining(['send-batch', 'senders', 'groups']));
    for (const c of siblings) expect([c.name(), c.options.length, c.commands.length]).toEqual([c.name(), 0, 0]);
    // Other top-level commands are not even named: only the root's help shows them.
    expect(program.commands.map((c) => c.name())).toEqual(['chat']);
  });
});
