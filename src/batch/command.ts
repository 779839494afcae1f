// What every batch command shares around the engine: its flag values, a client that Ctrl-C does
// not abort mid-request, and how a summary becomes the summary line and an exit code.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../runtime/context.js';
import type { OptsOf } from '../runtime/options.js';
import type { BATCH_OPTIONS } from '../runtime/option-lists.js';
import { AuthError, CliError, EXIT, InterruptedError, NetworkError, UsageError } from '../core/errors.js';
import { Pacer } from './limiter.js';
import { isSignal, signalExit } from './stop.js';
import type { BatchOptions, BatchSummary } from './types.js';
import { delimiterFlag } from './reader.js';

function intFlag(v: unknown, flag: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) throw new UsageError(`${flag}: must be a whole number from ${min} to ${max}, got "${s}"`);
  return Number(s);
}

/** --rate N: the pacer every request of the command shares, on the context's clock. */
function rateFlag(ctx: Context, v: unknown): Pacer | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--rate: must be a positive number of requests a second, got "${String(v)}"`);
  return new Pacer(n, ctx.clock);
}

type CommonOptions = Pick<
  BatchOptions<unknown>,
  'journal' | 'results' | 'resume' | 'restart' | 'retryUncertain' | 'newMessage' | 'concurrency' | 'pace' | 'maxErrors' | 'timeoutMs' | 'clock' | 'delimiter' | 'strict' | 'dryRun' | 'io' | 'signal' | 'host'
>;

/** The engine options that come from BATCH_OPTIONS and the context, validated. */
export function batchFlags(ctx: Context, opts: OptsOf<typeof BATCH_OPTIONS> & { newMessage?: true }): CommonOptions {
  try {
    // Read now, so the IO knows the key as a secret before any server text can echo it.
    ctx.settings.apiKey();
  } catch {
    // no key yet: the first request says so
  }
  return {
    concurrency: intFlag(opts.concurrency, '--concurrency', 1, 1024) ?? 8,
    maxErrors: intFlag(opts.maxErrors, '--max-errors', 0, Number.MAX_SAFE_INTEGER),
    pace: rateFlag(ctx, opts.rate),
    journal: opts.journal,
    results: opts.results,
    resume: Boolean(opts.resume),
    restart: Boolean(opts.restart),
    retryUncertain: Boolean(opts.retryUncertain),
    newMessage: Boolean(opts.newMessage),
    strict: Boolean(opts.strict),
    delimiter: delimiterFlag(opts.delimiter),
    timeoutMs: ctx.settings.timeoutMs,
    clock: ctx.clock,
    dryRun: ctx.settings.dryRun,
    io: ctx.io,
    signal: ctx.signal,
    host: ctx.host,
  };
}

/**
 * A client for the batch whose requests are not aborted by Ctrl-C: the engine stops
 * dispatching on ctx.signal and lets the requests in flight finish and be journaled.
 */
export async function batchClient(ctx: Context): Promise<ApiClient> {
  // One key for the whole run, read once: without CHATCRM_API_KEY each read parses the
  // credentials file, synchronously, on every request.
  let key: string | undefined;
  return ctx.newClient({ longRunning: true, apiKey: () => (key ??= ctx.settings.apiKey()), signal: undefined });
}

const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

/** `300 rows: 0 sent, 1 failed, 0 uncertain, 299 not sent (stopped: Invalid API key)` */
export function summaryLine(s: BatchSummary, verb = 'sent'): string {
  const parts = [`${s.sent} ${verb}`, `${s.failed} failed`, `${s.uncertain} uncertain`];
  if (s.skipped) parts.push(`${s.skipped} skipped`);
  parts.push(`${s.not_sent} not ${verb}`);
  const why = s.stop_reason ? ` (stopped: ${s.stop_reason})` : '';
  return `${rows(s.rows)}: ${parts.join(', ')}${why}`;
}

/**
 * Print the summary (the line in human output, the object otherwise); exit 0 only when every
 * row was done; 3 when the key was refused; 7 when the server could not be reached; 130/143/129 after SIGINT/SIGTERM/SIGHUP; else 5
 * (2 for a dry run that found invalid rows).
 */
export async function finishBatch(ctx: Context, summary: BatchSummary, verb = 'sent'): Promise<void> {
  if (ctx.settings.output === 'table' && !ctx.settings.quiet) {
    if (summary.request !== undefined) ctx.io.out(JSON.stringify(summary.request, null, 2));
    ctx.io.out(summaryLine(summary, verb));
  } else {
    await ctx.print(summary);
  }
  const notDone = summary.failed + summary.uncertain + summary.skipped_uncertain + summary.not_sent;
  if (ctx.settings.dryRun) {
    if (summary.failed) throw new UsageError(`${summary.failed} of ${rows(summary.rows)} are invalid (dry run: nothing was sent)`);
    if (summary.status !== 'interrupted') return;
  }
  const counts = `${notDone} of ${rows(summary.rows)} not ${verb}: ${summary.failed} failed, ${summary.uncertain + summary.skipped_uncertain} uncertain, ${summary.not_sent} not ${verb}`;
  if (isSignal(summary.stopped_by)) {
    throw new InterruptedError(`Interrupted by ${summary.stopped_by}: ${counts}; continue with --resume`, signalExit(summary.stopped_by));
  }
  if (summary.stopped_by === 'auth') throw new AuthError(`${summary.stop_reason}: ${counts}; fix the key, then continue with --resume`);
  if (summary.stopped_by === 'config') throw new UsageError(`${summary.stop_reason}: ${counts}; nothing was sent`);
  if (summary.stopped_by === 'network') throw new NetworkError(`${summary.stop_reason}: ${counts}; continue with --resume once it answers`, false);
  if (notDone || summary.status === 'stopped') {
    const why = summary.stop_reason ? ` (stopped: ${summary.stop_reason})` : '';
    throw new CliError(`${counts}${why}`, EXIT.rejected, undefined, 'batch_incomplete');
  }
}
