// quick replies, chatbots and reply materials: flat list shape, favorites, training,
// scraping without network, and multipart uploads whose bytes the sandbox received.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let dir: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  dir = tempDir('chatcrm-cw-');
  writeFileSync(join(dir, 'faq.txt'), 'Opening hours: 9-17.\nReturns within 30 days.\n');
  writeFileSync(join(dir, 'prices.pdf'), Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10, 0x0a]));
  writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  mkdirSync(join(dir, 'folder'));
});
afterAll(() => sb.close());

const first = (collection: string, field: string, value: unknown) => sb.store.list(collection, (d) => d[field] === value)[0];

const refused = (args: string[], message: RegExp) => sb.refused(args, message);

describe('quick replies', () => {
  it('list reads the flat shape with limit 50 by default', async () => {
    const r = await sb.run(['quick-replies', 'list', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).map((q: { title: string }) => q.title)).toEqual(['Opening hours', 'Thanks']);
    // the CLI leaves the page size to the service's default of 50 (or sends exactly 50)
    const { limit, ...rest } = sb.calls('quickReplies.list').at(-1)!.query;
    expect(limit ?? '50').toBe('50');
    expect(rest).toEqual({});
    const reply = await fetch(`${sb.url}/api/quick-replies`, { headers: { 'x-api-key': sb.config.apiKey } }).then((x) => x.json());
    expect(reply).toMatchObject({ success: true, count: 2, page: 1, limit: 50, totalPages: 1 });
  });

  it('list --admin uses the admin endpoint and passes --search', async () => {
    const r = await sb.run(['quick-replies', 'list', '--admin', '--search', 'thank', '-q']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe(first('quick_replies', 'title', 'Thanks')._id);
    expect(sb.calls('quickReplies.admin').at(-1)!.query).toEqual({ search: 'thank' });
  });

  it('create sends title and message', async () => {
    const r = await sb.run(['quick-replies', 'create', '--title', 'Refunds', '--message', 'Refunds take 5 days.', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('quickReplies.create').at(-1)!.body).toEqual({ title: 'Refunds', message: 'Refunds take 5 days.' });
    expect(JSON.parse(r.stdout)).toMatchObject({ title: 'Refunds', is_favorite: false });
  });

  it('create refuses a missing --message and an empty --data', async () => {
    await refused(['quick-replies', 'create', '--title', 'x'], /--message: is required/);
    await refused(['quick-replies', 'create', '--data', '{}'], /--title: is required/);
  });

  it('update sends PUT; nothing to update is refused', async () => {
    const id = first('quick_replies', 'title', 'Refunds')._id;
    const r = await sb.run(['quick-replies', 'update', id, '--message', 'Refunds take 3 days.']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('quickReplies.update').at(-1)!.body).toEqual({ message: 'Refunds take 3 days.' });
    expect(sb.store.get('quick_replies', id)!.message).toBe('Refunds take 3 days.');
    await refused(['quick-replies', 'update', id], /nothing to send/);
  });

  it('favorite toggles is_favorite; an unknown id is exit 4', async () => {
    const id = first('quick_replies', 'title', 'Refunds')._id;
    const r = await sb.run(['quick-replies', 'favorite', id, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).is_favorite).toBe(true);
    expect(sb.calls('quickReplies.favorite').at(-1)!.body).toEqual({});
    await sb.refused(['quick-replies', 'favorite', 'nope'], /Quick reply not found/, { code: 4 });
    expect(sb.received.at(-1)).toMatchObject({ operation: 'quickReplies.favorite', path: '/api/quick-replies/nope/favorite' });
  });

  it('delete needs --yes, then sends DELETE {ids}', async () => {
    const id = first('quick_replies', 'title', 'Refunds')._id;
    await refused(['quick-replies', 'delete', id], /pass --yes/);
    const r = await sb.run(['quick-replies', 'delete', id, '--yes']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('quickReplies.deleteMany').at(-1)!.body).toEqual({ ids: [id] });
    expect(sb.store.get('quick_replies', id)).toBeUndefined();
  });
});

describe('chatbots', () => {
  it('create, list and get a chatbot', async () => {
    const r = await sb.run(['chatbots', 'create', '--name', 'Support bot', '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('chatbots.create').at(-1)!.body).toEqual({ name: 'Support bot' });
    const bot = JSON.parse(r.stdout);
    expect(bot.status).toBe('untrained');
    const list = await sb.run(['chatbots', 'list', '-q']);
    expect(list.stdout.trim().split('\n')).toContain(bot._id);
    const get = await sb.run(['chatbots', 'get', bot._id, '--json']);
    expect(JSON.parse(get.stdout)).toMatchObject({ _id: bot._id, sources: [] });
    await refused(['chatbots', 'create'], /--name: is required/);
  });

  it('scrape records the URL as a knowledge source of the chatbot (no network)', async () => {
    const bot = first('chatbots', 'name', 'Support bot');
    const r = await sb.run(['chatbots', 'scrape', '--url', 'https://example.invalid/faq', '--chatbot', bot._id, '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('chatbots.scrape').at(-1)!.body).toEqual({ url: 'https://example.invalid/faq', chatbot_id: bot._id });
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'url', url: 'https://example.invalid/faq', chatbot_id: bot._id });
    expect(sb.store.get('chatbots', bot._id)!.knowledge_sources).toBe(1);
  });

  it.each([
    [[], /--url: is required/],
    [['--url', 'ftp://example.com/x'], /--url: must be an http\(s\) URL/],
    [['--url', 'example.com'], /--url: must be an http\(s\) URL/],
  ])('scrape refuses %j', async (args, message) => {
    await refused(['chatbots', 'scrape', ...args], message);
  });

  it('extract-doc streams the file as multipart field file and the text is extracted', async () => {
    const bot = first('chatbots', 'name', 'Support bot');
    const r = await sb.run(['chatbots', 'extract-doc', join(dir, 'faq.txt'), '--chatbot', bot._id, '--json']);
    expect(r.exitCode).toBe(0);
    const call = sb.calls('chatbots.extractDoc').at(-1)!;
    expect(call.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call.form!.files.file.filename).toBe('faq.txt');
    expect(call.form!.files.file.data.toString()).toBe('Opening hours: 9-17.\nReturns within 30 days.\n');
    expect(call.form!.fields).toEqual({ chatbot_id: bot._id });
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'document', file_name: 'faq.txt', text: 'Opening hours: 9-17.\nReturns within 30 days.\n' });
  });

  it('extract-doc refuses a missing file and a directory', async () => {
    await refused(['chatbots', 'extract-doc', join(dir, 'missing.pdf')], /FILE: cannot read .*no such file/);
    await refused(['chatbots', 'extract-doc', join(dir, 'folder')], /FILE: .* is a directory/);
  });

  it('train moves the chatbot to trained; update renames; delete needs --yes', async () => {
    const bot = first('chatbots', 'name', 'Support bot');
    const r = await sb.run(['chatbots', 'train', bot._id, '--json']);
    expect(r.exitCode).toBe(0);
    expect(sb.calls('chatbots.train').at(-1)!.body).toEqual({});
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'trained', knowledge_sources: 2, training_runs: 1 });
    await sb.refused(['chatbots', 'train', 'nope'], /Chatbot not found/, { code: 4 });
    expect(sb.received.at(-1)).toMatchObject({ operation: 'chatbots.train', path: '/api/chatbots/nope/train' });

    const u = await sb.run(['chatbots', 'update', bot._id, '--name', 'Help desk']);
    expect(u.exitCode).toBe(0);
    expect(sb.calls('chatbots.update').at(-1)!.body).toEqual({ name: 'Help desk' });
    await refused(['chatbots', 'update', bot._id, '--data', '{}'], /nothing to send/);

    await refused(['chatbots', 'delete', bot._id], /pass --yes/);
    const d = await sb.run(['chatbots', 'delete', bot._id, '--yes']);
    expect(d.exitCode).toBe(0);
    expect(sb.calls('chatbots.delete').at(-1)!.method).toBe('DELETE');
    expect(sb.store.get('chatbots', bot._id)).toBeUndefined();
  });
});

describe('reply materials', () => {
  it('create uploads title and file as multipart with the exact bytes', async () => {
    const r = await sb.run(['reply-materials', 'create', '--title', 'Price list', '--file', join(dir, 'prices.pdf'), '--json']);
    expect(r.exitCode).toBe(0);
    const call = sb.calls('replyMaterials.create').at(-1)!;
    expect(call.status).toBe(201);
    expect(call.form!.fields).toEqual({ title: 'Price list' });
    expect(call.form!.files.file).toMatchObject({ filename: 'prices.pdf', contentType: 'application/pdf' });
    expect([...call.form!.files.file.data]).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10, 0x0a]);
    expect(JSON.parse(r.stdout)).toMatchObject({ title: 'Price list', file_name: 'prices.pdf', file_size: 9, file_type: 'document' });
  });

  it.each([
    [['--file', 'x'], /--title: required/],
    [['--title', 'T'], /--file: required/],
    [['--title', 'T', '--file', 'definitely-missing.pdf'], /--file: cannot read definitely-missing.pdf: no such file/],
    [['--title', 'T', '--file', '.'], /--file: \. is a directory/],
  ])('create refuses %j', async (args, message) => {
    await refused(['reply-materials', 'create', ...args], message);
  });

  it('list, get, and update replaces the file with PUT multipart', async () => {
    const id = first('reply_materials', 'title', 'Price list')._id;
    const list = await sb.run(['reply-materials', 'list', '-q']);
    expect(list.stdout.trim().split('\n')).toEqual(sb.store.list('reply_materials').map((m) => m._id));
    expect(list.stdout).toContain(id);
    const get = await sb.run(['reply-materials', 'get', id, '--json']);
    expect(JSON.parse(get.stdout).file_name).toBe('prices.pdf');

    const r = await sb.run(['reply-materials', 'update', id, '--file', join(dir, 'logo.png'), '--title', 'Logo']);
    expect(r.exitCode).toBe(0);
    const call = sb.calls('replyMaterials.update').at(-1)!;
    expect(call.method).toBe('PUT');
    expect(call.path).toBe(`/api/reply-materials/${id}`);
    expect(call.form!.fields).toEqual({ title: 'Logo' });
    expect(call.form!.files.file.contentType).toBe('image/png');
    expect(sb.store.get('reply_materials', id)).toMatchObject({ title: 'Logo', file_name: 'logo.png', file_type: 'image', file_size: 11 });
    await refused(['reply-materials', 'update', id], /--file: required/);
    await refused(['reply-materials', 'update', id, '--file', join(dir, 'folder')], /is a directory/);
  });

  it('--dry-run describes the parts and sends nothing', async () => {
    const before = sb.received.length;
    const r = await sb.run(['--dry-run', 'reply-materials', 'create', '--title', 'T', '--file', join(dir, 'logo.png'), '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ method: 'POST', body: { title: 'T', file: expect.stringContaining('logo.png (11 bytes, image/png)') } });
    expect(sb.received.length).toBe(before);
  });

  it('delete and delete-many need --yes', async () => {
    const a = first('reply_materials', 'title', 'Logo')._id;
    await sb.run(['reply-materials', 'create', '--title', 'FAQ', '--file', join(dir, 'faq.txt')]);
    const b = first('reply_materials', 'title', 'FAQ')._id;
    await refused(['reply-materials', 'delete', a], /pass --yes/);
    await refused(['reply-materials', 'delete-many', a, b], /pass --yes/);
    expect((await sb.run(['reply-materials', 'delete', a, '--yes'])).exitCode).toBe(0);
    expect(sb.calls('replyMaterials.delete').at(-1)!.path).toBe(`/api/reply-materials/${a}`);
    const many = await sb.run(['reply-materials', 'delete-many', b, '--yes']);
    expect(many.exitCode).toBe(0);
    expect(sb.calls('replyMaterials.deleteMany').at(-1)!.body).toEqual({ ids: [b] });
    const left = sb.store.list('reply_materials').map((m) => m._id);
    expect(left).not.toContain(a);
    expect(left).not.toContain(b);
  });
});
