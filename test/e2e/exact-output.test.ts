// Output is the data (issue 41, item 3): machine formats (-o json|jsonl|yaml|csv, workspace dump
// to stdout) carry the server's text as it is, a URL's userinfo included; only the CLI's own
// secrets (the key) are removed, and csv still defuses formulas. The terminal table and the logs
// (--verbose, errors) keep hiding URL userinfo.
import type { ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, type RunOptions } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const KEY = 'exact-key-5d2c8e1f9a7b3064';
const URL_TEXT = 'https://ada:pw-19x7@git.example/x.git';
const MASKED = 'https://***@git.example/x.git';
const RECORD = { _id: 't1', name: `=HYPERLINK("${URL_TEXT}")`, color: '#FF0000', note: `mirror ${URL_TEXT}, key ${KEY}` };

let srv: HostileServer;
beforeAll(async () => {
  srv = await startHostile();
  const json = (res: ServerResponse, body: unknown) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  srv.route('GET /api/tags', (_q, res) => json(res, { success: true, data: [RECORD] }));
  srv.route('GET /api/tags/t1', (_q, res) => json(res, { success: true, data: RECORD }));
});
afterAll(() => srv.close());

const run = (args: string[], opts: RunOptions = {}) => runCli(args, { ...opts, env: { CHATCRM_BASE_URL: srv.url, CHATCRM_API_KEY: KEY, ...opts.env } });
const keyless = { ...RECORD, note: `mirror ${URL_TEXT}, key ***` };

describe('machine formats carry the server text as it is', () => {
  it('-o json, jsonl and yaml of a list and of one record: userinfo kept, the key removed', async () => {
    for (const args of [['tags', 'list'], ['tags', 'get', 't1']]) {
      const one = args[1] === 'get';
      const j = await run([...args, '-o', 'json']);
      expect(j.exitCode, j.stderr).toBe(0);
      expect(JSON.parse(j.stdout)).toEqual(one ? keyless : [keyless]);
      const l = await run([...args, '-o', 'jsonl']);
      expect(JSON.parse(l.stdout)).toEqual(keyless);
      const y = await run([...args, '-o', 'yaml']);
      expect(parseYaml(y.stdout)).toEqual(one ? keyless : [keyless]);
      for (const r of [j, l, y]) expect(r.stdout).not.toContain(KEY);
    }
  });

  it('-o csv keeps the userinfo and still defuses the formula', async () => {
    for (const args of [['tags', 'list'], ['tags', 'get', 't1']]) {
      const r = await run([...args, '-o', 'csv', '--fields', '_id,name,note']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(parseCsv(r.stdout)).toEqual([
        ['_id', 'name', 'note'],
        ['t1', `'${RECORD.name}`, keyless.note],
      ]);
    }
  });

  it('the terminal table hides the userinfo; the --verbose trace hides it (and the key) while stdout keeps it', async () => {
    const t = await run(['tags', 'list', '--fields', '_id,note']);
    expect(t.exitCode, t.stderr).toBe(0);
    expect(t.stdout).toContain(MASKED);
    expect(t.stdout).not.toContain('pw-19x7');
    const v = await run(['tags', 'list', '-o', 'json', '--verbose']);
    expect(v.exitCode, v.stderr).toBe(0);
    expect(JSON.parse(v.stdout)).toEqual([keyless]);
    expect(v.stderr).toContain(MASKED);
    expect(v.stderr).not.toContain('pw-19x7');
    expect(v.stderr).not.toContain(KEY);
  });

  it('a --json error is a log: the userinfo in its message is hidden', async () => {
    srv.route('GET /api/tags/t2', (_q, res) => void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: `upstream ${URL_TEXT} down` })));
    const r = await run(['tags', 'get', 't2', '--json', '--retries', '0']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr).error.message).toContain(`upstream ${MASKED} down`);
  });
});

describe('workspace dump | sync copies the text as it is', () => {
  let a: TestSandbox;
  let b: TestSandbox;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestSandbox(), startTestSandbox()]);
    a.store.insert('quick_replies', { title: 'Clone', message: `git clone ${URL_TEXT}`, is_favorite: false });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('dump to stdout is the file dump -O writes, userinfo and all; sync - writes it into B exactly', async () => {
    const out = await a.run(['workspace', 'dump', '--only', 'quick_replies']);
    expect(out.exitCode, out.stderr).toBe(0);
    expect(out.stdout).toContain(`message: git clone ${URL_TEXT}\n`);
    const file = join(tempDir('chatcrm-exact-'), 'ws.yaml');
    const saved = await a.run(['workspace', 'dump', '--only', 'quick_replies', '-O', file]);
    expect(saved.exitCode, saved.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(out.stdout);
    const s = await b.run(['workspace', 'sync', '-', '--yes'], { input: out.stdout });
    expect(s.exitCode, s.stderr).toBe(0);
    const made = b.calls('quickReplies.create').map((q) => q.body as Record<string, unknown>);
    expect(made).toEqual([expect.objectContaining({ title: 'Clone', message: `git clone ${URL_TEXT}` })]);
    expect(b.store.list('quick_replies', (q) => q.title === 'Clone').map((q) => q.message)).toEqual([`git clone ${URL_TEXT}`]);
    const d = await b.run(['workspace', 'diff', '-', '--exit-code'], { input: out.stdout });
    expect(d.exitCode, d.stdout).toBe(0);
  });
});
