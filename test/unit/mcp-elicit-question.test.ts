// What a person reads when an agent's call is put to them (mcp serve, elicitation): who or what
// is reached comes first and whole, whatever order the agent gave the arguments in; only free
// text is cut.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApiClient } from '../../src/api/client.js';
import { describeArgs, question } from '../../src/mcp/serve/elicit.js';
import type { ToolDef } from '../../src/describe/catalog.js';

const tool = (name: string, o: Partial<ToolDef> = {}) => ({ name, destructive: false, sends: false, ...o }) as ToolDef;
const noApi = async (): Promise<ApiClient> => {
  throw new Error('no request expected');
};

describe('describeArgs', () => {
  it('targets first, then the rest; confirm left out', () => {
    expect(describeArgs({ note: 'x', segment_id: 'seg1', confirm: true })).toBe('segment_id=seg1, note=x');
  });
  it('a list of ids: counted, the first 5 named (5 whole, 6 "and 1 more")', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i + 1}`);
    expect(describeArgs({ ids: ids(5) })).toBe('ids=5 (id1, id2, id3, id4, id5)');
    expect(describeArgs({ ids: ids(6) })).toBe('ids=6 (id1, id2, id3, id4, id5, and 1 more)');
    expect(describeArgs({ contact_ids: ids(300) })).toBe('contact_ids=300 (id1, id2, id3, id4, id5, and 295 more)');
  });
  it('free text cut at 120 characters (120 whole, 121 cut), a target never', () => {
    expect(describeArgs({ description: 'a'.repeat(120) })).toBe(`description=${'a'.repeat(120)}`);
    expect(describeArgs({ description: 'a'.repeat(121) })).toBe(`description=${'a'.repeat(119)}…`);
    expect(describeArgs({ segment_id: 's'.repeat(200) })).toBe(`segment_id=${'s'.repeat(200)}`);
  });
  it('whatever the order and size of the other arguments, every target is named (seeded)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('message', 'name', 'description', 'body', 'notes'), fc.string({ maxLength: 2000 })), fc.boolean(), (rest, first) => {
        const target = { segment_id: 'seg-42', ids: ['a', 'b'] };
        const text = describeArgs(first ? { ...rest, ...target } : { ...target, ...rest });
        expect(text.startsWith('segment_id=seg-42, ids=2 (a, b)')).toBe(true);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('question', () => {
  it('a message: recipient and sender first, even when the agent gave a long message first; the text cut', async () => {
    const long = 'Dear customer, '.repeat(40);
    const q = await question(tool('chat_send', { sends: true }), { message: { type: 'text', text: { body: long } }, to: '15551230004', sender_id: 'wa_snd_cloud_0001' }, noApi);
    expect(q).toBe(`Send a message to 15551230004 from sender wa_snd_cloud_0001: "${long.slice(0, 119)}…". The agent asks for it (tool chat_send); allow it?`);
  });
  it('a group message names the group and its mentions; a template reads as its type', async () => {
    const q = await question(
      tool('chat_groups_send', { sends: true }),
      { sender_id: 's1', group_name: 'Team', mentions: ['1555', '1556'], message: { type: 'template', template: { template_id: 't1', language_code: 'en_US' } } },
      noApi,
    );
    expect(q).toBe('Send a message to group Team from sender s1, mentioning 2 (1555, 1556): a template message {"template_id":"t1","language_code":"en_US"}. The agent asks for it (tool chat_groups_send); allow it?');
  });
  it('a delete names its records first, the whole count; one with no arguments says so', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `tag${i}`);
    expect(await question(tool('tags_delete', { destructive: true }), { ids, confirm: true }, noApi)).toBe(
      'ids=40 (tag0, tag1, tag2, tag3, tag4, and 35 more): the agent asks to call tags_delete, which cannot be undone. Allow it?',
    );
    expect(await question(tool('subscription_cancel', { destructive: true }), { confirm: true }, noApi)).toBe('The agent asks to call subscription_cancel, which cannot be undone. Allow it?');
  });
});
