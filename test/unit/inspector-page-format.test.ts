// What the inspector page writes, as text (src/sandbox/inspector/page/format.ts), without a DOM:
// invisible format characters made visible (issue 43), links only for http(s), sizes, initials,
// the search filter, the line that says what the sandbox dropped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { droppedText, fileOf, initials, matchesSearch, operationName, safeUrl, size, statusMoves, threadSub, visible, when } from '../../src/sandbox/inspector/page/format.js';
import type { FeedRequest } from '../../src/sandbox/inspector/live.js';
import type { ThreadView } from '../../src/sandbox/inspector/views.js';

const thread = (title: string, phone?: string, more: Partial<ThreadView> = {}): ThreadView => ({ id: phone ?? title, kind: 'contact', title, phone, last_at: '', messages: [], ...more });

describe('visible: format characters shown, not obeyed', () => {
  it('a bidi override, a zero-width space and a lone tag are named; the text around them stays', () => {
    expect(visible('abc\u202Edef')).toBe('abc⟨U+202E⟩def');
    expect(visible('a\u200Bb')).toBe('a⟨U+200B⟩b');
    expect(visible('x\u{E0041}')).toBe('x⟨U+E0041⟩');
  });

  it("keeps the joiners of emoji and scripts, and a flag's tag sequence", () => {
    const family = '👩\u200D👩\u200D👧';
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(visible(family)).toBe(family);
    expect(visible('\u200C')).toBe('\u200C');
    expect(visible(scotland)).toBe(scotland);
  });

  it('whatever the text, no format character is left but the joiners and whole flags (seeded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const left = visible(s).replace(/\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu, '');
        expect(left.match(/(?![\u200C\u200D])\p{Cf}/gu)).toBeNull();
      }),
      { seed: 43, numRuns: 300 },
    );
  });

  it('writes any value as text', () => {
    expect(visible(undefined)).toBe('undefined');
    expect(visible(12)).toBe('12');
  });
});

describe('links and files', () => {
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'http:/x', 42, undefined])('%j is no link', (u) => {
    expect(safeUrl(u)).toBeUndefined();
  });

  it('http and https are links, whatever their case', () => {
    expect(safeUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeUrl('HTTP://example.com')).toBe('HTTP://example.com');
  });

  it("a URL's file name is decoded; a malformed encoding is shown as it is", () => {
    expect(fileOf('https://x/a/b%20c.pdf?sig=1#p')).toBe('b c.pdf');
    expect(fileOf('https://x/a/%E0%A4%A.pdf')).toBe('%E0%A4%A.pdf');
  });

  it('sizes change unit at 1024 B and at 1 MB', () => {
    expect([size(1023), size(1024), size(1048575), size(1048576), size('1')]).toEqual(['1023 B', '1.0 KB', '1024.0 KB', '1.0 MB', '']);
  });
});

describe('names and lines', () => {
  it('initials come from the words that begin with a letter; a number gets the generic avatar', () => {
    expect([initials('ada lovelace byron'), initials('+1 555 0100'), initials('Émile 2 Zola'), initials('')]).toEqual(['AL', '#', 'ÉZ', '#']);
  });

  it('the search finds a name or a number, and a number whatever its spacing; a word with digits does not match by digits', () => {
    const ada = thread('Ada', '15550100');
    expect(['', 'ad', 'ADA', '555', '+1 (555) 01-00'].map((q) => matchesSearch(q, ada))).toEqual([true, true, true, true, true]);
    expect(['bob', '1 666', 'a5550100', '+'].map((q) => matchesSearch(q, ada))).toEqual([false, false, false, false]);
  });

  it("the open thread's line: a group, a named contact's number, the sender; an unnamed contact's number is not said twice", () => {
    expect(threadSub(thread('Ada', '1555', { sender_id: 'snd' }))).toBe('1555 · via snd');
    expect(threadSub(thread('1555', '1555'))).toBe('');
    expect(threadSub(thread('Team', undefined, { kind: 'group' }))).toBe('Group');
    expect(threadSub(undefined)).toBe('Send a message with chatcrm chat send: it shows here.');
  });

  it('today shows the hour, another day the date', () => {
    const now = new Date('2026-03-04T15:00:00');
    expect(when('2026-03-04T09:05:00', now)).toMatch(/09:05|9:05/);
    expect(when('2026-03-03T09:05:00', now)).toMatch(/Mar|3/);
    expect(when(undefined, now)).toBe('');
  });

  it('an outbound message moves from sent to delivered, read or failed, from delivered to read only', () => {
    expect([statusMoves('sent'), statusMoves('delivered'), statusMoves('read'), statusMoves(undefined), statusMoves('toString')]).toEqual([['delivered', 'read', 'failed'], ['read'], [], [], []]);
  });

  it('an /mcp row names the tool of a tools/call, else the method; another row its operation', () => {
    const row = (operation: string | null, body: unknown) => ({ seq: 1, at: '', method: 'POST', path: '/mcp', query: {}, operation, status: 200, duration_ms: 1, body }) as FeedRequest;
    expect(operationName(row('mcp.rpc', { method: 'tools/call', params: { name: 'send_message' } }))).toBe('tools/call send_message');
    expect(operationName(row('mcp.rpc', { method: 'tools/list' }))).toBe('tools/list');
    expect(operationName(row('mcp.rpc', { method: 'prompts/get', params: { name: 'greet' } }))).toBe('prompts/get');
    expect(operationName(row('mcp.rpc', 'not json'))).toBe('mcp.rpc');
    expect(operationName(row('chat.send', { method: 'tools/call' }))).toBe('chat.send');
    expect(operationName(row(null, null))).toBe('');
  });

  it('says what the sandbox dropped, with the flag that keeps more; nothing when nothing went', () => {
    const kept = { limit: 1000, kept: 1000, dropped: 0 };
    expect(droppedText({ messages: kept, requests: kept, deliveries: kept })).toBe('');
    expect(droppedText({ messages: { ...kept, dropped: 1 }, requests: kept, deliveries: { limit: 200, kept: 200, dropped: 1500 } })).toBe(
      'Older entries dropped: 1 messages (keeps the newest 1,000, --max-messages); 1,500 deliveries (keeps the newest 200).',
    );
  });
});
