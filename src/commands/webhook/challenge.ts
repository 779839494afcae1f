// webhook challenge: the provider's verification handshake; the endpoint must echo the challenge.
import { randomInt } from 'node:crypto';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { CHALLENGE_OPTIONS } from './options.js';

export const run: Run<OptsOf<typeof CHALLENGE_OPTIONS>> = async (ctx, { opts }) => {
  if (!opts.verifyToken) throw new UsageError('--verify-token: required');
  const challenge = opts.challenge || String(randomInt(1e9, 1e10 - 1));
  const api = await ctx.api();
  const res = await api.call('webhook.challenge', { query: { 'hub.mode': 'subscribe', 'hub.verify_token': opts.verifyToken, 'hub.challenge': challenge } });
  if (res.dryRun) return;
  const echoed = typeof res.body === 'string' ? res.body.trim() : res.body === undefined ? '' : JSON.stringify(res.body);
  if (echoed !== challenge) throw new CliError(`The endpoint answered ${JSON.stringify(echoed).slice(0, 80)} instead of the challenge ${challenge}`, EXIT.rejected);
  await ctx.print({ verified: true, challenge }, { success: 'The endpoint echoed the challenge' });
};
