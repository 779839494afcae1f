// The whole command tree, in the order `chatcrm --help` lists it: one file per area, named as
// the command line names it.
import type { CmdSpec } from './types.js';
import { login, logout, profiles, whoami, doctor, completion, api, openapi } from './local.js';
import { sandbox } from './sandbox.js';
import { chat } from './chat.js';
import { templates } from './templates.js';
import { accounts } from './accounts.js';
import { flows } from './flows.js';
import { contacts } from './contacts.js';
import { campaigns } from './campaigns.js';
import { segments } from './segments.js';
import { tags } from './tags.js';
import { customFields } from './custom-fields.js';
import { currencies } from './currencies.js';
import { subscription } from './subscription.js';
import { teams } from './teams.js';
import { taxes } from './taxes.js';
import { quickReplies } from './quick-replies.js';
import { chatbots } from './chatbots.js';
import { messageStatus } from './message-status.js';
import { replyMaterials } from './reply-materials.js';
import { notifications } from './notifications.js';
import { auth } from './auth.js';
import { mcp } from './mcp.js';
import { webhook } from './webhook.js';
import { workspace } from './workspace.js';

export const commands: CmdSpec[] = [
  chat,
  templates,
  accounts,
  flows,
  contacts,
  campaigns,
  segments,
  tags,
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
  auth,
  mcp,
  webhook,
  workspace,
  login,
  logout,
  profiles,
  whoami,
  doctor,
  api,
  openapi,
  completion,
  sandbox,
].filter((c) => c.subcommands === undefined || c.subcommands.length > 0);
