// The inspector page in a real browser (Debian's chromium, driven by playwright-core): the
// page opened from the banner's link, updated live by what the CLI does, every message type
// drawn, hostile text shown as text, and its buttons driving the sandbox.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verify } from '../../src/webhook/signature.js';
import { hasChromium, openBrowser } from '../helpers/browser.js';
import { describeWith } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const S = ['--sender', 'wa_snd_cloud_0001'];

let sb: TestSandbox;
let browser: Browser;
let page: Page;
const dialogs: string[] = [];
const pageErrors: string[] = [];

/** The integrator's app (--forward-to): what it received, and the statuses it answers with next. */
const app = { server: undefined as Server | undefined, url: '', got: [] as { signature: string; raw: Buffer; body: any }[], answers: [] as number[] };
async function startApp(): Promise<void> {
  app.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      app.got.push({ signature: String(req.headers['x-hub-signature-256']), raw, body: JSON.parse(raw.toString()) });
      res.writeHead(app.answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((r) => app.server!.listen(0, '127.0.0.1', () => r()));
  app.url = `http://127.0.0.1:${(app.server!.address() as AddressInfo).port}/hook`;
}

/** `chat send` from the CLI; the message id. */
async function send(to: string, ...args: string[]): Promise<string> {
  const r = await sb.run(['chat', 'send', '--to', to, ...S, '--json', ...args]);
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout).message_id;
}

/** Open a thread from the list (it must be there, or appear, without a reload). */
async function open(title: string) {
  await page.locator('.thread-item', { hasText: title }).click();
  await expect.poll(() => page.locator('#thread-title').textContent()).toBe(title);
}

const bubble = (id: string) => page.locator(`.msg[data-id="${id}"]`);

describeWith('chromium', hasChromium, 'the inspector page in a browser', () => {
  beforeAll(async () => {
    await startApp();
    // One attempt per event (no backoff): a failed delivery stays failed until "Retry".
    sb = await startTestSandbox({ forwardTo: [app.url], forwardBackoffMs: [] });
    browser = await openBrowser();
    page = await browser.newPage();
    // A guard against a hang, wide for a busy machine; the page answers within a second.
    page.setDefaultTimeout(10_000);
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(sb.inspectorUrl);
    // The token became a cookie: the address bar no longer holds it.
    expect(page.url()).toBe(`${sb.url}/`);
    await page.getByText('Live', { exact: true }).waitFor();
    // Set once: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await sb?.close();
    app.server?.close();
  });

  it('a CLI send appears in its thread without a reload', async () => {
    const id = await send('15559990001', '--text', 'Hello from the CLI');
    await open('15559990001');
    await expect.poll(() => bubble(id).locator('.text').textContent()).toBe('Hello from the CLI');
    await expect.poll(() => bubble(id).locator('.ticks').getAttribute('aria-label')).toBe('Sent');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('every message type is drawn: media as file cards, a filled template, a place, a reaction on its message, a group', async () => {
    const to = '15559990002';
    const text = await send(to, '--text', 'hello');
    const image = await send(to, '--image', 'https://example.com/pics/a.png', '--caption', 'Shop window');
    const video = await send(to, '--video', 'https://example.com/v.mp4');
    const audio = await send(to, '--audio', 'https://example.com/note.ogg');
    const doc = await send(to, '--document', 'https://example.com/i.pdf', '--filename', 'invoice.pdf', '--caption', 'Your invoice');
    const place = await send(to, '--location', '52.52,13.405', '--name', 'Office', '--address', 'Main St 1');
    const template = await send(to, '--template', '1000000000000001', '--language', 'en_US', '--var', 'Ada', '--var', '4711');
    await send(to, '--react', text, '--emoji', '👍');
    await open(to);
    await expect.poll(() => bubble(text).locator('.reactions').textContent()).toBe('👍');
    const card = async (id: string) => ({ name: await bubble(id).locator('.name a').textContent(), href: await bubble(id).locator('.name a').getAttribute('href'), small: await bubble(id).locator('.name small').first().textContent() });
    expect(await card(image)).toEqual({ name: 'a.png', href: 'https://example.com/pics/a.png', small: 'image' });
    expect(await bubble(image).locator('p.text').textContent()).toBe('Shop window');
    expect(await card(video)).toMatchObject({ name: 'v.mp4', small: 'video' });
    expect(await card(audio)).toMatchObject({ name: 'note.ogg', small: 'audio' });
    expect(await card(doc)).toMatchObject({ name: 'invoice.pdf', small: 'document' });
    expect(await bubble(doc).locator('p.text').textContent()).toBe('Your invoice');
    expect(await bubble(place).locator('.name a').textContent()).toBe('Office');
    expect(await bubble(place).locator('.name small').allTextContents()).toEqual(['Main St 1', '52.52, 13.405']);
    expect(await bubble(template).locator('.label').textContent()).toBe('Template order_update · en_US');
    expect(await bubble(template).locator('p.text').textContent()).toBe('Hi Ada, your order 4711 has shipped.');
    // The reaction is on its message, not a bubble of its own: 7 bubbles for 8 sends.
    expect(await page.locator('#messages .msg').count()).toBe(7);

    const group = await sb.run(['chat', 'groups', 'send', '--sender', 'wa_snd_device_0002', '--group-id', '120363040000000000@g.us', '--text', 'Standup at 10', '--json']);
    expect(group.exitCode, group.stderr).toBe(0);
    await open('Sales team');
    await expect.poll(() => page.locator('#messages .msg.out .text').last().textContent()).toBe('Standup at 10');
  });

  it('hostile text is shown as text and runs nothing', async () => {
    const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const id = await send('15559990003', '--text', xss);
    // The contact's name is data too.
    sb.store.insert('contacts', { phone_number: '15559990003', name: '<b onmouseover=alert(3)>Mallory</b>' });
    await send('15559990003', '--text', 'again');
    await open('<b onmouseover=alert(3)>Mallory</b>');
    await expect.poll(() => bubble(id).locator('.text').textContent()).toBe(xss);
    expect(await page.locator('#messages img, #messages script, .threads b, #thread-title b').count()).toBe(0);
    await page.locator('#thread-title').hover();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('"Send reply" reaches the integrator\'s app, signed, and appears in the thread', async () => {
    await send('15559990004', '--text', 'How can we help?');
    await open('15559990004');
    const before = app.got.length;
    await page.getByLabel('Reply as the customer').fill('Where is my order?');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => page.locator('#messages .msg.in .text').last().textContent()).toBe('Where is my order?');
    await expect.poll(() => app.got.length).toBe(before + 1);
    const got = app.got.at(-1)!;
    expect(verify(sb.config.webhookSecret, got.raw, got.signature)).toBe(true);
    expect(got.body.entry[0].changes[0].value.messages[0]).toMatchObject({ from: '15559990004', type: 'text', text: { body: 'Where is my order?' } });
    expect(await page.getByLabel('Reply as the customer').inputValue()).toBe('');
  });

  it('"Mark read" shows in `chatcrm message-status get`, and as blue ticks', async () => {
    const id = await send('15559990005', '--text', 'Read me');
    await open('15559990005');
    await bubble(id).getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => bubble(id).locator('.ticks').getAttribute('aria-label')).toBe('Read');
    const r = await sb.run(['message-status', 'get', id, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(r.stdout))).toMatch(new RegExp(`"message_id":"${id.replace(/[.]/g, '\\.')}"[^}]*"status":"read"`));
  });

  it('"Retry" sends a failed delivery again', async () => {
    const id = await send('15559990006', '--text', 'Deliver me');
    await open('15559990006');
    app.answers.push(500);
    const before = app.got.length;
    await bubble(id).getByRole('button', { name: 'Mark delivered' }).click();
    await page.getByRole('button', { name: /^Deliveries/ }).click();
    const failed = page.locator('.delivery', { hasText: '✗ HTTP 500' }).filter({ hasText: id });
    await failed.waitFor();
    expect(app.got.length).toBe(before + 1);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => app.got.length).toBe(before + 2);
    // The same bytes, signed the same: the event, not a new one.
    expect(app.got.at(-1)!.raw.equals(app.got.at(-2)!.raw)).toBe(true);
    await page.locator('.delivery', { hasText: 'HTTP 200' }).filter({ hasText: id }).waitFor();
    await page.getByRole('button', { name: /^Conversations/ }).click();
  });

  it('every control is reachable from the keyboard', async () => {
    await send('15559990009', '--text', 'Enter me');
    await send('15559990008', '--text', 'Tab to me');
    await open('15559990008');
    await page.locator('body').focus();
    const reached = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const first = el?.childNodes[0];
        return el?.getAttribute('aria-label') ?? (el?.id === 'reply-text' ? 'Reply as the customer' : ((first?.nodeType === Node.TEXT_NODE ? first : el)?.textContent ?? '').trim());
      }));
    }
    for (const name of ['Conversations', 'Requests', 'Deliveries', 'Records', 'Mark delivered', 'Mark read', 'Mark failed', 'Reply as the customer', 'Send reply']) expect([...reached], name).toContain(name);
    // A thread opens from the keyboard too.
    await page.locator('.thread-item', { hasText: '15559990009' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#thread-title').textContent()).toBe('15559990009');
  });

  it('at a phone\'s width: the thread list, or one thread with a way back; nothing wider than the screen', async () => {
    await send('15559990010', '--text', 'On a phone');
    await open('15559990010');
    await page.setViewportSize({ width: 390, height: 760 });
    try {
      const shown = async () => ({ list: await page.locator('#threads').isVisible(), thread: await page.locator('#thread').isVisible() });
      await expect.poll(shown).toEqual({ list: false, thread: true });
      expect(await page.getByLabel('Reply as the customer').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole('button', { name: 'Back to the threads' }).click();
      await expect.poll(shown).toEqual({ list: true, thread: false });
      await page.locator('.thread-item', { hasText: '15559990010' }).click();
      await expect.poll(shown).toEqual({ list: false, thread: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('keeps working after the sandbox restarts (same port and token)', async () => {
    const { port } = new URL(sb.url);
    await sb.close();
    await expect.poll(() => page.locator('#live').textContent()).toBe('Reconnecting…');
    sb = await startTestSandbox({ port: Number(port), inspectorToken: sb.config.inspectorToken });
    await page.getByText('Live', { exact: true }).waitFor();
    const id = await send('15559990007', '--text', 'After the restart');
    await open('15559990007');
    await expect.poll(() => bubble(id).locator('.text').textContent()).toBe('After the restart');
  });
});
