// subscription create: the gateway picks the operation (create-gatewayone|two|three).
import { UsageError } from '../../core/errors.js';
import type { OperationId } from '../../api/operations.js';
import type { Run } from '../../runtime/command-types.js';
import { buildOpRequest } from '../op.js';

const GATEWAYS = ['gatewayone', 'gatewaytwo', 'gatewaythree'] as const;
const OPS: Record<(typeof GATEWAYS)[number], OperationId> = {
  gatewayone: 'subscription.createGatewayone',
  gatewaytwo: 'subscription.createGatewaytwo',
  gatewaythree: 'subscription.createGatewaythree',
};

export const run: Run = async (ctx, input) => {
  const gateway = input.opts.gateway as string | undefined;
  if (!gateway || !(GATEWAYS as readonly string[]).includes(gateway)) throw new UsageError(`--gateway: give one of ${GATEWAYS.join(', ')}`);
  const id = OPS[gateway as (typeof GATEWAYS)[number]];
  const { body } = await buildOpRequest(ctx, { id, fields: { plan: 'plan_id' } }, input);
  const api = await ctx.api();
  const res = await api.call(id, { json: body });
  if (!res.dryRun) await ctx.print(res.body);
};
