import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
const dir = tempDir('chatcrm-media-');
const S = ['--sender', 'wa_snd_cloud_0001'];
const send = (...args: string[]) => sb.run(['chat', 'send', '--to', '15551234567', ...S, '--json', ...args]);
const last = () => sb.calls('chat.send').at(-1)!;

beforeAll(async () => {
  sb = await startTestSandbox();
  sb.store.insert('templates', { template_id: 'tpl_order', template_name: 'order_update', message_body: 'Hi {{1}}, order {{2}} shipped' });
});
afterAll(() => sb.close());

describe('chat send: every type as JSON', () => {
  it.each([
    [['--image', 'https://example.com/a.png', '--caption', 'Shop'], { type: 'image', image: { url: 'https://example.com/a.png', caption: 'Shop' } }],
    [['--video', 'https://example.com/v.mp4'], { type: 'video', video: { url: 'https://example.com/v.mp4' } }],
    [['--audio', 'https://example.com/a.ogg'], { type: 'audio', audio: { url: 'https://example.com/a.ogg' } }],
    [['--document', 'https://example.com/i.pdf', '--filename', 'invoice.pdf', '--caption', 'Your invoice'], { type: 'document', document: { url: 'https://example.com/i.pdf', filename: 'invoice.pdf', caption: 'Your invoice' } }],
    [['--location', '52.52,-13.405', '--name', 'Office', '--address', 'Main St 1'], { type: 'location', location: { latitude: 52.52, longitude: -13.405, name: 'Office', address: 'Main St 1' } }],
    [['--template', 'tpl_order', '--language', 'en_US', '--var', 'Ada', '--var', '4711', '--header-media', 'image:https://example.com/h.png'],
      { type: 'template', template: { template_id: 'tpl_order', language_code: 'en_US', body_variables: ['Ada', '4711'], header_media: { type: 'image', url: 'https://example.com/h.png' } } }],
    [['--message', '{"type":"text","text":{"body":"raw"}}'], { type: 'text', text: { body: 'raw' } }],
  ])('%j', async (args, message) => {
    const r = await send(...args);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).message_id).toMatch(/^wamid\./);
    expect(last().body).toEqual({ sender_id: 'wa_snd_cloud_0001', to: '15551234567', message });
    expect(last().headers['content-type']).toMatch(/application\/json/);
  });

  it('reacts to a stored message', async () => {
    const first = JSON.parse((await send('--text', 'hello')).stdout).message_id;
    const r = await send('--react', first, '--emoji', '👍');
    expect(r.exitCode).toBe(0);
    expect(last().body).toMatchObject({ message: { type: 'reaction', reaction: { message_id: first, emoji: '👍' } } });
    expect(sb.store.list('messages').filter((m) => m.type === 'reaction')).toHaveLength(1);
  });

  it('reads --message from a file', async () => {
    const f = join(dir, 'm.json');
    writeFileSync(f, JSON.stringify({ type: 'location', location: { latitude: 1, longitude: 2 } }));
    const r = await send('--message', `@${f}`);
    expect(r.exitCode).toBe(0);
    expect(last().body).toMatchObject({ message: { type: 'location', location: { latitude: 1, longitude: 2 } } });
  });
});

describe('chat send: local files go as multipart', () => {
  it.each([
    ['image', 'photo.png', 'image/png', ['--caption', 'Look']],
    ['video', 'clip.mp4', 'video/mp4', []],
    ['audio', 'note.ogg', 'audio/ogg', []],
    ['document', 'report.pdf', 'application/pdf', ['--caption', 'Q3']],
  ])('--%s %s', async (type, name, mime, extra) => {
    const path = join(dir, name);
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    writeFileSync(path, bytes);
    const r = await send(`--${type}`, path, ...extra);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const call = last();
    expect(call.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call.form!.fields.sender_id).toBe('wa_snd_cloud_0001');
    expect(call.form!.fields.to).toBe('15551234567');
    const message = JSON.parse(call.form!.fields.message);
    expect(message.type).toBe(type);
    expect(message[type].url).toBeUndefined();
    if (extra.length) expect(message[type].caption).toBe(extra[1]);
    if (type === 'document') expect(message.document.filename).toBe('report.pdf');
    expect(call.form!.files.file.filename).toBe(name);
    expect(call.form!.files.file.contentType).toBe(mime);
    expect(call.form!.files.file.data.equals(bytes)).toBe(true);
    const stored = sb.store.list('messages').find((m) => m.message_id === JSON.parse(r.stdout).message_id)!;
    expect((stored.message as Record<string, { file: { size: number } }>)[type].file.size).toBe(bytes.length);
  });

  it('--dry-run describes the form and sends nothing', async () => {
    const path = join(dir, 'dry.png');
    writeFileSync(path, 'x');
    const before = sb.received.length;
    const r = await sb.run(['--dry-run', 'chat', 'send', '--to', '15551234567', ...S, '--image', path, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).body).toMatchObject({ sender_id: 'wa_snd_cloud_0001', file: expect.stringContaining('dry.png (1 bytes, image/png)') });
    expect(sb.received.length).toBe(before);
  });
});

describe('chat send: bad input exits 2, names the flag or field, sends nothing', () => {
  const big = join(dir, 'big.mp4');
  const sub = join(dir, 'sub');
  beforeAll(() => {
    writeFileSync(big, Buffer.alloc(16 * 1024 * 1024 + 1));
    mkdirSync(sub);
  });
  it.each([
    [['--image'], /--image/],
    [['--image', ''], /--image: give an http\(s\) URL or a local file/],
    [['--image', join(dir, 'missing.png')], /--image: no such file/],
    [['--document', sub], /--document: .* is a directory/],
    [['--video', big], /--video: .* files up to 16 MB/],
    [['--template', 'tpl_order'], /--language: required with --template/],
    [['--template', 'tpl_order', '--language', 'english'], /"--language: must be a locale such as en_US"/],
    [['--react', 'wamid.x'], /--emoji: required with --react/],
    [['--location', '91,10'], /"--location: latitude must be between -90 and 90"/],
    [['--location', '10,-180.5'], /"--location: longitude must be between -180 and 180"/],
    [['--location', 'north'], /--location: expected LAT,LNG/],
    [['--message', '{"type":'], /--message: not valid JSON/],
    [['--message', '{"type":"image","image":{}}'], /"--message: image\.url is required"/],
    [['--message', '[1]'], /--message: must be a JSON object/],
    [['--text', 'a', '--image', 'https://x.y/a.png'], /only one content flag/],
    [['--text', 'a', '--caption', 'c'], /--caption: only goes with/],
    [['--template', 't', '--language', 'en_US', '--header-media', 'nourl'], /--header-media: expected TYPE:URL/],
  ])('%j', async (args, message) => {
    const before = sb.received.length;
    const r = await send(...args);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(sb.received.length).toBe(before);
  });
});

describe('sandbox rules for sends', () => {
  it.each([
    [['--template', 'nope', '--language', 'en_US'], 5, /Template nope not found/],
    [['--template', 'tpl_order', '--language', 'en_US', '--var', 'only-one'], 5, /Template variables do not match/],
    [['--react', 'wamid.unknown', '--emoji', '👍'], 4, /Message wamid.unknown not found/],
  ])('%j → exit %i', async (args, code, message) => {
    const before = sb.calls('chat.send').length;
    const r = await sb.run(['chat', 'send', '--to', '15551234567', ...S, ...args]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(sb.calls('chat.send').length).toBe(before + 1);
  });

  it('answers 400 with errors for a bad body, JSON or multipart', async () => {
    const post = (body: BodyInit, type?: string) =>
      fetch(`${sb.url}/api/v2/chat/messages`, { method: 'POST', body, headers: { 'x-api-key': sb.config.apiKey, ...(type ? { 'content-type': type } : {}) } });
    const bad = await post(JSON.stringify({ sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: { type: 'location', location: { latitude: 100, longitude: 0 } } }), 'application/json');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual(['message.location.latitude: must be between -90 and 90']);
    const form = new FormData();
    form.set('sender_id', 'wa_snd_cloud_0001');
    form.set('to', '15551234567');
    form.set('message', JSON.stringify({ type: 'text', text: { body: 'x' } }));
    form.set('file', new Blob(['abc']), 'a.txt');
    const badForm = await post(form);
    expect(badForm.status).toBe(400);
    expect((await badForm.json()).errors[0]).toMatch(/^message\.type/);
  });
});
