// Request schemas of Notifications (docs/service-api.md 4.17).
import * as z from 'zod/mini';
import { text } from './common.js';

export const notificationCreate = z.looseObject({ title: text(), message: text() });
