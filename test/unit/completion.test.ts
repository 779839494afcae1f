// The generated bash script really completes: source it, set COMP_WORDS/COMP_CWORD, read COMPREPLY.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completion, generatedFiles, reference } from '../../src/completion/generate.js';
import { allNodes, rootNode } from '../../src/completion/tree.js';
import { commands } from '../../src/manifest/index.js';
import type { CmdSpec } from '../../src/manifest/types.js';
import { describeWith, tempDir } from '../helpers/cli.js';

const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

const tree: CmdSpec[] = [
  {
    name: 'things',
    summary: 'Things',
    aliases: ['th'],
    subcommands: [
      {
        name: 'make',
        summary: 'Make a thing',
        aliases: ['mk'],
        args: [{ name: 'kind', required: true, choices: ['big', 'small'] }, { name: 'ids', variadic: true, choices: ['id1', 'id2'] }],
        options: [
          { flags: '--color <c>', description: 'a colour', choices: ['red', 'green'] },
          { flags: '--force', description: 'do it' },
          { flags: '--secret <s>', description: 'hidden', hidden: true },
        ],
        run: async () => ({ run: async () => undefined }),
      },
      { name: 'gone', summary: 'hidden', hidden: true, run: async () => ({ run: async () => undefined }) },
    ],
  },
  { name: 'other', summary: "It's other | piped", run: async () => ({ run: async () => undefined }) },
];

function complete(script: string, words: string[]): string[] {
  const cword = words.length - 1;
  const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = spawnSync('bash', ['-c', `${script}\nCOMP_WORDS=(${quoted}); COMP_CWORD=${cword}; _chatcrm; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean).sort();
}

describe('bash completion (fake tree)', () => {
  const script = completion('bash', tree);
  it.each([
    [['chatcrm', ''], ['other', 'things']],
    [['chatcrm', 'th'], ['things']],
    [['chatcrm', 'things', ''], ['make']],
    [['chatcrm', 'th', 'm'], ['make']],
    [['chatcrm', 'things', 'mk', ''], ['big', 'small']],
    [['chatcrm', 'things', 'make', 'big', ''], ['id1', 'id2']],
    [['chatcrm', 'things', 'make', 'big', 'id1', 'i'], ['id1', 'id2']],
    [['chatcrm', 'things', 'make', '--color', ''], ['green', 'red']],
    [['chatcrm', 'things', 'make', '--color', 'red', ''], ['big', 'small']],
    [['chatcrm', 'things', 'make', '--c'], ['--color']],
    [['chatcrm', 'things', 'make', '--f'], ['--fields', '--force']],
    [['chatcrm', 'things', 'make', '--s'], []],
    [['chatcrm', 'things', 'g'], []],
    [['chatcrm', '-o', ''], ['csv', 'json', 'jsonl', 'table', 'yaml']],
    [['chatcrm', '--profile', 'things', ''], ['other', 'things']],
    [['chatcrm', '--json', 'things', ''], ['make']],
    [['chatcrm', 'things', 'make', '--output', '=', 'js'], ['json', 'jsonl']],
    [['chatcrm', '--ver'], ['--verbose', '--version']],
    [['chatcrm', 'other', '--'], ['--base-url', '--dry-run', '--fields', '--help', '--json', '--mcp-url', '--no-color', '--no-input', '--output', '--profile', '--query', '--quiet', '--retries', '--timeout', '--verbose', '--yes']],
  ])('%j → %j', (words, expected) => {
    expect(complete(script, words)).toEqual(expected);
  });
});

describe('bash completion (the real tree)', () => {
  const script = completion('bash');
  it('completes commands, nested subcommands and arg choices', () => {
    expect(complete(script, ['chatcrm', 'ch'])).toEqual(['chat', 'chatbots']);
    expect(complete(script, ['chatcrm', 'chat', 'se'])).toEqual(expect.arrayContaining(['send', 'senders']));
    expect(complete(script, ['chatcrm', 'chat', 'se']).every((w) => w.startsWith('se'))).toBe(true);
    expect(complete(script, ['chatcrm', 'chat', 'send', '--t'])).toEqual(['--template', '--text', '--timeout', '--to']);
    expect(complete(script, ['chatcrm', 'completion', ''])).toEqual(['bash', 'fish', 'powershell', 'zsh']);
    expect(complete(script, ['chatcrm', 'profiles', 'set', 'a'])).toEqual(['allow-http']);
  });
});

// zsh and fish run when installed; .ci/run installs them (Debian's zsh and fish packages) and in
// CI a missing one fails these tests.
const zshCases: [string[], string[]][] = [
  [['chatcrm', ''], ['other', 'things']],
  [['chatcrm', 'th', ''], ['make']],
  [['chatcrm', 'things', 'mk', ''], ['big', 'small']],
  [['chatcrm', 'things', 'make', 'big', 'id1', ''], ['id1', 'id2']],
  [['chatcrm', 'things', 'make', '--color', ''], ['green', 'red']],
  [['chatcrm', '--profile', 'x', 'things', ''], ['make']],
  [['chatcrm', 'things', 'make', '--color=r'], ['green', 'red']],
  [['chatcrm', 'other', 'x', ''], ['<files>']],
];

describeWith('zsh', has('zsh'), 'zsh completion (stubbed completion builtins)', () => {
  const file = join(tempDir(), '_chatcrm');
  writeFileSync(file, completion('zsh', tree));
  const harness = `
compdef() {}
compset() {}
_files() { print -- '<files>'; }
compadd() { local arr=0 a; for a in "$@"; do if [[ $a == -a ]]; then arr=1; continue; fi; [[ $a == -* ]] && continue; if (( arr )); then print -rl -- \${(P)a}; else print -r -- $a; fi; done; }
_describe() { local a; for a in "\${@:4}"; do [[ $a == -* ]] && continue; print -rl -- \${\${(P)a}%%:*}; done; }
source ${file}
words=("$@"); CURRENT=$#words; _chatcrm`;
  it.each(zshCases)('%j → %j', (words, expected) => {
    const r = spawnSync('zsh', ['-c', harness, 'zsh', ...words], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(expected);
  });

  it('options of the command and the global ones, with descriptions', () => {
    const r = spawnSync('zsh', ['-c', harness, 'zsh', 'chatcrm', 'things', 'make', '--'], { encoding: 'utf8' });
    expect(r.stdout).toContain('--color');
    expect(r.stdout).toContain('--dry-run');
    expect(r.stdout).not.toContain('--secret');
  });
});

describeWith('fish', has('fish'), 'fish completion (complete -C)', () => {
  const file = join(tempDir(), 'chatcrm.fish');
  writeFileSync(file, completion('fish', tree));
  it.each<[string, string[]]>([
    ['chatcrm ', ['other', 'things']],
    ['chatcrm th ', ['make']],
    ['chatcrm things mk ', ['big', 'small']],
    ['chatcrm things make big ', ['id1', 'id2']],
    ['chatcrm things make --color ', ['green', 'red']],
    ['chatcrm --profile x things ', ['make']],
    ['chatcrm -o ', ['csv', 'json', 'jsonl', 'table', 'yaml']],
    ['chatcrm things make --co', ['--color']],
  ])('%j → %j', (line, expected) => {
    const r = spawnSync('fish', ['--no-config', '-c', `source ${file}; complete -C'${line}'`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[0]).sort()).toEqual(expected);
  });
});

/** The words of a script: a substring is not a word ('th' is not in 'things', 'red' not in 'stored'). */
const wordsOf = (script: string) => new Set(script.split(/[^A-Za-z0-9_]+/));

for (const [shell, flags] of [
  ['zsh', ['-n']],
  ['fish', ['--no-config', '--no-execute']],
] as const) {
  describeWith(shell, has(shell), `${shell} parses the scripts`, () => {
    it.each([
      ['the fake tree', () => completion(shell, tree)],
      ['the real tree', () => completion(shell)],
    ])('%s', (_what, script) => {
      const file = join(tempDir(), `chatcrm.${shell}`);
      writeFileSync(file, script());
      const r = spawnSync(shell, [...flags, file], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    });
  });
}

/**
 * No pwsh here: check the PowerShell script's structure instead. Brackets, braces and
 * parentheses balance outside strings and comments, and the quoted words hold every
 * command, alias, option and choice as a whole token.
 */
function powershellStructure(script: string): { unbalanced: string[]; tokens: Set<string> } {
  const close: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
  const stack: string[] = [];
  const unbalanced: string[] = [];
  const tokens = new Set<string>();
  const lines = script.split('\n');
  lines.forEach((line, n) => {
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '#') break;
      if (c === "'") {
        let text = '';
        for (i++; i < line.length; i++) {
          if (line[i] === "'" && line[i + 1] === "'") text += line[i++];
          else if (line[i] === "'") break;
          else text += line[i];
        }
        if (i >= line.length) unbalanced.push(`line ${n + 1}: unterminated '...'`);
        for (const t of text.split(/[\s|]+/)) tokens.add(t);
      } else if (c === '"') {
        for (i++; i < line.length && line[i] !== '"'; i++) if (line[i] === '`') i++;
        if (i >= line.length) unbalanced.push(`line ${n + 1}: unterminated "..."`);
      } else if ('({['.includes(c)) stack.push(`${c}@${n + 1}`);
      else if (c in close) {
        const open = stack.pop();
        if (open?.[0] !== close[c]) unbalanced.push(`line ${n + 1}: ${c} closes ${open ?? 'nothing'}`);
      }
    }
  });
  unbalanced.push(...stack.map((o) => `${o.split('@')[0]} opened on line ${o.split('@')[1]} never closed`));
  return { unbalanced, tokens };
}

describe('PowerShell script structure', () => {
  it.each([
    ['the fake tree', tree],
    ['the real tree', commands],
  ])('%s: balanced blocks, every command word a whole quoted token', (_what, t) => {
    const { unbalanced, tokens } = powershellStructure(completion('powershell', t));
    expect(unbalanced).toEqual([]);
    const nodes = allNodes(rootNode(t));
    const words = nodes.flatMap((n) => [
      ...n.subs.flatMap((s) => [s.spec.name, ...(s.spec.aliases ?? [])]),
      ...n.options.flatMap((f) => [...f.names, ...(f.spec.choices ?? [])]),
      ...n.args.flatMap((a) => a.choices ?? []),
    ]);
    expect(words.length).toBeGreaterThan(t === tree ? 10 : 200);
    expect(words.filter((w) => !tokens.has(w))).toEqual([]);
    if (t === tree) expect(tokens.has('secret')).toBe(false);
  });

  it('the check itself finds a missing brace and a lost alias', () => {
    const script = completion('powershell', tree);
    expect(powershellStructure(script.replace(/\n}\n$/, '\n')).unbalanced).toEqual(['{ opened on line 4 never closed']);
    expect(powershellStructure(script.replace("$next['|th'] = 'things'", '')).tokens.has('th')).toBe(false);
  });
});

describe('other shells and the reference', () => {
  it('name every command, alias, option and choice as a whole word, and never hidden ones', () => {
    for (const shell of ['zsh', 'fish', 'powershell'] as const) {
      const s = completion(shell, tree);
      const words = wordsOf(s);
      for (const word of ['things', 'th', 'make', 'mk', 'other', 'big', 'small', 'id1', 'id2', 'color', 'red', 'green', 'force', 'json', 'jsonl', 'yaml']) expect(words.has(word), `${shell}: ${word}`).toBe(true);
      expect(s, shell).not.toContain('secret');
      expect(s, shell).not.toContain('gone');
    }
  });

  it('documents usage, args, options, aliases and examples, with pipes escaped', () => {
    const md = reference(tree);
    expect(md).toContain('chatcrm things make <kind> [ids...] [options]');
    expect(md).toContain('Aliases: `mk`');
    expect(md).toContain('| `--color <c>` | a colour (one of: red, green) |');
    expect(md).toContain("It's other \\| piped");
    expect(md).toMatch(/\| 7 \| server or network failure/);
    expect(md).not.toContain('--secret');
  });

  it('lists every generated file', () => {
    expect(Object.keys(generatedFiles()).sort()).toEqual(['completions/_chatcrm', 'completions/chatcrm.bash', 'completions/chatcrm.fish', 'completions/chatcrm.ps1', 'docs/commands.md']);
  });
});
