// Every top-level command, in the order `chatcrm --help` lists it, by the name the command line
// gives it: each spec loaded alone, so that a run builds the command it names, not the tree
// (index.ts loads them all). A new top-level command goes here, and nowhere else.
import type { CmdSpec } from './types.js';

export const topLevel: Record<string, () => Promise<CmdSpec>> = {
  chat: () => import('./chat.js').then((m) => m.chat),
  templates: () => import('./templates.js').then((m) => m.templates),
  accounts: () => import('./accounts.js').then((m) => m.accounts),
  flows: () => import('./flows.js').then((m) => m.flows),
  contacts: () => import('./contacts.js').then((m) => m.contacts),
  campaigns: () => import('./campaigns.js').then((m) => m.campaigns),
  segments: () => import('./segments.js').then((m) => m.segments),
  tags: () => import('./tags.js').then((m) => m.tags),
  'custom-fields': () => import('./custom-fields.js').then((m) => m.customFields),
  currencies: () => import('./currencies.js').then((m) => m.currencies),
  subscription: () => import('./subscription.js').then((m) => m.subscription),
  teams: () => import('./teams.js').then((m) => m.teams),
  taxes: () => import('./taxes.js').then((m) => m.taxes),
  'quick-replies': () => import('./quick-replies.js').then((m) => m.quickReplies),
  chatbots: () => import('./chatbots.js').then((m) => m.chatbots),
  'message-status': () => import('./message-status.js').then((m) => m.messageStatus),
  'reply-materials': () => import('./reply-materials.js').then((m) => m.replyMaterials),
  notifications: () => import('./notifications.js').then((m) => m.notifications),
  auth: () => import('./auth.js').then((m) => m.auth),
  mcp: () => import('./mcp.js').then((m) => m.mcp),
  webhook: () => import('./webhook.js').then((m) => m.webhook),
  workspace: () => import('./workspace.js').then((m) => m.workspace),
  login: () => import('./local.js').then((m) => m.login),
  logout: () => import('./local.js').then((m) => m.logout),
  profiles: () => import('./local.js').then((m) => m.profiles),
  whoami: () => import('./local.js').then((m) => m.whoami),
  doctor: () => import('./local.js').then((m) => m.doctor),
  api: () => import('./local.js').then((m) => m.api),
  openapi: () => import('./local.js').then((m) => m.openapi),
  completion: () => import('./local.js').then((m) => m.completion),
  sandbox: () => import('./sandbox.js').then((m) => m.sandbox),
};
