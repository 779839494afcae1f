// Request schemas of Taxes (docs/service-api.md 4.12).
import * as z from 'zod/mini';
import { notEmpty, text } from './common.js';

const rate = z.number('is required: a number from 0 to 100').check(z.gte(0, 'must be from 0 to 100'), z.lte(100, 'must be from 0 to 100'));

export const taxCreate = z.looseObject({ name: text(), rate });

export const taxUpdate = z.looseObject({ name: z.optional(text()), rate: z.optional(rate) }).check(notEmpty);
