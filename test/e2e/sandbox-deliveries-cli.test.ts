// `chatcrm sandbox deliveries` shows the delivery and message ids, and
// `chatcrm sandbox deliveries retry DELIVERY_ID` forwards one again (issue 29, item 9).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let app: Server;
const got: string[] = [];
const answers = [500]; // the first attempt fails, the retry succeeds

beforeAll(async () => {
  app = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push(body);
      res.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  // One attempt per event: the failed delivery stays failed until retried.
  sb = await startTestSandbox({ forwardTo: [`http://127.0.0.1:${(app.address() as AddressInfo).port}/hook`], forwardBackoffMs: [] });
});
afterAll(async () => {
  await sb?.close();
  app?.close();
});

describe('chatcrm sandbox deliveries', () => {
  it('lists the delivery and message ids; retry DELIVERY_ID forwards that one again', async () => {
    const inbound = await sb.run(['sandbox', 'inbound', '--from', '15557654321', '--text', 'Where is my order?', '--json']);
    expect(inbound.exitCode, inbound.stderr).toBe(0);
    const messageId = JSON.parse(inbound.stdout).message_id;
    await sb.forwarder.idle();
    const [failed] = sb.deliveries;
    expect(failed).toMatchObject({ ok: false, status_code: 500, message_id: messageId });

    const list = await sb.run(['sandbox', 'deliveries']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout).toContain(failed.id);
    expect(list.stdout).toContain(messageId);

    const retry = await sb.run(['sandbox', 'deliveries', 'retry', failed.id]);
    expect(retry.exitCode, retry.stderr).toBe(0);
    expect(sb.calls('sandbox.retry').at(-1)?.path).toBe(`/_sandbox/deliveries/${failed.id}/retry`);
    await sb.forwarder.idle();
    expect(got).toHaveLength(2);
    expect(got[1]).toBe(got[0]);
    expect(sb.deliveries.at(-1)).toMatchObject({ ok: true, status_code: 200, message_id: messageId });
  });

  it('retry of an unknown delivery: exit 4 naming it, nothing forwarded', async () => {
    const before = got.length;
    const r = await sb.run(['sandbox', 'deliveries', 'retry', 'dlv_nope']);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('Delivery dlv_nope');
    expect(got).toHaveLength(before);
  });
});
