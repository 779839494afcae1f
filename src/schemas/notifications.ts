// Request schemas of Notifications (spec 4.17).
import * as z from 'zod/mini';
import { text } from './common.js';

export const notificationCreate = z.looseObject({ title: text(), message: text() });
