// With --json, every error is one line {"error": {message, status, code}} on stderr, and its
// code is one of the vocabulary README documents (src/core/errors.ts ERROR_CODES): usage
// mistakes commander finds are `usage` like every other bad input, never `commander.*`.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const inVocabulary = (code: string) => code in ERROR_CODES || /^http_\d{3}$/.test(code);

/** Run with --json; the one JSON error line, and what the sandbox received meanwhile. */
async function jsonError(args: string[], exit: number) {
  const before = sb.received.length;
  const r = await sb.run(['--json', ...args]);
  expect(r.exitCode, r.stderr).toBe(exit);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  const { error } = JSON.parse(lines[0]) as { error: { message: string; status: number | null; code: string } };
  expect(Object.keys(error).sort()).toEqual(['code', 'message', 'status']);
  expect(inVocabulary(error.code), error.code).toBe(true);
  return { error, sent: sb.received.slice(before) };
}

describe('JSON error codes', () => {
  it.each<[string[], RegExp]>([
    [['chat', 'send', '--bogus'], /^unknown option '--bogus'/],
    [['flows', 'get'], /^missing required argument 'FLOW_ID'$/],
    [['flows', 'list', '--status', 'nope'], /^--status: must be one of active, draft, paused, all, got "nope"$/],
    [['-o', 'xml', 'flows', 'list'], /^--output: must be one of table, json, jsonl, csv, yaml, got "xml"$/],
    [['nope'], /^unknown command 'nope'$/],
    [['flows', 'get', 'a', 'b'], /too many arguments/],
    [['tags', 'create', '--name', 'x', '--color', 'red'], /^--color: must be #RRGGBB$/],
  ])('%j: usage, status null, nothing sent', async (args, message) => {
    const { error, sent } = await jsonError(args, 2);
    expect(error).toMatchObject({ code: 'usage', status: null });
    expect(error.message).toMatch(message);
    expect(sent).toEqual([]);
  });

  it('a destructive command without --yes and no terminal: confirmation_required, nothing sent', async () => {
    const { error, sent } = await jsonError(['tags', 'delete', '65f1c0ffee0123456789abcd'], 2);
    expect(error).toMatchObject({ code: 'confirmation_required', status: null });
    expect(sent).toEqual([]);
  });

  it('an error status the server answered: http_<status>, with the status', async () => {
    const { error, sent } = await jsonError(['tags', 'get', '65f1c0ffee0123456789abcd'], 4);
    expect(error).toMatchObject({ code: 'http_404', status: 404 });
    expect(sent.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/tags/65f1c0ffee0123456789abcd']);
  });

  it('a refused key: auth, with the status', async () => {
    const r = await sb.run(['--json', 'tags', 'list'], { env: { CHATCRM_API_KEY: 'wrong-key-0123456789' } });
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'auth', status: 401 } });
  });
});

describe('the vocabulary', () => {
  it('README lists every code, and no other', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split('### JSON errors')[1]?.split('\n## ')[0] ?? '';
    const listed = [...section.matchAll(/^\| `([a-z_<>]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(['http_<status>', ...Object.keys(ERROR_CODES)]);
  });
});
