// Validation errors, from the one place that words zod's issues (schemas/problems.ts): each
// problem under the flag that gave its field, every problem listed, allowed values instead
// of "Invalid input". Exit 2, one line, nothing sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const SEND = ['chat', 'send', '--to', '15551234567', '--sender', 'wa_snd_cloud_0001'];

describe('validation messages name the flag and list every problem', () => {
  it.each([
    ['a location out of range: both coordinates, under --location', [...SEND, '--location', '100,200'], 'Error: --location: latitude must be between -90 and 90; longitude must be between -180 and 180'],
    [
      'an unknown message type: the allowed ones',
      [...SEND, '--message', '{"type":"bogus"}'],
      'Error: --message: type must be one of text, image, video, audio, document, location, template, reaction',
    ],
    ['a missing field inside --message: required, not "Invalid input"', [...SEND, '--message', '{"type":"text","text":{}}'], 'Error: --message: text.body is required'],
    [
      'problems of two flags, each under its own',
      [...SEND, '--template', 'tpl', '--language', 'english', '--header-media', 'image:ftp://x'],
      'Error: --language: must be a locale such as en_US; --header-media: url must be an http(s) URL',
    ],
    ['one digit is "1 digit"', ['chat', 'send', '--to', '1', '--text', 'hi', '--sender', 'wa_snd_cloud_0001'], 'Error: --to: "1" has 1 digit; a phone number has 6 to 15'],
    ['an op command: every field at once', ['currencies', 'create', '--code', 'usd1', '--name', '', '--symbol', ''], 'Error: --code: must be three letters, e.g. USD; --name: must not be empty; --symbol: must not be empty'],
    ['a group send: --text', ['chat', 'groups', 'send', '--group-id', 'g@g.us', '--text', '', '--sender', 'wa_snd_device_0002'], 'Error: --text: must not be empty'],
  ])('%s', async (_what, args, message) => {
    const r = await sb.refused(args, /./);
    expect(r.stderr).toBe(`${message}\n`);
  });

  it('templates create reports every missing required flag at once', async () => {
    const r = await sb.refused(['templates', 'create', '--account', 'ba_1', '--body', 'Hi'], /./);
    expect(r.stderr).toBe('Error: --name, --category, --language: required\n');
  });

  it('templates create lists every rule a template breaks', async () => {
    const r = await sb.refused(
      ['templates', 'create', '--account', 'ba_1', '--name', 'x', '--category', 'utility', '--language', 'en_US', '--body', 'Hi {{1}} {{3}}', '--header', '{{a}} {{b}}', '--example', '1=A'],
      /./,
    );
    expect(r.stderr).toBe(
      'Error: --body: variables must be numbered from {{1}} without gaps; {{2}} is missing; --header: at most one variable in the header, found 2; --example: variable {{3}} has no example (give one with key "3")\n',
    );
  });
});
