// docs/commands.md: the command reference, generated from the same tree as the completions.
import { EXIT } from '../core/errors.js';
import { exampleCmd } from '../manifest/types.js';
import { allNodes, globalFlags, usage, type Flag, type Node } from './tree.js';

const MEANING: Record<keyof typeof EXIT, string> = {
  ok: 'success',
  unexpected: 'unexpected failure',
  usage: 'usage or invalid input (nothing was sent)',
  auth: 'authentication or permission (no key, 401, 403, missing plan feature)',
  notFound: 'not found (404)',
  rejected: 'rejected by the server (400, 409, 422, other 4xx)',
  rateLimited: 'rate limited after retries (429)',
  server: 'server or network failure (5xx, timeout, connection)',
  waitTimeout: 'a wait (--wait) ran out of time; the action itself was done',
  differences: 'differences found (`workspace diff --exit-code`)',
  interrupted: 'interrupted (Ctrl-C)',
  hangup: 'batch commands: stopped by SIGHUP after draining',
  terminated: 'batch commands: stopped by SIGTERM after draining',
};

/** Table cells: pipes escaped (even inside code spans), one line. */
const cell = (s: string) => s.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
const title = (n: Node) => ['chatcrm', ...n.path].join(' ');
const anchor = (n: Node) => title(n).toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

function optionRows(flags: Flag[]): string[] {
  return flags.map((f) => {
    const extra = [f.spec.choices ? `one of: ${f.spec.choices.join(', ')}` : '', f.spec.default !== undefined && f.spec.default !== false ? `default: ${f.spec.default}` : '', f.spec.repeatable ? 'repeatable' : '']
      .filter(Boolean)
      .join('; ');
    return `| \`${cell(f.spec.flags)}\` | ${cell(f.spec.description)}${extra ? ` (${cell(extra)})` : ''} |`;
  });
}

function section(n: Node): string {
  const out = [`## ${title(n)}`, '', cell(n.spec.summary), ''];
  if (n.spec.description && n.spec.description !== n.spec.summary) out.push(n.spec.description.trim(), '');
  out.push('```', usage(n), '```', '');
  if (n.spec.aliases?.length) out.push(`Aliases: ${n.spec.aliases.map((a) => `\`${a}\``).join(', ')}`, '');
  if (n.subs.length) {
    out.push('| command | summary |', '|---|---|', ...n.subs.map((s) => `| [\`${s.spec.name}\`](#${anchor(s)}) | ${cell(s.spec.summary)} |`), '');
  }
  if (n.args.length) {
    out.push('| argument | description |', '|---|---|');
    for (const a of n.args) {
      const notes = [a.required ? 'required' : 'optional', a.variadic ? 'one or more' : '', a.choices ? `one of: ${a.choices.join(', ')}` : ''].filter(Boolean).join('; ');
      out.push(`| \`${a.name}\` | ${cell(a.description ?? '')}${a.description ? ' ' : ''}(${cell(notes)}) |`);
    }
    out.push('');
  }
  const own = n.options.filter((f) => !f.names.includes('--help'));
  if (own.length) out.push('| option | description |', '|---|---|', ...optionRows(own), '');
  if (n.spec.examples?.length) out.push('Examples:', '', '```sh', ...n.spec.examples.map((e) => `$ ${exampleCmd(e)}`), '```', '');
  return out.join('\n');
}

function toc(n: Node, depth: number): string[] {
  return n.subs.flatMap((s) => [`${'  '.repeat(depth)}- [${title(s)}](#${anchor(s)}): ${cell(s.spec.summary)}`, ...toc(s, depth + 1)]);
}

export function commandReference(root: Node): string {
  const exitRows = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map((k) => `| ${EXIT[k]} | ${MEANING[k]} |`);
  return [
    '# chatcrm command reference',
    '',
    '<!-- Generated from the command tree (src/manifest/) by `npm run gen`: do not edit by hand. -->',
    '',
    'Global options are accepted before or after the subcommand. Resolution order for every setting: flag, then environment, then profile, then default. The API key comes from `CHATCRM_API_KEY` or the profile, never from a flag.',
    '',
    '| option | description |',
    '|---|---|',
    ...optionRows(globalFlags()),
    '',
    '## Exit codes',
    '',
    '| code | meaning |',
    '|---|---|',
    ...exitRows,
    '',
    '## Commands',
    '',
    ...toc(root, 0),
    '',
    ...allNodes(root).slice(1).map(section),
  ].join('\n');
}
