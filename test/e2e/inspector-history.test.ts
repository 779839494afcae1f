// The inspector after a load test: 20,000 sends and more. The feed is a page (the newest
// threads, the newest messages of the open thread), a few hundred KB whatever the history; the
// page opens in chromium, "Load older" and "More conversations" fetch the next page, and a
// new message still arrives live without losing the older ones loaded.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMessage } from '../../src/sandbox/domain.js';
import { hasChromium, openBrowser } from '../helpers/browser.js';
import { httpSend, startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const HOT = '15550000000';
const SENDS = 20_000;
const HTTP_SENDS = 1200;
let sb: TestSandbox;
let sender: string;

async function get(path: string): Promise<{ bytes: number; ms: number; data: Record<string, any> }> {
  const started = performance.now();
  const res = await fetch(`${sb.url}${path}`, { headers: { 'x-api-key': sb.config.apiKey } });
  const text = await res.text();
  const ms = performance.now() - started;
  expect(res.status).toBe(200);
  return { bytes: Buffer.byteLength(text), ms, data: JSON.parse(text).data };
}

beforeAll(async () => {
  sb = await startTestSandbox({ maxRequests: 1000 });
  sender = String(sb.store.list('senders')[0].sender_id);
  // A campaign engine's history, straight into the store (the HTTP path is the same function)...
  for (let i = 0; i < SENDS; i++) recordMessage(sb.store, { sender_id: sender, to: `1555${String(1 + (i % 4000)).padStart(7, '0')}`, message: { type: 'text', text: { body: `Campaign message ${i}` } } });
  // ...then a bot's conversation over HTTP, the newest thread: it fills the request log too.
  let next = 0;
  await Promise.all(Array.from({ length: 20 }, async () => {
    while (next < HTTP_SENDS) await httpSend(sb, sender, HOT, `Bot message ${next++}`);
  }));
}, 240_000);
afterAll(async () => {
  await sb?.close();
});

describe('the feed after 20,000 sends', () => {
  it('answers a page, a few hundred KB: 50 threads of all, the newest 50 messages of the open one', async () => {
    // Past a limit of 100 the oldest 1% go together: between 9,901 and 10,000 are kept.
    expect(sb.retention().messages).toMatchObject({ limit: 10_000 });
    expect(sb.retention().messages.kept).toBeGreaterThan(9900);
    expect(sb.retention().messages.kept).toBeLessThanOrEqual(10_000);
    const feed = await get('/_sandbox/inspector');
    console.log(`feed after ${SENDS + HTTP_SENDS} sends: ${feed.bytes} bytes in ${feed.ms.toFixed(0)} ms`);
    expect(feed.bytes).toBeLessThan(400 * 1024);
    expect(feed.ms).toBeLessThan(5000);
    expect(feed.data.conversations).toHaveLength(50);
    expect(feed.data.conversations_total).toBe(new Set(sb.store.all('messages').map((m) => m.to)).size);
    expect(feed.data.conversations[0]).toMatchObject({ id: HOT, messages: [{ direction: 'outbound' }] });
    expect(feed.data.thread).toMatchObject({ key: `contact:${HOT}`, more: true });
    expect(feed.data.thread.messages).toHaveLength(50);
    expect(feed.data.retention.messages.dropped).toBeGreaterThanOrEqual(SENDS + HTTP_SENDS - 10_000);
    expect(feed.data.requests).toHaveLength(200);

    const hot = sb.store.all('messages').filter((m) => m.to === HOT).map((m) => m.message_id);
    expect(feed.data.thread.messages.map((m: { id: string }) => m.id)).toEqual(hot.slice(-50));
    const older = await get(`/_sandbox/inspector/messages?thread=contact:${HOT}&before=${hot.at(-50)}`);
    expect(older.data.messages.map((m: { id: string }) => m.id)).toEqual(hot.slice(-100, -50));
    expect(older.data.more).toBe(true);
    const more = await get('/_sandbox/inspector?threads=100&thread=contact:15550000001');
    expect(more.data.conversations).toHaveLength(100);
    expect(more.data.thread.key).toBe('contact:15550000001');
  });
});

describe.skipIf(!hasChromium)('the page with that history, in chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('opens on the newest thread; "Load older" and "More conversations" bring the next pages; a new message arrives live', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(sb.inspectorUrl);
    await page.getByText('Live', { exact: true }).waitFor();
    await expect.poll(() => page.locator('#thread-title').textContent()).toBe(HOT);
    await expect.poll(() => page.locator('#messages .msg').count()).toBe(50);
    expect(await page.locator('.thread-item').count()).toBe(50);
    expect(await page.locator('#dropped').textContent()).toMatch(/^Older entries dropped: [\d,]+ messages \(keeps the newest 10,000, --max-messages\); [\d,]+ requests \(keeps the newest 1,000, --max-requests\)\.$/);

    const newest = await page.locator('#messages .msg').last().getAttribute('data-id');
    await page.getByRole('button', { name: 'Load older' }).click();
    await expect.poll(() => page.locator('#messages .msg').count()).toBe(100);
    await page.getByRole('button', { name: 'More conversations' }).click();
    await expect.poll(() => page.locator('.thread-item').count()).toBe(100);

    const id = await httpSend(sb, sender, HOT, 'Live after the load');
    await expect.poll(() => page.locator(`.msg[data-id="${id}"] .text`).textContent()).toBe('Live after the load');
    // The older page loaded stays: one more message, none lost, in order.
    expect(await page.locator('#messages .msg').count()).toBe(101);
    const ids = await page.locator('#messages .msg').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(ids.at(-2)).toBe(newest);
    expect(errors).toEqual([]);
  });
});
