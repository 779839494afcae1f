// The bot against a sandbox in the test process: a customer writes, the sandbox forwards the
// signed event to the bot, the bot answers through the REST API, and the sandbox shows the send.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from 'chatcrm/sandbox';
import { createBot } from './server.js';

const config = {};
const bot = createBot(config);
let sandbox;
let botUrl;

beforeAll(async () => {
  await new Promise((resolve) => bot.listen(0, '127.0.0.1', resolve));
  botUrl = `http://127.0.0.1:${bot.address().port}/webhook`;
  sandbox = await startSandbox({ forwardTo: botUrl });
  Object.assign(config, { baseUrl: sandbox.url, apiKey: sandbox.apiKey, webhookSecret: sandbox.webhookSecret });
});
afterEach(() => sandbox.reset());
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => bot.close(resolve));
});

const sends = () => sandbox.received.filter((r) => r.operation === 'chat.send');

describe('support bot', () => {
  it('answers a customer through the API, on the line they wrote to', async () => {
    await sandbox.simulate.inbound({ from: '15557654321', text: 'When are you open?' });
    await sandbox.forwarded();
    expect(sandbox.deliveries[0]).toMatchObject({ ok: true, status_code: 200 });
    expect(sends()).toHaveLength(1);
    expect(sends()[0]).toMatchObject({ status: 200, body: { sender_id: 'wa_snd_cloud_0001', to: '15557654321', message: { type: 'text', text: { body: 'We are open Monday to Friday, 9:00 to 17:00.' } } } });
  });

  it('thanks a customer for any other text', async () => {
    await sandbox.simulate.inbound({ from: '15551112222', text: 'My order is late' });
    await sandbox.forwarded();
    expect(sends().map((s) => [s.body.to, s.body.message.text.body])).toEqual([['15551112222', 'Thanks for your message! A person from our team will answer soon.']]);
  });

  it('refuses an event whose signature is wrong (401) and sends nothing', async () => {
    const body = JSON.stringify({ entry: [{ changes: [{ value: { metadata: { phone_number_id: 'wa_snd_cloud_0001' }, messages: [{ from: '15550000000', type: 'text', text: { body: 'hi' } }] } }] }] });
    const wrong = `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`;
    for (const signature of [wrong, undefined]) {
      const res = await fetch(botUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature && { 'x-hub-signature-256': signature }) }, body });
      expect(res.status).toBe(401);
    }
    const right = `sha256=${createHmac('sha256', sandbox.webhookSecret).update(body).digest('hex')}`;
    expect((await fetch(botUrl, { method: 'POST', headers: { 'x-hub-signature-256': right }, body })).status).toBe(200);
    expect(sends().map((s) => s.body.to)).toEqual(['15550000000']);
  });
});
