// A broken answer is an error, never an empty area (issue 41, item 4): a 2xx that is not the
// list asked for, or says `success: false`, stops dump, diff, sync and every list command with
// exit 7 naming the area or request, before anything is written; a record's own id is `_id` or
// `id` only, and one without either, or an id seen twice, stops a prune or update naming it;
// an area that never ends is cut at its cap; a workspace file is capped in size.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir, type RunOptions } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';

let srv: HostileServer;
beforeAll(async () => {
  srv = await startHostile();
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.received.length = 0;
});

const json = (res: ServerResponse, body: unknown, status = 200) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const tags = (body: unknown) => srv.route('GET /api/tags', (_q, res) => json(res, body));
const pageOf = (req: IncomingMessage) => Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
const run = (args: string[], opts: RunOptions = {}) => runCli(args, { ...opts, env: { CHATCRM_BASE_URL: srv.url, CHATCRM_API_KEY: 'k', ...opts.env } });
const writes = () => srv.received.filter((q) => q.method !== 'GET');
const FILE = 'version: 1\ntags:\n  - name: keep\n    color: "#111111"\n';

const BROKEN: [string, unknown, RegExp][] = [
  ['success: false', { success: false, message: 'Quota exceeded' }, /says success: false \(Quota exceeded\)/],
  ['an empty object', {}, /holds no list: \{\}/],
  ['one record, not a list', { success: true, data: { _id: 'T1', name: 'keep' } }, /holds no list: \{"success":true,"data":\{"_id":"T1"/],
  ['a list that says success: false', { success: false, data: [] }, /says success: false/],
];

describe('a 2xx that is not the list', () => {
  it.each(BROKEN)('%s: dump exits 7 naming the area, writes no file', async (_name, body, why) => {
    tags(body);
    const r = await run(['workspace', 'dump', '--only', 'tags']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^Error: tags: the answer to GET \/api\/tags is not a list: /);
    expect(r.stderr).toMatch(why);
  });

  it.each(BROKEN)('%s: diff --prune and sync --prune --yes exit 7; no DELETE is planned or sent', async (_name, body) => {
    tags(body);
    for (const cmd of [['diff', '-', '--prune'], ['sync', '-', '--prune', '--yes']]) {
      const r = await run(['workspace', ...cmd], { input: FILE });
      expect(r.exitCode, r.stderr).toBe(7);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^Error: tags: the answer to GET \/api\/tags is not a list/);
    }
    expect(writes()).toEqual([]);
  });

  it('on a later page too: the area is not cut short', async () => {
    srv.route('GET /api/tags', (req, res) =>
      pageOf(req) === 1 ? json(res, { success: true, data: [{ _id: 'T1', name: 'keep' }], pagination: { currentPage: 1, totalPages: 2 } }) : json(res, { success: false, message: 'try later' }),
    );
    const r = await run(['workspace', 'diff', '-', '--prune'], { input: FILE });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/^Error: tags: the answer to GET \/api\/tags \(page 2\) is not a list: it says success: false \(try later\)/);
    expect(srv.received.map((q) => q.method)).toEqual(['GET', 'GET']);
  });

  it('HTML with a 200 names the area too', async () => {
    srv.route('GET /api/tags', (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in to the Wi-Fi</html>'));
    const r = await run(['workspace', 'dump', '--only', 'tags']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/^Error: tags: The server at http:\/\/127\.0\.0\.1:\d+ did not answer JSON: <html>Sign in to the Wi-Fi<\/html>\n$/);
  });

  it('a good empty list is still an empty area', async () => {
    tags({ success: true, data: [] });
    const r = await run(['workspace', 'dump', '--only', 'tags']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('version: 1\ntags: []\n');
  });
});

describe('list commands', () => {
  it.each(BROKEN)('%s: tags list exits 7 naming the request, in one page and with --all', async (_name, body, why) => {
    tags(body);
    for (const extra of [[], ['--all'], ['-o', 'csv'], ['--all', '-q']]) {
      const r = await run(['tags', 'list', ...extra]);
      expect(r.exitCode, extra.join(' ')).toBe(7);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^Error: the answer to GET \/api\/tags is not a list: /);
      expect(r.stderr).toMatch(why);
    }
  });

  it('a --json error carries the code bad_answer', async () => {
    tags({});
    const r = await run(['tags', 'list', '--json']);
    expect(r.exitCode).toBe(7);
    expect(JSON.parse(r.stderr)).toEqual({ error: { message: 'the answer to GET /api/tags is not a list: it holds no list: {}', status: null, code: 'bad_answer' } });
  });

  it('flows list, and a later page of --all: what came first stays valid json, then the error', async () => {
    srv.route('GET /api/automation', (req, res) =>
      pageOf(req) === 1 ? json(res, { success: true, data: [{ _id: 'F1', name: 'a' }], pagination: { currentPage: 1, totalPages: 2 } }) : json(res, { success: false, message: 'nope' }),
    );
    const r = await run(['flows', 'list', '--all', '--json']);
    expect(r.exitCode).toBe(7);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ _id: 'F1' })]);
    expect(JSON.parse(r.stderr).error.message).toBe('the answer to GET /api/automation (page 2) is not a list: it says success: false (nope)');
  });

  it('api --paginate (a raw request, not a list command) still prints an answer that is not a list as one page', async () => {
    srv.route('GET /api/anything', (_q, res) => json(res, { success: true, data: { _id: 'A1' } }));
    const r = await run(['api', 'GET', '/api/anything', '--paginate']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ _id: 'A1' });
  });
});

describe("a record's own id is _id or id", () => {
  it('a record without either is never deleted by the id of another (its tag_id); diff and sync stop naming it', async () => {
    tags({ success: true, data: [{ _id: 'T1', name: 'keep', color: '#111111' }, { name: 'old', color: '#222222', tag_id: 'T1' }] });
    for (const cmd of [['diff', '-', '--prune'], ['sync', '-', '--prune', '--yes']]) {
      const r = await run(['workspace', ...cmd], { input: FILE });
      expect(r.exitCode, r.stderr).toBe(7);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('Error: tags "old": the server gave this record no _id or id, so it cannot be deleted; nothing was changed\n');
    }
    expect(writes()).toEqual([]);
  });

  it('without --prune, and with nothing to change on it, the record without an id is no obstacle (and is not created again)', async () => {
    tags({ success: true, data: [{ _id: 'T1', name: 'keep', color: '#111111' }, { name: 'old', color: '#222222' }] });
    const d = await run(['workspace', 'diff', '-', '--exit-code'], { input: `${FILE}  - name: old\n    color: "#222222"\n` });
    expect(d.exitCode, d.stderr).toBe(0);
    expect(d.stdout).toBe('No changes: the workspace matches the file.\n');
  });

  it('an update of a record without an id stops naming it', async () => {
    tags({ success: true, data: [{ name: 'keep', color: '#000000', tag_id: 'T9' }] });
    const r = await run(['workspace', 'sync', '-', '--yes'], { input: FILE });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toBe('Error: tags "keep": the server gave this record no _id or id, so it cannot be updated; nothing was changed\n');
    expect(writes()).toEqual([]);
  });

  it('an id seen twice stops a delete or an update of either record, naming both', async () => {
    tags({ success: true, data: [{ _id: 'T1', name: 'keep', color: '#000000' }, { _id: 'T1', name: 'old', color: '#222222' }] });
    const p = await run(['workspace', 'sync', '-', '--prune', '--yes'], { input: `version: 1\ntags:\n  - name: keep\n    color: "#000000"\n` });
    expect(p.exitCode).toBe(7);
    expect(p.stderr).toBe('Error: tags "old": its id T1 is also the id of tags "keep", so it cannot be deleted; nothing was changed\n');
    const u = await run(['workspace', 'sync', '-', '--yes'], { input: FILE });
    expect(u.exitCode).toBe(7);
    expect(u.stderr).toBe('Error: tags "keep": its id T1 is also the id of tags "old", so it cannot be updated; nothing was changed\n');
    expect(writes()).toEqual([]);
  });
});

describe('caps', () => {
  const CAP = 100_000;
  const PAGE = 10_000;
  const page = (n: number) => Array.from({ length: PAGE }, (_, i) => ({ _id: `T${(n - 1) * PAGE + i}`, name: `t${(n - 1) * PAGE + i}` }));

  it('an area of exactly 100,000 records is read whole; a dump over the file cap says so, and validate refuses it', async () => {
    const long = (r: { _id: string; name: string }) => ({ ...r, name: r.name.padEnd(80, '.') });
    srv.route('GET /api/tags', (req, res) => json(res, { success: true, data: page(pageOf(req)).map(long), pagination: { currentPage: pageOf(req), totalPages: CAP / PAGE } }));
    const file = join(tempDir('chatcrm-ws-cap-'), 'ws.yaml');
    const r = await run(['workspace', 'dump', '--only', 'tags', '-O', file]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe(`Warning: the file is 8.7 MiB, over the 8 MiB that validate, diff and sync read: dump fewer areas per file with --only\nWrote ${file} (${CAP} tags)\n`);
    expect(readFileSync(file, 'utf8').match(/^ {2}- name: /gm)).toHaveLength(CAP);
    expect(srv.received).toHaveLength(CAP / PAGE);
    const v = await run(['workspace', 'validate', file]);
    expect(v.exitCode).toBe(2);
    expect(v.stderr).toBe(`Error: ${file}: larger than 8 MiB, the most a workspace file may be\n`);
  });

  it('a server that always says "more" is cut at 100,000 records: exit 7 naming the area and the cap', async () => {
    srv.route('GET /api/tags', (req, res) => json(res, { success: true, data: page(pageOf(req)), pagination: { currentPage: pageOf(req), hasNextPage: true } }));
    const r = await run(['workspace', 'dump', '--only', 'tags']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Error: tags: more than 100000 records (the most an area may hold) after 11 pages; stopped\n');
    expect(srv.received).toHaveLength(CAP / PAGE + 1);
  });

  it('a workspace file over 8 MiB is exit 2 naming the file and the cap, before anything is sent; one of 8 MiB is read', async () => {
    const dir = tempDir('chatcrm-ws-cap-');
    const pad = (n: number) => `version: 1\n${'#'.repeat(n - 'version: 1\n'.length - 1)}\n`;
    const big = join(dir, 'big.yaml');
    writeFileSync(big, pad(8 * 1024 * 1024 + 1));
    for (const cmd of [['validate', big], ['diff', big]]) {
      const r = await run(['workspace', ...cmd]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toBe(`Error: ${big}: larger than 8 MiB, the most a workspace file may be\n`);
    }
    const s = await run(['workspace', 'validate', '-'], { input: pad(8 * 1024 * 1024 + 1) });
    expect(s.exitCode).toBe(2);
    expect(s.stderr).toBe('Error: <stdin>: larger than 8 MiB, the most a workspace file may be\n');
    const fits = join(dir, 'fits.yaml');
    writeFileSync(fits, pad(8 * 1024 * 1024));
    const v = await run(['workspace', 'validate', fits]);
    expect(v.exitCode, v.stderr).toBe(0);
    expect(srv.received).toEqual([]);
  });

  it('a path that is no regular file (a device, a pipe: no size to ask first) is read capped as it comes, never whole', async () => {
    const r = await run(['workspace', 'validate', '/dev/zero']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('Error: /dev/zero: larger than 8 MiB, the most a workspace file may be\n');
  });
});
