// The behaviour table (src/ops/behaviour.ts): what an operation does past its row is read from one
// place by the CLI and by the tools of `mcp serve`, so both send the same body.
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations, type OperationId } from '../../src/api/operations.js';
import { buildContent, sendCall } from '../../src/commands/chat/content.js';
import { createContext } from '../../src/runtime/context.js';
import { UsageError } from '../../src/core/errors.js';
import { indexTree, toolFor } from '../../src/describe/catalog.js';
import { ToolRunner } from '../../src/mcp/serve/run-tool.js';
import { BEHAVIOURS, behaviourOf, SERVICE_TOOLS } from '../../src/ops/behaviour.js';
import { checked, normalized, phonesAsText } from '../../src/ops/pipeline.js';
import { normalizePhone } from '../../src/ops/recipient.js';
import { tempDir } from '../helpers/cli.js';
import { testHost, testIO } from '../helpers/io.js';
import { startTestSandbox } from '../helpers/sandbox.js';

const PHONE = '+49 151-234 5678';
const DIGITS = '491512345678';

/** A context that sends nothing (a guard's own lookups go to `to`'s sandbox): the tool runner's --dry-run captures the request instead. */
function testContext(to: Record<string, string> = {}) {
  const env = { CHATCRM_BASE_URL: 'http://127.0.0.1:9', CHATCRM_API_KEY: 'sk_test_behaviour', CHATCRM_CONFIG_DIR: tempDir(), ...to };
  return createContext(testIO(), { json: true }, testHost(env), 'test');
}

/** The body `mcp serve`'s tool for the operation would send for these arguments (--dry-run); a form as --dry-run describes it. */
async function toolBody(args: Record<string, unknown>, op: OperationId = 'chat.send', uploadDir?: string, env?: Record<string, string>): Promise<Record<string, unknown>> {
  const ctx = testContext(env);
  try {
    const result = await new ToolRunner(ctx, { dryRun: true, uploadDir }).call(await toolFor(op, indexTree([])), args);
    expect(result.isError, result.content[0].text).toBeUndefined();
    return (result.structuredContent as { request: { body: Record<string, unknown> } }).request.body;
  } finally {
    await ctx.close();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the behaviour table', () => {
  it('is keyed by operations of the table only', () => {
    for (const id of Object.keys(BEHAVIOURS)) expect(Object.keys(operations), id).toContain(id);
  });

  it('gives the empty behaviour to an operation it does not list, and to no operation (a relayed tool)', () => {
    expect(behaviourOf('segments.list')).toEqual({});
    expect(behaviourOf(undefined)).toEqual({});
    expect(normalized('segments.create', { name: ' x ' })).toEqual({ name: ' x ' });
  });

  it('chat.send: the CLI and the tool send the same digits for a number with spaces and dashes, through the one normaliser', async () => {
    const normalize = vi.spyOn(BEHAVIOURS['chat.send']!, 'normalize');
    const cli = sendCall('sender-1', PHONE, buildContent({ text: 'hi' }), { to: '--to' }).options.json as Record<string, unknown>;
    const tool = await toolBody({ sender_id: 'sender-1', to: PHONE, message: { type: 'text', text: { body: 'hi' } } });
    expect(normalize).toHaveBeenCalledTimes(2);
    expect(cli).toEqual({ sender_id: 'sender-1', to: DIGITS, message: { type: 'text', text: { body: 'hi' } } });
    expect(tool).toEqual(cli);
  });

  it('chat.sendFile: the CLI and the chat_send_file tool send the same form, the digits through the one normaliser', async () => {
    const dir = realpathSync(tempDir());
    writeFileSync(join(dir, 'photo.png'), '\x89PNG fake image bytes');
    const normalize = vi.spyOn(BEHAVIOURS['chat.sendFile']!, 'normalize');
    const content = buildContent({ image: join(dir, 'photo.png'), caption: 'Our shop' });
    const cli = sendCall('sender-1', PHONE, content, { to: '--to' });
    const tool = await toolBody({ sender_id: 'sender-1', to: PHONE, message: content.message, file: 'photo.png' }, 'chat.sendFile', dir);
    expect(normalize).toHaveBeenCalledTimes(2);
    expect(cli.op).toBe('chat.sendFile');
    expect(cli.options.form!.describe()).toMatchObject({ sender_id: 'sender-1', to: DIGITS, message: JSON.stringify({ type: 'image', image: { caption: 'Our shop' } }) });
    expect(tool).toEqual(cli.options.form!.describe());
  });

  it('chat.groupSend: each mention as digits, for the CLI (--mention) and the chat_groups_send tool alike; one that is not a number is refused naming the flag or the argument', async () => {
    const normalize = vi.spyOn(BEHAVIOURS['chat.groupSend']!, 'normalize');
    const typed = { sender_id: 'wa_snd_device_0002', group_id: 'g1', message: { type: 'text', text: { body: 'Hi' } }, mentions: [PHONE, '15551230001'] };
    const cli = normalized('chat.groupSend', typed, { mentions: '--mention' });
    expect(cli).toEqual({ ...typed, mentions: [DIGITS, '15551230001'] });
    // The tool's guard asks the service whether the sender can use groups: a sandbox answers it.
    const sb = await startTestSandbox();
    try {
      expect(await toolBody(typed, 'chat.groupSend', undefined, sb.env)).toEqual(cli);
      expect(sb.calls('chat.groupSend')).toHaveLength(0);
    } finally {
      await sb.close();
    }
    expect(normalize).toHaveBeenCalledTimes(2);
    expect(() => normalized('chat.groupSend', { mentions: ['15551230001', 'abc'] }, { mentions: '--mention' })).toThrow(/^--mention: "abc" is not a phone number/);
    expect(() => normalized('chat.groupSend', { mentions: ['12345'] })).toThrow(/^mentions: "12345" has 5 digits/);
    // No mentions: the body as it was.
    expect(normalized('chat.groupSend', { group_id: 'g1' })).toEqual({ group_id: 'g1' });
  });

  it.each(['chat.send', 'chat.sendFile'] as const)('%s: a number that is not one is refused naming the flag (CLI) or the argument (tool)', (op) => {
    expect(() => normalized(op, { to: '12-ab' }, { to: '--to' })).toThrow(/^--to: "12-ab" is not a phone number/);
    expect(() => normalized(op, { to: '12345' })).toThrow(/^to: "12345" has 5 digits/);
    expect(() => normalized(op, { to: '123456' })).not.toThrow();
  });

  it.each(['chat.send', 'chat.sendFile'] as const)('%s: any text normalises exactly as normalizePhone does, or is refused as it is (seeded)', (op) => {
    const text = fc.string({ unit: fc.constantFrom('0', '1', '9', ' ', '-', '(', ')', '+', '.', 'a', '٣', '\n'), maxLength: 20 });
    fc.assert(
      fc.property(text, (to) => {
        let expected: string | Error;
        try {
          expected = normalizePhone(to, 'to');
        } catch (err) {
          expected = err as Error;
        }
        if (expected instanceof Error) expect(() => normalized(op, { to })).toThrow(expected.message);
        else expect(normalized(op, { to, sender_id: 's' })).toEqual({ to: expected, sender_id: 's' });
      }),
      { seed: 35, numRuns: 400 },
    );
  });

  it('the phone fields are named once: the normaliser takes to digits exactly the fields a JSON number is taken as text in', () => {
    const withPhones = Object.entries(BEHAVIOURS).filter(([, b]) => b.phones) as [OperationId, { phones: string[] }][];
    expect(withPhones.map(([id]) => id)).toEqual(['chat.send', 'chat.sendFile', 'chat.groupSend']);
    const typed = { to: PHONE, mentions: [PHONE], sender_id: PHONE, group_id: PHONE };
    const numbers = { to: 491512345678, mentions: [491512345678], sender_id: 491512345678, group_id: 491512345678 };
    for (const [id, { phones }] of withPhones) {
      const digits = normalized(id, typed);
      const text = phonesAsText(id, numbers);
      const changed = (after: Record<string, unknown>, before: Record<string, unknown>) => Object.keys(before).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
      expect([id, changed(digits, typed), changed(text, numbers)]).toEqual([id, phones, phones]);
    }
  });

  it('chat.send and chat.sendFile have no check: a batch shapes each row synchronously (sendCall), normalise → schema only', () => {
    expect([behaviourOf('chat.send').check, behaviourOf('chat.sendFile').check]).toEqual([undefined, undefined]);
  });

  it('flows.create and flows.update: the graph is checked, an update may be partial', async () => {
    await expect(checked('flows.update', { name: 'New' })).resolves.toEqual({ name: 'New' });
    await expect(checked('flows.create', { name: 'New' })).rejects.toThrow(UsageError);
    await expect(checked('flows.create', { name: 'a', keyword: 'k', return_to: 'main' }, { return_to: '--return-to' })).rejects.toThrow(/--return-to/);
  });

  it('flows.list: a record without a state gets the one the CLI shows', () => {
    const rows: Record<string, unknown>[] = [{ status: 'archived' }, { is_paused: true, is_active: true }, { is_active: true }, {}, { state: 'kept' }];
    rows.forEach(BEHAVIOURS['flows.list']!.decorate!);
    expect(rows.map((r) => r.state)).toEqual(['archived', 'paused', 'active', 'draft', 'kept']);
  });

  it('campaigns: publishing sends now, a recurrence on the service schedule; file cap only on the upload that sends', () => {
    expect([behaviourOf('campaigns.publish').audience?.when, behaviourOf('campaigns.setupRecurring').audience?.when, behaviourOf('campaigns.insights').audience]).toEqual(['now', 'schedule', undefined]);
    // The question's verb; a recurrence stopped (or not said to start) messages nobody and asks nothing.
    expect(behaviourOf('campaigns.publish').audience!.verb({})).toBe('Publish');
    const recurring = behaviourOf('campaigns.setupRecurring').audience!;
    expect([recurring.verb({ is_recurring: true, recurring_pattern: 'weekly' }), recurring.verb({ is_recurring: false }), recurring.verb({})]).toEqual(['Schedule weekly sends of', undefined, undefined]);
    expect(behaviourOf('chat.sendFile').maxFileBytes).toBe(16 * 1024 * 1024);
    expect(behaviourOf('replyMaterials.create').maxFileBytes).toBeUndefined();
  });

  it('create_contact: the tool arguments are checked as `contacts create` checks its flags, naming the argument', () => {
    expect(SERVICE_TOOLS.create_contact!.args({ phone_number: '+1 (555) 010-0000', name: 'Ana', tags: ['vip'] })).toEqual({ phone_number: '15550100000', name: 'Ana', tags: ['vip'] });
    expect(() => SERVICE_TOOLS.create_contact!.args({ phone_number: '+1 555', name: 'Ana' })).toThrow(/^phone_number: /);
    expect(() => SERVICE_TOOLS.create_contact!.args({ phone_number: '15550100000', name: 'Ana', email: 'nope' })).toThrow(/^email: /);
    expect(SERVICE_TOOLS.list_contacts).toBeUndefined();
  });
});
