// Request schemas of the CRM workspace areas (spec section 2 "Other request shapes"):
// teams, taxes, quick replies, chatbots, message status, notifications, campaigns.
// Objects are loose: fields the spec leaves open (given with --data) pass through.
import * as z from 'zod/mini';

const text = z.string('is required').check(z.minLength(1, 'must not be empty'));
const id = z.string('must be a string').check(z.minLength(1, 'must not be empty'), z.refine((s) => s.trim() !== '', 'must not be blank'));
const idList = z.array(id, 'is required: give at least one id').check(z.minLength(1, 'give at least one id'));

/** An update body: the spec leaves its fields open, but an empty one changes nothing. */
const nonEmpty = <T extends z.ZodMiniType<Record<string, unknown>>>(schema: T) =>
  schema.check(z.refine((o) => Object.keys(o as object).length > 0, 'nothing to send; give flags or --data with at least one field'));

/** Bulk operations: `{ ids: [...] }`. */
export const ids = z.object({ ids: idList });

export const teamCreate = z.looseObject({ name: text, members: z.optional(z.array(z.unknown())) });
export const teamUpdate = nonEmpty(z.looseObject({ name: z.optional(text), members: z.optional(z.array(z.unknown())) }));

const rate = z.number('is required: a number from 0 to 100').check(z.gte(0, 'must be from 0 to 100'), z.lte(100, 'must be from 0 to 100'));
export const taxCreate = z.looseObject({ name: text, rate });
export const taxUpdate = nonEmpty(z.looseObject({ name: z.optional(text), rate: z.optional(rate) }));

export const quickReplyCreate = z.looseObject({ title: text, message: text });
export const quickReplyUpdate = nonEmpty(z.looseObject({ title: z.optional(text), message: z.optional(text) }));

export const chatbotCreate = z.looseObject({ name: text });
export const chatbotUpdate = nonEmpty(z.looseObject({ name: z.optional(text) }));

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
export const messageIds = z.looseObject({ message_ids: idList });
/** Bulk delivery/read pushes name the messages the same way. */
export const bulkStatus = messageIds;
export const chatStatus = nonEmpty(
  z.looseObject({ message_ids: z.optional(idList), status: z.optional(z.enum(['delivered', 'read'], 'must be delivered or read')) }),
);

export const notificationCreate = z.looseObject({ title: text, message: text });

/** `daily` is the value the spec shows in use; weekly and monthly are accepted too. */
export const RECURRING_PATTERNS = ['daily', 'weekly', 'monthly'] as const;
export const recurring = z.discriminatedUnion('is_recurring', [
  z.looseObject({ is_recurring: z.literal(true), recurring_pattern: z.enum(RECURRING_PATTERNS, 'must be daily, weekly or monthly') }),
  z.looseObject({ is_recurring: z.literal(false), recurring_pattern: z.optional(z.null()) }),
]);
export type Recurring = z.infer<typeof recurring>;
