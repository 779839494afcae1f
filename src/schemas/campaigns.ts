// Request schemas of Campaigns (docs/service-api.md 4.18).
import * as z from 'zod/mini';

/** `daily` is the value the spec shows in use; weekly and monthly are accepted too. */
export const RECURRING_PATTERNS = ['daily', 'weekly', 'monthly'] as const;

export const recurring = z.discriminatedUnion('is_recurring', [
  z.looseObject({ is_recurring: z.literal(true), recurring_pattern: z.enum(RECURRING_PATTERNS, 'must be daily, weekly or monthly') }),
  z.looseObject({ is_recurring: z.literal(false), recurring_pattern: z.optional(z.null()) }),
]);

export type Recurring = z.infer<typeof recurring>;
