// accounts: the business accounts the service reveals (no endpoint lists them).
import type { CmdSpec } from './types.js';

export const accounts: CmdSpec = {
  name: 'accounts',
  summary: 'List the business accounts the service reveals (from senders and templates)',
  description:
    "The service has no list of business accounts; its senders and templates carry a business_account_id. These are the ids for `templates create --account` and the profile's business-account.",
  // `accounts list` too: every other area lists with `list`, and newcomers type it.
  args: [{ name: 'COMMAND', description: 'list (optional): `accounts list` is `accounts`', choices: ['list'] }],
  examples: ['chatcrm accounts', 'chatcrm accounts list', 'chatcrm profiles set business-account "$(chatcrm accounts -q | head -n1)"'],
  load: () => import('../commands/accounts/list.js'),
};
