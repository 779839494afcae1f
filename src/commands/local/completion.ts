// chatcrm completion SHELL: the same script as completions/ (it asks `chatcrm __complete`).
// Without SHELL, the error lists the shells and the per-user line.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import { completionScript, SHELLS, type Shell } from '../../completion/scripts.js';

export const run: Run<OptsOf<[]>> = async (ctx, { args }) => {
  if (args.SHELL === undefined) {
    throw new UsageError(`SHELL: which shell? one of ${SHELLS.join(', ')} (for bash: eval "$(chatcrm completion bash)" in ~/.bashrc; see chatcrm completion --help)`);
  }
  const shell = String(args.SHELL);
  if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`SHELL: unknown shell "${shell}" (use ${SHELLS.join(', ')})`);
  ctx.io.out(completionScript(shell as Shell));
};
