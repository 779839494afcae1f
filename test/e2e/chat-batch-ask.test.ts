// A batch reaches many people: on a terminal, send-batch asks once before the first send,
// naming the message as given, the row count and the file. --yes skips the question; without
// a terminal (scripts, CI) the file and the command are the intent and nothing is asked.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith, hasTmux, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal } from '../helpers/tmux.js';

let sb: TestSandbox;
let dir: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  dir = tempDir('chatcrm-batch-ask-');
});
afterAll(() => sb.close());

let n = 0;
/** A CSV of `rows` recipients, numbered apart from other tests' files. */
function input(rows: number): { path: string; to: string[] } {
  const base = 1555880_0000 + 100 * n++;
  const to = Array.from({ length: rows }, (_, i) => String(base + i));
  const path = join(dir, `list${n}.csv`);
  writeFileSync(path, ['to,name', ...to.map((t, i) => `${t},P${i}`)].join('\n') + '\n');
  return { path, to };
}
const sentTo = (to: string[]) => sb.calls('chat.send').map((c) => (c.body as { to: string }).to).filter((t) => to.includes(t)).sort();
const ARGS = ['--sender', 'wa_snd_cloud_0001', '--text', 'Hi {{name}}, sale today'];

describe('without a terminal', () => {
  it('asks nothing, needs no --yes, sends every row', async () => {
    const { path, to } = input(3);
    const r = await sb.run(['chat', 'send-batch', path, ...ARGS, '--json']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).not.toMatch(/\(y\/N\)|--yes/);
    expect(sentTo(to)).toEqual(to);
  });
});

describeWith('tmux', hasTmux(), 'on a real terminal (tmux)', () => {
  const LIMIT = { timeout: 60_000 };
  const open = (args: string[]) => openTerminal(['chat', 'send-batch', ...args], { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: tempDir() });
  /** The question as words: a long one wraps at a space in the pane. */
  const asWords = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  const question = (path: string, to: string[]) => asWords(`Send to ${to.length} recipients from ${path} (${to.slice(0, 3).join(', ')}${to.length > 3 ? ', …' : ''}): "Hi {{name}}, sale today"? (y/N)`);

  it('declined: exit 2, one line, nothing sent and no journal written', LIMIT, async () => {
    const { path, to } = input(4);
    const before = sb.received.length;
    const t = open([path, ...ARGS]);
    await t.waitFor(question(path, to));
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(t.screen()).toMatch(/Cancelled: nothing was sent/);
    expect(sb.received.length).toBe(before);
    expect(sentTo(to)).toEqual([]);
    expect(existsSync(`${path}.journal`)).toBe(false);
  });

  it('Ctrl-C at the question: says what "n" says, exit 130, nothing sent and no journal written', LIMIT, async () => {
    const { path, to } = input(3);
    const before = sb.received.length;
    const t = open([path, ...ARGS]);
    await t.waitFor(question(path, to));
    t.press('C-c');
    expect(await t.exitCode()).toBe(130);
    expect(t.screen()).toMatch(/Error: Cancelled: nothing was sent/);
    expect(t.screen()).not.toMatch(/Error: Interrupted/);
    expect(sb.received.length).toBe(before);
    expect(sentTo(to)).toEqual([]);
    expect(existsSync(`${path}.journal`)).toBe(false);
  });

  it('accepted: every row sent once', LIMIT, async () => {
    const { path, to } = input(3);
    const t = open([path, ...ARGS]);
    await t.waitFor(question(path, to));
    t.type('y');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(t.screen()).toMatch(/3 rows: 3 sent/);
    expect(sentTo(to)).toEqual(to);
  });

  it('a resume counts the rows an earlier run sent, and sends only the rest', LIMIT, async () => {
    const { path, to } = input(4);
    const firstTwo = join(dir, `first-two-${n}.csv`);
    writeFileSync(firstTwo, ['to,name', `${to[0]},P0`, `${to[1]},P1`].join('\n') + '\n');
    const journal = join(dir, `resume-${n}.journal`);
    expect((await sb.run(['chat', 'send-batch', firstTwo, ...ARGS, '--journal', journal])).exitCode).toBe(0);
    const t = open([path, ...ARGS, '--journal', journal, '--resume']);
    // The question is longer than the pane: the prompt wraps it at a space.
    await t.waitFor(asWords(`Send to 4 recipients from ${path} (${to.slice(0, 3).join(', ')}, …; 2 already sent by an earlier run are skipped): "Hi {{name}}, sale today"? (y/N)`));
    t.type('y');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(sentTo(to)).toEqual(to);
  });

  it('--yes: no question, every row sent', LIMIT, async () => {
    const { path, to } = input(2);
    const t = open([path, ...ARGS, '--yes']);
    // Whichever comes first: a question (fails at once) or the end.
    expect(await t.waitFor(/\(y\/N\)|^EXIT=\d+$/m)).not.toMatch(/\(y\/N\)/);
    expect(await t.exitCode()).toBe(0);
    expect(sentTo(to)).toEqual(to);
  });
});
