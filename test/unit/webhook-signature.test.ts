import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { sign, verify } from '../../src/webhook/signature.js';
import { sampleEvent } from '../../src/webhook/events.js';

it('signs like an independent HMAC and verifies only the exact bytes', () => {
  const body = Buffer.from('{"a":1}\r\n');
  const expected = `sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`;
  expect(sign('s3cret', body)).toBe(expected);
  expect(verify('s3cret', body, expected)).toBe(true);
  expect(verify('s3cret', body, expected.replace(/[0-9a-f]{4}$/, 'ABCD'))).toBe(false);
  expect(verify('s3cret', Buffer.from('{"a":1}\n'), expected)).toBe(false);
  expect(verify('other', body, expected)).toBe(false);
  expect(verify('s3cret', body, 'sha256=short')).toBe(false);
});

it('sample events are shaped like the provider payloads', () => {
  const m = sampleEvent('message', { from: '15550001234', text: 'yo' }, 1_700_000_000_000);
  expect(m).toMatchObject({
    object: 'chat_business_account',
    entry: [{ changes: [{ field: 'messages', value: { messages: [{ from: '15550001234', timestamp: '1700000000', type: 'text', text: { body: 'yo' } }] } }] }],
  });
  const s = sampleEvent('status', { messageId: 'wamid.X', status: 'read' });
  expect(s).toMatchObject({ entry: [{ changes: [{ value: { statuses: [{ id: 'wamid.X', status: 'read' }] } }] }] });
});
