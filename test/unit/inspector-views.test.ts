// What the inspector page is fed: threads per customer and per group, newest first; messages
// oldest first on their side; a reaction on its message; statuses and reasons; record tables.
import { describe, expect, it } from 'vitest';
import { conversationsPage, olderMessages, records } from '../../src/sandbox/inspector/views.js';
import { Store } from '../../src/sandbox/store.js';

/** Every thread with every message, through the pages the feed serves. */
function conversations(s: Store) {
  return conversationsPage(s, { limit: 1000, messages: 1 }).threads.map((t) => ({ ...t, messages: olderMessages(s, `${t.kind}:${t.id}`, undefined, 1000)!.messages }));
}

function store() {
  const s = new Store();
  s.insert('contacts', { phone_number: '15550000001', name: 'Ada' });
  s.insert('groups', { group_id: 'g1@g.us', name: 'Team' });
  s.insert('templates', { template_id: 't1', template_name: 'hello', message_body: 'Hi {{1}}, {{2}} is ready; {{3}} stays' });
  const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 12, m)).toISOString();
  const out = (id: string, to: string, message: object, m: number, extra = {}) => s.insert('messages', { message_id: id, to, sender_id: 'snd', direction: 'outbound', status: 'sent', message, type: (message as { type: string }).type, sent_at: at(m), ...extra });
  out('w1', '15550000001', { type: 'text', text: { body: 'one' } }, 1);
  s.insert('messages', { message_id: 'w2', from: '15550000001', name: 'Ada', direction: 'inbound', message: { type: 'text', text: { body: 'two' } }, type: 'text', received_at: at(2) });
  out('w3', 'g1@g.us', { type: 'text', text: { body: 'team' } }, 3, { group_id: 'g1@g.us' });
  s.insert('messages', { message_id: 'w4', from: '15550000001', direction: 'inbound', message: { type: 'reaction', reaction: { message_id: 'w1', emoji: '👍' } }, type: 'reaction', received_at: at(4) });
  out('w5', '15550000002', { type: 'template', template: { template_id: 't1', body_variables: ['Bo', 'A-1'] } }, 5, { status: 'failed', error: 'not on the network' });
  out('w6', '15550000002', { type: 'reaction', reaction: { message_id: 'gone', emoji: '❤' } }, 6);
  return s;
}

describe('inspector views', () => {
  it('one thread per customer and per group, newest first, named from contacts and groups', () => {
    const threads = conversations(store());
    expect(threads.map((t) => [t.kind, t.id, t.title, t.phone])).toEqual([
      ['contact', '15550000002', '15550000002', '15550000002'],
      ['contact', '15550000001', 'Ada', '15550000001'],
      ['group', 'g1@g.us', 'Team', undefined],
    ]);
    expect(threads[1].sender_id).toBe('snd');
  });

  it('messages in order on their side; a reaction on its message, or on its own when that is gone', () => {
    const [bo, ada] = conversations(store());
    expect(ada.messages.map((m) => [m.id, m.direction, m.status, m.content.text])).toEqual([
      ['w1', 'outbound', 'sent', 'one'],
      ['w2', 'inbound', undefined, 'two'],
    ]);
    expect(ada.messages[0].reactions).toEqual([{ emoji: '👍', direction: 'inbound' }]);
    expect(bo.messages.map((m) => m.id)).toEqual(['w5', 'w6']);
    expect(bo.messages[1].content.reaction).toEqual({ emoji: '❤', message_id: 'gone' });
  });

  it('a template with its variables filled (a missing one left as it is), a failure with its reason', () => {
    const [bo] = conversations(store());
    expect(bo.messages[0].content.template).toMatchObject({ name: 'hello', text: 'Hi Bo, A-1 is ready; {{3}} stays' });
    expect(bo.messages[0]).toMatchObject({ status: 'failed', error: 'not on the network' });
  });

  it('pages: the newest threads and their total; a thread newest page first, "before" walking back, a reaction on its message in any page', () => {
    const s = store();
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 13, m)).toISOString();
    for (let i = 1; i <= 5; i++) s.insert('messages', { message_id: `p${i}`, to: '15550000009', sender_id: 'snd', direction: 'outbound', status: 'sent', type: 'text', message: { type: 'text', text: { body: `p${i}` } }, sent_at: at(i) });
    s.insert('messages', { message_id: 'p6', from: '15550000009', direction: 'inbound', type: 'reaction', message: { type: 'reaction', reaction: { message_id: 'p1', emoji: '🎉' } }, received_at: at(6) });
    const page = conversationsPage(s, { limit: 2, messages: 2 });
    expect(page.total).toBe(4);
    expect(page.threads.map((t) => [t.id, t.messages.map((m) => m.id)])).toEqual([['15550000009', ['p5']], ['15550000002', ['w6']]]);
    expect(page.open).toMatchObject({ key: 'contact:15550000009', more: true });
    expect(page.open!.messages.map((m) => m.id)).toEqual(['p4', 'p5']);
    const ids = (p: ReturnType<typeof olderMessages>) => [p!.messages.map((m) => m.id), p!.more];
    expect(ids(olderMessages(s, 'contact:15550000009', 'p4', 2))).toEqual([['p2', 'p3'], true]);
    const first = olderMessages(s, 'contact:15550000009', 'p2', 2)!;
    expect(ids(first)).toEqual([['p1'], false]);
    expect(first.messages[0].reactions).toEqual([{ emoji: '🎉', direction: 'inbound' }]);
    expect(conversationsPage(s, { limit: 1, messages: 1, open: 'group:g1@g.us' }).open).toMatchObject({ key: 'group:g1@g.us', title: 'Team', more: false });
    expect(olderMessages(s, 'contact:nobody', undefined, 2)).toBeUndefined();
  });

  it('records: five tables with their counts, newest row first', () => {
    const s = store();
    s.insert('tags', { name: 'vip', color: '#f80' });
    s.insert('tags', { name: 'new', color: '#08f' });
    const tables = records(s);
    expect(tables.map((t) => [t.name, t.count])).toEqual([['flows', 0], ['templates', 1], ['campaigns', 0], ['contacts', 1], ['tags', 2]]);
    expect(tables[4]).toMatchObject({ columns: ['name', 'color'], rows: [['new', '#08f'], ['vip', '#f80']] });
  });
});
