// Depth limits at the door (issue 43, item 1): a JSON body, a signed webhook event, a --seed
// file or a --state file nested deeper than the limit is refused with one line before any
// handler runs; whatever gets in can be listed, saved and loaded again. Before: a tag with
// 20,000 nested arrays answered 500 but was stored, and every list and save after failed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/sandbox/store.js';
import { sign, SIGNATURE_HEADER } from '../../src/webhook/signature.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const KEY = 'depth-key-0123456789';
const SECRET = 'depth-webhook-secret';
const NO_ENV = { CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined };
/** `n` arrays, one in the other, as JSON text. */
const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A seed whose tag has `a:` maps `n` deep under `extra`: the map holding `b` is level 4 + n of the file. */
const block = (n: number) => `tags:\n  - name: x\n    color: '#123456'\n    extra:\n${Array.from({ length: n }, (_, i) => `${' '.repeat(6 + 2 * i)}a:\n`).join('')}${' '.repeat(6 + 2 * n)}b: 1\n`;

let sb: TestSandbox;
let dir: string;
const logged: string[] = [];

beforeAll(async () => {
  dir = tempDir('chatcrm-depth-');
  sb = await startTestSandbox({ apiKey: KEY, webhookSecret: SECRET, stateFile: join(dir, 'state.json'), log: (l) => logged.push(l) });
});
afterAll(async () => {
  await sb?.close();
});

async function post(path: string, raw: string, headers: Record<string, string> = { 'x-api-key': KEY }) {
  const res = await fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

describe('a JSON body', () => {
  it('nested 64 levels is taken, listed and saved; 65 levels is a 400 naming where, and nothing is stored', async () => {
    const before = sb.store.list('tags').length;
    const at64 = await post('/api/tags', `{"name":"deep-64","color":"#123456","extra":${arrays(63)}}`);
    expect(at64.status).toBe(201);
    const at65 = await post('/api/tags', `{"name":"deep-65","color":"#123456","extra":${arrays(64)}}`);
    expect(at65).toEqual({ status: 400, body: { success: false, message: 'JSON body nested deeper than 64 levels (at extra[0][0][0][0][0]…)' } });
    // The probe of the issue: 20,000 levels in 40 KB.
    const probe = await post('/api/tags', `{"name":"deep-20000","color":"#123456","extra":${arrays(20_000)}}`);
    expect(probe.status).toBe(400);
    expect(sb.store.list('tags').map((t) => t.name).slice(before)).toEqual(['deep-64']);
    const list = await fetch(`${sb.url}/api/tags?limit=100`, { headers: { 'x-api-key': KEY } });
    expect(list.status).toBe(200);
    expect(sb.received.at(-2)).toMatchObject({ status: 400, body: undefined });
    expect(logged.filter((l) => /failed|cannot save/.test(l))).toEqual([]);
  });

  it('a signed webhook event nested 65 levels is a 400 before the handler: no message is received', async () => {
    const messages = sb.store.all('messages').length;
    const event = (deep: string) => `{"object":"chat_business_account","entry":[{"id":"x","changes":[{"field":"messages","value":{"messages":[{"from":"15550001234","id":"wamid.deep","type":"text","text":{"body":"hi"},"x":${deep}}]}}]}]}`;
    // entry, its item, changes, its item, value, messages, the message, x: 8 levels before `deep`.
    const fits = event(arrays(56));
    expect((await post('/webhook/chat', fits, { [SIGNATURE_HEADER]: sign(SECRET, Buffer.from(fits)) })).status).toBe(200);
    const deep = event(arrays(57));
    const r = await post('/webhook/chat', deep, { [SIGNATURE_HEADER]: sign(SECRET, Buffer.from(deep)) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^JSON body nested deeper than 64 levels \(at entry\[0\]\.changes\[0\]\.value\.messages…\)$/);
    expect(sb.store.all('messages').length).toBe(messages + 1);
  });

  it('what got in is saved and loaded again: a restart holds the 64-level tag', async () => {
    const file = join(dir, 'state.json');
    await sb.close();
    sb = await startTestSandbox({ apiKey: KEY, webhookSecret: SECRET, stateFile: file, port: 0 });
    expect(sb.store.list('tags', (t) => t.name === 'deep-64')).toHaveLength(1);
    const feed = await fetch(`${sb.url}/_sandbox/inspector`, { headers: { 'x-api-key': KEY } });
    expect(feed.status).toBe(200);
  });
});

describe('files', () => {
  it.each([
    ['a flow 65 deep', `tags:\n  - name: x\n    extra: ${arrays(65)}\n`, /^Error: --seed: .*seed\.yaml:3: nested deeper than 64 levels$/],
    ['a flow 100,000 deep', `tags: ${arrays(100_000)}\n`, /^Error: --seed: .*seed\.yaml:1: nested deeper than 64 levels$/],
    ['a block 65 deep', block(61), /^Error: --seed: .*seed\.yaml: tags\[0\]\.extra\.a\.a\.a…: nested deeper than 64 levels$/],
  ])('a --seed file with %s is exit 2 naming the file and where', async (_what, text, message) => {
    writeFileSync(join(dir, 'seed.yaml'), text);
    const r = await runCli(['sandbox', '--seed', join(dir, 'seed.yaml')], { env: NO_ENV });
    expect(r.stderr.trim()).toMatch(message);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('a --seed file 64 deep is taken (the block one less)', async () => {
    writeFileSync(join(dir, 'seed-ok.yaml'), block(60));
    const { loadSeedFile } = await import('../../src/sandbox/seed-file.js');
    expect(loadSeedFile(join(dir, 'seed-ok.yaml')).tags).toHaveLength(1);
  });

  it('a --state file nested 129 levels is exit 2 naming the file and where; 128 levels loads', async () => {
    const file = join(dir, 'deep-state.json');
    // The file, collections, tags and the document are four levels.
    const state = (n: number) => `{"collections":{"tags":[{"_id":"a","x":${arrays(n)}}]},"meta":{}}`;
    writeFileSync(file, state(124), { mode: 0o600 });
    expect(Store.load(file)?.all('tags')).toHaveLength(1);
    writeFileSync(file, state(125), { mode: 0o600 });
    const r = await runCli(['sandbox', '--state', file], { env: NO_ENV });
    expect(r.stderr.trim()).toMatch(/^Error: --state: .*deep-state\.json: collections\.tags\[0\]\.x\[0\]\[0\]…: nested deeper than 128 levels/);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
  });
});
