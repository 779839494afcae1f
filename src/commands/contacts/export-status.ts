// contacts export-status JOB_ID [--wait]: one read, or poll (spinner on a TTY) until the
// job completes or fails, or the wait times out.
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import type { Context } from '../../runtime/context.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { EXPORT_STATUS_OPTIONS } from './options.js';
import { shapeOf } from '../../core/output/shape.js';

export interface Job {
  status?: string;
  file_name?: string;
  progress?: number;
  error?: string;
}

function seconds(value: unknown, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (String(value).trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`${flag}: must be a positive number of seconds`);
  return n;
}

export interface WaitFlags {
  wait: boolean;
  timeoutMs: number;
  intervalMs: number;
}

export function waitFlags(opts: OptsOf<typeof EXPORT_STATUS_OPTIONS>): WaitFlags {
  return { wait: Boolean(opts.wait), timeoutMs: seconds(opts.waitTimeout, '--wait-timeout', 300) * 1000, intervalMs: seconds(opts.interval, '--interval', 1) * 1000 };
}

/**
 * The job's status: one read, or with `wait` polled (spinner on a TTY) until it completes or fails,
 * on the context's clock: a poll may fall on the deadline, not after it.
 */
export async function readJob(ctx: Context, jobId: string, { wait, timeoutMs, intervalMs }: WaitFlags) {
  const api = await ctx.api();
  const read = async () => {
    const res = await api.call('contacts.exportStatus', { params: { job_id: jobId } });
    return { res, job: (shapeOf(res.body).item ?? {}) as Job };
  };
  let { res, job } = await read();
  if (res.dryRun || !wait) return { res, job };
  const deadline = ctx.clock.now() + timeoutMs;
  const status = () => `Export ${jobId}: ${job.status ?? 'unknown'}${job.progress !== undefined ? ` (${job.progress}%)` : ''}`;
  const spin = await ctx.io.spinner(status());
  try {
    while (job.status !== 'completed' && job.status !== 'failed') {
      if (ctx.clock.now() + intervalMs > deadline) {
        throw new CliError(`export ${jobId} is still ${job.status ?? 'pending'} after ${timeoutMs / 1000}s; run export-status again later`, EXIT.server, undefined, 'timeout');
      }
      await ctx.clock.sleep(intervalMs, ctx.signal);
      ({ res, job } = await read());
      spin?.update(status());
    }
  } finally {
    spin?.stop();
  }
  return { res, job };
}

export const failed = (jobId: string, job: Job) => new CliError(`export ${jobId} failed${job.error ? `: ${job.error}` : ''}`, EXIT.rejected, undefined, 'export_failed');

export const run: Run<OptsOf<typeof EXPORT_STATUS_OPTIONS>> = async (ctx, { args, opts }) => {
  const jobId = String(args.JOB_ID ?? '');
  if (jobId.trim() === '') throw new UsageError('job_id: must not be empty');
  const { res, job } = await readJob(ctx, jobId, waitFlags(opts));
  if (res.dryRun) return;
  await ctx.print(res.body);
  if (job.status === 'failed') throw failed(jobId, job);
  if (job.status === 'completed' && job.file_name && ctx.settings.output === 'table') {
    ctx.io.err(`Download it with: chatcrm contacts export-download ${job.file_name}`);
  }
};
