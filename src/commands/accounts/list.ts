// accounts: the business accounts the service reveals. No endpoint lists them; senders and
// templates carry a `business_account_id`, so those are the accounts a newcomer can use for
// `--account` and the profile's `business-account`.
import type { ApiClient } from '../../api/client.js';
import type { OperationId } from '../../api/operations.js';
import { morePages, shapeOf } from '../../core/output/shape.js';
import type { Prompter } from '../../core/prompter.js';
import { sanitizeCell } from '../../core/sanitize.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import { UsageError } from '../../core/errors.js';

export interface Account {
  business_account_id: string;
  senders: string[];
  templates: number;
}

/** A few pages at most: enough to find the accounts, not a crawl of every template. */
const MAX_PAGES = 10;

async function records(api: ApiClient, id: OperationId): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await api.call(id, { query: { page, limit: 100 }, retries: 0 });
    const shape = shapeOf(res.body);
    out.push(...(shape.records ?? []));
    if (!shape.records?.length || !morePages(shape.pagination, out.length)) break;
  }
  return out;
}

/** The accounts named by the senders and templates the key can see, in the order first seen. */
export async function revealedAccounts(api: ApiClient): Promise<Account[]> {
  const [senders, templates] = await Promise.all([records(api, 'chat.senders'), records(api, 'templates.list')]);
  const accounts = new Map<string, Account>();
  const account = (id: unknown) => {
    if (typeof id !== 'string' || id === '') return undefined;
    return accounts.get(id) ?? accounts.set(id, { business_account_id: id, senders: [], templates: 0 }).get(id)!;
  };
  for (const s of senders) account(s.business_account_id)?.senders.push(String(s.sender_id));
  for (const t of templates) {
    const a = account(t.business_account_id);
    if (a) a.templates++;
  }
  return [...accounts.values()];
}

/** The accounts for an error or a prompt, quietly none when the service cannot be asked. */
export async function accountsHint(api: ApiClient): Promise<string[]> {
  try {
    return (await revealedAccounts(api)).map((a) => a.business_account_id);
  } catch {
    return [];
  }
}

const OTHER = '\u0000other';

/**
 * A business account chosen from those the service reveals, or typed when it reveals none
 * (or the user picks another); `none` offers no account at all (login's optional default).
 */
export async function chooseAccount(api: ApiClient, prompter: Prompter, o: { message: string; current?: string; none?: boolean }): Promise<string | undefined> {
  const found = await accountsHint(api);
  const typed = async () => (await prompter.input({ message: `${o.message} id${o.none ? ' (optional)' : ''}`, default: o.current, validate: (v) => Boolean(o.none || v.trim()) || 'is required' })).trim() || undefined;
  if (!found.length) return typed();
  const choice = await prompter.select({
    message: o.message,
    default: o.current && found.includes(o.current) ? o.current : undefined,
    choices: [
      ...found.map((id) => ({ name: sanitizeCell(id), value: id })),
      { name: '(another id)', value: OTHER },
      ...(o.none ? [{ name: '(none)', value: '' }] : []),
    ],
  });
  return choice === OTHER ? typed() : choice || undefined;
}

export const run: Run<OptsOf<[]>> = async (ctx, { args }) => {
  if (args.COMMAND !== undefined && args.COMMAND !== 'list') throw new UsageError(`accounts: unknown command '${args.COMMAND}' (accounts and accounts list both list the accounts)`);
  const accounts = await revealedAccounts(await ctx.api());
  await ctx.print({ data: accounts }, { id: 'business_account_id', columns: ['business_account_id', 'senders', 'templates'], drop: ['templates'] });
};
