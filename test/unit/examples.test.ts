// The reading of examples (helpers/examples.ts) that test/e2e/examples-*.test.ts run: comments
// and markers, docs code blocks, placeholders; and the few examples marked not runnable.
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/sandbox/store.js';
import { docGroups, docGroupsOf, manifestGroups, marker, servesOf, splitComment } from '../helpers/examples.js';
import { fill, problem, type Outcome } from '../helpers/examples-run.js';

describe('a line of an example', () => {
  it.each([
    ['chatcrm tags list   # 50 a page', 'chatcrm tags list', '50 a page'],
    ["chatcrm tags create --color '#FF8800'", "chatcrm tags create --color '#FF8800'", undefined],
    ['chatcrm flows create --prefix "#order" # a comment', 'chatcrm flows create --prefix "#order"', 'a comment'],
    ['chatcrm x a\\ #b', 'chatcrm x a\\ #b', undefined],
    ['chatcrm x \\" # c', 'chatcrm x \\"', 'c'],
    ['chatcrm chat send --text "order #4711 shipped"   # the text', 'chatcrm chat send --text "order #4711 shipped"', 'the text'],
    ["chatcrm chat send --text 'a #b'   # c", "chatcrm chat send --text 'a #b'", 'c'],
    ['chatcrm chat send --text "say \\" #1"', 'chatcrm chat send --text "say \\" #1"', undefined],
    ['chatcrm x --y=a#b', 'chatcrm x --y=a#b', undefined],
  ])('%s', (line, cmd, comment) => {
    expect(splitComment(line)).toEqual({ cmd, comment });
  });

  it('is marked by the start of its comment only', () => {
    expect(marker('exit 3: 403, no rest_api')).toEqual({ exit: 3 });
    expect(marker('not run: serves until stopped')).toEqual({ exit: 0, notRun: 'serves until stopped' });
    expect(marker('the exit 3 of a plan without rest_api')).toEqual({ exit: 0 });
    expect(marker(undefined)).toEqual({ exit: 0 });
  });
});

describe('the examples of a markdown file', () => {
  const md = [
    'Run `chatcrm tags list` (prose is not an example).',
    '```sh',
    'chatcrm tags list',
    'npm test                         # not chatcrm',
    'printf %s "$CHATCRM_API_KEY" | chatcrm login --with-key',
    'chatcrm templates create --name a \\',
    '  --body "Hi"   # exit 5: a duplicate',
    '$ chatcrm whoami',
    '```',
    '```',
    '$ chatcrm flows validate broken.yaml   # exit 2',
    'Error: chatcrm output is not a command',
    'chatcrm mcp serve: 43 tools (output too)',
    '```',
    '```json file=event.json',
    '{ "args": ["chatcrm", "mcp"] }',
    '```',
    '```yaml',
    'command: chatcrm tags list',
    '```',
  ].join('\n');

  it('is a group per code block: sh lines that run chatcrm, the $ lines of transcripts, continuations joined', () => {
    expect(docGroupsOf('x.md', md)).toEqual([
      {
        name: 'x.md:2',
        examples: [
          { source: 'x.md:3', cmd: 'chatcrm tags list', exit: 0 },
          { source: 'x.md:5', cmd: 'printf %s "$CHATCRM_API_KEY" | chatcrm login --with-key', exit: 0 },
          { source: 'x.md:6', cmd: 'chatcrm templates create --name a --body "Hi"', exit: 5 },
          { source: 'x.md:8', cmd: 'chatcrm whoami', exit: 0 },
        ],
      },
      { name: 'x.md:10', examples: [{ source: 'x.md:11', cmd: 'chatcrm flows validate broken.yaml', exit: 2 }] },
    ]);
  });
});

describe('placeholders', () => {
  const store = new Store();
  for (const name of ['vip', 'gold', 'new']) store.insert('tags', { name });
  store.softDelete('tags', store.list('tags')[2]._id);
  const [vip, gold] = store.list('tags').map((t) => t._id);

  it('name the newest live record, the one before it when repeated; the API address is the sandbox', () => {
    expect(fill('chatcrm tags get TAG_ID', 'http://127.0.0.1:1', store)).toBe(`chatcrm tags get ${gold}`);
    expect(fill('chatcrm tags delete TAG_ID TAG_ID', 'http://127.0.0.1:1', store)).toBe(`chatcrm tags delete ${gold} ${vip}`);
    expect(fill('login --base-url https://api.example.com', 'http://127.0.0.1:1', store)).toBe('login --base-url http://127.0.0.1:1');
    expect(fill('echo "$TAG_ID" XTAG_ID TAG_IDS', 'u', store)).toBe('echo "$TAG_ID" XTAG_ID TAG_IDS');
  });

  it('fail the example when there are not enough records', () => {
    expect(() => fill('chatcrm tags delete TAG_ID TAG_ID TAG_ID', 'u', store)).toThrow('TAG_ID: the sandbox has fewer than 3 live tags');
  });
});

describe('an outcome', () => {
  const outcome = (exit: number, o: Partial<Outcome> = {}): Outcome => ({
    example: { source: 'x.md:3', cmd: 'chatcrm tags get TAG_ID', exit },
    ran: 'chatcrm tags get 6b06',
    exitCode: 0,
    stderr: '',
    requests: 1,
    ...o,
  });

  it('is right with the exit code marked, no stack trace, and nothing sent for bad input', () => {
    expect(problem(outcome(0))).toBeUndefined();
    expect(problem(outcome(2, { exitCode: 2, requests: 0, stderr: 'Error: --x: bad\n' }))).toBeUndefined();
  });

  it('names the example, the line as run, and what went wrong', () => {
    expect(problem(outcome(0, { exitCode: 4, stderr: 'Error: Tag not found (HTTP 404)\n' }))).toBe('x.md:3: chatcrm tags get 6b06\n  exit 4, expected 0: Error: Tag not found (HTTP 404)');
    expect(problem(outcome(0, { stderr: 'TypeError: x\n    at run (file:///dist/a.js:1:2)\n' }))).toMatch(/a stack trace on stderr$/);
    expect(problem(outcome(2, { exitCode: 2 }))).toMatch(/exit 2 but 1 request\(s\) sent$/);
  });
});

describe('a docs line that starts a sandbox', () => {
  it('on a port, with its key, is started by the runner; without a port, or a subcommand, or marked not run, is not', () => {
    expect(servesOf('chatcrm sandbox --port 4010 --state s.json --api-key k-0123')).toEqual({ port: 4010, apiKey: 'k-0123' });
    expect(servesOf('chatcrm sandbox --port 4011')).toEqual({ port: 4011, apiKey: undefined });
    expect(servesOf('chatcrm sandbox --seed-records 250')).toBeUndefined();
    expect(servesOf('chatcrm sandbox status MSG_ID read')).toBeUndefined();
    const [group] = docGroupsOf('x.md', '```sh\nchatcrm sandbox --port 1 --api-key a   # not run: shown only\nchatcrm sandbox --port 2 --api-key b\n```\n');
    expect(group.examples.map((e) => e.serves)).toEqual([undefined, { port: 2, apiKey: 'b' }]);
  });

  it('http://127.0.0.1:PORT in a line is that sandbox\'s address', () => {
    const store = new Store();
    expect(fill('chatcrm login --base-url http://127.0.0.1:4011 x http://127.0.0.1:40110', 'http://u', store, new Map([[4011, 'http://127.0.0.1:5555']]))).toBe('chatcrm login --base-url http://127.0.0.1:5555 x http://127.0.0.1:40110');
  });
});

describe('every example', () => {
  const all = [...manifestGroups(), ...docGroups()].flatMap((g) => g.examples);

  it('is found: the command tree and the docs hold hundreds', () => {
    expect(manifestGroups().flatMap((g) => g.examples).length).toBeGreaterThan(250);
    expect(docGroups().flatMap((g) => g.examples).length).toBeGreaterThan(150);
  });

  it('runs, but for a few that cannot run as one-shot commands, each with its reason', () => {
    const notRun = all.filter((e) => e.notRun !== undefined);
    // Servers (sandbox, mcp serve), prompts and files a one-shot run cannot have: a handful, each explained.
    expect(notRun.length).toBeLessThanOrEqual(24);
    for (const e of notRun) expect(e.notRun, `${e.source}: ${e.cmd}`).toMatch(/\w{3,}.*\w{3,}/);
  });
});
