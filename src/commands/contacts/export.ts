// contacts export [--wait [-O PATH|-]]: start the export job; with --wait, follow it (spinner
// on a TTY) and download the file, the three steps of export, export-status and
// export-download in one command, by the same code.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { shapeOf } from '../../core/output/shape.js';
import type { CmdSpec, Run } from '../../runtime/command-types.js';
import type { DATA_OPTION, OptsOf } from '../../runtime/options.js';
import type { EXPORT_OPTIONS } from './options.js';
import { buildOpRequest, opRunner } from '../op.js';
import { failed, readJob, waitFlags } from './export-status.js';

const exportSpec = (commands: CmdSpec[]) => commands.find((c) => c.name === 'contacts')!.subcommands!.find((c) => c.name === 'export')!;

/** -O checked before the job starts: a download refused at the end wastes the whole export. */
function checkOutput(output: string | undefined, force: boolean): void {
  if (output === undefined || output === '-') return;
  const p = resolve(output);
  if (existsSync(p) && !statSync(p).isDirectory() && !force) throw new UsageError(`${p} exists: pass --force to overwrite it`);
  if (!existsSync(dirname(p))) throw new UsageError(`-O, --output-file: no such folder: ${dirname(p)}`);
}

/** Its options and --data (an `op` entry's with `data`: the body the export starts with). */
export const run: Run<OptsOf<[...typeof EXPORT_OPTIONS, typeof DATA_OPTION]>> = async (ctx, input) => {
  const { opts } = input;
  const spec = exportSpec(await input.commands());
  if (!opts.wait) {
    for (const [flag, given] of [['-O, --output-file', opts.outputFile], ['--force', opts.force], ['--wait-timeout', opts.waitTimeout]] as const) {
      if (given !== undefined) throw new UsageError(`${flag}: only with --wait`);
    }
    return opRunner(spec)(ctx, input);
  }
  const flags = waitFlags(opts);
  checkOutput(opts.outputFile, Boolean(opts.force));
  const { body } = await buildOpRequest(ctx, spec.op!, input);
  const res = await (await ctx.api()).call('contacts.export', { json: body });
  if (res.dryRun) return;
  const jobId = (shapeOf(res.body).item as { job_id?: unknown } | undefined)?.job_id;
  if (typeof jobId !== 'string' || jobId === '') throw new UsageError('The service started no export job (no job_id in its answer)');
  const { job } = await readJob(ctx, jobId, flags);
  if (job.status === 'failed') throw failed(jobId, job);
  if (!job.file_name) throw new UsageError(`export ${jobId} completed without a file name; see \`chatcrm contacts export-status ${jobId}\``);
  const download = await import('./export-download.js');
  return download.run(ctx, { ...input, args: { FILE_NAME: job.file_name }, opts: { outputFile: opts.outputFile, force: opts.force } });
};
