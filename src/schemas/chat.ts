// Outbound and group message requests, spec section 2.
import * as z from 'zod/mini';

/** Digits only, 6 to 15 of them (after normalisation). */
export const phoneDigits = z.string().check(z.regex(/^\d{6,15}$/, 'must be 6 to 15 digits, international format without +'));

export const textMessage = z.object({ type: z.literal('text'), text: z.object({ body: z.string().check(z.minLength(1, 'must not be empty')) }) });

/** Message objects by type; the chat issue extends this to all eight types. */
export const message = z.discriminatedUnion('type', [textMessage]);
export type Message = z.infer<typeof message>;

export const sendRequest = z.object({
  sender_id: z.string().check(z.minLength(1, 'is required')),
  to: phoneDigits,
  message,
});
export type SendRequest = z.infer<typeof sendRequest>;

export const groupRequest = z.object({
  sender_id: z.string().check(z.minLength(1)),
  group_id: z.optional(z.string()),
  group_name: z.optional(z.string()),
  message: textMessage,
  mentions: z.optional(z.array(phoneDigits)),
});
