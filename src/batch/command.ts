// What every batch command shares around the engine: its flag values, a client that Ctrl-C does
// not abort mid-request, and how a summary becomes an exit code.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../core/context.js';
import { CliError, EXIT, InterruptedError, UsageError } from '../core/errors.js';
import type { BatchOptions, BatchSummary } from './engine.js';

function intFlag(v: unknown, flag: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) throw new UsageError(`${flag}: must be a whole number from ${min} to ${max}, got "${s}"`);
  return Number(s);
}

function rateFlag(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--rate: must be a positive number of requests a second, got "${String(v)}"`);
  return n;
}

type CommonOptions = Pick<BatchOptions<unknown>, 'journal' | 'results' | 'resume' | 'retryUncertain' | 'concurrency' | 'rate' | 'maxErrors' | 'dryRun' | 'io' | 'signal'>;

/** The engine options that come from BATCH_OPTIONS and the context, validated. */
export function batchFlags(ctx: Context, opts: Record<string, unknown>): CommonOptions {
  return {
    concurrency: intFlag(opts.concurrency, '--concurrency', 1, 1024) ?? 8,
    maxErrors: intFlag(opts.maxErrors, '--max-errors', 0, Number.MAX_SAFE_INTEGER),
    rate: rateFlag(opts.rate),
    journal: opts.journal as string | undefined,
    results: opts.results as string | undefined,
    resume: Boolean(opts.resume),
    retryUncertain: Boolean(opts.retryUncertain),
    dryRun: ctx.settings.dryRun,
    io: ctx.io,
    signal: ctx.signal,
  };
}

/**
 * A client for the batch whose requests are not aborted by Ctrl-C: the engine stops
 * dispatching on ctx.signal and lets the requests in flight finish and be journaled.
 */
export async function batchClient(ctx: Context): Promise<ApiClient> {
  const base = await ctx.api({ longRunning: true });
  const Client = base.constructor as new (opts: ApiClient['opts']) => ApiClient;
  // One key for the whole run, read once: without CHATCRM_API_KEY each read parses the
  // credentials file, synchronously, on every request.
  let key: string | undefined;
  return new Client({ ...base.opts, apiKey: () => (key ??= base.opts.apiKey()), signal: undefined });
}

/** Print the summary; exit 0 only when every row was done, 130 when interrupted, else 5 (2 for an invalid dry run). */
export async function finishBatch(ctx: Context, summary: BatchSummary, verb = 'sent'): Promise<void> {
  await ctx.print(summary);
  const notDone = summary.failed + summary.uncertain + summary.skipped_uncertain;
  if (summary.status === 'interrupted') throw new InterruptedError(`Interrupted: ${summary.sent} ${verb}, ${notDone} not ${verb}; continue with --resume`);
  if (ctx.settings.dryRun) {
    if (summary.failed) throw new UsageError(`${summary.failed} of ${summary.rows} rows are invalid (dry run: nothing was sent)`);
    return;
  }
  if (notDone || summary.status === 'stopped') {
    const why = summary.stop_reason ? ` (stopped: ${summary.stop_reason})` : '';
    throw new CliError(
      `${notDone} of ${summary.rows} rows not ${verb}: ${summary.failed} failed, ${summary.uncertain + summary.skipped_uncertain} uncertain${why}`,
      EXIT.rejected,
      undefined,
      'batch_incomplete',
    );
  }
}
