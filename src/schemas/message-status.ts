// Request schemas of Message status (docs/service-api.md 4.15).
import * as z from 'zod/mini';
import { idList, notEmpty } from './common.js';

const idListOf = idList('id');

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
