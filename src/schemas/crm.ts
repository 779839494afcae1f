// Request schemas of the CRM records area (spec section 2, "Other request shapes"):
// segments, tags, custom fields, contacts (REST), currencies, subscription. Bodies the
// spec leaves open ("object") are loose objects that must carry at least one field.
import * as z from 'zod/mini';
import { ids, idList, notEmpty, required, text } from './common.js';

export { ids };

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const contactIds = z.object({ contact_ids: idList('contact id') });

export const segmentCreate = z.looseObject({ name: text(), filters: z.optional(z.record(z.string(), z.unknown())) });
export const segmentUpdate = z.looseObject({ name: z.optional(text()), filters: z.optional(z.record(z.string(), z.unknown())) }).check(notEmpty);

const color = z.string(required('a string')).check(z.trim(), z.regex(HEX_COLOR, 'must be #RRGGBB'));
export const tagCreate = z.looseObject({ name: text(), color });
/** The spec's update names `name`; a tag is a name and a colour, so either one alone is a change. */
export const tagUpdate = z.looseObject({ name: z.optional(text()), color: z.optional(color) }).check(notEmpty);

export const customFieldCreate = z.looseObject({ name: text(), type: text() });
export const customFieldUpdate = z.looseObject({ name: z.optional(text()), type: z.optional(text()) }).check(notEmpty);
export const customFieldStatus = z.looseObject({}).check(notEmpty);

export const addToSegments = z.object({ segment_ids: idList('segment id'), contact_ids: idList('contact id') });
export const funnelAction = z.looseObject({}).check(notEmpty);

const currencyCode = z.string(required('a string')).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'must be three letters, e.g. USD'));
export const currencyCreate = z.looseObject({ code: currencyCode, name: text(), symbol: text() });
export const currencyUpdate = z.looseObject({ code: z.optional(currencyCode), name: z.optional(text()), symbol: z.optional(text()) }).check(notEmpty);

export const GATEWAYS = ['gatewayone', 'gatewaytwo', 'gatewaythree'] as const;
export const subscriptionCreate = z.looseObject({ plan_id: text() });
