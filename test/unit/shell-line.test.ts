// The examples runner runs a simple shell line in-process (test/helpers/shell-line.ts): its words
// must be the words sh would pass, or the line must go to sh. A seeded fuzz compares with sh.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simpleLine } from '../helpers/shell-line.js';

/** The words sh passes to a command for `line` (after `chatcrm`), and its redirections left out. */
function shWords(line: string): string[] {
  const out = execFileSync('sh', ['-c', `chatcrm() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${line}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('simpleLine', () => {
  it('takes words, both quotes, and one < and one > redirection', () => {
    expect(simpleLine(`chatcrm tags create --name "gold bar" --color '#FFD700' < in.json > out.txt`)).toEqual({
      args: ['tags', 'create', '--name', 'gold bar', '--color', '#FFD700'],
      stdin: 'in.json',
      stdout: 'out.txt',
    });
    expect(simpleLine(`chatcrm a<in >out ''`)).toEqual({ args: ['a', ''], stdin: 'in', stdout: 'out' });
    expect(simpleLine('chatcrm chat send --text "Hello!"')).toEqual({ args: ['chat', 'send', '--text', 'Hello!'] });
    expect(simpleLine(`chatcrm ' padded ' x" y "z`)).toEqual({ args: [' padded ', 'x y z'] });
  });

  it.each([
    ['a pipe', 'chatcrm tags list | head'],
    ['a list', 'chatcrm a && chatcrm b'],
    ['a variable', 'chatcrm send --text "Deployed $GIT_SHA"'],
    ['a command substitution', 'chatcrm x "$(chatcrm y)"'],
    ['an assignment first', 'KEY=x chatcrm webhook sign'],
    ['a glob', 'chatcrm api -f tags[]=vip'],
    ['an escape', 'chatcrm a\\ b'],
    ['stderr redirected', 'chatcrm a 2> err'],
    ['stderr redirected, no space', 'chatcrm a 2>err'],
    ['an append', 'chatcrm a >> out'],
    ['two inputs', 'chatcrm a < x < y'],
    ['a redirection without a file', 'chatcrm a >'],
    ['an open quote', "chatcrm a 'b"],
    ['another command', 'printf %s x'],
  ])('leaves %s to sh', (_why, line) => {
    expect(simpleLine(line)).toBeUndefined();
  });

  it('gives the words sh gives, for every line it takes (seeded fuzz)', () => {
    // Mostly what a simple line is made of, so that many lines are taken; now and then what is not.
    const piece = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('a', 'B', '-', '--x', '=', '.', '/', '@', ':', ',', '%', '+', '!', 'é', '{{1}}', ' ', '  ', '\t') },
      { weight: 4, arbitrary: fc.constantFrom("'", '"') },
      { weight: 1, arbitrary: fc.constantFrom('#', '$', '*', '?', '[', ']', '{', '}', '~', '\\', '|', '&', ';', '(', ')', '`', '<', '>') },
    );
    const seed = Number(process.env.FC_SEED ?? 4545);
    let taken = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const line = `chatcrm ${pieces.join('')}`;
        const simple = simpleLine(line);
        if (!simple || simple.stdin !== undefined || simple.stdout !== undefined) return;
        taken++;
        expect(simple.args, line).toEqual(shWords(line));
      }),
      { seed, numRuns: 600 },
    );
    // The fuzz reached lines the parser takes, not only ones it leaves to sh.
    expect(taken).toBeGreaterThan(100);
  });
});
