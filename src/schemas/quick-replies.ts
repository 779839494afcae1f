// Request schemas of Quick replies (docs/service-api.md 4.13).
import * as z from 'zod/mini';
import { notEmpty, text } from './common.js';

export const quickReplyCreate = z.looseObject({ title: text(), message: text() });

export const quickReplyUpdate = z.looseObject({ title: z.optional(text()), message: z.optional(text()) }).check(notEmpty);
