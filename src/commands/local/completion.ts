// chatcrm completion SHELL: the same script as completions/ (it asks `chatcrm __complete`).
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../core/command-types.js';
import { completionScript, SHELLS, type Shell } from '../../completion/scripts.js';

export const run: Run = async (ctx, { args }) => {
  const shell = String(args.SHELL ?? '');
  if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`SHELL: unknown shell "${shell}" (use ${SHELLS.join(', ')})`);
  ctx.io.out(completionScript(shell as Shell));
};
