// Every area of the sandbox, one file each, named as the command line names it. Seeds run in this
// order: segments before the contacts that are their members, contacts before campaigns.
import type { AreaModule } from '../http.js';
import { area as auth } from './auth.js';
import { area as chat } from './chat.js';
import { area as templates } from './templates.js';
import { area as flows } from './flows.js';
import { area as tags } from './tags.js';
import { area as segments } from './segments.js';
import { area as contacts } from './contacts.js';
import { area as customFields } from './custom-fields.js';
import { area as currencies } from './currencies.js';
import { area as subscription } from './subscription.js';
import { area as teams } from './teams.js';
import { area as taxes } from './taxes.js';
import { area as quickReplies } from './quick-replies.js';
import { area as chatbots } from './chatbots.js';
import { area as messageStatus } from './message-status.js';
import { area as replyMaterials } from './reply-materials.js';
import { area as notifications } from './notifications.js';
import { area as campaigns } from './campaigns.js';
import { area as mcp } from './mcp.js';
import { area as webhook } from './webhook.js';

export const areas: AreaModule[] = [
  auth,
  chat,
  templates,
  flows,
  tags,
  segments,
  contacts,
  customFields,
  currencies,
  subscription,
  teams,
  taxes,
  quickReplies,
  chatbots,
  messageStatus,
  replyMaterials,
  notifications,
  campaigns,
  mcp,
  webhook,
];
