// `npm run screenshot`: docs/inspector.png, the sandbox's inspector page with a conversation in
// it, taken by Debian's chromium (CHATCRM_CHROMIUM names another binary). The sandbox is the
// built CLI's, started as a user starts it; the conversation is made through its API.
// `--variants DIR` also writes the dark scheme, a phone and the other views into DIR.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const executablePath = process.env.CHATCRM_CHROMIUM ?? '/usr/bin/chromium';
const variants = process.argv.includes('--variants') ? process.argv[process.argv.indexOf('--variants') + 1] : undefined;

const child = spawn(process.execPath, ['bin/chatcrm.js', 'sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const banner = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('--with-key\n')) resolve(out);
  });
  child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before its banner`)));
});
const url = banner.match(/^chatcrm sandbox listening on (\S+)$/m)[1];
const inspector = banner.match(/^Inspector: (\S+)$/m)[1];
const key = banner.match(/^API key: (\S+)$/m)[1];

async function call(path, body) {
  const res = await fetch(url + path, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
  return json.data;
}
const SENDER = 'wa_snd_cloud_0001';
const send = (to, message) => call('/api/v2/chat/messages', { sender_id: SENDER, to, message }).then((d) => d.message_id);
const inbound = (from, name, message) => call('/_sandbox/simulate/inbound', { from, sender_id: SENDER, name, message }).then((d) => d.message_id);
const says = (body) => ({ type: 'text', text: { body } });
const status = (message_id, s, error) => call('/_sandbox/simulate/status', { message_id, status: s, error });

try {
  const bruno = '15551230002';
  const photo = await send(bruno, { type: 'image', image: { url: 'https://example.com/catalogue/spring-boots.jpg', caption: 'The boots you asked about, in brown' } });
  await status(photo, 'read');
  await inbound(bruno, 'Bruno Silva', says('Do you have them in size 44?'));
  const size = await send(bruno, { type: 'text', text: { body: 'Checking the stock for you now.' } });
  await status(size, 'failed', 'Recipient phone is not on the chat network');
  await call('/api/v2/chat/groups/messages', { sender_id: 'wa_snd_device_0002', group_id: '120363040000000000@g.us', message: { type: 'text', text: { body: 'Standup moved to 10:30 today.' } } });

  const alice = '15551230001';
  await inbound(alice, 'Alice Moreau', says('Hi! Has my order shipped yet?'));
  const update = await send(alice, { type: 'template', template: { template_id: '1000000000000001', language_code: 'en_US', body_variables: ['Alice', 'A-1001'] } });
  await status(update, 'read');
  const invoice = await send(alice, { type: 'document', document: { url: 'https://example.com/invoices/A-1001.pdf', filename: 'invoice-A-1001.pdf', caption: 'Your invoice' } });
  await status(invoice, 'delivered');
  await inbound(alice, 'Alice Moreau', { type: 'reaction', reaction: { message_id: update, emoji: '🎉' } });
  await inbound(alice, 'Alice Moreau', says('Perfect, thank you! Can I pick it up instead?'));
  await send(alice, { type: 'location', location: { latitude: 48.8566, longitude: 2.3522, name: 'Pickup point Rivoli', address: '12 Rue de Rivoli, Paris' } });
  await send(alice, { type: 'text', text: { body: 'Sure: it is ready at the pickup point from 2 pm. <b>Bring</b> the order number.' } });

  const browser = await chromium.launch({ executablePath });
  const shot = async (file, { width = 1200, height = 720, scheme = 'light', view } = {}) => {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1 });
    await page.goto(inspector);
    await page.getByText('Live', { exact: true }).waitFor();
    await page.locator('.msg').first().waitFor({ state: 'attached' });
    if (view) await page.getByRole('button', { name: view }).click();
    if (width < 700 && !view) await page.locator('.thread-item').first().click();
    // The status buttons show on hover: on the newest message the channel has not answered.
    if (!view) await page.locator('.msg.out').last().hover();
    await page.screenshot({ path: file });
    await page.close();
  };
  await shot('docs/inspector.png');
  if (variants) {
    mkdirSync(variants, { recursive: true });
    await shot(join(variants, 'dark.png'), { scheme: 'dark' });
    await shot(join(variants, 'phone.png'), { width: 390, height: 760 });
    await shot(join(variants, 'phone-dark.png'), { width: 390, height: 760, scheme: 'dark' });
    await shot(join(variants, 'requests.png'), { view: /^Requests/ });
    await shot(join(variants, 'deliveries.png'), { view: /^Deliveries/ });
    await shot(join(variants, 'records.png'), { view: /^Records/, scheme: 'dark' });
  }
  await browser.close();
  console.log('wrote docs/inspector.png');
} finally {
  child.kill('SIGTERM');
}
