// Request schemas of Custom fields (docs/service-api.md 4.7).
import * as z from 'zod/mini';
import { notEmpty, text } from './common.js';

export const customFieldCreate = z.looseObject({ name: text(), type: text() });

export const customFieldUpdate = z.looseObject({ name: z.optional(text()), type: z.optional(text()) }).check(notEmpty);

export const customFieldStatus = z.looseObject({}).check(notEmpty);
