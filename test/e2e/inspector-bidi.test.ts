// Text shown as sent, never reordered (issue 43, item 5): a customer's text or name holding a
// right-to-left override (U+202E) or another invisible format character is drawn with it made
// visible (`⟨U+202E⟩`) and isolated from what follows, so a phone number after it reads in its
// order — in the bubble, the thread's name and the request log. In Debian's chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hasChromium, openBrowser, openInspector } from '../helpers/browser.js';
import { describeWith } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const PHONE = '15557770123';
const RLO = '\u202E';

let sb: TestSandbox;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** Left edges of each digit of `digits` in the first text node under `selector` that holds them. */
function digitEdges(p: Page, selector: string, digits: string): Promise<number[]> {
  return p.locator(selector).first().evaluate((el, d) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf(d);
      if (at === -1) continue;
      return [...d].map((_, i) => {
        const range = document.createRange();
        range.setStart(n!, at + i);
        range.setEnd(n!, at + i + 1);
        return range.getBoundingClientRect().left;
      });
    }
    return [];
  }, digits);
}
const ascending = (xs: number[]) => xs.length > 1 && xs.every((x, i) => i === 0 || x > xs[i - 1]);

describeWith('chromium', hasChromium, 'a customer text with a right-to-left override', () => {
  beforeAll(async () => {
    sb = await startTestSandbox();
    const res = await fetch(`${sb.url}/_sandbox/simulate/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': sb.config.apiKey },
      body: JSON.stringify({ from: PHONE, name: `Eve${RLO}`, message: { type: 'text', text: { body: `Refund ${RLO}to ${PHONE} today\u200B` } } }),
    });
    expect(res.status).toBe(201);
    browser = await openBrowser();
    page = await openInspector(browser, sb.inspectorUrl, pageErrors);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await sb?.close();
  });

  it('does not change the order of the phone number shown after it, in the bubble', async () => {
    await page.locator('.thread-item', { hasText: PHONE }).click();
    const text = page.locator('#messages .bubble .text').first();
    await expect.poll(() => text.textContent()).toContain(PHONE);
    expect(ascending(await digitEdges(page, '#messages .bubble .text', PHONE))).toBe(true);
    expect(await text.textContent()).toBe(`Refund ⟨U+202E⟩to ${PHONE} today⟨U+200B⟩`);
  });

  it('shows the override in the thread names, and the number after the name in its order', async () => {
    await expect.poll(() => page.locator('#thread-title').textContent()).toBe('Eve⟨U+202E⟩');
    const title = page.locator('.thread-item .title', { hasText: 'Eve⟨U+202E⟩' });
    // An inline element is isolated only when told (a paragraph is by the browser's own style).
    expect(await title.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
    expect(await page.locator('#thread-sub').textContent()).toContain(PHONE);
    expect(ascending(await digitEdges(page, '#thread-sub', PHONE))).toBe(true);
    const shown = await page.locator('body').evaluate((b) => (b as HTMLElement).innerText);
    expect(shown).not.toContain(RLO);
  });

  it('shows it in the request log', async () => {
    await page.locator('nav button[data-view="requests"]').click();
    const row = page.locator('#requests details', { hasText: '/_sandbox/simulate/inbound' }).first();
    await row.locator('summary').click();
    const body = row.locator('pre');
    await expect.poll(() => body.textContent()).toContain('⟨U+202E⟩');
    expect(await body.textContent()).not.toContain(RLO);
    expect(pageErrors).toEqual([]);
  });
});
