// chatcrm completion SHELL: the same script as completions/, generated from the live tree.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';
import { completion, SHELLS, type Shell } from '../../completion/generate.js';

export const run: Run = async (ctx, { args }) => {
  const shell = String(args.SHELL ?? '');
  if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`SHELL: unknown shell "${shell}" (use ${SHELLS.join(', ')})`);
  ctx.io.out(completion(shell as Shell));
};
