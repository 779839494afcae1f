// Pieces of command declarations shared by the areas: list query, id arguments, and the
// commands several areas declare alike (list, get, delete, an action on a record).
import type { OperationId } from '../api/operations.js';
import type { View } from '../core/output/print.js';
import { LIST_OPTIONS } from '../runtime/option-lists.js';
import type { ArgSpec, CmdSpec } from './types.js';

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
