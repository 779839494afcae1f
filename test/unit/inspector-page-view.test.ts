// What the inspector page shows, as data (src/sandbox/inspector/page/view.ts), without a DOM:
// the feed drawn, each live delta applied in its turn, a missed one asking for the feed again,
// and the bounds the page keeps (500 bubbles of the open thread, 200 rows of each log).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Feed, LiveDelta, OpenThread } from '../../src/sandbox/inspector/live.js';
import { applyDelta, emptyView, fromFeed, MAX_SHOWN, mergeThread, ROWS, withOlder, type View } from '../../src/sandbox/inspector/page/view.js';
import type { MessageView, ThreadView } from '../../src/sandbox/inspector/views.js';

const msg = (id: string, more: Partial<MessageView> = {}): MessageView => ({ id, direction: 'outbound', type: 'text', status: 'sent', at: '2026-01-01T12:00:00.000Z', content: { text: id }, reactions: [], ...more });
const thread = (id: string, messages: MessageView[] = []): ThreadView & { key: string } => ({ key: `contact:${id}`, id, kind: 'contact', title: id, phone: id, last_at: '2026-01-01T12:00:00.000Z', messages });
const open = (id: string, messages: MessageView[], more = false): OpenThread => ({ ...thread(id, messages), more });
const retention = { messages: { limit: 10, kept: 10, dropped: 2 }, requests: { limit: 10, kept: 0, dropped: 0 }, deliveries: { limit: 10, kept: 0, dropped: 0 } };

function feed(more: Partial<Feed> = {}): Feed {
  return { seq: 5, conversations: [thread('1555', [msg('w1')])], conversations_total: 1, thread: open('1555', [msg('w1')]), records: [], requests: [], deliveries: [], retention, ...more };
}
/** The view after the feed, with no thread asked. */
const loaded = (more: Partial<Feed> = {}): View => fromFeed(emptyView(), feed(more), undefined);
const message = (seq: number, key: string, m: MessageView): LiveDelta => ({ seq, kind: 'message', thread: thread(key.split(':')[1]), message: m, retention });

describe('the feed', () => {
  it('is drawn whole; with none asked, the thread it opened is selected', () => {
    const v = loaded();
    expect(v).toMatchObject({ seq: 5, total: 1, selected: 'contact:1555', shown: { key: 'contact:1555', messages: [{ id: 'w1' }] } });
  });

  it('keeps a thread chosen while it loaded (the next load answers it), and drops one that is gone', () => {
    const chosen = { ...emptyView(), selected: 'contact:2' };
    expect(fromFeed(chosen, feed(), 'contact:1').selected).toBe('contact:2');
    expect(fromFeed(chosen, feed({ thread: null }), 'contact:2').selected).toBeUndefined();
  });

  it('joins its newest page to the older pages drawn; when the drawn no longer join, starts again', () => {
    const drawn = open('1555', [msg('w0'), msg('w1')], true);
    expect(mergeThread(drawn, open('1555', [msg('w1'), msg('w2')]))).toMatchObject({ messages: [{ id: 'w0' }, { id: 'w1' }, { id: 'w2' }], more: true });
    expect(mergeThread(drawn, open('1555', [msg('w3')]))).toMatchObject({ messages: [{ id: 'w3' }], more: false });
    expect(mergeThread(drawn, open('1666', [msg('w1')]))).toMatchObject({ key: 'contact:1666', messages: [{ id: 'w1' }] });
  });

  it('an older page goes above the first bubble it was asked before, and not when that is no longer first', () => {
    const v = loaded();
    expect(withOlder(v, 'contact:1555', 'w1', { messages: [msg('w0')], more: false })?.shown).toMatchObject({ messages: [{ id: 'w0' }, { id: 'w1' }], more: false });
    expect(withOlder(v, 'contact:1555', 'w9', { messages: [msg('w0')], more: false })).toBeUndefined();
    expect(withOlder(v, 'contact:1666', 'w1', { messages: [msg('w0')], more: false })).toBeUndefined();
  });
});

describe('applyDelta: the order of the deltas', () => {
  it('before any feed: the feed is asked for', () => {
    expect(applyDelta(emptyView(), message(1, 'contact:1', msg('w1')))).toMatchObject({ refresh: true, changed: [] });
  });

  it('a delta the feed holds already (its number or lower) is skipped; the next is applied; one past it asks for the feed', () => {
    const v = loaded();
    expect(applyDelta(v, message(5, 'contact:1555', msg('w2')))).toEqual({ view: v, changed: [], refresh: false });
    expect(applyDelta(v, message(6, 'contact:1555', msg('w2')))).toMatchObject({ refresh: false, view: { seq: 6 } });
    expect(applyDelta(v, message(7, 'contact:1555', msg('w2')))).toEqual({ view: v, changed: [], refresh: true });
  });

  it('a reset, a stale delta or an unknown kind asks for the feed; a delta without a number is skipped', () => {
    const v = loaded();
    expect(applyDelta(v, { seq: 6, kind: 'reset' }).refresh).toBe(true);
    expect(applyDelta(v, { seq: 6, kind: 'change', stale: true } as LiveDelta).refresh).toBe(true);
    expect(applyDelta(v, { seq: 6, kind: 'toString' } as unknown as LiveDelta).refresh).toBe(true);
    expect(applyDelta(v, {} as LiveDelta)).toEqual({ view: v, changed: [], refresh: false });
  });

  it('a delta that does not apply (a field of another shape) asks for the feed', () => {
    expect(applyDelta(loaded(), { seq: 6, kind: 'message' } as LiveDelta)).toMatchObject({ refresh: true, changed: [], view: { seq: 6 } });
  });

  it('whatever JSON arrives, it answers, and the view it gives is the one it had or the next number (seeded)', () => {
    const v = loaded();
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ seq: fc.integer({ min: 4, max: 8 }), kind: fc.constantFrom('message', 'status', 'request', 'delivery', 'change', 'reset', 'x'), stale: fc.boolean() }, { requiredKeys: ['seq'] })), (d) => {
        const r = applyDelta(v, d as LiveDelta);
        expect(r.view === v || r.view.seq === 6).toBe(true);
      }),
      { seed: 45, numRuns: 500 },
    );
  });
});

describe('applyDelta: what each delta changes', () => {
  it('a message of a new thread: the thread on top, counted, opened when none was, its bubble drawn', () => {
    const r = applyDelta({ ...emptyView(), seq: 0 }, message(1, 'contact:1777', msg('n1')));
    expect(r.changed).toEqual(['threads', 'thread', 'dropped']);
    expect(r.view).toMatchObject({ total: 1, selected: 'contact:1777', threads: [{ key: 'contact:1777', messages: [{ id: 'n1' }] }], shown: { messages: [{ id: 'n1' }] }, retention });
  });

  it('a message of a known thread moves it to the top without counting it again; another thread stays open', () => {
    const v = applyDelta(loaded({ conversations: [thread('1', [msg('a')]), thread('1555', [msg('w1')])], conversations_total: 2 }), message(6, 'contact:1', msg('a2'))).view;
    expect(v.threads.map((t) => t.id)).toEqual(['1', '1555']);
    expect(v.total).toBe(2);
    expect(v.shown?.messages.map((m) => m.id)).toEqual(['w1']);
  });

  it('the list keeps as many threads as were asked for', () => {
    const v = { ...loaded(), threadLimit: 1 };
    expect(applyDelta(v, message(6, 'contact:2', msg('b'))).view.threads.map((t) => t.id)).toEqual(['2']);
  });

  it('a message drawn already is not drawn twice', () => {
    expect(applyDelta(loaded(), message(6, 'contact:1555', msg('w1'))).view.shown?.messages).toHaveLength(1);
  });

  it('a reaction goes on its message; the row keeps showing the message before it', () => {
    const reaction = msg('r1', { direction: 'inbound', content: { reaction: { emoji: '👍', message_id: 'w1' } } });
    const v = applyDelta(loaded(), message(6, 'contact:1555', reaction)).view;
    expect(v.shown?.messages).toMatchObject([{ id: 'w1', reactions: [{ emoji: '👍', direction: 'inbound' }] }]);
    expect(v.threads[0].messages.map((m) => m.id)).toEqual(['w1']);
  });

  it(`the open thread keeps ${MAX_SHOWN} bubbles: one more drops the oldest and offers "Load older"`, () => {
    const full = (n: number) => loaded({ thread: open('1555', Array.from({ length: n }, (_, i) => msg(`m${i}`))) });
    expect(applyDelta(full(MAX_SHOWN - 1), message(6, 'contact:1555', msg('new'))).view.shown).toMatchObject({ more: false });
    const over = applyDelta(full(MAX_SHOWN), message(6, 'contact:1555', msg('new'))).view.shown!;
    expect(over.messages).toHaveLength(MAX_SHOWN);
    expect(over).toMatchObject({ more: true, messages: expect.arrayContaining([expect.objectContaining({ id: 'new' })]) });
    expect(over.messages[0].id).toBe('m1');
  });

  it('a status moves the ticks of its message, in the open thread and in the row', () => {
    const r = applyDelta(loaded(), { seq: 6, kind: 'status', thread: 'contact:1555', message: { id: 'w1', status: 'read', read_at: 'now' } });
    expect(r.changed).toEqual(['thread', 'threads']);
    expect(r.view.shown?.messages[0]).toMatchObject({ status: 'read', read_at: 'now', content: { text: 'w1' } });
    expect(r.view.threads[0].messages[0]).toMatchObject({ status: 'read' });
  });

  it(`a request row goes on top, ${ROWS} kept; one the log dropped already changes no row`, () => {
    const req = (seq: number) => ({ seq, at: 'x', method: 'GET', path: '/p', query: {}, operation: null, status: 200, duration_ms: 1, body: null });
    const full = loaded({ requests: Array.from({ length: ROWS - 1 }, (_, i) => req(i)) });
    const once = applyDelta(full, { seq: 6, kind: 'request', request: req(1000), retention }).view;
    expect(once.requests).toHaveLength(ROWS);
    expect(applyDelta(once, { seq: 7, kind: 'request', request: req(1001) }).view.requests.map((r) => r.seq).slice(0, 2)).toEqual([1001, 1000]);
    expect(applyDelta(once, { seq: 7, kind: 'request', request: req(1001) }).view.requests).toHaveLength(ROWS);
    expect(applyDelta(once, { seq: 7, kind: 'request' })).toMatchObject({ changed: ['requests', 'dropped'], view: { requests: once.requests } });
  });

  it('a delivery announced again (its end) replaces its row; a record change replaces the tables', () => {
    const d = { id: 'd1', event_id: 'e', url: 'u', event: 'message' as const, message_id: 'w1', attempt: 1, started_at: 'x', duration_ms: 0, ok: false, status_code: null, error: null, signature: 's', response: '' };
    const started = applyDelta(loaded(), { seq: 6, kind: 'delivery', delivery: d }).view;
    const ended = applyDelta(started, { seq: 7, kind: 'delivery', delivery: { ...d, ok: true, status_code: 200 } }).view;
    expect(ended.deliveries).toEqual([{ ...d, ok: true, status_code: 200 }]);
    const tables = [{ name: 'tags', count: 0, columns: ['name'], rows: [] }];
    expect(applyDelta(ended, { seq: 8, kind: 'change', records: tables })).toMatchObject({ changed: ['records'], view: { records: tables } });
  });

  it('never changes the view it is given', () => {
    const v = loaded();
    const before = structuredClone(v);
    applyDelta(v, message(6, 'contact:1555', msg('w2')));
    applyDelta(v, { seq: 6, kind: 'status', thread: 'contact:1555', message: { id: 'w1', status: 'read' } });
    expect(v).toEqual(before);
  });
});
