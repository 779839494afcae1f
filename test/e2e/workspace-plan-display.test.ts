// The plan a reviewer reads (issue 44 item 3): marks in colour on a terminal and never piped or
// under NO_COLOR; a dry run that names each record it would create and says once that nothing
// was sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, cleanEnv, describeWith, HANG_MS, hasTmux, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal, type Terminal } from '../helpers/tmux.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  sb.store.insert('tags', { name: 'review-old', color: '#000000' });
});
afterAll(() => sb.close());

const FILE = 'version: 1\ntags:\n  - {name: review-old, color: "#111111"}\n  - {name: review-gold, color: "#FFD700"}\n  - {name: review-silver, color: "#C0C0C0"}\nsegments:\n  - name: Review metals\n    filters:\n      tag_ids: [review-gold, review-silver]\n';
const file = join(tempDir('chatcrm-ws-review-'), 'ws.yaml');
writeFileSync(file, FILE);
const ESC = '\u001b[';

describeWith('tmux', hasTmux(), 'the plan on a real terminal (tmux)', () => {
  const LIMIT = { timeout: 60_000 };
  let term: Terminal | undefined;
  afterEach(() => term?.close());
  const open = (env: Record<string, string | undefined> = {}) =>
    (term = openTerminal(['workspace', 'diff', file, '--prune', '--only', 'tags'], { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: tempDir(), ...env }));

  it('+ green, ~ yellow, - red; the rest plain', LIMIT, async () => {
    const t = open();
    expect(await t.exitCode()).toBe(0);
    const shown = t.styled();
    expect(shown).toContain(`  ${ESC}32m+${ESC}39m review-gold`);
    expect(shown).toContain(`  ${ESC}33m~${ESC}39m review-old`);
    expect(shown).toMatch(new RegExp(`^  \\u001b\\[31m-\\u001b\\[39m \\S+$`, 'm'));
    expect(shown).toMatch(/^ {6}color: "#000000" → "#111111"$/m);
    expect(shown).toMatch(/^tags$/m);
  });

  it('NO_COLOR: no colour on the terminal either', LIMIT, async () => {
    const t = open({ NO_COLOR: '1' });
    expect(await t.exitCode()).toBe(0);
    expect(t.screen()).toContain('  + review-gold');
    expect(t.styled()).not.toContain(ESC);
  });
});

describe('the plan piped, and the dry run', () => {
  it('piped: the same plan, no colour', async () => {
    const r = await sb.run(['workspace', 'diff', file]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('  + review-gold\n');
    expect(r.stdout).toContain('  ~ review-old\n');
    expect(r.stdout).not.toContain('\u001b');
  });

  it('a dry run names each new record where its id would go, and says once that nothing was sent', async () => {
    const before = sb.received.length;
    const r = await sb.run(['workspace', 'sync', file, '--dry-run']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.received.slice(before).every((q) => q.method === 'GET')).toBe(true);
    expect(r.stderr.split('\n').filter((l) => l === '(dry run: nothing was sent)')).toHaveLength(1);
    expect(r.stderr).toMatch(/\nDry run: 4 changes, nothing was sent\n$/);
    // Each request: its line, its headers, a blank line, its body.
    const post = r.stdout.split(/\n(?=(?:GET|POST|PUT|PATCH|DELETE) )/).find((q) => q.startsWith(`POST ${sb.url}/api/segments`))!;
    const segment = JSON.parse(post.slice(post.indexOf('\n\n') + 2));
    expect(segment.filters.tag_ids).toEqual(['NEW_TAGS_ID(review-gold)', 'NEW_TAGS_ID(review-silver)']);
    expect(r.stdout).not.toMatch(/NEW_TAGS_ID(?!\()/);
  });

  it('a plan larger than a pipe holds is written whole, after the line stderr wrote before it (both on one pipe)', async () => {
    // 3,000 tags: ~125 KiB of plan, more than a pipe buffer (64 KiB), written in one piece.
    const big = join(tempDir('chatcrm-ws-review-'), 'big.yaml');
    writeFileSync(big, `version: 1\ntags:\n${Array.from({ length: 3000 }, (_, i) => `  - {name: review-big-${i}, color: "#ABCDEF"}\n`).join('')}`);
    const plan = join(tempDir('chatcrm-ws-review-'), 'plan.json');
    const before = sb.received.length;
    const piped = await sb.run(['workspace', 'diff', big, '--only', 'tags']);
    expect(piped.exitCode, piped.stderr).toBe(0);
    const both = await execa('sh', ['-c', 'node "$0" workspace diff "$1" --only tags --out "$2" 2>&1', BIN, big, plan], { env: cleanEnv(sb.env), extendEnv: false, reject: false, timeout: HANG_MS, stripFinalNewline: false });
    expect(both.exitCode).toBe(0);
    expect(piped.stdout.length).toBeGreaterThan(64 * 1024);
    expect(both.stdout).toBe(`Plan saved to ${plan}: apply it with \`chatcrm workspace sync --plan ${plan}\`\n${piped.stdout}`);
    expect(piped.stdout).toMatch(/^tags\n {2}\+ review-big-0\n {6}color: "#ABCDEF"\n[^]*\n {2}\+ review-big-2999\n {6}color: "#ABCDEF"\n[^]*Plan: 3000 to create, 0 to update, 0 to delete\.\n$/);
    expect(sb.received.slice(before).every((q) => q.method === 'GET')).toBe(true);
  });

  it('one change: "1 change"', async () => {
    const one = join(tempDir('chatcrm-ws-review-'), 'one.yaml');
    writeFileSync(one, 'version: 1\ntags:\n  - {name: review-one, color: "#123456"}\n');
    const r = await sb.run(['workspace', 'sync', one, '--dry-run']);
    expect(r.stderr).toMatch(/\nDry run: 1 change, nothing was sent\n$/);
  });
});
