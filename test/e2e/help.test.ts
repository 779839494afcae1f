// Help as a newcomer finds it: `help X` is `X --help`, a group without a subcommand shows its
// help (stdout, exit 0, like the root), and every command's help lists the global options.
import { describe, expect, it } from 'vitest';
import { GLOBAL_OPTIONS } from '../../src/manifest/types.js';
import { runCli } from '../helpers/cli.js';

const helpOf = async (args: string[]) => {
  const r = await runCli(args);
  expect(r.stderr, args.join(' ')).toBe('');
  expect(r.exitCode, args.join(' ')).toBe(0);
  return r.stdout;
};

describe('help', () => {
  it.each([
    [['help', 'chat'], ['chat', '--help']],
    [['help', 'flows'], ['flows', '--help']],
    [['help', 'chat', 'send'], ['chat', 'send', '--help']],
    [['chat', 'help', 'send'], ['chat', 'send', '--help']],
    [['--json', 'help', 'chat', 'groups', 'send'], ['chat', 'groups', 'send', '--help']],
    [['chat'], ['chat', '--help']],
    [['chat', 'groups'], ['chat', 'groups', '--help']],
    [['-o', 'json', 'flows'], ['flows', '--help']],
    [['help'], ['--help']],
    // --help before the command: root help (commander's rule), not the group's.
    [['--help', 'chat'], ['--help']],
    [['--json'], ['--help']],
  ])('%j prints what %j prints, on stdout, exit 0', async (args, same) => {
    const expected = await helpOf(same);
    expect(expected).toMatch(/^Usage: chatcrm /);
    expect(await helpOf(args)).toBe(expected);
  });

  it('a group lists its subcommands; a command its options', async () => {
    expect(await helpOf(['help', 'chat'])).toMatch(/^Commands:\n(.*\n)*  send \[options\] +Send one message/m);
    expect(await helpOf(['help', 'chat', 'send'])).toMatch(/^Usage: chatcrm chat send \[options\]\n(.*\n)*  --to <digits>/);
  });

  it.each([[['help', 'nope']], [['help', 'chat', 'nope']], [['chat', 'nope']]])('%j: unknown command, exit 2, no help', async (args) => {
    const r = await runCli(args);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("Error: unknown command 'nope'\n");
  });

  it.each([[['chat', '--bogus']], [['--bogus']], [['help', '--bogus']]])('%j: an unknown option stays an error, not a help', async (args) => {
    const r = await runCli(args);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("Error: unknown option '--bogus'\n");
  });

  it.each(['login', 'chat send', 'chat', 'flows get', 'api', 'profiles use'])('%s --help lists every global option, compactly, before the examples', async (path) => {
    const out = await helpOf([...path.split(' '), '--help']);
    const section = /\nGlobal options \(see `chatcrm --help`\):\n((?: {2}.*\n?)+)/.exec(out)?.[1] ?? '';
    const lines = section.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(4);
    for (const o of GLOBAL_OPTIONS.filter((g) => !g.hidden)) expect(section).toContain(o.flags);
    if (out.includes('Examples:')) expect(out.indexOf('Global options')).toBeLessThan(out.indexOf('Examples:'));
  });

  it.each(['chat send', 'chat send-batch'])('%s --help says --template takes a name, as its examples pass one', async (path) => {
    const out = await helpOf([...path.split(' '), '--help']);
    expect(out).toMatch(/^ {2}--template <name> +an approved template, by its name/m);
    expect(out).not.toContain('<template_id>');
    expect(out).toMatch(/--template order_update /);
  });

  it('login --help names the options login needs (--profile, --base-url)', async () => {
    const out = await helpOf(['login', '--help']);
    expect(out).toMatch(/^ {2}-p, --profile <name> {2}--base-url <url>/m);
  });

  it('the root help lists them with descriptions once, not a second time', async () => {
    const out = await helpOf(['--help']);
    expect(out).not.toContain('Global options');
    expect(out).toMatch(/^ {2}--base-url <url> +API address/m);
  });
});
