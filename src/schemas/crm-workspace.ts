// Request schemas of the CRM workspace areas (spec section 2 "Other request shapes"):
// teams, taxes, quick replies, chatbots, message status, notifications, campaigns.
// Objects are loose: fields the spec leaves open (given with --data) pass through.
import * as z from 'zod/mini';
import { idList, notEmpty, text } from './common.js';

const id = text();
const idListOf = idList('id');

export const teamCreate = z.looseObject({ name: text(), members: z.optional(z.array(z.unknown())) });
export const teamUpdate = z.looseObject({ name: z.optional(text()), members: z.optional(z.array(z.unknown())) }).check(notEmpty);

const rate = z.number('is required: a number from 0 to 100').check(z.gte(0, 'must be from 0 to 100'), z.lte(100, 'must be from 0 to 100'));
export const taxCreate = z.looseObject({ name: text(), rate });
export const taxUpdate = z.looseObject({ name: z.optional(text()), rate: z.optional(rate) }).check(notEmpty);

export const quickReplyCreate = z.looseObject({ title: text(), message: text() });
export const quickReplyUpdate = z.looseObject({ title: z.optional(text()), message: z.optional(text()) }).check(notEmpty);

export const chatbotCreate = z.looseObject({ name: text() });
export const chatbotUpdate = z.looseObject({ name: z.optional(text()) }).check(notEmpty);

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
const httpUrl = z.string('is required').check(z.refine(isHttpUrl, 'must be an http(s) URL'));
export const scrapeRequest = z.looseObject({ url: httpUrl, chatbot_id: z.optional(id) });

/** Message status query: `{ message_ids: [...] }`. */
export const messageIds = z.looseObject({ message_ids: idListOf });
/**
 * Bulk delivery/read: the spec's usage sends an empty object (fields not shown), so the
 * message ids are optional; given, they name the messages as the status query does.
 */
export const bulkStatus = z.looseObject({ message_ids: z.optional(idListOf) });
export const chatStatus = z
  .looseObject({ message_ids: z.optional(idListOf), status: z.optional(z.enum(['delivered', 'read'], 'must be delivered or read')) })
  .check(notEmpty);

export const notificationCreate = z.looseObject({ title: text(), message: text() });

/** `daily` is the value the spec shows in use; weekly and monthly are accepted too. */
export const RECURRING_PATTERNS = ['daily', 'weekly', 'monthly'] as const;
export const recurring = z.discriminatedUnion('is_recurring', [
  z.looseObject({ is_recurring: z.literal(true), recurring_pattern: z.enum(RECURRING_PATTERNS, 'must be daily, weekly or monthly') }),
  z.looseObject({ is_recurring: z.literal(false), recurring_pattern: z.optional(z.null()) }),
]);
export type Recurring = z.infer<typeof recurring>;
