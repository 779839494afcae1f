// Request schemas of the sandbox's own routes (/_sandbox/...): the simulators.
import * as z from 'zod/mini';
import { phoneDigits } from './chat.js';
import { required, text } from './common.js';

/** A customer writes: `message` is a message object of the channel (`{type: "text", text: {body}}`...). */
export const inbound = z.object({
  from: phoneDigits,
  sender_id: z.optional(text()),
  name: z.optional(z.string()),
  message: z.looseObject({ type: text() }, required('an object with a type')),
});

/** The channel reports a status of a sent message; statuses only move forward. */
export const status = z.object({
  message_id: text(),
  status: z.enum(['delivered', 'read', 'failed'], 'must be delivered, read or failed'),
  error: z.optional(text()),
});
