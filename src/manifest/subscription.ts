// Subscription (docs/service-api.md 4.10): the plan, its usage and its gateway; `create` picks the gateway's route.
import { idArg } from './common.js';
import type { CmdSpec } from './types.js';
import { CREATE_OPTIONS } from '../commands/subscription/options.js';

/** Cancel and resume print the new state in one line; the record with --json. */
const SUB_STATE = 'Subscription {_id} is now {status}';

export const subscription: CmdSpec = {
  name: 'subscription',
  summary: 'The tenant subscription: plan, features, usage',
  subcommands: [
    {
      name: 'show',
      summary: 'Current plan, features and usage',
      op: { id: 'subscription.show', view: { id: 'subscription._id', summary: 'subscription' } },
      examples: ['chatcrm subscription show', 'chatcrm subscription show -q   # the subscription id', 'chatcrm subscription show --json --fields plan.features'],
    },
    {
      name: 'usage',
      summary: 'Plan usage against its limits',
      op: { id: 'subscription.usage', view: { summary: 'usage' } },
      examples: ['chatcrm subscription usage', 'chatcrm subscription usage --json'],
    },
    {
      name: 'checkout-url',
      summary: 'A checkout URL to pay for or change a plan',
      options: [{ flags: '--plan <id>', description: 'plan to check out' }],
      op: { id: 'subscription.checkoutUrl', query: { plan: 'plan_id' } },
      examples: ['chatcrm subscription checkout-url', 'chatcrm subscription checkout-url --plan plan_pro -q'],
    },
    {
      name: 'create',
      summary: 'Subscribe to a plan through a payment gateway',
      options: CREATE_OPTIONS,
      load: () => import('../commands/subscription/create.js'),
      examples: ['chatcrm subscription cancel "$(chatcrm subscription show -q)" --yes && chatcrm subscription create --gateway gatewayone --plan plan_business   # switch plans'],
    },
    {
      name: 'cancel',
      summary: 'Cancel a subscription',
      args: [idArg('SUBSCRIPTION_ID', 'subscription id')],
      op: { id: 'subscription.cancel', destructive: true, view: { state: SUB_STATE } },
      examples: ['chatcrm subscription cancel SUBSCRIPTION_ID --yes'],
    },
    {
      name: 'resume',
      summary: 'Resume a cancelled subscription',
      args: [idArg('SUBSCRIPTION_ID', 'subscription id')],
      op: { id: 'subscription.resume', view: { state: SUB_STATE } },
      examples: ['chatcrm subscription resume SUBSCRIPTION_ID'],
    },
  ],
};
