// A profile name is inserted into a command line by completion: names `login` would refuse (a
// hand-edited config: `a;touch x`, a newline that would forge a second candidate) are never
// offered, and the bash script quotes any candidate with a shell character, driven in a real
// bash against the built CLI.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionScript } from '../../src/completion/scripts.js';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';

const HOSTILE = ['a;touch x', 'evil\nforged', '$(touch y)', '-rf', 'has space', '.hidden'];

function env(cli: string): NodeJS.ProcessEnv {
  const dir = tempDir('chatcrm-complete-names-');
  const profiles = Object.fromEntries([...HOSTILE, 'work', 'ci.prod'].map((n) => [n, {}]));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ active: 'work', profiles }));
  writeFileSync(join(dir, 'credentials.json'), JSON.stringify({ profiles: { 'key;only': 'k-0123456789abcdef' } }), { mode: 0o600 });
  chmodSync(join(dir, 'credentials.json'), 0o600);
  const bin = join(tempDir('chatcrm-complete-bin-'), 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'chatcrm'), cli, { mode: 0o755 });
  return { ...(cleanEnv({}, dir) as NodeJS.ProcessEnv), PATH: `${bin}:${process.env.PATH}` };
}

const REAL = `#!/bin/sh\nexec node '${BIN}' "$@"\n`;

function bash(e: NodeJS.ProcessEnv, words: string[], cwd: string): string[] {
  const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = spawnSync('bash', ['-c', `${completionScript('bash')}\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _chatcrm; printf '%s\\n' "\${COMPREPLY[@]}"`], { env: e, cwd, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean).sort();
}

describe('profile names in completion', () => {
  it('__complete offers only the names login accepts', () => {
    const r = spawnSync('chatcrm', ['__complete', '-p', ''], { env: env(REAL), encoding: 'utf8' });
    expect(r.stdout).toBe('ci.prod\nwork\n:4\n');
  });

  it('bash offers them, and a hostile name neither runs nor forges a candidate', () => {
    const cwd = tempDir('chatcrm-complete-cwd-');
    expect(bash(env(REAL), ['chatcrm', '-p', ''], cwd)).toEqual(['ci.prod', 'work']);
    expect(bash(env(REAL), ['chatcrm', 'profiles', 'use', ''], cwd)).toEqual(['ci.prod', 'work']);
    expect(existsSync(join(cwd, 'x')) || existsSync(join(cwd, 'y'))).toBe(false);
  });

  it('the bash script quotes a candidate with shell characters as bash reads it back', () => {
    // Any answer of __complete (a future source of candidates): quoted on insertion.
    const stub = `#!/bin/sh\nprintf 'a;touch x\\thostile\\nplain-1\\n$(id) b\\n:4\\n'\n`;
    const cwd = tempDir('chatcrm-complete-cwd-');
    const got = bash(env(stub), ['chatcrm', 'x', ''], cwd);
    expect(got).toEqual(['\\$\\(id\\)\\ b', 'a\\;touch\\ x', 'plain-1']);
    // Read back by bash, each is the one word it was.
    const back = spawnSync('bash', ['-c', `for w in ${got.join(' ')}; do printf '[%s]' "$w"; done`], { encoding: 'utf8', cwd });
    expect(back.stdout).toBe('[$(id) b][a;touch x][plain-1]');
    expect(existsSync(join(cwd, 'x'))).toBe(false);
  });

  it('a candidate with shell syntax and no space is quoted too (bash, and PowerShell by the same rule)', () => {
    const hostile = ['a;b', '$(id)', '`id`', 'x|y', 'a&b'];
    const stub = `#!/bin/sh\nprintf '%s\\n' ${hostile.map((h) => `'${h}'`).join(' ')} plain-1 :4\n`;
    const cwd = tempDir('chatcrm-complete-cwd-');
    const got = bash(env(stub), ['chatcrm', 'x', ''], cwd);
    expect(got).not.toContain('a;b');
    const back = spawnSync('bash', ['-c', `for w in ${got.join(' ')}; do printf '[%s]' "$w"; done`], { encoding: 'utf8', cwd });
    expect(back.stderr).toBe('');
    expect(back.stdout).toBe(`${[...hostile, 'plain-1'].sort().map((h) => `[${h}]`).join('')}`);
    // No pwsh here: its script's rule (the same character class) must call each of them special.
    const rule = /\$text -match '([^']+)'/.exec(completionScript('powershell'))![1];
    for (const h of hostile) expect([h, new RegExp(rule).test(h)]).toEqual([h, true]);
    expect(new RegExp(rule).test('plain-1')).toBe(false);
  });
});
