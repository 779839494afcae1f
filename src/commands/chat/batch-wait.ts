// chat send-batch --wait delivered|read: after the sends, follow every sent message in bulk
// (wait.ts: the status query, ids in chunks), with one redrawn line of the funnel on a terminal
// and a line every few seconds otherwise. The results file is then written again whole, with
// `final_status` as its last column and a failed message's reason in `error`.
import { readFileSync } from 'node:fs';
import type { Pacer } from '../../batch/limiter.js';
import type { BatchSummary } from '../../batch/types.js';
import { formatDuration } from '../../batch/progress.js';
import { writeAtomic } from '../../core/atomic-write.js';
import type { Context } from '../../runtime/context.js';
import { csvText } from '../../core/sanitize.js';
import { follow, funnel, funnelText, settled, waitError, type Followed, type WaitSpec } from '../wait/wait.js';

/** What the wait adds to the batch's summary. */
export interface WaitSummary {
  /** Messages in each status when the wait ended. */
  final_status: Record<string, number>;
  waited_s: number;
}

/** The results file's rows as cells (it is written one record a line, cells quoted by csvText). */
async function readResults(path: string): Promise<string[][]> {
  const { parse } = await import('csv-parse/sync');
  return parse(readFileSync(path, 'utf8'), { relax_column_count: true }) as string[][];
}

/**
 * The results with `final_status` as the last column (added, or the one a resume kept, updated):
 * a row's message's status, and a failure's reason in `error` (once).
 */
export function withFinalStatus(rows: string[][], byId: Map<string, Followed>, scrub: (s: string) => string): string {
  const [header, ...body] = rows;
  const kept = header.at(-1) === 'final_status';
  const lines = [[...(kept ? header.slice(0, -1) : header), 'final_status'].map((c) => csvText(c, false)).join(',')];
  for (const cells of body) {
    const m = cells[3] ? byId.get(cells[3]) : undefined;
    const own = kept ? cells.slice(0, header.length - 1) : cells;
    const out = own.map((c) => csvText(c, false));
    if (m?.status === 'failed' && m.error && !(cells[4] ?? '').includes(m.error)) out[4] = csvText(scrub([cells[4], m.error].filter(Boolean).join('; ')));
    lines.push([...out, m ? csvText(scrub(m.status)) : kept ? csvText(cells[header.length - 1] ?? '', false) : ''].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The funnel on stderr while waiting: redrawn on a terminal, every 5 s otherwise. */
function funnelProgress(ctx: Context, spec: WaitSpec, started: number) {
  const io = ctx.io;
  let last = started;
  const line = (m: Followed[]) => {
    const done = m.filter((f) => settled(f, spec.target)).length;
    return `send-batch: waiting for ${spec.target}: ${done}/${m.length} settled (${funnelText(m)}) ${formatDuration((ctx.clock.now() - started) / 1000)}`;
  };
  return {
    show(m: Followed[]) {
      if (io.stderrIsTTY) return io.redraw(line(m));
      if (ctx.clock.now() - last < 5000) return;
      last = ctx.clock.now();
      io.err(line(m));
    },
    end: () => io.stderrIsTTY && io.redraw(),
  };
}

/**
 * Follow this run's sends, and with --results the rows of that file sent by an earlier run
 * (--resume): never a message the file does not list. Returns what ends the command after the
 * summary (exit 5, 8, or the wait's own stop: 7, 130), undefined when every message got there.
 */
export async function waitForBatch(ctx: Context, spec: WaitSpec, sentIds: string[], summary: BatchSummary & Partial<WaitSummary>, pace?: Pacer): Promise<unknown> {
  const rows = summary.results ? await readResults(summary.results) : undefined;
  const ids = new Set(sentIds);
  for (const cells of rows?.slice(1) ?? []) if (cells[2] === 'sent' && cells[3]) ids.add(cells[3]);
  const started = ctx.clock.now();
  let messages: Followed[] = [...ids].map((message_id) => ({ message_id, status: 'sent' }));
  let problem: unknown;
  // No message sent: nothing to follow, and still the final_status a script reads (all 0).
  if (ids.size) {
    const progress = funnelProgress(ctx, spec, started);
    const done = `the sends are done (${ids.size} message${ids.size === 1 ? '' : 's'})`;
    try {
      const r = await follow(ctx, messages, spec, { onChange: (now) => progress.show((messages = now)), done, pace });
      problem = waitError(r, spec, 'send-batch', done);
    } catch (err) {
      problem = err;
    } finally {
      progress.end();
    }
  }
  Object.assign(summary, { final_status: funnel(messages), waited_s: Number(((ctx.clock.now() - started) / 1000).toFixed(2)) });
  if (summary.results && rows?.length) writeAtomic(summary.results, withFinalStatus(rows, new Map(messages.map((m) => [m.message_id, m])), ctx.io.scrub), 0o600);
  if (ctx.settings.output === 'table' && !ctx.settings.quiet) ctx.io.out(`Waited ${formatDuration(summary.waited_s!)} for ${spec.target}: ${funnelText(messages)}`);
  return problem;
}
