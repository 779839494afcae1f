// `mcp call` asks whatever the server calls the tool (issue 46, item 3). A tool endpoint listing
// `Send_Campaign` or `send_campaign ` let the campaign go out with no terminal and no --yes, a
// tools/list naming a tool twice (not destructive, then destructive) asked nothing, and a name
// with a non-ASCII letter failed as an unreachable network after 3 attempts. Now the name is
// compared normalised (case, surrounding space, NFKC, ignorables), any entry of it marked
// destructive asks, and a name the Mcp-Name header cannot carry is exit 2 before any request.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startHostile, type HostileServer } from '../helpers/hostile-server.js';

interface Entry {
  name: string;
  annotations?: { destructiveHint?: boolean };
}

let srv: HostileServer;
/** What this test's tools/list answers. */
let listed: Entry[] = [];

const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  // A stateless tool endpoint: tools/list answers `listed`, tools/call any name.
  srv = await startHostile({
    'POST /mcp': (_req, res, body) => {
      const rpc = JSON.parse(body) as { id?: number; method: string };
      if (rpc.id === undefined) return void res.writeHead(202).end();
      const result =
        rpc.method === 'tools/list'
          ? { tools: listed.map((t) => ({ ...t, inputSchema: { type: 'object', properties: { campaign_id: { type: 'string' } } } })) }
          : { content: [{ type: 'text', text: 'called' }] };
      json(res, { jsonrpc: '2.0', id: rpc.id, result });
    },
  });
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.received.length = 0;
});

const run = (args: string[]) => runCli(['mcp', 'call', ...args], { env: { CHATCRM_MCP_URL: srv.url, CHATCRM_API_KEY: 'k-0123456789' } });
const methods = () => srv.received.map((q) => (JSON.parse(q.body) as { method: string }).method);
const calls = () => srv.received.map((q) => JSON.parse(q.body) as { method: string; params: { name?: string } }).filter((m) => m.method === 'tools/call').map((m) => m.params.name);
const REFUSED = /^Error: Call .+: refused without confirmation; pass --yes to confirm$/m;

/** Without a terminal and --yes: exit 2, tools/list read and nothing called; with --yes: called once by that name. */
async function asks(name: string, args: string[] = []) {
  const r = await run([name, ...args]);
  expect(r.stderr).toMatch(REFUSED);
  expect(r.stderr).toContain(`Call ${name} `);
  expect(r.exitCode).toBe(2);
  expect(r.stdout).toBe('');
  expect(methods()).toEqual(['tools/list']);
  srv.received.length = 0;
  const y = await run([name, ...args, '--yes']);
  expect(y.stderr).toBe('');
  expect(y.exitCode).toBe(0);
  expect(y.stdout).toContain('called');
  expect(calls()).toEqual([name]);
}

describe("the catalog's sending tool by the server's spelling", () => {
  it.each([
    ['Send_Campaign', 'Send_Campaign'],
    ['SEND_CAMPAIGN', 'SEND_CAMPAIGN'],
    ['send_campaign with a trailing space', 'send_campaign '],
    ['send_campaign with a leading tab', '\tsend_campaign'],
    ['Campaigns_Send (the name `mcp serve` gives it)', 'Campaigns_Send'],
  ])('%s: asks (exit 2 without --yes, nothing called); --yes calls it', async (_, name) => {
    listed = [{ name }];
    await asks(name, ['--arg', 'campaign_id=c1']);
  });

  it('the question names the campaign, as for send_campaign', async () => {
    listed = [{ name: 'Send_Campaign' }];
    const r = await run(['Send_Campaign', '--arg', 'campaign_id=c1']);
    expect(r.stderr).toBe("Error: Call Send_Campaign on campaign c1 (messages the campaign's whole audience): refused without confirmation; pass --yes to confirm\n");
  });
});

describe('a tool listed more than once under one name', () => {
  const HINT = { destructiveHint: true };
  const SAFE = { destructiveHint: false };
  it.each([
    ['not destructive, then destructive', [{ name: 'purge_all', annotations: SAFE }, { name: 'purge_all', annotations: HINT }]],
    ['destructive, then not destructive', [{ name: 'purge_all', annotations: HINT }, { name: 'purge_all', annotations: SAFE }]],
    ['destructive under another case', [{ name: 'purge_all' }, { name: 'PURGE_ALL', annotations: HINT }]],
    ['destructive in fullwidth letters', [{ name: 'purge_all', annotations: SAFE }, { name: 'ｐｕｒｇｅ＿ａｌｌ', annotations: HINT }]],
    ['destructive in mathematical bold', [{ name: 'purge_all' }, { name: '𝐩𝐮𝐫𝐠𝐞_all', annotations: HINT }]],
    ['destructive with a soft hyphen and a zero-width space', [{ name: 'purge_all' }, { name: 'pur\u00adge_all\u200b', annotations: HINT }]],
    ['destructive with an ideographic space around it', [{ name: 'purge_all' }, { name: '\u3000purge_all\u3000', annotations: HINT }]],
  ] as [string, Entry[]][])('%s: asks; --yes calls it', async (_, entries) => {
    listed = entries;
    await asks('purge_all');
  });

  it('no entry marked destructive, and a name the CLI does not gate: called without --yes', async () => {
    listed = [{ name: 'purge_all', annotations: SAFE }, { name: 'ｐｕｒｇｅ＿ａｌｌ' }, { name: 'purge_al1', annotations: HINT }];
    const r = await run(['purge_all']);
    expect(r.exitCode).toBe(0);
    expect(calls()).toEqual(['purge_all']);
  });
});

describe('a tool name the Mcp-Name header cannot carry', () => {
  it.each([
    ['a Cyrillic і', 'send_campa\u0456gn', 'U+0456 (character 11)', 'send_campa\\u0456gn'],
    ['fullwidth letters', 'ｓｅｎｄ_campaign', 'U+FF53 (character 1)', '\\uFF53\\uFF45\\uFF4E\\uFF44_campaign'],
    ['a Latin-1 letter (Node would send it as one byte)', 'envoy\u00e9', 'U+00E9 (character 6)', 'envoy\\u00E9'],
    ['a newline', 'send\ncampaign', 'U+000A (character 5)', 'send\\ncampaign'],
    ['a character past the BMP', 'x\u{1d42c}', 'U+1D42C (character 2)', 'x\\u{1D42C}'],
  ])('%s: exit 2 in one line naming the name and the header, no request at all', async (_, name, where, shown) => {
    listed = [{ name }];
    const r = await run([name, '--arg', 'campaign_id=c1', '--yes']);
    expect(r.stderr).toBe(`Error: tool name "${shown}": ${where} cannot be sent in the Mcp-Name header, which takes printable ASCII only\n`);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(srv.received).toEqual([]);
  });

  it('printable ASCII with a tab inside goes out', async () => {
    listed = [{ name: 'odd\tname' }];
    const r = await run(['odd\tname']);
    expect(r.exitCode).toBe(0);
    expect(calls()).toEqual(['odd\tname']);
  });
});
