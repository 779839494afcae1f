// The whole command tree, in the order `chatcrm --help` lists it.
import type { CmdSpec } from './types.js';
import { login, logout, profiles, whoami, doctor, completion, api, openapi, sandbox } from './local.js';
import { chat } from './chat.js';
import { templates } from './templates.js';
import { flows } from './flows.js';
import { auth } from './auth.js';
import { mcp, contactsMcp, campaignsMcp } from './mcp.js';
import { webhook } from './webhook.js';
import { contactsRest, crmRecords } from './crm-records.js';
import { campaignsRest, crmWorkspace } from './crm-workspace.js';

const contacts: CmdSpec = {
  name: 'contacts',
  summary: 'Contacts: list, create and import (tool endpoint), stats, funnels, export',
  subcommands: [...contactsMcp, ...contactsRest],
};

const campaigns: CmdSpec = {
  name: 'campaigns',
  summary: 'Campaigns: insights, report, publish, recurrence, send (tool endpoint)',
  subcommands: [...campaignsRest, ...campaignsMcp],
};

export const commands: CmdSpec[] = [
  chat,
  templates,
  flows,
  contacts,
  campaigns,
  ...crmRecords,
  ...crmWorkspace,
  auth,
  mcp,
  webhook,
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
