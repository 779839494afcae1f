// Request schemas of Contacts over REST (docs/service-api.md 4.8).
import * as z from 'zod/mini';
import { idList, notEmpty } from './common.js';

export const addToSegments = z.object({ segment_ids: idList('segment id'), contact_ids: idList('contact id') });

export const funnelAction = z.looseObject({}).check(notEmpty);
