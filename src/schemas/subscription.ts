// Request schemas of Subscription (docs/service-api.md 4.10).
import * as z from 'zod/mini';
import { text } from './common.js';

export const GATEWAYS = ['gatewayone', 'gatewaytwo', 'gatewaythree'] as const;

export const subscriptionCreate = z.looseObject({ plan_id: text() });
