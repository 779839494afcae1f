import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('chat send --text (first vertical slice)', () => {
  it('normalises --to, sends the spec body with the key, and prints the result', async () => {
    const r = await sb.run(['chat', 'send', '--to', '+1 (555) 123-4567', '--text', 'Hello', '--sender', 'wa_snd_cloud_0001', '--json']);
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.message_id).toMatch(/^wamid\./);
    const [call] = sb.calls('chat.send');
    expect(call.body).toEqual({ sender_id: 'wa_snd_cloud_0001', to: '15551234567', message: { type: 'text', text: { body: 'Hello' } } });
    expect(call.headers['x-api-key']).toBe(sb.config.apiKey);
    expect(sb.store.list('messages').some((m) => m.message_id === out.message_id)).toBe(true);
  });

  it.each([
    [['--to', '555-CALL-NOW', '--text', 'x'], /--to/],
    [['--to', '12345', '--text', 'x'], /--to: .*5 digits/],
    [['--to', '1234567890123456', '--text', 'x'], /--to/],
    [['--to', '15551234567'], /content flag/],
    [['--text', 'x'], /--to/],
  ])('refuses %j with exit 2 and sends nothing', async (args, message) => {
    await sb.refused(['chat', 'send', '--sender', 'wa_snd_cloud_0001', ...args], message);
  });

  it('says how to find a sender when there is none', async () => {
    const r = await sb.run(['chat', 'send', '--to', '15551234567', '--text', 'x']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('chatcrm chat senders');
  });

  it('exits 3 and sends nothing without a key', async () => {
    const before = sb.received.length;
    const r = await sb.run(['chat', 'send', '--to', '15551234567', '--text', 'x', '--sender', 's'], { env: { CHATCRM_API_KEY: undefined } });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/No API key/);
    expect(sb.received.length).toBe(before);
  });

  it('--dry-run prints the request with the key redacted and sends nothing', async () => {
    const before = sb.received.length;
    const r = await sb.run(['--dry-run', 'chat', 'send', '--to', '15551234567', '--text', 'x', '--sender', 's', '--json']);
    expect(r.exitCode).toBe(0);
    const req = JSON.parse(r.stdout);
    expect(req).toMatchObject({ method: 'POST', url: `${sb.url}/api/v2/chat/messages`, body: { to: '15551234567' } });
    expect(r.stdout + r.stderr).not.toContain(sb.config.apiKey);
    expect(sb.received.length).toBe(before);
  });

  it('chat senders lists both seed senders; -q prints sender ids', async () => {
    const r = await sb.run(['chat', 'senders', '-q']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(['wa_snd_cloud_0001', 'wa_snd_device_0002']);
  });
});
