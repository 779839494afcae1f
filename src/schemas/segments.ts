// Request schemas of Segments (docs/service-api.md 4.6).
import * as z from 'zod/mini';
import { idList, notEmpty, text } from './common.js';

export const contactIds = z.object({ contact_ids: idList('contact id') });

export const segmentCreate = z.looseObject({ name: text(), filters: z.optional(z.record(z.string(), z.unknown())) });

export const segmentUpdate = z.looseObject({ name: z.optional(text()), filters: z.optional(z.record(z.string(), z.unknown())) }).check(notEmpty);
