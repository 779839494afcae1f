// Request body schemas by name (`<file>.<export>`), as referenced by operations.ts.
// Each file loads only when one of its schemas is needed, so a command pays for the
// zod code of its own area and no other.
import type * as z from 'zod/mini';

const files: Record<string, () => Promise<Record<string, unknown>>> = {
  chat: () => import('./chat.js'),
  templates: () => import('./templates.js'),
  flows: () => import('./flows.js'),
  auth: () => import('./auth.js'),
  common: () => import('./common.js'),
  segments: () => import('./segments.js'),
  tags: () => import('./tags.js'),
  'custom-fields': () => import('./custom-fields.js'),
  contacts: () => import('./contacts.js'),
  currencies: () => import('./currencies.js'),
  subscription: () => import('./subscription.js'),
  teams: () => import('./teams.js'),
  taxes: () => import('./taxes.js'),
  'quick-replies': () => import('./quick-replies.js'),
  chatbots: () => import('./chatbots.js'),
  'message-status': () => import('./message-status.js'),
  notifications: () => import('./notifications.js'),
  campaigns: () => import('./campaigns.js'),
  sandbox: () => import('./sandbox.js'),
};

export async function loadSchema(ref: string): Promise<z.ZodMiniType> {
  const [file, name] = ref.split('.');
  const mod = await files[file]?.();
  const schema = mod?.[name];
  if (!schema) throw new Error(`unknown schema ${ref}`);
  return schema as z.ZodMiniType;
}
