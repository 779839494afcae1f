// A workspace file is strict, and a dump is a file its own validate accepts (issue 41, item 5):
// a typo is refused before anything is sent; a name the server keeps as a number, a field the
// file does not know and an id that names no record are written so validate reads them back.
// And a flow's state is read whatever fields the service gives it (item 6).
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const writes = (sb: TestSandbox) => sb.received.filter((r) => r.method !== 'GET' && r.operation !== undefined);

let sb: TestSandbox;
let other: TestSandbox;

beforeAll(async () => {
  [sb, other] = await Promise.all([startTestSandbox(), startTestSandbox()]);
  const gone = sb.store.insert('tags', { name: 'gone', color: '#000000' });
  sb.store.softDelete('tags', gone._id);
  sb.store.insert('segments', { name: 'Lost', filters: { tag_ids: [gone._id] } });
  sb.store.insert('tags', { name: 42, color: '#424242', description: 'made elsewhere' });
});
afterAll(async () => {
  await Promise.all([sb?.close(), other?.close()]);
});

describe('a typo', () => {
  it('is refused by sync with file, line and the field meant; nothing is sent', async () => {
    await sb.refused(['workspace', 'sync', '-', '--yes'], /^Error: <stdin>:5: custom_fields\[0\]\.is_activ: unknown field, did you mean `is_active`\?\n$/, {
      input: 'version: 1\ncustom_fields:\n  - name: Company\n    type: text\n    is_activ: true\n',
    });
    await sb.refused(['workspace', 'diff', '-'], /^Error: <stdin>:4: taxes\[0\]\.rate: expected a number, found "nine"\n$/, { input: 'version: 1\ntaxes:\n  - name: VAT\n    rate: nine\n' });
  });
});

describe('dump', () => {
  let dumped: string;

  beforeAll(async () => {
    const d = await sb.run(['workspace', 'dump']);
    expect(d.exitCode, d.stderr).toBe(0);
    dumped = d.stdout;
    expect(d.stderr.trim().split('\n').sort()).toEqual([
      expect.stringMatching(/^Warning: segments "Lost": filters\.tag_ids: [0-9a-f]{24} is the id of no tags record: written as found$/),
      'Warning: tags: not written, fields the file does not know: description (1 record)',
    ]);
  });

  it('writes a name the server keeps as a number as a string, and leaves out a field the file does not know', () => {
    expect(dumped).toContain('tags:\n  - name: "42"\n    color: "#424242"\n');
    expect(dumped).not.toContain('made elsewhere');
  });

  it('writes an id that names no record as found; validate accepts the file and names the record', async () => {
    const id = /tag_ids:\n\s+- ([0-9a-f]{24})\n/.exec(dumped)![1];
    const v = await sb.run(['workspace', 'validate', '-'], { input: dumped });
    expect(v.exitCode, v.stderr).toBe(0);
    expect(v.stderr).toMatch(new RegExp(`^Warning: <stdin>:\\d+: segments\\[0\\]\\.filters\\.tag_ids: segments "Lost" refers to ${id}, an id no tags record of the file has`, 'm'));
    expect(v.stderr).toMatch(/is a valid workspace file/);
  });

  it('diff of the dump against its own workspace is empty; against another, sending the id is refused (exit 2, nothing written)', async () => {
    const same = await sb.run(['workspace', 'diff', '-', '--exit-code'], { input: dumped });
    expect(same.exitCode, same.stdout + same.stderr).toBe(0);
    const before = writes(other).length;
    const r = await other.run(['workspace', 'sync', '-', '--yes'], { input: dumped });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^Error: segments "Lost": tag_ids: no tags record named "[0-9a-f]{24}" in the file or the workspace\n$/);
    expect(writes(other).length).toBe(before);
  });
});

describe('a flow whose state the service gives only as is_active / is_paused', () => {
  let server: HostileServer;
  const flows = [
    { _id: 'f1', name: 'Live', keyword: 'live', is_active: true, is_paused: false },
    { _id: 'f2', name: 'Held', keyword: 'held', is_active: true, is_paused: true },
    { _id: 'f3', name: 'Idle', keyword: 'idle', is_active: false, is_paused: false },
  ];
  const json = (res: ServerResponse, body: unknown) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const run = (args: string[], input: string) => runCli(args, { input, env: { CHATCRM_BASE_URL: server.url, CHATCRM_API_KEY: 'test-key-0123456789abcdef' } });
  const file = (live: string) => `version: 1\nflows:\n  - {name: Live, keyword: live, status: ${live}}\n  - {name: Held, keyword: held, status: paused}\n  - {name: Idle, keyword: idle, status: draft}\n`;

  beforeAll(async () => {
    server = await startHostile({
      'GET /api/automation': (_req, res) => json(res, { success: true, data: flows }),
      'PATCH /api/automation/f1/toggle-pause': (_req, res) => json(res, { success: true, data: { ...flows[0], is_paused: true } }),
    });
  });
  afterAll(() => server?.close());

  it('is read as its one state: a file that says the same plans nothing', async () => {
    const r = await run(['workspace', 'diff', '-', '--exit-code'], file('active'));
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/No changes/);
    expect((await run(['workspace', 'dump', '--only', 'flows'], '')).stdout).toContain('  - name: Held\n    keyword: held\n    status: paused\n');
  });

  it('and a change of state sends the one toggle it takes', async () => {
    const r = await run(['workspace', 'sync', '-', '--yes'], file('paused'));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('flows\n  ~ Live\n      status: "active" → "paused"\n');
    expect(server.received.filter((x) => x.method !== 'GET').map((x) => `${x.method} ${x.path}`)).toEqual(['PATCH /api/automation/f1/toggle-pause']);
  });
});
