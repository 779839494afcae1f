// CRM records: segments, tags, custom fields, contacts (REST), currencies, subscription. Filled in by the CRM issue.
import type { CmdSpec } from './types.js';

export const crmRecords: CmdSpec[] = [];
/** contacts stats / funnels / funnel-action / add-to-segments / export-status / export-download. */
export const contactsRest: CmdSpec[] = [];
