// webhook sign: print the signature of the exact bytes of a payload.
import type { Run } from '../../runtime/command-types.js';
import { readPayload, readSecret } from '../../webhook/input.js';
import { sign } from '../../webhook/signature.js';

export const run: Run = async (ctx, { opts }) => {
  const secret = await readSecret(ctx, opts);
  const body = await readPayload(ctx, opts.file);
  ctx.io.out(sign(secret, body));
};
