// subscription create: the gateway picks the operation (create-gatewayone|two|three).
import { UsageError } from '../../core/errors.js';
import type { OperationId } from '../../api/operations.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { CREATE_OPTIONS } from './options.js';
import { buildOpRequest } from '../op.js';

type Opts = OptsOf<typeof CREATE_OPTIONS>;
const OPS: Record<NonNullable<Opts['gateway']>, OperationId> = {
  gatewayone: 'subscription.createGatewayone',
  gatewaytwo: 'subscription.createGatewaytwo',
  gatewaythree: 'subscription.createGatewaythree',
};

export const run: Run<Opts> = async (ctx, input) => {
  const { gateway } = input.opts;
  if (!gateway) throw new UsageError(`--gateway: give one of ${Object.keys(OPS).join(', ')}`);
  const id = OPS[gateway];
  const { body } = await buildOpRequest(ctx, { id, fields: { plan: 'plan_id' } }, input);
  const api = await ctx.api();
  const res = await api.call(id, { json: body });
  if (!res.dryRun) await ctx.print(res.body);
};
