// webhook sign: print the signature of the exact bytes of a payload.
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SIGN_OPTIONS } from './options.js';
import { readPayload, readSecret } from '../../webhook/input.js';
import { sign } from '../../webhook/signature.js';

export const run: Run<OptsOf<typeof SIGN_OPTIONS>> = async (ctx, { opts }) => {
  const secret = await readSecret(ctx, opts);
  const body = await readPayload(ctx, opts.file);
  ctx.io.out(sign(secret, body));
};
