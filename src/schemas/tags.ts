// Request schemas of Tags (docs/service-api.md 4.7).
import * as z from 'zod/mini';
import { notEmpty, required, text } from './common.js';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

const color = z.string(required('a string')).check(z.trim(), z.regex(HEX_COLOR, 'must be #RRGGBB'));

export const tagCreate = z.looseObject({ name: text(), color });

/** The spec's update names `name`; a tag is a name and a colour, so either one alone is a change. */
export const tagUpdate = z.looseObject({ name: z.optional(text()), color: z.optional(color) }).check(notEmpty);
