// Request schemas of Teams (docs/service-api.md 4.11).
import * as z from 'zod/mini';
import { notEmpty, text } from './common.js';

export const teamCreate = z.looseObject({ name: text(), members: z.optional(z.array(z.unknown())) });

export const teamUpdate = z.looseObject({ name: z.optional(text()), members: z.optional(z.array(z.unknown())) }).check(notEmpty);
