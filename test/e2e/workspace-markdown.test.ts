// workspace diff -o markdown (issue 44 item 3): a pull-request comment, read back by a Markdown
// parser (markdown-it, with HTML on, as GitHub renders comments): the summary line, each area
// folded in a <details> of its own, every fence closed, and a name full of Markdown and HTML
// kept inside its code block.
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  sb.store.insert('tags', { name: 'md-old', color: '#000000' });
});
afterAll(() => sb.close());

// A line break in a name starts a line of its own: it tries to close the fence and open HTML.
const HOSTILE = 'x\n```\n</details><b>bold</b>\n| a | b |\n|---|---|';
const FILE = `version: 1\ntags:\n  - {name: md-old, color: "#111111"}\n  - {name: ${JSON.stringify(HOSTILE)}, color: "#222222"}\nquick_replies:\n  - title: md hours\n    message: "Open 9-17.\\nClosed on Sundays."\n`;
const md = new MarkdownIt({ html: true });

describe('workspace diff -o markdown', () => {
  it('a summary line, then each area folded, its lines fenced; parsed, nothing leaks out of a fence', async () => {
    const before = sb.received.length;
    const r = await sb.run(['workspace', 'diff', '-', '-o', 'markdown', '--exit-code'], { input: FILE });
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toBe('');
    expect(sb.received.slice(before).every((q) => q.method === 'GET')).toBe(true);
    const text = r.stdout;
    expect(text.split('\n')[0]).toBe('**Plan: 2 to create, 1 to update, 0 to delete.**');

    const tokens = md.parse(text, {});
    // Every block at the top level: the summary paragraph, then per area <details>, a fence, </details>.
    const blocks = tokens.filter((t) => t.level === 0 && !t.type.endsWith('_close') && t.type !== 'inline').map((t) => t.type);
    expect(blocks).toEqual(['paragraph_open', 'html_block', 'fence', 'html_block', 'html_block', 'fence', 'html_block']);
    const html = tokens.filter((t) => t.type === 'html_block').map((t) => t.content.trim());
    expect(html).toEqual(['<details>\n<summary>tags: 1 to create, 1 to update</summary>', '</details>', '<details>\n<summary>quick_replies: 1 to create</summary>', '</details>']);
    const fences = tokens.filter((t) => t.type === 'fence');
    expect(fences.map((f) => f.info)).toEqual(['diff', 'diff']);
    // A name with line breaks is quoted: one line, which cannot close the fence or the details.
    expect(fences[0].content).toBe(`~ md-old\n    color: "#000000" → "#111111"\n+ ${JSON.stringify(HOSTILE)}\n    color: "#222222"\n`);
    expect(fences[1].content).toBe('+ md hours\n    message:\n      + Open 9-17.\n      + Closed on Sundays.\n');
    // Rendered: the name is code, escaped; <details> open and close in pairs.
    const rendered = md.render(text);
    expect(rendered).not.toContain('<b>bold</b>');
    expect(rendered.match(/<details>/g)).toHaveLength(2);
    expect(rendered.match(/<\/details>/g)).toHaveLength(2);
    expect(rendered).not.toContain('<table');
  });

  it('no changes: the summary line alone; exit 0 with --exit-code', async () => {
    const r = await sb.run(['workspace', 'diff', '-', '-o', 'markdown', '--exit-code'], { input: 'version: 1\ntags:\n  - {name: md-same, color: "#333333"}\n'.replace('md-same', 'md-old').replace('#333333', '#000000') });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('**No changes: the workspace matches the file.**\n');
  });

  it('markdown is diff\'s own: another command refuses it, exit 2, nothing sent', async () => {
    await sb.refused(['tags', 'list', '-o', 'markdown'], /^Error: --output: must be one of table, json, jsonl, csv, yaml, got "markdown"\n$/);
    await sb.refused(['workspace', 'sync', '-', '-o', 'markdown', '--yes'], /^Error: --output: must be one of table, json, jsonl, csv, yaml, got "markdown"\n$/, { input: 'version: 1\n' });
  });
});
