// webhook verify: exit 0 when the signature matches the payload, 1 otherwise.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { VERIFY_OPTIONS } from './options.js';
import { readPayload, readSecret } from '../../webhook/input.js';
import { verify } from '../../webhook/signature.js';

export const run: Run<OptsOf<typeof VERIFY_OPTIONS>> = async (ctx, { opts }) => {
  if (!opts.signature?.trim()) throw new UsageError('--signature: required (sha256=<hex>)');
  if (!/^sha256=[0-9a-f]{64}$/i.test(opts.signature.trim())) throw new UsageError('--signature: expected sha256= followed by 64 hex digits');
  const secret = await readSecret(ctx, opts);
  const body = await readPayload(ctx, opts.file);
  if (verify(secret, body, opts.signature)) {
    ctx.io.out('valid');
    return 0;
  }
  ctx.io.out('invalid');
  ctx.io.err('The signature does not match the payload');
  return 1;
};
