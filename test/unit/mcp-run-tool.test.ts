// The tool runner of `chatcrm mcp serve` (ToolRunner) driven in-process against an in-process
// sandbox: --max-sends at its boundary and across calls, confirm and elicitation, dry runs, the
// profile's defaults, uploads, downloads and error mapping. The e2e tests (mcp-serve*.test.ts)
// prove the same through the built CLI; these are fast enough for the mutation run
// (stryker/unit.conf.mjs), which is why each asserts what the sandbox received too.
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { loadCommands } from '../../src/manifest/index.js';
import { buildCatalog, type ToolDef } from '../../src/describe/catalog.js';
import type { Answer } from '../../src/mcp/serve/elicit.js';
import { MAX_FILE_TEXT, profileDefaults, ToolRunner, type Safety } from '../../src/mcp/serve/run-tool.js';
import { createContext, type Context } from '../../src/runtime/context.js';
import { tempDir } from '../helpers/cli.js';
import { draftCampaign, freshDrafts } from '../helpers/campaigns.js';
import { testHost, testIO } from '../helpers/io.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let tools: Map<string, ToolDef>;
beforeAll(async () => {
  sb = await startTestSandbox();
  tools = new Map((await buildCatalog(await loadCommands())).map((t) => [t.name, t]));
});
afterAll(() => sb.close());

const SENDER = 'wa_snd_cloud_0001';
const TEXT = { type: 'text', text: { body: 'Hello from an agent' } };
const GOOD_FLOW = { name: 'Good', keyword: 'g', greeting: [{ goto: 'main' }], screens: { main: { type: 'menu', body: 'Pick', button: 'Go', sections: [{ options: [{ title: 'A' }] }] } } };
const draft = freshDrafts(15559900000);
const tool = (name: string) => tools.get(name)!;
const textOf = (r: { content: { text: string }[] }) => r.content.map((c) => c.text).join('\n');
const sentTo = (id: string) => sb.store.list('messages', (m) => m.campaign_id === id).length;

/** A context against the sandbox; `profile`: the settings of the default profile in config.json. */
function context(profile: Record<string, unknown> = {}, flags = {}): Context {
  const dir = tempDir();
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }));
  const env = { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: dir };
  return createContext(testIO(), { json: true, ...flags }, testHost(env), 'test');
}

const runners: Context[] = [];
afterAll(async () => {
  for (const ctx of runners) await ctx.close();
});
function runner(safety: Partial<Safety> = {}, ctx = context()): ToolRunner {
  runners.push(ctx);
  return new ToolRunner(ctx, { dryRun: ctx.settings.dryRun, ...safety });
}

/** Runs a call; returns its result and the requests the sandbox received during it. */
async function call(r: ToolRunner, name: string, args: unknown, ask?: (m: string) => Promise<Answer>) {
  const before = sb.received.length;
  const result = await r.call(tool(name), args, ask);
  return { result, text: textOf(result), received: sb.received.slice(before) };
}
const send = (r: ToolRunner, to = '15551234567') => call(r, 'chat_send', { sender_id: SENDER, to, message: TEXT });

describe('--max-sends', () => {
  it.each(['campaigns_publish', 'campaigns_send'])('%s: a 3-recipient campaign is allowed under --max-sends 3 (inclusive), then nothing more', async (name) => {
    const { c } = draft(sb, `Exactly ${name}`, 3);
    const r = runner({ maxSends: 3 });
    const ok = await call(r, name, { campaign_id: c._id, confirm: true });
    expect(ok.result.isError, ok.text).toBeUndefined();
    expect(ok.received.map((q) => q.operation)).toEqual(['campaigns.insights', name === 'campaigns_send' ? 'mcp.rpc' : 'campaigns.publish']);
    const more = await send(r);
    expect(more.text).toBe('max-sends: this server has sent its 3 messages (--max-sends 3); nothing was sent');
    expect(more.received).toEqual([]);
  });

  it.each(['campaigns_publish', 'campaigns_send'])('%s: a 4-recipient campaign is refused under --max-sends 3, after reading its audience only', async (name) => {
    const { c } = draft(sb, `One too many ${name}`, 4);
    const r = runner({ maxSends: 3 });
    const no = await call(r, name, { campaign_id: c._id, confirm: true });
    expect(no.result.isError).toBe(true);
    expect(no.text).toBe(`max-sends: campaign ${c._id} "One too many ${name}" (4 recipients) is more than this server may still send: 3 of its 3 messages (--max-sends 3); nothing was sent`);
    expect(no.received.map((q) => q.operation)).toEqual(['campaigns.insights']);
    expect(sentTo(c._id)).toBe(0);
    // The refusal used up nothing: three single sends still go.
    for (let i = 0; i < 3; i++) expect((await send(r)).result.isError).toBeUndefined();
  });

  it('counts across calls: what is left is the cap less what was sent', async () => {
    const r = runner({ maxSends: 3 });
    const first = await send(r);
    expect(first.result.isError).toBeUndefined();
    expect(first.received.map((q) => q.operation)).toEqual(['chat.send']);
    const { c } = draft(sb, 'Three after one', 3);
    const no = await call(r, 'campaigns_publish', { campaign_id: c._id, confirm: true });
    expect(no.text).toMatch(/is more than this server may still send: 2 of its 3 messages \(--max-sends 3\); nothing was sent$/);
    const { c: two } = draft(sb, 'Two after one', 2);
    const fits = await call(r, 'campaigns_publish', { campaign_id: two._id, confirm: true });
    expect(fits.received.map((q) => q.operation)).toEqual(['campaigns.insights', 'campaigns.publish']);
    const last = await send(r);
    expect(last.text).toBe('max-sends: this server has sent its 3 messages (--max-sends 3); nothing was sent');
    expect(last.received).toEqual([]);
  });

  it('--max-sends 1 says "1 message"; --max-sends 0 sends nothing', async () => {
    const one = runner({ maxSends: 1 });
    expect((await send(one)).result.isError).toBeUndefined();
    expect((await send(one)).text).toBe('max-sends: this server has sent its 1 message (--max-sends 1); nothing was sent');
    const { c } = draft(sb, 'Two for one', 2);
    expect((await call(runner({ maxSends: 1 }), 'campaigns_publish', { campaign_id: c._id, confirm: true })).text).toMatch(/still send: 1 of its 1 message \(--max-sends 1\)/);
    const none = await send(runner({ maxSends: 0 }));
    expect(none.text).toBe('max-sends: this server has sent its 0 messages (--max-sends 0); nothing was sent');
    expect(none.received).toEqual([]);
  });

  it('tools that send nothing are not counted, even at --max-sends 0', async () => {
    const r = runner({ maxSends: 0 });
    const list = await call(r, 'tags_list', {});
    expect(list.result.isError).toBeUndefined();
    expect(list.received.map((q) => q.operation)).toEqual(['tags.list']);
  });

  it('no cap: a campaign is sent without reading its audience, even one of unknown size', async () => {
    const c = draftCampaign(sb, 'Uncapped', { segment: 'customers' });
    const ok = await call(runner(), 'campaigns_publish', { campaign_id: c._id, confirm: true });
    expect(ok.result.isError, ok.text).toBeUndefined();
    expect(ok.received.map((q) => q.operation)).toEqual(['campaigns.publish']);
  });

  it('a capped campaign of unknown audience is refused; a recurrence is refused, turning one off is not counted', async () => {
    const c = draftCampaign(sb, 'Unknown', { segment: 'customers' });
    const r = runner({ maxSends: 100 });
    const no = await call(r, 'campaigns_publish', { campaign_id: c._id, confirm: true });
    expect(no.text).toBe(`max-sends: campaign ${c._id} "Unknown" (audience size unknown) cannot be counted against --max-sends 100; nothing was sent`);
    expect(no.received.map((q) => q.operation)).toEqual(['campaigns.insights']);
    const rec = await call(r, 'campaigns_recurring', { campaign_id: c._id, is_recurring: true, recurring_pattern: 'daily', confirm: true });
    expect(rec.text).toBe(`max-sends: a recurring campaign ${c._id} is sent on the service's schedule, which --max-sends 100 cannot count; nothing was sent`);
    expect(rec.received).toEqual([]);
    const tight = runner({ maxSends: 0 });
    const off = await call(tight, 'campaigns_recurring', { campaign_id: c._id, is_recurring: false, confirm: true });
    expect(off.result.isError, off.text).toBeUndefined();
    // `confirm` is the runner's, not the service's: it is not in the body.
    expect(off.received.map((q) => [q.operation, q.body])).toEqual([['campaigns.setupRecurring', { is_recurring: false }]]);
  });
});

describe('confirm', () => {
  it('a destructive tool needs confirm: true; false is refused saying why, nothing sent', async () => {
    const seg = sb.store.insert('segments', { name: 'Doomed', filters: {} });
    const r = runner();
    const no = await call(r, 'segments_delete', { segment_id: seg._id, confirm: false });
    expect([no.text, no.received]).toEqual(['confirm: must be true (this cannot be undone)', []]);
    const { c } = draft(sb, 'Needs confirm', 1);
    const pub = await call(r, 'campaigns_publish', { campaign_id: c._id, confirm: false });
    expect([pub.text, pub.received]).toEqual(["confirm: must be true (this messages the campaign's whole audience)", []]);
    const ok = await call(r, 'segments_delete', { segment_id: seg._id, confirm: true });
    expect(ok.result.isError, ok.text).toBeUndefined();
    expect(ok.received.map((q) => q.operation)).toEqual(['segments.delete']);
    expect(sb.store.get('segments', seg._id)).toBeUndefined();
  });

  it('a body that takes confirm keeps it (flows_delete sends {confirm: true})', async () => {
    const flow = sb.store.list('flows')[0];
    const ok = await call(runner(), 'flows_delete', { flow_id: flow._id, confirm: true });
    expect(ok.result.isError, ok.text).toBeUndefined();
    expect(ok.received.map((q) => q.body)).toEqual([{ confirm: true }]);
  });
});

describe('elicitation', () => {
  const asker = (answer: Answer | Error) => {
    const asked: string[] = [];
    const ask = async (m: string) => {
      asked.push(m);
      if (answer instanceof Error) throw answer;
      return answer;
    };
    return { asked, ask };
  };

  it('accept: asked once, then sent; the cap still counts after, and a send past it is refused before any question', async () => {
    const r = runner({ maxSends: 1 });
    const { asked, ask } = asker('accept');
    const ok = await call(r, 'chat_send', { sender_id: SENDER, to: '15551234567', message: TEXT }, ask);
    expect(ok.result.isError, ok.text).toBeUndefined();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBe(`Send a message to 15551234567 from sender ${SENDER}: ${JSON.stringify(TEXT.text.body)}. The agent asks for it (tool chat_send); allow it?`);
    expect(ok.received.map((q) => q.operation)).toEqual(['chat.send']);
    const more = await call(r, 'chat_send', { sender_id: SENDER, to: '15551234567', message: TEXT }, ask);
    expect(more.text).toMatch(/^max-sends: /);
    expect(asked).toHaveLength(1);
  });

  it.each([
    ['decline', 'declined'],
    ['cancel', 'cancelled'],
  ] as const)('%s: nothing sent, the cap not used', async (answer, word) => {
    const r = runner({ maxSends: 1 });
    const seg = sb.store.insert('segments', { name: `Kept ${answer}`, filters: {} });
    const del = await call(r, 'segments_delete', { segment_id: seg._id, confirm: true }, asker(answer).ask);
    expect([del.text, del.received]).toEqual([`segments_delete: the user ${word} it when asked through the client; nothing was sent`, []]);
    expect(sb.store.get('segments', seg._id)).toBeDefined();
    const no = await call(r, 'chat_send', { sender_id: SENDER, to: '15551234567', message: TEXT }, asker(answer).ask);
    expect([no.text, no.received]).toEqual([`chat_send: the user ${word} it when asked through the client; nothing was sent`, []]);
    expect((await send(r)).result.isError).toBeUndefined();
  });

  it('a client that fails to answer counts as cancel', async () => {
    const no = await call(runner(), 'chat_send', { sender_id: SENDER, to: '15551234567', message: TEXT }, asker(new Error('gone')).ask);
    expect([no.text, no.received]).toEqual(['chat_send: the user cancelled it when asked through the client; nothing was sent', []]);
  });

  it('not asked: a tool that neither sends nor destroys, a dry run, a refused confirm', async () => {
    const { asked, ask } = asker('decline');
    expect((await call(runner(), 'tags_list', {}, ask)).result.isError).toBeUndefined();
    const dry = await call(runner({ dryRun: true }), 'chat_send', { sender_id: SENDER, to: '15551234567', message: TEXT }, ask);
    expect(dry.result.structuredContent).toMatchObject({ dry_run: true });
    const seg = sb.store.list('segments')[0];
    expect((await call(runner(), 'segments_delete', { segment_id: seg._id }, ask)).text).toBe('confirm: required');
    expect(asked).toEqual([]);
  });
});

describe('dry runs', () => {
  it('an operation: the request it would send, nothing received, the cap not used', async () => {
    const r = runner({ dryRun: true, maxSends: 0 });
    const dry = await call(r, 'chat_send', { sender_id: SENDER, to: '+1 (555) 123-4567', message: TEXT });
    expect(dry.received).toEqual([]);
    expect(dry.result.structuredContent).toMatchObject({ dry_run: true, request: { method: 'POST', body: { sender_id: SENDER, to: '15551234567', message: TEXT } } });
    const { c } = draft(sb, 'Dry campaign', 5);
    const pub = await call(r, 'campaigns_publish', { campaign_id: c._id, confirm: true });
    expect(pub.received).toEqual([]);
    expect(pub.result.structuredContent).toMatchObject({ dry_run: true, request: { method: 'POST' } });
    expect(String((pub.result.structuredContent!.request as { url: string }).url)).toContain(c._id);
    // A body-less operation that takes an object gets the CLI's default body.
    expect((pub.result.structuredContent!.request as { body: unknown }).body).toEqual({});
  });

  it('a relayed tool: the tool-endpoint request it would send, nothing received', async () => {
    const { c } = draft(sb, 'Dry relay', 5);
    const dry = await call(runner({ dryRun: true, maxSends: 0 }), 'campaigns_send', { campaign_id: c._id, confirm: true });
    expect(dry.received).toEqual([]);
    expect(dry.result.structuredContent).toMatchObject({ dry_run: true, request: { method: 'POST', body: { params: { name: 'send_campaign' } } } });
    // `confirm` is the runner's, not the service's tool's.
    expect((dry.result.structuredContent!.request as { body: { params: { arguments: unknown } } }).body.params.arguments).toEqual({ campaign_id: c._id });
    expect(sentTo(c._id)).toBe(0);
  });
});

describe('profile defaults', () => {
  it('profileDefaults: the default sender and business account, only those set', () => {
    expect(profileDefaults(context({ 'default-sender': 'wa_x', 'business-account': 'ba_1' }))).toEqual({ sender_id: 'wa_x', business_account_id: 'ba_1' });
    expect(profileDefaults(context({ 'default-sender': 'wa_x' }))).toEqual({ sender_id: 'wa_x' });
    expect(profileDefaults(context())).toEqual({});
  });

  it('fill the arguments a tool takes and the agent left out; the agent`s own win', async () => {
    const r = runner({}, context({ 'default-sender': SENDER, 'business-account': 'ba_none' }));
    const ok = await call(r, 'chat_send', { to: '15551234567', message: TEXT });
    expect(ok.result.isError, ok.text).toBeUndefined();
    // chat_send takes no business_account_id: the default is not added (it would be an unknown argument).
    expect(ok.received.map((q) => q.body)).toEqual([{ sender_id: SENDER, to: '15551234567', message: TEXT }]);
    const own = await call(runner({ dryRun: true }, context({ 'default-sender': SENDER }, { dryRun: true })), 'chat_send', { sender_id: 'wa_own', to: '15551234567', message: TEXT });
    expect(own.result.structuredContent).toMatchObject({ request: { body: { sender_id: 'wa_own' } } });
  });
});

describe('errors', () => {
  it('arguments that are not an object are refused; none at all are fine', async () => {
    const r = runner();
    for (const raw of [[], 'x', 3, null]) expect(await call(r, 'tags_list', raw)).toMatchObject({ text: 'arguments: must be an object', received: [] });
    expect((await call(r, 'tags_list', undefined)).result.isError).toBeUndefined();
  });

  it('a bad argument is refused naming it, nothing sent', async () => {
    const bad = await call(runner(), 'chat_send', { sender_id: SENDER, to: 'abc', message: TEXT });
    expect(bad.result.isError).toBe(true);
    expect(bad.text).toMatch(/^to: /);
    expect(bad.received).toEqual([]);
  });

  it('a body the service leaves open (tags_create) takes an argument past its named fields, as its schema says; a closed one (chat_send) refuses it', async () => {
    expect(tool('tags_create').inputSchema.additionalProperties).toBe(true);
    expect(tool('chat_send').inputSchema.additionalProperties).toBe(false);
    // `confirm` is the runner's only on a gated tool: here it is one more argument of the body.
    const open = await call(runner(), 'tags_create', { name: 'Loose tag', color: '#00aa00', note: 'kept', confirm: 'yes' });
    expect(open.result.isError, open.text).toBeUndefined();
    expect(open.received.map((r) => r.body)).toEqual([{ name: 'Loose tag', color: '#00aa00', note: 'kept', confirm: 'yes' }]);
    const closed = await call(runner(), 'chat_send', { sender_id: SENDER, to: '15551234567', message: TEXT, priority: 'high' });
    expect(closed).toMatchObject({ text: expect.stringMatching(/^priority: unknown argument/), received: [] });
  });

  it('a destructive tool with an open body (campaigns_recurring): an extra argument is sent, `confirm` never is', async () => {
    const c = draftCampaign(sb, 'Open body', { segment: 'customers' });
    expect(tool('campaigns_recurring').inputSchema.additionalProperties).toBe(true);
    const r = await call(runner(), 'campaigns_recurring', { campaign_id: c._id, is_recurring: false, confirm: true, note: 'kept' });
    expect(r.result.isError, r.text).toBeUndefined();
    expect(r.received.map((q) => [q.operation, q.body])).toEqual([['campaigns.setupRecurring', { is_recurring: false, note: 'kept' }]]);
  });

  it('a refusal by the service is the CLI`s line, one line, without the key', async () => {
    const r = await call(runner(), 'segments_delete', { segment_id: 'no-such-segment', confirm: true });
    expect(r.result).toMatchObject({ isError: true });
    expect(r.result.structuredContent).toBeUndefined();
    expect(r.text).not.toMatch(/\n/);
    expect(r.text.length).toBeGreaterThan(0);
    expect(r.text).not.toContain(sb.config.apiKey);
  });

  it('an error that is not the CLI`s is "Unexpected error", sanitized to one line, the key scrubbed', async () => {
    const ctx = context();
    const key = sb.config.apiKey;
    const broken = { ...ctx, api: async () => ({ call: async () => Promise.reject(new Error(`boom\n  with ${key}\u001b[31m`)) }) as unknown as ApiClient } as Context;
    const r = await runner({}, broken).call(tool('tags_list'), {});
    expect(r).toEqual({ content: [{ type: 'text', text: expect.stringMatching(/^Unexpected error: boom with \S+$/) }], isError: true });
    expect(textOf(r)).not.toContain(key);
    expect(textOf(r)).not.toContain('\u001b');
  });

  it('a result carrying the key has it scrubbed, in its text and its structured content', async () => {
    const ctx = context();
    const key = sb.config.apiKey;
    const leaky = { ...ctx, api: async () => ({ call: async () => ({ body: { data: [{ name: `x ${key}` }] }, headers: {} }) }) as unknown as ApiClient } as Context;
    const r = await runner({}, leaky).call(tool('tags_list'), {});
    expect(r.isError).toBeUndefined();
    expect(JSON.stringify(r)).not.toContain(key);
    expect(JSON.parse(textOf(r))).toEqual(r.structuredContent);
  });
});

describe('uploads', () => {
  const dir = tempDir();
  const up = join(dir, 'up');
  mkdirSync(join(up, 'sub'), { recursive: true });
  writeFileSync(join(up, 'a.txt'), 'hello\n');
  writeFileSync(join(dir, 'outside.txt'), 'secret\n');
  symlinkSync(join(dir, 'outside.txt'), join(up, 'link.txt'));
  const args = (file: unknown) => ({ sender_id: SENDER, to: '15551234567', message: { type: 'image', image: { caption: 'Our shop' } }, file });

  it.each([
    ['', 'file: required (a file inside the upload folder)'],
    ['  ', 'file: required (a file inside the upload folder)'],
    ['nope.txt', 'file: no such file in the upload folder: nope.txt'],
    ['../outside.txt', 'file: ../outside.txt is outside the upload folder'],
    ['link.txt', 'file: link.txt is outside the upload folder'],
    ['.', 'file: . is outside the upload folder'],
    ['sub', /^file: \/.*\/up\/sub is a directory, not a file$/],
  ])('file %j is refused, nothing sent', async (file, message) => {
    const r = await call(runner({ uploadDir: up }), 'chat_send_file', args(file));
    expect([r.text, r.received]).toEqual([typeof message === 'string' ? message : expect.stringMatching(message), []]);
  });

  it('a file inside the folder is sent as a multipart form', async () => {
    const r = await call(runner({ uploadDir: up }), 'chat_send_file', args('a.txt'));
    expect(r.result.isError, r.text).toBeUndefined();
    expect(r.received.map((q) => [q.operation, q.form?.fields, q.form?.files.file.data.toString()])).toEqual([['chat.send', { sender_id: SENDER, to: '15551234567', message: JSON.stringify({ type: 'image', image: { caption: 'Our shop' } }) }, 'hello\n']]);
  });

  it('16 MB is the most a message carries: one byte more is refused', async () => {
    const big = join(up, 'big.bin');
    writeFileSync(big, '');
    truncateSync(big, 16 * 1024 * 1024);
    const r = runner({ uploadDir: up, dryRun: true });
    const at = await call(r, 'chat_send_file', args('big.bin'));
    expect(at.result.structuredContent, at.text).toMatchObject({ dry_run: true });
    truncateSync(big, 16 * 1024 * 1024 + 1);
    const over = await call(r, 'chat_send_file', args('big.bin'));
    expect(over.text).toBe('file: big.bin is larger than 16 MB, the most a message can carry');
  });
});

describe('downloads', () => {
  /** A runner whose client answers every call with `body` as a file. */
  function download(body: string, type: string | null = 'text/csv') {
    const ctx = context();
    const client = { call: async () => ({ stream: Readable.from([Buffer.from(body)]), headers: type ? { 'content-type': type } : {} }) } as unknown as ApiClient;
    return runner({}, { ...ctx, api: async () => client } as Context);
  }
  const line = 'x'.repeat(1023) + '\n';

  // The last line has no line end: a whole file keeps it, a cut one loses it.
  const lines = line.repeat(MAX_FILE_TEXT / 1024 - 1);
  const last = 'z'.repeat(1024);

  it('a file of MAX_FILE_TEXT bytes comes whole, its last line too', async () => {
    const body = lines + last;
    expect(body.length).toBe(MAX_FILE_TEXT);
    const r = await download(body).call(tool('contacts_export_download'), { file_name: 'c.csv' });
    expect(r.structuredContent).toEqual({ file_name: 'c.csv', content_type: 'text/csv', content: body, truncated: false });
    const untyped = await download('a\n', null).call(tool('contacts_export_download'), { file_name: 'c.csv' });
    expect(untyped.structuredContent).toMatchObject({ content_type: '', content: 'a\n' });
  });

  it('one byte more is cut at the last line end before MAX_FILE_TEXT, with a note', async () => {
    const body = lines + last + '\n';
    const r = await download(body).call(tool('contacts_export_download'), { file_name: 'c.csv' });
    expect(r.structuredContent).toEqual({
      file_name: 'c.csv',
      content_type: 'text/csv',
      content: lines,
      truncated: true,
      note: 'the first 1 MB, whole lines; the whole file: chatcrm contacts export-download c.csv',
    });
  });
});

describe('what the CLI does around an operation', () => {
  it('a group tool checks its sender first, as the CLI does: a cloud sender is refused before the list is asked for', async () => {
    const r = await call(runner(), 'chat_groups_list', { sender_id: SENDER });
    expect(r.text).toMatch(/^Sender wa_snd_cloud_0001 is a cloud_api sender, not a Scan Device sender/);
    expect(r.received.map((q) => q.operation)).toEqual(['chat.senders']);
  });

  it('chat_groups_send with a cloud sender is refused by the guard of the behaviour table: only the senders lookup reaches the sandbox, no message is stored', async () => {
    const messages = sb.store.list('messages').length;
    const r = await call(runner(), 'chat_groups_send', { sender_id: SENDER, group_id: '120363040000000000@g.us', message: TEXT });
    expect(r.result.isError).toBe(true);
    expect(r.text).toBe(
      'Sender wa_snd_cloud_0001 is a cloud_api sender, not a Scan Device sender with the capability group_messaging; group commands need a Scan Device sender with group_messaging: senders that have it: wa_snd_device_0002 (--sender)',
    );
    expect(r.received.map((q) => q.operation)).toEqual(['chat.senders']);
    expect(sb.store.list('messages').length).toBe(messages);
  });

  it('flows_create checks the graph past the schema (the operation`s check), as `flows create` does: a broken one is refused, nothing sent', async () => {
    const broken = { ...GOOD_FLOW, name: 'Broken', screens: { main: { ...GOOD_FLOW.screens.main, sections: [{ options: [{ title: 'A', goto: 'nowhere' }] }] } } };
    const r = await call(runner(), 'flows_create', broken);
    expect(r.result.isError).toBe(true);
    expect(r.text).toMatch(/nowhere/);
    expect(r.received).toEqual([]);
    const ok = await call(runner(), 'flows_create', GOOD_FLOW);
    expect(ok.result.isError, ok.text).toBeUndefined();
    expect(ok.received.map((q) => [q.operation, (q.body as { name: string }).name])).toEqual([['flows.create', 'Good']]);
  });

  it('flows_list adds the state the CLI shows; only the query arguments given are sent', async () => {
    const r = await call(runner(), 'flows_list', { limit: 2 });
    const records = (r.result.structuredContent as { records: { state?: string }[] }).records;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((f) => ['active', 'draft', 'paused'].includes(f.state!))).toBe(true);
    expect(r.received.map((q) => q.query)).toEqual([{ limit: '2' }]);
  });
});

describe('the runner itself', () => {
  it('its client is the context`s one, long-running (helpers calling ctx.api() share it)', async () => {
    const ctx = context();
    runner({}, ctx);
    await expect(ctx.api({ longRunning: false })).rejects.toThrow(/made long-running/);
    expect(await ctx.api()).toBe(await ctx.api({ longRunning: true }));
  });

  it('a result is text content with the same value as structured content', async () => {
    const r = await runner().call(tool('tags_list'), {});
    expect(r.content).toEqual([{ type: 'text', text: JSON.stringify(r.structuredContent, null, 2) }]);
  });

  it('with no API key, offline tools still answer (there is no key to scrub)', async () => {
    const dir = tempDir();
    const ctx = createContext(testIO(), { json: true }, testHost({ CHATCRM_BASE_URL: sb.url, CHATCRM_CONFIG_DIR: dir }), 'test');
    const r = await runner({}, ctx).call(tool('flows_validate'), { flow: GOOD_FLOW });
    expect(r.structuredContent, textOf(r)).toEqual({ valid: true, problems: [], warnings: [] });
  });

  it('flows_list with no records in the answer is not an error (nothing to decorate)', async () => {
    const ctx = context();
    const empty = { ...ctx, api: async () => ({ call: async () => ({ body: { message: 'none' }, headers: {} }) }) as unknown as ApiClient } as Context;
    const r = await runner({}, empty).call(tool('flows_list'), {});
    expect(r.isError, textOf(r)).toBeUndefined();
  });

  it('a phone number given as a JSON number is taken as its digits; a fraction or a negative number is not a phone', async () => {
    const r = runner();
    const ok = await call(r, 'chat_send', { sender_id: SENDER, to: 15551230004, message: TEXT });
    expect(ok.result.isError, ok.text).toBeUndefined();
    expect(ok.received.map((q) => [q.operation, (q.body as { to: unknown }).to])).toEqual([['chat.send', '15551230004']]);
    for (const to of [15551230004.5, -15551230004]) {
      const bad = await call(r, 'chat_send', { sender_id: SENDER, to, message: TEXT });
      expect(bad.text).toMatch(/^to: /);
      expect(bad.received).toEqual([]);
    }
    // 0, the least number taken as digits: its one digit is then too few for a phone.
    const zero = await call(r, 'chat_send', { sender_id: SENDER, to: 0, message: TEXT });
    expect([zero.text, zero.received]).toEqual(['to: "0" has 1 digit; a phone number has 6 to 15', []]);
  });

  it('a thrown undefined is still an "Unexpected error" result', async () => {
    const ctx = context();
    const broken = { ...ctx, api: async () => ({ call: async () => Promise.reject(undefined) }) as unknown as ApiClient } as Context;
    expect(textOf(await runner({}, broken).call(tool('tags_list'), {}))).toBe('Unexpected error: undefined');
  });

  it('asked about a campaign, the user reads its name and audience (read with the runner`s client)', async () => {
    const { c } = draft(sb, 'Asked about', 3);
    const asked: string[] = [];
    const r = await call(runner(), 'campaigns_publish', { campaign_id: c._id, confirm: true }, async (m) => (asked.push(m), 'decline'));
    expect(asked).toEqual([`Send campaign ${c._id} "Asked about" (3 recipients) now: this messages the campaign's whole audience. The agent asks for it (tool campaigns_publish); allow it?`]);
    expect(r.received.map((q) => q.operation)).toEqual(['campaigns.insights']);
  });

  it('a DELETE without a body sends none', async () => {
    const r = await call(runner({ dryRun: true }), 'segments_delete', { segment_id: 'abc', confirm: true });
    expect(r.result.structuredContent).toMatchObject({ dry_run: true, request: { method: 'DELETE' } });
    expect((r.result.structuredContent as { request: object }).request).not.toHaveProperty('body');
  });
});

describe('offline and relayed tools', () => {
  it('flows_validate and templates_preview answer without a request', async () => {
    const r = runner();
    const flow = { name: 'Broken', keyword: 'b', greeting: [{ goto: 'main' }], screens: { main: { type: 'menu', body: 'Pick', button: 'Go', sections: [{ options: [{ title: 'A', goto: 'nowhere' }] }] } } };
    const v = await call(r, 'flows_validate', { flow });
    expect(v.received).toEqual([]);
    expect(v.result.structuredContent).toMatchObject({ valid: false, problems: expect.arrayContaining([expect.anything()]), warnings: expect.any(Array) });
    const p = await call(r, 'templates_preview', { template_name: 'hi', category: 'UTILITY', language: 'en_US', message_body: 'Hi {{1}}', variable_examples: [{ key: '1', example: 'Ada' }] });
    expect(p.received).toEqual([]);
    expect(p.result.structuredContent).toMatchObject({ body: 'Hi Ada', text: expect.stringContaining('Hi Ada') });
    // Plain lines for an agent, not the terminal's box.
    expect((p.result.structuredContent as { text: string }).text).not.toMatch(/[│┌└─]/);
    expect((await call(r, 'flows_validate', { flow: GOOD_FLOW })).result.structuredContent).toMatchObject({ valid: true, problems: [] });
    const bad = await call(r, 'templates_preview', { template_name: 'hi', category: 'UTILITY', language: 'en_US', message_body: 'Hi {{2}}' });
    expect([bad.result.isError, bad.received]).toEqual([true, []]);
    expect(bad.text).toMatch(/^message_body: /);
  });

  it('contacts_create relays its arguments, the phone normalised as the CLI does; a refusal by the service`s tool is an error', async () => {
    const r = await call(runner(), 'contacts_create', { phone_number: '+1 555 246 8000', name: 'Relayed' });
    expect(r.result.isError, r.text).toBeUndefined();
    expect(r.received.map((q) => (q.body as { params: unknown }).params)).toEqual([{ name: 'create_contact', arguments: { phone_number: '15552468000', name: 'Relayed' } }]);
    const no = await call(runner(), 'campaigns_send', { campaign_id: 'no-such-campaign', confirm: true });
    expect(no.result.isError).toBe(true);
    expect(no.text).toMatch(/no-such-campaign|not found/i);
  });

  /** A runner whose tool endpoint answers every tools/call with `result`. */
  function relaying(result: Record<string, unknown>) {
    const ctx = context();
    const client = {
      call: async (_op: string, o: { json: { id?: number } }) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: { jsonrpc: '2.0', id: o.json.id, result } }),
    } as unknown as ApiClient;
    return runner({}, { ...ctx, api: async () => client } as Context);
  }

  it('a relayed result that is not JSON: its text parts, joined by line ends; else its structured content', async () => {
    const content = [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'text', text: 'line one' }, { type: 'text' }, { type: 'text', text: 'line two' }];
    const text = await relaying({ content }).call(tool('contacts_list'), {});
    expect(JSON.stringify(text.structuredContent)).toContain(JSON.stringify('line one\n\nline two'));
    const structured = await relaying({ content, structuredContent: { total: 7 } }).call(tool('contacts_list'), {});
    expect(structured.structuredContent).toEqual({ item: { total: 7 } });
  });

  it('a relayed call to a stateful tool endpoint ends its session afterwards', async () => {
    const ctx = context();
    const deleted: unknown[] = [];
    const client = {
      call: async (_op: string, o: { json: { id?: number; method: string }; headers?: Record<string, string> }) => {
        const ok = (result: unknown, headers = {}) => ({ status: 200, headers: { 'content-type': 'application/json', ...headers }, body: { jsonrpc: '2.0', id: o.json.id, result } });
        if (o.json.method === 'initialize') return ok({ protocolVersion: '2025-06-18' }, { 'mcp-session-id': 's-1' });
        if (o.json.method === 'notifications/initialized') return { status: 202, headers: {}, body: '' };
        return o.headers?.['mcp-session-id'] === 's-1' ? ok({ content: [{ type: 'text', text: '{"data":[]}' }] }) : { status: 400, headers: {}, body: {} };
      },
      request: async (req: { method: string; headers: Record<string, string> }) => void deleted.push([req.method, req.headers['mcp-session-id']]),
    } as unknown as ApiClient;
    const r = await runner({}, { ...ctx, api: async () => client } as Context).call(tool('contacts_list'), {});
    expect(r.isError, textOf(r)).toBeUndefined();
    expect(deleted).toEqual([['DELETE', 's-1']]);
  });

  it('contacts_list relays to the tool endpoint and returns the records', async () => {
    const r = await call(runner(), 'contacts_list', { limit: 2 });
    expect(r.result.isError, r.text).toBeUndefined();
    expect(r.received.map((q) => q.operation)).toEqual(['mcp.rpc']);
    expect(r.result.structuredContent).toMatchObject({ records: expect.any(Array) });
  });
});
