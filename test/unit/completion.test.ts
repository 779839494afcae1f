// Shell completion has one source, `chatcrm __complete` (src/completion/complete.ts): its answers
// on a small tree and on the real one, then the generated bash, zsh and fish scripts driven in
// those shells against the built CLI (a `chatcrm` on PATH), with stored profiles to offer.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { complete } from '../../src/completion/complete.js';
import { generatedFiles, reference } from '../../src/completion/generate.js';
import { completionScript } from '../../src/completion/scripts.js';
import { allNodes, globalFlags, rootNode } from '../../src/completion/tree.js';
import { loadCommands } from '../../src/manifest/index.js';
import type { CmdSpec } from '../../src/manifest/types.js';
import { BIN, cleanEnv, describeWith, tempDir } from '../helpers/cli.js';

const commands = await loadCommands();

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
        args: [{ name: 'KIND', required: true, choices: ['big', 'small'] }, { name: 'IDS', variadic: true, choices: ['id1', 'id2'] }],
        options: [
          { flags: '--color <c>', description: 'a colour', choices: ['red', 'green'] },
          { flags: '--force', description: 'do it' },
          { flags: '--file <path>', description: 'a file' },
          { flags: '--secret <s>', description: 'hidden', hidden: true },
        ],
        load: async () => ({ run: async () => undefined }),
      },
      { name: 'use', summary: 'Use a profile', args: [{ name: 'NAME', required: true, complete: 'profiles' }], load: async () => ({ run: async () => undefined }) },
      { name: 'gone', summary: 'hidden', hidden: true, load: async () => ({ run: async () => undefined }) },
    ],
  },
  { name: 'other', summary: "It's other | piped", args: [{ name: 'FILE' }], load: async () => ({ run: async () => undefined }) },
];

const PROFILES = ['home', 'work'];
async function answers(words: string[], t: CmdSpec[] = tree) {
  const r = await complete(rootNode(t), words, async () => PROFILES);
  return { values: r.candidates.map(([v]) => v).sort(), files: r.files };
}
const GLOBAL_LONG = globalFlags().flatMap((f) => f.names.filter((n) => n.startsWith('--')));

describe('__complete answers (a small tree)', () => {
  it.each<[string[], string[], boolean?]>([
    [[''], ['other', 'things']],
    [['th'], ['things']],
    [['things', ''], ['make', 'use']],
    [['th', 'm'], ['make']],
    [['things', 'mk', ''], ['big', 'small']],
    [['things', 'make', 'big', ''], ['id1', 'id2']],
    [['things', 'make', 'big', 'id1', 'i'], ['id1', 'id2']],
    [['things', 'make', '--color', ''], ['green', 'red']],
    [['things', 'make', '--color', 'red', ''], ['big', 'small']],
    [['things', 'make', '--color=r'], ['--color=red']],
    [['things', 'make', '--c'], ['--color']],
    [['things', 'make', '--f'], ['--fields', '--file', '--force']],
    [['things', 'make', '--s'], []],
    [['things', 'g'], []],
    [['things', 'make', '--file', ''], [], true],
    [['other', ''], [], true],
    [['other', 'x', ''], []],
    [['-o', ''], ['csv', 'json', 'jsonl', 'table', 'yaml']],
    [['--output=js'], ['--output=json', '--output=jsonl']],
    [['--profile', 'things', ''], ['other', 'things']],
    [['--profile', 'x', 'things', ''], ['make', 'use']],
    [['-p', ''], PROFILES],
    [['--profile=w'], ['--profile=work']],
    [['things', 'use', ''], PROFILES],
    [['things', 'use', 'h'], ['home']],
    [['--json', 'things', ''], ['make', 'use']],
    [['things', 'make', '--', '--c'], []],
    [['things', 'make', '--', ''], ['big', 'small']],
    [['--ver'], ['--verbose', '--version']],
    [[' '], ['other', 'things']],
    [['other', '--'], [...GLOBAL_LONG, '--help'].sort()],
  ])('%j → %j', async (words, values, files = false) => {
    expect(await answers(words)).toEqual({ values, files });
  });

  it('describes commands and options; never offers hidden ones', async () => {
    const r = await complete(rootNode(tree), ['things', ''], async () => []);
    expect(r.candidates).toEqual([
      ['make', 'Make a thing'],
      ['use', 'Use a profile'],
    ]);
    const opts = await complete(rootNode(tree), ['things', 'make', '--'], async () => []);
    expect(opts.candidates).toContainEqual(['--color', 'a colour']);
    expect(opts.candidates.map(([v]) => v)).not.toContain('--secret');
  });

  it('reads the profiles only when a profile name is due', async () => {
    let reads = 0;
    const profiles = async () => (reads++, PROFILES);
    await complete(rootNode(tree), ['things', ''], profiles);
    await complete(rootNode(tree), ['-o', ''], profiles);
    expect(reads).toBe(0);
    await complete(rootNode(tree), ['-p', ''], profiles);
    expect(reads).toBe(1);
  });
});

describe('__complete answers (the real tree)', () => {
  const root = rootNode(commands);

  it('offers every declared value of every option and argument', async () => {
    let checked = 0;
    for (const n of allNodes(root)) {
      for (const f of [...n.options, ...(n.path.length ? [] : globalFlags())].filter((o) => o.value && o.spec.choices)) {
        const r = await complete(root, [...n.path, f.names.at(-1)!, ''], async () => []);
        expect(r.candidates.map(([v]) => v), `${n.path.join(' ')} ${f.names.at(-1)}`).toEqual([...f.spec.choices!]);
        checked++;
      }
      for (const [i, a] of n.args.entries()) {
        if (!a.choices) continue;
        const r = await complete(root, [...n.path, ...n.args.slice(0, i).map(() => 'x'), ''], async () => []);
        expect(r.candidates.map(([v]) => v), `${n.path.join(' ')} <${a.name}>`).toEqual([...a.choices]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it.each([[['-p', '']], [['--profile', '']], [['profiles', 'use', '']], [['profiles', 'show', '']], [['profiles', 'remove', '']], [['chat', 'send', '-p', '']]])('%j offers the profile names', async (words) => {
    expect((await complete(root, words, async () => PROFILES)).candidates.map(([v]) => v)).toEqual(PROFILES);
  });
});

/** A config dir with two profiles of settings and one that has only a stored key. */
function configDir(): string {
  const dir = tempDir('chatcrm-complete-cfg-');
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ active: 'work', profiles: { work: { 'base-url': 'https://a.example' }, home: {} } }));
  writeFileSync(join(dir, 'credentials.json'), JSON.stringify({ profiles: { ci: 'ci-key-0123456789abcdef' } }), { mode: 0o600 });
  chmodSync(join(dir, 'credentials.json'), 0o600);
  return dir;
}
const STORED = ['ci', 'home', 'work'];

/** `chatcrm` on PATH (the built CLI), as the scripts call it. */
function shellEnv(): NodeJS.ProcessEnv {
  const bin = join(tempDir('chatcrm-complete-bin-'), 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'chatcrm'), `#!/bin/sh\nexec node '${BIN}' "$@"\n`, { mode: 0o755 });
  return { ...(cleanEnv({}, configDir()) as NodeJS.ProcessEnv), PATH: `${bin}:${process.env.PATH}` };
}

describe('__complete on the command line', () => {
  it('answers value<TAB>description lines, then the directive; stored profiles from the config dir', () => {
    const env = shellEnv();
    const run = (...words: string[]) => spawnSync('chatcrm', ['__complete', ...words], { env, encoding: 'utf8' });
    const cmds = run('ch');
    expect(cmds.status).toBe(0);
    expect(cmds.stderr).toBe('');
    expect(cmds.stdout).toBe('chat\tSend chat messages, list senders and groups\nchatbots\tChatbots: knowledge bases, training, URL scraping, documents\n:4\n');
    expect(run('profiles', 'use', '').stdout).toBe('ci\nhome\nwork\n:4\n');
    expect(run('chat', 'send-batch', '').stdout).toBe(':0\n');
  });

  it("sandbox --auto-status offers its comma lists; --fault every operationId of `chatcrm openapi` (and *), with a colon and no space after it", () => {
    const env = shellEnv();
    const run = (...words: string[]) => spawnSync('chatcrm', ['__complete', ...words], { env, encoding: 'utf8' });
    expect(run('sandbox', '--auto-status', '').stdout).toBe('delivered\nread\ndelivered,read\n:4\n');
    expect(run('sandbox', '--auto-status=d').stdout).toBe('--auto-status=delivered\n--auto-status=delivered,read\n:4\n');
    const openapi = spawnSync('chatcrm', ['openapi', '-o', 'json'], { env, encoding: 'utf8' });
    const ids = (JSON.parse(openapi.stdout) as { paths: Record<string, Record<string, { operationId: string }>> }).paths;
    const operationIds = Object.values(ids).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(operationIds.length).toBeGreaterThan(100);
    const lines = run('sandbox', '--fault', '').stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(':6');
    const offered = lines.slice(0, -1);
    expect(offered[0]).toBe('*:');
    for (const id of operationIds) expect(offered).toContain(`${id}:`);
    expect(run('sandbox', '--fault', 'chat_send_f').stdout).toBe('chat_send_file:\n:6\n');
    // The sandbox accepts what completion offered: its flags are checked in order, --latency after --fault.
    const sb = spawnSync('chatcrm', ['sandbox', '--fault', 'chat_send_file:503', '--fault', '*:timeout', '--latency', 'x'], { env, encoding: 'utf8' });
    expect(sb.stderr).toMatch(/^Error: --latency: /);
    expect(sb.status).toBe(2);
  });
});

// zsh and fish run when installed; .ci/run installs them (Debian's zsh and fish packages) and in
// CI a missing one fails these tests.
const bashScript = completionScript('bash');

describe('bash completion (COMP_WORDS in, COMPREPLY out)', () => {
  const env = shellEnv();
  function bash(words: string[]): string[] {
    const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    const r = spawnSync('bash', ['-c', `${bashScript}\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _chatcrm; printf '%s\\n' "\${COMPREPLY[@]}"`], { env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    return r.stdout.split('\n').filter(Boolean).sort();
  }

  it.each<[string[], string[]]>([
    [['chatcrm', 'ch'], ['chat', 'chatbots']],
    [['chatcrm', 'chat', 'send', '--t'], ['--template', '--text', '--timeout', '--to']],
    [['chatcrm', 'fl', 'li'], []],
    [['chatcrm', 'flows', 'list', '--status', ''], ['active', 'all', 'draft', 'paused']],
    [['chatcrm', '-o', ''], ['csv', 'json', 'jsonl', 'table', 'yaml']],
    [['chatcrm', 'tags', 'list', '--output', '=', 'js'], ['json', 'jsonl']],
    [['chatcrm', 'tags', 'list', '--output', '='], ['csv', 'json', 'jsonl', 'table', 'yaml']],
    [['chatcrm', '-p', ''], STORED],
    [['chatcrm', '--profile', '=', 'w'], ['work']],
    [['chatcrm', 'profiles', 'use', ''], STORED],
    [['chatcrm', 'profiles', 'remove', 'h'], ['home']],
    [['chatcrm', 'templates', 'create', '--category', ''], ['AUTHENTICATION', 'MARKETING', 'UTILITY']],
    [['chatcrm', 'subscription', 'create', '--gateway', ''], ['gatewayone', 'gatewaythree', 'gatewaytwo']],
    [['chatcrm', 'completion', ''], ['bash', 'fish', 'powershell', 'zsh']],
    [['chatcrm', 'profiles', 'set', 'a'], ['allow-http']],
    [['chatcrm', 'sandbox', '--auto-status', ''], ['delivered', 'delivered,read', 'read']],
    [['chatcrm', 'sandbox', '--fault', 'chat_send_f'], ['chat_send_file:']],
  ])('%j → %j', (words, expected) => {
    expect(bash(words)).toEqual(expected);
  });
});

describeWith('zsh', has('zsh'), 'zsh completion (stubbed completion builtins)', () => {
  const env = shellEnv();
  const file = join(tempDir(), '_chatcrm');
  writeFileSync(file, completionScript('zsh'));
  const harness = `
compdef() {}
compset() {}
_files() { print -- '<files>'; }
_describe() { local a; for a in "\${@:4}"; do print -rl -- \${\${(P)a}%%:*}; done; }
source ${file}
words=("$@"); CURRENT=$#words; _chatcrm`;
  const zsh = (words: string[]) => spawnSync('zsh', ['-c', harness, 'zsh', ...words], { env, encoding: 'utf8' });

  it.each<[string[], string[]]>([
    [['chatcrm', 'fl'], ['flows']],
    [['chatcrm', 'chat', 'send', '--te'], ['--template', '--text']],
    [['chatcrm', 'flows', 'list', '--status', ''], ['active', 'all', 'draft', 'paused']],
    [['chatcrm', 'flows', 'list', '--status=p'], ['paused']],
    [['chatcrm', '-p', ''], STORED],
    [['chatcrm', 'profiles', 'show', ''], STORED],
    [['chatcrm', 'webhook', 'send', '--status', ''], ['delivered', 'failed', 'read', 'sent']],
    [['chatcrm', 'chat', 'send-batch', ''], ['<files>']],
    [['chatcrm', 'flows', 'validate', 'x', ''], []],
    [['chatcrm', 'sandbox', '--auto-status', ''], ['delivered', 'delivered,read', 'read']],
  ])('%j → %j', (words, expected) => {
    const r = zsh(words);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(expected);
  });

  it('descriptions ride along for _describe', () => {
    const r = spawnSync('zsh', ['-c', harness.replace('%%:*', ''), 'zsh', 'chatcrm', 'chat', ''], { env, encoding: 'utf8' });
    expect(r.stdout).toContain('send:Send one message (text, media, location, template, reaction)');
  });
});

describeWith('fish', has('fish'), 'fish completion (complete -C)', () => {
  const env = shellEnv();
  const file = join(tempDir(), 'chatcrm.fish');
  writeFileSync(file, completionScript('fish'));
  const fish = (line: string) => spawnSync('fish', ['--no-config', '-c', `source ${file}; complete -C'${line}'`], { env, encoding: 'utf8' });

  it.each<[string, string[]]>([
    ['chatcrm fl', ['flows']],
    ['chatcrm chat send --te', ['--template', '--text']],
    ['chatcrm campaigns recurring x --pattern ', ['daily', 'monthly', 'weekly']],
    ['chatcrm -o ', ['csv', 'json', 'jsonl', 'table', 'yaml']],
    ['chatcrm -p ', STORED],
    ['chatcrm profiles use ', STORED],
    ['chatcrm profiles use w', ['work']],
    ['chatcrm custom-fields status --active ', ['false', 'true']],
  ])('%j → %j', (line, expected) => {
    const r = fish(line);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[0]).sort()).toEqual(expected);
  });

  it('shows descriptions, and file names where a file fits', () => {
    expect(fish('chatcrm chat ').stdout).toContain('send\tSend one message');
    const dir = tempDir('chatcrm-complete-files-');
    writeFileSync(join(dir, 'rows.csv'), 'to\n');
    const r = spawnSync('fish', ['--no-config', '-c', `source ${file}; cd ${dir}; complete -C'chatcrm chat send-batch '`], { env, encoding: 'utf8' });
    expect(r.stdout.split('\n')).toContain('rows.csv');
  });
});

for (const [shell, flags] of [
  ['bash', ['-n']],
  ['zsh', ['-n']],
  ['fish', ['--no-config', '--no-execute']],
] as const) {
  describeWith(shell, has(shell), `${shell} parses its script`, () => {
    it('without errors', () => {
      const file = join(tempDir(), `chatcrm.${shell}`);
      writeFileSync(file, completionScript(shell));
      const r = spawnSync(shell, [...flags, file], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    });
  });
}

/**
 * No pwsh here: check the PowerShell script's structure instead. Brackets, braces and
 * parentheses balance outside strings and comments.
 */
function powershellUnbalanced(script: string): string[] {
  const close: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
  const stack: string[] = [];
  const unbalanced: string[] = [];
  script.split('\n').forEach((line, n) => {
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '#') break;
      if (c === "'") {
        for (i++; i < line.length && !(line[i] === "'" && line[i + 1] !== "'"); i++) if (line[i] === "'") i++;
        if (i >= line.length) unbalanced.push(`line ${n + 1}: unterminated '...'`);
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
  return [...unbalanced, ...stack.map((o) => `${o.split('@')[0]} opened on line ${o.split('@')[1]} never closed`)];
}

describe('PowerShell script structure', () => {
  const script = completionScript('powershell');
  it('balanced blocks; asks __complete with the words before the cursor and the current one', () => {
    expect(powershellUnbalanced(script)).toEqual([]);
    expect(script).toContain('Register-ArgumentCompleter -Native -CommandName chatcrm');
    expect(script).toContain('$out = @(& $program __complete @words $current 2>$null)');
    expect(script).toContain("$value, $description = $_ -split \"`t\", 2");
  });

  it('the check itself finds a missing brace', () => {
    expect(powershellUnbalanced(script.replace(/\n}\n$/, '\n'))).toEqual(['{ opened on line 7 never closed']);
  });
});

describe('the generated files', () => {
  it('the reference documents usage, args, options, aliases and examples, with pipes escaped', () => {
    const md = reference(tree);
    expect(md).toContain('chatcrm things make <KIND> [IDS...] [options]');
    expect(md).toContain('Aliases: `mk`');
    expect(md).toContain('| `--color <c>` | a colour (one of: red, green) |');
    expect(md).toContain("It's other \\| piped");
    expect(md).toMatch(/\| 7 \| server or network failure/);
    expect(md).not.toContain('--secret');
  });

  it('lists every generated file', async () => {
    expect(Object.keys(await generatedFiles()).sort()).toEqual(['completions/_chatcrm', 'completions/chatcrm.bash', 'completions/chatcrm.fish', 'completions/chatcrm.ps1', 'docs/commands.md']);
  });
});
