// The help of the root and of a group, rendered from the outline exactly as commander prints it
// (its Help.formatHelp, then the texts main adds after it), so that `chatcrm --help` and
// `chatcrm chat --help` need neither commander nor the manifest. A command's own help is
// commander's. test/unit/help-render.test.ts compares the two byte for byte, at several widths.
import { DATA_OPTION } from '../runtime/options.js';
import type { Outline } from './outline.js';
import { GLOBAL_OPTIONS, exampleCmd, type ArgSpec, type OptSpec } from './types.js';

export const ROOT_DESCRIPTION = 'Command line for the chatcrm messaging and CRM service';
export const HELP_OPTION: OptSpec = { flags: '-h, --help', description: 'show help' };
export const VERSION_OPTION: OptSpec = { flags: '-V, --version', description: 'print the version' };
export const ROOT_AFTER =
  '\nRun `chatcrm <command> --help` for the options of a command.\nDocs: docs/commands.md. Exit codes: 0 ok, 1 unexpected, 2 usage, 3 auth, 4 not found, 5 rejected, 6 rate limited, 7 server/network, 8 wait timed out, 130 interrupted.\n';

/**
 * The global options as a command's help lists them (gh's INHERITED FLAGS): names only, wrapped,
 * since `chatcrm --help` describes them.
 */
export function globalOptionsHelp(): string {
  const lines = [''];
  for (const flags of GLOBAL_OPTIONS.filter((o) => !o.hidden).map((o) => o.flags)) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + flags.length > 76) lines.push('');
    lines[lines.length - 1] += `${lines[lines.length - 1] ? '  ' : ''}${flags}`;
  }
  return `\nGlobal options (see \`chatcrm --help\`):\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

/** The examples of a command as its help lists them after everything else. */
export const examplesHelp = (spec: Outline): string | undefined =>
  spec.examples?.length ? `\nExamples:\n${spec.examples.map((e) => `  $ ${exampleCmd(e)}`).join('\n')}\n` : undefined;

/** A command's own options as commander holds them (the help option apart). */
export const ownOptions = (spec: Outline): readonly OptSpec[] => [...(spec.options ?? []), ...(spec.op?.data ? [DATA_OPTION] : [])];

/** An argument as usage shows it: `<NAME>`, `[NAME...]`. */
export const argTerm = (a: ArgSpec): string => (a.required ? `<${a.name}${a.variadic ? '...' : ''}>` : `[${a.name}${a.variadic ? '...' : ''}]`);

const MIN_WIDTH_TO_WRAP = 40;

function boxWrap(str: string, width: number): string {
  if (width < MIN_WIDTH_TO_WRAP) return str;
  const wrapped: string[] = [];
  for (const line of str.split(/\r\n|\n/)) {
    const chunks = line.match(/[\s]*[^\s]+/g);
    if (chunks === null) {
      wrapped.push('');
      continue;
    }
    let sum = [chunks.shift()!];
    let sumWidth = sum[0].length;
    for (const chunk of chunks) {
      if (sumWidth + chunk.length <= width) {
        sum.push(chunk);
        sumWidth += chunk.length;
        continue;
      }
      wrapped.push(sum.join(''));
      const next = chunk.trimStart();
      sum = [next];
      sumWidth = next.length;
    }
    wrapped.push(sum.join(''));
  }
  return wrapped.join('\n');
}

function formatItem(term: string, termWidth: number, description: string, width: number): string {
  if (!description) return `  ${term}`;
  const remaining = width - termWidth - 4;
  const text = remaining < MIN_WIDTH_TO_WRAP || /\n[^\S\r\n]/.test(description) ? description : boxWrap(description, remaining).replace(/\n/g, `\n${' '.repeat(termWidth + 2)}`);
  return `  ${term.padEnd(termWidth)}  ${text.replace(/\n/g, '\n  ')}`;
}

function optionDescription(o: OptSpec): string {
  const extra: string[] = [];
  if (o.choices) extra.push(`choices: ${o.choices.map((c) => JSON.stringify(c)).join(', ')}`);
  // commander shows the default of an option that takes a value, and a boolean one of a plain flag.
  const takesValue = /[<[]/.test(o.flags);
  const negated = flagNames(o).some((f) => f.startsWith('--no-'));
  if (o.default !== undefined && (takesValue || (!negated && typeof o.default === 'boolean'))) extra.push(`default: ${JSON.stringify(o.default)}`);
  return extra.length ? `${o.description ? `${o.description} ` : ''}(${extra.join(', ')})` : o.description;
}

const flagNames = (o: OptSpec) => o.flags.split(/[ ,|]+/).filter((f) => f.startsWith('-'));

/** The help option as commander lists it: without a spelling that one of the command's options takes. */
function helpItem(options: readonly OptSpec[]): OptSpec | undefined {
  const taken = new Set(options.flatMap(flagNames));
  const [short, long] = flagNames(HELP_OPTION);
  if (!taken.has(short) && !taken.has(long)) return HELP_OPTION;
  if (!taken.has(long)) return { ...HELP_OPTION, flags: long };
  if (!taken.has(short)) return { ...HELP_OPTION, flags: short };
  return undefined;
}

/** A subcommand as a group's list shows it: name, first alias, `[options]` and its arguments. */
function subTerm(sub: Outline, full: boolean): string {
  const args = full ? (sub.args ?? []).map(argTerm).join(' ') : '';
  return `${sub.name}${sub.aliases?.[0] ? `|${sub.aliases[0]}` : ''}${full && ownOptions(sub).length ? ' [options]' : ''}${args ? ` ${args}` : ''}`;
}

/**
 * The help of the root (`path` empty, `spec` undefined) or of the group at `path` (its names from
 * the root, `spec` the last), `width` columns wide. The root lists its commands by name, a group
 * with their options and arguments (main.ts builds them so).
 */
export function renderHelp(path: string[], spec: Outline | undefined, subs: Outline[], width: number): string {
  const root = spec === undefined;
  const options = root ? [VERSION_OPTION, ...GLOBAL_OPTIONS] : ownOptions(spec);
  const args = spec?.args ?? [];
  const named = root ? 'chatcrm' : `${['chatcrm', ...path.slice(0, -1)].join(' ')} ${spec.name}${spec.aliases?.[0] ? `|${spec.aliases[0]}` : ''}`;
  const usage = [named, '[options]', ...(subs.length ? ['[command]'] : []), ...args.map(argTerm)].join(' ');

  const visibleOptions: OptSpec[] = options.filter((o) => !o.hidden);
  const help = helpItem(options);
  if (help) visibleOptions.push(help);
  const commands: [string, string][] = subs.filter((s) => !s.hidden).map((s) => [subTerm(s, !root), s.summary || (s.description ?? s.summary)]);
  if (subs.length && !spec?.runnable) commands.push(['help [command]', 'display help for command']);
  const argItems: [string, string][] = args.some((a) => a.description) ? args.map((a) => [a.name, a.description ?? '']) : [];
  const optionItems: [string, string][] = visibleOptions.map((o) => [o.flags, optionDescription(o)]);

  const termWidth = Math.max(0, ...[...argItems, ...optionItems, ...commands].map(([t]) => t.length));
  const list = (heading: string, items: [string, string][]) => (items.length ? [heading, ...items.map(([t, d]) => formatItem(t, termWidth, d, width)), ''] : []);
  const description = root ? ROOT_DESCRIPTION : (spec.description ?? spec.summary);
  const out = [`Usage: ${usage}`, '', ...(description ? [boxWrap(description, width), ''] : []), ...list('Arguments:', argItems), ...list('Options:', optionItems), ...list('Commands:', commands)];
  const examples = root ? undefined : examplesHelp(spec);
  const after = root ? [ROOT_AFTER] : [globalOptionsHelp(), ...(examples ? [examples] : [])];
  return `${out.join('\n')}${after.map((t) => `${t}\n`).join('')}`;
}
