// No input stops the sandbox (issue 29): values of any shape in stored messages are shown as
// text, a failure anywhere is a 500 that is logged once, and the page draws a placeholder for
// what it cannot show.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, SIGNATURE_HEADER } from '../../src/webhook/signature.js';
import { hasChromium, openBrowser } from '../helpers/browser.js';
import { describeWith } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const TRAP = { toString: 1 };

let sb: TestSandbox;
const logged: string[] = [];

beforeAll(async () => {
  sb = await startTestSandbox({ webhookSecret: 'any-input-secret', log: (line) => logged.push(line) });
});
afterAll(() => sb?.close());

/** A signed /webhook/chat event carrying these channel messages. */
async function signedEvent(messages: unknown[], contacts: unknown[] = []): Promise<Response> {
  const raw = Buffer.from(JSON.stringify({ object: 'chat_business_account', entry: [{ changes: [{ value: { contacts, messages } }] }] }));
  return fetch(`${sb.url}/webhook/chat`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign('any-input-secret', raw) }, body: raw });
}

/** The page's feed; `thread` (KIND:ID) opens that conversation (the feed is paged: the open one carries its messages). */
const feed = async (thread?: string) => {
  const res = await fetch(`${sb.url}/_sandbox/inspector${thread ? `?thread=${encodeURIComponent(thread)}` : ''}`, { headers: { 'x-api-key': sb.config.apiKey } });
  return { status: res.status, body: (await res.json()) as any };
};

describe('stored values of any shape', () => {
  it('toString traps and objects where strings belong are stored, and the feed shows them as compact JSON', async () => {
    const sent = await signedEvent(
      [
        { from: '15550000001', id: 'wamid.trap1', type: 'text', text: { body: TRAP }, mentions: [TRAP, { a: 1 }] },
        { from: '15550000001', id: 'wamid.trap2', type: 'reaction', reaction: { emoji: TRAP, message_id: 'wamid.trap1' } },
        { from: '15550000001', id: 'wamid.trap3', type: 'template', template: { template_id: TRAP, body_variables: { one: 1 } } },
        { from: '15550000001', id: 'wamid.trap4', type: TRAP, timestamp: '99999999999999999999' },
        { from: { phone: 1 }, id: 'wamid.trap5', type: 'location', location: { latitude: TRAP, longitude: '2.5', name: [1] } },
      ],
      [{ wa_id: '15550000001', profile: { name: TRAP } }],
    );
    expect(sent.status).toBe(200);
    const { status, body } = await feed('contact:15550000001');
    expect(status).toBe(200);
    const messages = [...body.data.thread.messages, ...body.data.conversations.flatMap((t: any) => t.messages)];
    const byId = (id: string) => messages.find((m: any) => m.id === id);
    expect(byId('wamid.trap1').content).toEqual({ text: '{"toString":1}', mentions: ['{"toString":1}', '{"a":1}'] });
    expect(byId('wamid.trap1').reactions).toEqual([{ emoji: '{"toString":1}', direction: 'inbound' }]);
    expect(byId('wamid.trap3').content.template).toMatchObject({ name: '{"toString":1}' });
    expect(byId('wamid.trap4').type).toBe('{"toString":1}');
    expect(byId('wamid.trap5').content.location).toMatchObject({ latitude: null, longitude: 2.5, name: '[1]' });
    expect(body.data.conversations.some((t: any) => t.id === '{"phone":1}')).toBe(true);
  });

  it('a failing feed answers 500 with a message, is logged once, and the sandbox goes on answering', async () => {
    const list = sb.store.list;
    sb.store.list = () => {
      throw new Error('boom in the feed');
    };
    const before = logged.length;
    try {
      const { status, body } = await feed();
      expect(status).toBe(500);
      expect(body).toEqual({ success: false, message: 'Internal server error (the sandbox logged it)' });
    } finally {
      sb.store.list = list;
    }
    const lines = logged.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sandbox: a GET request failed: Error: boom in the feed/);
    expect((await feed()).status).toBe(200);
  });

  it('a watcher of the events that throws is logged once; the request and the other watchers go on', async () => {
    const seen: string[] = [];
    const offBad = sb.events.on(() => {
      throw new Error('boom in a watcher');
    });
    const offGood = sb.events.on((e) => seen.push(e.kind));
    const before = logged.length;
    try {
      expect((await signedEvent([{ from: '15550000002', id: 'wamid.w1', type: 'text', text: { body: 'hi' } }])).status).toBe(200);
    } finally {
      offBad();
      offGood();
    }
    const lines = logged.slice(before);
    // Two events (the message, the request): one line each.
    expect(seen).toEqual(['message', 'change', 'request']);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.startsWith("sandbox: an event's watcher failed: Error: boom in a watcher"))).toBe(true);
  });
});

describeWith('chromium', hasChromium, 'the page draws what it can', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  }, 60_000);
  afterAll(() => browser?.close());

  it('a malformed percent-encoding in a media URL shows the name as it is; a bubble that cannot be drawn is a placeholder', async () => {
    const image = { type: 'image', image: { url: 'https://cdn.example.com/photo%E0%A4%A.jpg' } };
    const post = (message: unknown) =>
      fetch(`${sb.url}/_sandbox/simulate/inbound`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': sb.config.apiKey }, body: JSON.stringify({ from: '15550000009', name: 'Zed Media', message }) });
    expect((await post(image)).status).toBe(201);
    expect((await post({ type: 'text', text: { body: 'after the image' } })).status).toBe(201);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // One message of the feed holds what the sandbox never sends (a trap where text belongs): the page must survive it too.
    // (The feed is paged: the open thread's messages come in `thread`, whatever the query asks.)
    await page.route(/\/_sandbox\/inspector(\?|$)/, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      const thread = body.data.thread;
      if (thread?.title === 'Zed Media' && thread.messages.length > 1) {
        thread.messages.splice(1, 0, { ...thread.messages[1], id: 'broken', content: { text: { toString: 1 } } });
      }
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(sb.inspectorUrl);
    await page.locator('.thread-item', { hasText: 'Zed Media' }).click();
    await page.locator('.msg', { hasText: 'photo%E0%A4%A.jpg' }).waitFor();
    await page.getByText('(this message could not be shown)').waitFor();
    await page.locator('.msg', { hasText: 'after the image' }).waitFor();
    // The other tabs still draw.
    await page.locator('nav button[data-view="requests"]').click();
    await page.locator('#requests details').first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
