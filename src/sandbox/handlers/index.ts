// Every area of the sandbox; seeds run in this order.
import type { AreaModule } from '../http.js';
import { area as auth } from './auth.js';
import { area as chat } from './chat.js';
import { area as templates } from './templates.js';
import { area as flows } from './flows.js';
import { area as crmRecords } from './crm-records.js';
import { area as crmWorkspace } from './crm-workspace.js';
import { area as mcp } from './mcp.js';
import { area as webhook } from './webhook.js';

export const areas: AreaModule[] = [auth, chat, templates, flows, crmRecords, crmWorkspace, mcp, webhook];
