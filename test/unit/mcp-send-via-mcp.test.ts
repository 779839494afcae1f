// sendViaMcp (the body of `chat send --via-mcp`) run in-process against an in-process sandbox.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendViaMcp } from '../../src/commands/chat/send-via-mcp.js';
import { createContext } from '../../src/runtime/context.js';
import { UsageError } from '../../src/core/errors.js';
import { testHost, testIO } from '../helpers/io.js';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

function testContext() {
  const io = testIO();
  const env = { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: tempDir() };
  return { ctx: createContext(io, { json: true }, testHost(env), 'test'), io };
}

it('sends send_chat_message with platform chat and prints the record, not the envelope; the message is in the store', async () => {
  const { ctx, io } = testContext();
  await sendViaMcp(ctx, { to: '+1 (555) 777-0000', text: 'Hello over MCP' });
  await ctx.close();
  const call = sb.calls('mcp.rpc').at(-1)!;
  expect((call.body as { params: unknown }).params).toEqual({ name: 'send_chat_message', arguments: { contact_no: '15557770000', message: 'Hello over MCP', platform: 'chat' } });
  const printed = JSON.parse(io.stdoutText()) as { message_id: string; success?: unknown };
  expect(printed.success).toBeUndefined();
  expect(sb.store.list('messages').find((m) => m.message_id === printed.message_id)).toMatchObject({ to: '15557770000', via: 'mcp', message: { type: 'text', text: { body: 'Hello over MCP' } } });
});

it('refuses a bad number before sending anything', async () => {
  const { ctx } = testContext();
  const before = sb.received.length;
  await expect(sendViaMcp(ctx, { to: 'abc', text: 'x' })).rejects.toThrow(UsageError);
  expect(sb.received.length).toBe(before);
});
