// Pieces of command declarations shared by the areas: list flags, id arguments, and the
// commands several areas declare alike (list, get, delete, an action on a record).
import type { OperationId } from '../api/operations.js';
import type { View } from '../core/output/print.js';
import type { ArgSpec, CmdSpec, OptSpec } from './types.js';

/** Paging of every list the server pages (commands/list.ts reads them). */
export const PAGE_OPTIONS: OptSpec[] = [
  { flags: '--page <n>', description: 'page number (default 1)' },
  { flags: '--limit <n>', description: 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' },
  { flags: '--all', description: 'every page (jsonl, csv and json stream as pages arrive)' },
  { flags: '--max-items <n>', description: 'stop after N records (implies --all)' },
];

/** --wait and --wait-timeout of every command that sends (commands/wait/wait.ts reads them). */
export const WAIT_OPTIONS: OptSpec[] = [
  { flags: '--wait <status>', description: 'then follow the status until delivered or read (read counts as delivered): exit 5 when any failed (even with others pending), else 8 when --wait-timeout ran out', choices: ['delivered', 'read'] },
  { flags: '--wait-timeout <duration>', description: 'the deadline of the whole wait, polls included: 500ms, 30s, 2m (default 5m)' },
];

/** page / limit / search, the list query parameters the service uses, and --all. */
export const LIST_OPTIONS: OptSpec[] = [...PAGE_OPTIONS, { flags: '--search <text>', description: 'filter by text' }];
export const LIST_QUERY = { search: 'search' };

/**
 * The description of a list the service answers whole (a fixed catalogue, a ranking): it takes
 * no paging flags, and says so in --help and docs/commands.md.
 */
export const unpaged = (summary: string, what: string) => `${summary}. Not paged: the service answers ${what} in one response, so there is no --page, --limit or --all.`;

/** A required id argument (a path parameter). */
export const idArg = (name: string, description: string): ArgSpec => ({ name, description, required: true });

/** One or more ids (a body `ids` list). */
export const idsArg = (description: string): ArgSpec => ({ name: 'IDS', description, required: true, variadic: true });

/** `<group> list` with page/limit/search. */
export const listCommand = (group: string, id: OperationId, what: string, view: View): CmdSpec => ({
  name: 'list',
  summary: `List ${what}`,
  options: LIST_OPTIONS,
  op: { id, query: LIST_QUERY, paged: true, view },
  examples: [`chatcrm ${group} list`, `chatcrm ${group} list --search sales --limit 20 --json`, `chatcrm ${group} list --all -o jsonl`],
});

export const getCommand = (group: string, id: OperationId, what: string, arg: string): CmdSpec => ({
  name: 'get',
  summary: `Show ${what}`,
  args: [idArg(arg, `${what} id`)],
  op: { id },
  examples: [`chatcrm ${group} get ${arg}`, `chatcrm ${group} get ${arg} --json`],
});

/** Bulk delete by ids: `{ ids: [...] }`; `arg` names one id in the examples. */
export const deleteManyCommand = (group: string, name: string, id: OperationId, what: string, arg: string): CmdSpec => ({
  name,
  summary: `Delete ${what} (one or more ids)`,
  args: [idsArg(`${what} ids`)],
  op: { id, list: { arg: 'IDS', field: 'ids' }, destructive: true },
  examples: [`chatcrm ${group} ${name} ${arg} --yes`, `chatcrm ${group} ${name} ${arg} ${arg} --yes`],
});

export const deleteOneCommand = (group: string, id: OperationId, what: string, arg: string): CmdSpec => ({
  name: 'delete',
  summary: `Delete ${what}`,
  args: [idArg(arg, `${what} id`)],
  op: { id, destructive: true },
  examples: [`chatcrm ${group} delete ${arg} --yes`],
});

/** An operation whose body the spec gives as "object": `{}` unless --data says more. */
export const objectActionCommand = (group: string, name: string, id: OperationId, summary: string, arg: string, view?: View): CmdSpec => ({
  name,
  summary,
  args: [idArg(arg, `${arg.toLowerCase().replace(/_/g, ' ')}`)],
  op: { id, data: true, defaultBody: {}, ...(view ? { view } : {}) },
  examples: [`chatcrm ${group} ${name} ${arg}`, `chatcrm ${group} ${name} ${arg} --data '{"note":"x"}'`],
});
