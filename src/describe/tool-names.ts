// The name of each operation as the CLI names the command that runs it (`flows toggle-pause` →
// `flows_toggle_pause`): the MCP tool of `chatcrm mcp serve`, the operationId of `chatcrm
// openapi` and what a sandbox --fault may target. Derived from the operations table alone, so
// that the sandbox (and `chatcrm/sandbox`) names faults without loading the command tree;
// test/unit/tool-names.test.ts checks every name against the tree.
import { operations, type OperationId } from '../api/operations.js';

export const snake = (s: string) => s.replace(/-/g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Operations whose command is not named `<area> <verb>` after their id. */
const NAMES: Partial<Record<OperationId, string>> = {
  'chat.sendFile': 'chat_send_file',
  'chat.groups': 'chat_groups_list',
  'chat.groupMembers': 'chat_groups_members',
  'chat.groupSend': 'chat_groups_send',
  'campaigns.setupRecurring': 'campaigns_recurring',
  'quickReplies.admin': 'quick_replies_list_admin',
  'flows.statistics': 'flows_stats',
  // `<area> delete ID...` takes several ids: the bulk operation.
  'tags.deleteMany': 'tags_delete',
  'customFields.deleteMany': 'custom_fields_delete',
  'currencies.deleteMany': 'currencies_delete',
  'teams.deleteMany': 'teams_delete',
  'quickReplies.deleteMany': 'quick_replies_delete',
};

export function toolName(id: OperationId): string {
  const [area, verb] = id.split('.');
  return NAMES[id] ?? `${snake(area)}_${snake(verb)}`;
}

/** What a --fault may name: the tool name (chat_send) or the table's id (chat.send). */
export function operationNames(): Map<string, OperationId> {
  const names = new Map<string, OperationId>();
  for (const id of Object.keys(operations) as OperationId[]) names.set(id, id).set(toolName(id), id);
  return names;
}

/**
 * A tool's name as compared, whatever the server's spelling: NFKC, case folded, Unicode's
 * ignorable characters (a soft hyphen, a zero-width space) dropped, surrounding space trimmed —
 * close to Unicode's NFKC_Casefold. `Send_Campaign`, `send_campaign ` and `ｓｅｎｄ＿ｃａｍｐａｉｇｎ` are
 * one tool; folding upper then lower also joins `ß` and `ss`, which can only make `mcp call` ask more.
 */
export function toolKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().replace(/\p{Default_Ignorable_Code_Point}/gu, '').normalize('NFKC').trim();
}
