// The inspector's live updates are deltas (issue 36): with the page open in chromium, a new
// message, a status, a request row arrive on the event stream and are drawn without another
// request for the feed (the server counts them); a reset, and a delta the page missed (a gap
// in the numbers), make it fetch the feed again. The stream and the feed mask secrets and cut
// huge bodies alike.
import type { IncomingMessage } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT } from '../../src/sandbox/inspector/views.js';
import { hasChromium, openBrowser } from '../helpers/browser.js';
import { describeWith } from '../helpers/cli.js';
import { httpSend, startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const SENDER = 'wa_snd_cloud_0001';
let sb: TestSandbox;
/** Requests for the feed (GET /_sandbox/inspector) the server received, from anyone. */
let feeds = 0;

/** The feed as the CLI's key reads it: its size, and its data. */
async function feed(): Promise<{ bytes: number; data: Record<string, any> }> {
  const text = await (await fetch(`${sb.url}/_sandbox/inspector`, { headers: { 'x-api-key': sb.config.apiKey } })).text();
  return { bytes: Buffer.byteLength(text), data: JSON.parse(text).data };
}

beforeAll(async () => {
  sb = await startTestSandbox();
  sb.server.on('request', (req: IncomingMessage) => {
    if (new URL(req.url ?? '/', 'http://x').pathname === '/_sandbox/inspector') feeds++;
  });
});
afterAll(async () => {
  await sb?.close();
});

describe('the event stream', () => {
  it('a message event carries the message and its thread, a secret in its body masked', { timeout: 30_000 }, async () => {
    const res = await fetch(`${sb.url}/_sandbox/events`, { headers: { 'x-api-key': sb.config.apiKey }, signal: AbortSignal.timeout(20_000) });
    const reader = res.body!.getReader();
    let text = '';
    const until = async (s: string) => {
      while (!text.includes(s)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await until('retry: 1000\n\n');
    const id = await httpSend(sb, SENDER, '15558880001', `the key ${sb.config.apiKey} leaked`);
    await until('event: message\n');
    await until('\n\n');
    await reader.cancel();
    const data = JSON.parse(/event: message\ndata: (.*)\n\n/.exec(text)![1]);
    expect(data).toMatchObject({ kind: 'message', seq: expect.any(Number), thread: { key: 'contact:15558880001' }, message: { id, content: { text: 'the key *** leaked' } } });
    expect(text).not.toContain(sb.config.apiKey);
  });

  it('after huge sends, the feed stays a few hundred KB: texts and request bodies cut as the deltas cut them', { timeout: 60_000 }, async () => {
    // 60 KB each, in one thread: 50 on the open thread's page and 200 in the request rows were 15 MB.
    for (let i = 0; i < 60; i++) await httpSend(sb, SENDER, '15558880002', `${i} ${'h'.repeat(60_000)}`);
    const f = await feed();
    expect(f.bytes).toBeLessThan(400 * 1024);
    expect(f.data.thread.messages).toHaveLength(50);
    expect(f.data.thread.messages[49].content.text).toBe(`59 ${'h'.repeat(MAX_TEXT - 3)}… (${60_003 - MAX_TEXT} more characters)`);
    expect(f.data.requests[0].body).toMatch(/… \(\d+ more characters\)$/);
  });
});

describeWith('chromium', hasChromium, 'the page in chromium, live', () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const bubble = (id: string) => page.locator(`.msg[data-id="${id}"]`);

  beforeAll(async () => {
    browser = await openBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (e) => errors.push(e.message));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('opens with one request for the feed; a new message, its request row and its status arrive without another', { timeout: 60_000 }, async () => {
    // The newest thread: the page opens on it.
    const first = await httpSend(sb, SENDER, '15558880003', 'First');
    const before = feeds;
    await page.goto(sb.inspectorUrl);
    await page.getByText('Live', { exact: true }).waitFor();
    await expect.poll(() => bubble(first).locator('.text').textContent()).toBe('First');
    expect(feeds - before).toBe(1);
    const requests = Number(await page.locator('#count-requests').textContent());

    const id = await httpSend(sb, SENDER, '15558880003', `Live ${sb.config.apiKey}`);
    await expect.poll(() => bubble(id).locator('.text').textContent()).toBe('Live ***');
    expect(await page.locator('#thread-title').textContent()).toBe('15558880003');
    expect(await page.locator('.thread-item').first().textContent()).toContain('You: Live ***');
    await expect.poll(async () => Number(await page.locator('#count-requests').textContent())).toBe(Math.min(requests + 1, 200));
    await expect.poll(() => bubble(id).locator('.ticks').getAttribute('class')).toBe('ticks sent');

    expect((await sb.run(['sandbox', 'status', id, 'delivered'])).exitCode).toBe(0);
    await expect.poll(() => bubble(id).locator('.ticks').getAttribute('class')).toBe('ticks delivered');
    expect((await sb.run(['sandbox', 'status', id, 'failed', '--error', 'Not on the network'])).exitCode).not.toBe(0);
    const other = await httpSend(sb, SENDER, '15558880003', 'to fail');
    await sb.run(['sandbox', 'status', other, 'failed', '--error', 'Not on the network']);
    await expect.poll(() => bubble(other).locator('.error').textContent()).toBe('Failed: Not on the network');
    expect(feeds - before).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a reset makes the page fetch the feed again', { timeout: 60_000 }, async () => {
    const before = feeds;
    expect((await sb.run(['sandbox', 'reset'])).exitCode).toBe(0);
    // Back to the seed: its threads alone, this test's gone.
    await expect.poll(() => page.locator('.thread-item', { hasText: '15558880003' }).count()).toBe(0);
    expect(await page.locator('.thread-item').count()).toBe(new Set(sb.store.all('messages').map((m) => m.to ?? m.from)).size);
    expect(feeds - before).toBe(1);
  });

  it('a delta the page missed (a number skipped) makes it fetch the feed again; the next number is drawn', { timeout: 90_000 }, async () => {
    // Quiet first: the send's record tables come as a change delta a moment later; after it the numbers stand still.
    const res = await fetch(`${sb.url}/_sandbox/events`, { headers: { 'x-api-key': sb.config.apiKey }, signal: AbortSignal.timeout(30_000) });
    const reader = res.body!.getReader();
    let text = '';
    const id = await httpSend(sb, SENDER, '15558880004', 'A real one');
    while (!text.includes('event: change\n')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const { seq, thread } = (await feed()).data;
    const made = { kind: 'message', thread: { ...thread, messages: undefined }, message: { ...thread.messages[0], id: 'wamid.madeup', content: { text: 'Made up' } } };
    const event = (d: Record<string, unknown>) => `event: ${String(d.kind)}\ndata: ${JSON.stringify(d)}\n\n`;
    /** A page whose event stream is these deltas (and no reconnect within the test). */
    const open = async (deltas: Record<string, unknown>[]) => {
      const p = await browser.newPage();
      p.setDefaultTimeout(20_000);
      p.on('pageerror', (e) => errors.push(e.message));
      await p.route('**/_sandbox/events', (route) => route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: `retry: 600000\n\n${deltas.map(event).join('')}` }));
      await p.goto(sb.inspectorUrl);
      return p;
    };

    // The next number: drawn as it is, no feed again.
    let before = feeds;
    const next = await open([{ seq: seq + 1, ...made }]);
    await expect.poll(() => next.locator('.msg[data-id="wamid.madeup"] .text').textContent()).toBe('Made up');
    expect(await next.locator(`.msg[data-id="${id}"] .text`).textContent()).toBe('A real one');
    expect(feeds - before).toBe(1);
    await next.close();

    // One number skipped after it: the feed again, which holds no made-up message nor the status.
    before = feeds;
    const skipped = await open([{ seq: seq + 1, ...made }, { seq: seq + 3, kind: 'status', thread: thread.key, message: { id, status: 'read' } }]);
    await expect.poll(() => feeds - before).toBe(2);
    await expect.poll(() => skipped.locator(`.msg[data-id="${id}"] .ticks`).getAttribute('class')).toBe('ticks sent');
    expect(await skipped.locator('.msg[data-id="wamid.madeup"]').count()).toBe(0);
    await skipped.close();
    expect(errors).toEqual([]);
  });
});
