// Sample inbound events shaped like the channel provider's webhook payloads (with the
// neutral word `chat`): an inbound text message, or a delivery/read status of a message.
import { randomBytes } from 'node:crypto';

export interface SampleOptions {
  from?: string;
  text?: string;
  name?: string;
  messageId?: string;
  status?: string;
  recipient?: string;
}

const metadata = { display_phone_number: '15550001111', phone_number_id: '100000000000001' };

export function sampleEvent(kind: 'message' | 'status', o: SampleOptions = {}, now = Date.now()): Record<string, unknown> {
  const timestamp = String(Math.floor(now / 1000));
  const value =
    kind === 'message'
      ? {
          messaging_product: 'chat',
          metadata,
          contacts: [{ profile: { name: o.name ?? 'Sample Customer' }, wa_id: o.from ?? '15557654321' }],
          messages: [
            {
              from: o.from ?? '15557654321',
              id: `wamid.${randomBytes(18).toString('base64url')}`,
              timestamp,
              type: 'text',
              text: { body: o.text ?? 'Hello from a customer' },
            },
          ],
        }
      : {
          messaging_product: 'chat',
          metadata,
          statuses: [
            {
              id: o.messageId ?? `wamid.${randomBytes(18).toString('base64url')}`,
              status: o.status ?? 'delivered',
              timestamp,
              recipient_id: o.recipient ?? '15557654321',
            },
          ],
        };
  return {
    object: 'chat_business_account',
    entry: [{ id: '100000000000000', changes: [{ field: 'messages', value }] }],
  };
}
