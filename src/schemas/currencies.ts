// Request schemas of Currencies (docs/service-api.md 4.9).
import * as z from 'zod/mini';
import { notEmpty, required, text } from './common.js';

const currencyCode = z.string(required('a string')).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'must be three letters, e.g. USD'));

export const currencyCreate = z.looseObject({ code: currencyCode, name: text(), symbol: text() });

export const currencyUpdate = z.looseObject({ code: z.optional(currencyCode), name: z.optional(text()), symbol: z.optional(text()) }).check(notEmpty);
