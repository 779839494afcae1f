// The inspector page on a phone (issue 29, item 8): a touch screen has no hover, so the Mark
// delivered/read/failed buttons are shown in the flow below their bubble and cover no other
// message; the conversations can be searched; avatars take initials from names only.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hasChromium, openBrowser, openInspector } from '../helpers/browser.js';
import { describeWith } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const TO = '15557650001';

let sb: TestSandbox;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

interface Box { left: number; right: number; top: number; bottom: number }
const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describeWith('chromium', hasChromium, 'the inspector page on a phone', () => {
  beforeAll(async () => {
    sb = await startTestSandbox();
    for (const text of ['First, a short one', 'Second: a longer message that wraps onto two lines on a phone screen', 'Third']) {
      const r = await sb.run(['chat', 'send', '--sender', 'wa_snd_cloud_0001', '--to', TO, '--text', text]);
      expect(r.exitCode, r.stderr).toBe(0);
    }
    const inbound = await sb.run(['sandbox', 'inbound', '--from', '15557650002', '--name', 'Ada Lovelace', '--text', 'Hello']);
    expect(inbound.exitCode, inbound.stderr).toBe(0);
    browser = await openBrowser();
    page = await openInspector(browser, sb.inspectorUrl, pageErrors, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await sb?.close();
  });

  it('the Mark buttons are shown and cover no other message’s text', async () => {
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    await page.locator('#thread-search').fill('');
    await page.locator('.thread-item', { hasText: TO }).tap();
    await expect.poll(() => page.locator('#messages .msg').count()).toBe(3);
    await page.getByRole('button', { name: 'Mark read' }).first().waitFor();
    const msgs = await page.locator('#messages .msg').evaluateAll((nodes) => nodes.map((li) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      return {
        text: box(li.querySelector('.bubble')!),
        buttons: [...li.querySelectorAll('.actions button')].map((b) => ({ ...box(b), opacity: Number(getComputedStyle(b.parentElement!).opacity) })),
      };
    }));
    const buttons = msgs.flatMap((m, i) => m.buttons.map((b) => ({ ...b, of: i })));
    expect(buttons).toHaveLength(9); // delivered, read and failed under each sent message
    const covered = buttons.flatMap((b) => msgs.flatMap((m, i) => (i !== b.of && meets(b, m.text) ? [`a button of message ${b.of} covers message ${i}`] : [])));
    expect(covered).toEqual([]);
    expect(buttons.map((b) => b.opacity)).toEqual(buttons.map(() => 1));
    expect(pageErrors).toEqual([]);
  });

  it('a search box filters the conversations by name or number; avatars take initials from names, a number gets the generic one', async () => {
    await page.goto(sb.inspectorUrl);
    const titles = () => page.locator('#threads .thread-item .title').allTextContents();
    await expect.poll(titles).toEqual(expect.arrayContaining(['Ada Lovelace', TO]));
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('ada');
    await expect.poll(titles).toEqual(['Ada Lovelace']);
    await search.fill('+1 555 765 0001');
    await expect.poll(titles).toEqual([TO]);
    await search.fill('nobody');
    await expect.poll(titles).toEqual([]);
    await expect.poll(() => page.locator('#threads').textContent()).toBe('No conversation matches.');
    await search.fill('');
    await expect.poll(async () => (await titles()).length).toBeGreaterThanOrEqual(2);
    const avatar = (title: string) => page.locator('.thread-item', { hasText: title }).locator('.avatar').textContent();
    expect(await avatar('Ada Lovelace')).toBe('AL');
    expect(await avatar(TO)).toBe('#');
    expect(pageErrors).toEqual([]);
  });

  it('an /mcp row of the request log names the tool called', async () => {
    const res = await fetch(`${sb.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': sb.config.apiKey, authorization: `Bearer ${sb.config.apiKey}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'contacts_list', arguments: {} } }),
    });
    expect(res.status).toBe(200);
    await page.goto(sb.inspectorUrl);
    await page.locator('nav button[data-view="requests"]').tap();
    await expect.poll(() => page.locator('#requests summary .c3').allTextContents()).toContain('tools/call contacts_list');
    expect(pageErrors).toEqual([]);
  });
});
