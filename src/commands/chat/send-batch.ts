// chat send-batch FILE: one message per row through the batch engine. CONTENT flags may
// carry {{column}} placeholders; without them, rows bring their own text / template /
// language / vars (or media, or a raw message) columns.
import type { ApiClient } from '../../api/client.js';
import type { DryRunRequest } from '../../api/types.js';
import { batchClient, batchFlags, finishBatch } from '../../batch/command.js';
import { runBatch } from '../../batch/engine.js';
import { columnName, type Record_ } from '../../batch/reader.js';
import type { Pacer } from '../../batch/limiter.js';
import { accepted } from '../../batch/outcome.js';
import { readTextArg, type Context } from '../../runtime/context.js';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SEND_BATCH_OPTIONS } from './options.js';
import { sentId, waitSpec, type WaitSpec } from '../wait/wait.js';
import { isSignal } from '../../batch/stop.js';
import { buildContent, CONTENT, contentKind, sendCall, type SendCall } from './content.js';
import { normalizePhone, resolveSender } from '../../ops/recipient.js';

/** Flags that make up the message, and may hold placeholders. */
const MESSAGE_FLAGS = [...CONTENT, 'caption', 'filename', 'name', 'address', 'language', 'var', 'headerMedia', 'emoji'] as const;
/** Row columns that carry content when no CONTENT flag is given. */
const ROW_COLUMNS = ['text', 'template', 'language', 'vars', 'message', 'image', 'video', 'audio', 'document', 'caption', 'filename'];

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

const cell = (record: Record_, column: string) => {
  const v = record[column];
  return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
};

/** A flag value with placeholders, split once into literals (even indexes) and column names (odd). */
type Pattern = string[];
/** The CONTENT flags, each value split at its {{column}} placeholders (not a message --template). */
type Placeholders = [flag: string, value: Pattern | Pattern[]][];

/** Split on placeholders; column names match case-insensitively, as the header does. */
const split = (x: string) => x.split(PLACEHOLDER).map((p, i) => (i % 2 ? columnName(p) : p));

const compile = (flags: Record<string, string | string[]>): Placeholders =>
  Object.entries(flags).map(([k, v]) => [k, Array.isArray(v) ? v.map(split) : split(v)]);

/** A {{column}} that is empty in this row: a warning (invalid with --strict). */
type Warn = (message: string) => void;

function fill(parts: Pattern, record: Record_, warn: Warn): string {
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const v = cell(record, parts[i]);
    if (v === '') warn(`{{${parts[i]}}} is empty`);
    out += v + parts[i + 1];
  }
  return out;
}

/** The flags of one row: CONTENT flags with placeholders filled in, or the row's own columns. */
function rowFlags(patterns: Placeholders | undefined, record: Record_, warn: Warn): Record<string, unknown> {
  if (patterns) {
    const flags: Record<string, unknown> = {};
    for (const [k, v] of patterns) flags[k] = typeof v[0] === 'string' ? fill(v as Pattern, record, warn) : (v as Pattern[]).map((p) => fill(p, record, warn));
    return flags;
  }
  const flags: Record<string, unknown> = {};
  for (const c of ROW_COLUMNS) {
    const v = cell(record, c);
    if (v !== '') flags[c] = v;
  }
  if (flags.vars !== undefined) {
    const vars = Array.isArray(record.vars) ? record.vars : safeJson(String(flags.vars), 'vars');
    if (!Array.isArray(vars)) throw new UsageError('vars: must be a JSON array of strings');
    flags.var = vars.map(String);
    delete flags.vars;
  }
  return flags;
}

function safeJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${field}: not valid JSON`);
  }
}

/** The message as given, for the question before a batch: placeholders unfilled. */
/** Who is reached first: how many, from where, the first few (and how many a resume skips); then what they are sent. */
function question(file: string, { rows, sent, first }: { rows: number; sent: number; first: string[] }, message: string): string {
  const named = first.length ? `${first.join(', ')}${rows > first.length ? ', …' : ''}` : '';
  const skip = sent ? `${sent} already sent by an earlier run are skipped` : '';
  const aside = [named, skip].filter(Boolean).join('; ');
  return `Send to ${rows} recipient${rows === 1 ? '' : 's'} from ${file}${aside ? ` (${aside})` : ''}: ${message}?`;
}

function describeMessage(contentFlags: Record<string, string | string[]> | undefined): string {
  const kind = contentFlags && CONTENT.find((k) => contentFlags[k] !== undefined);
  if (!contentFlags || !kind) return "each row's own message";
  if (kind === 'message') return 'the --message JSON';
  const v = String(contentFlags[kind]);
  const shown = v.length > 80 ? `${v.slice(0, 79)}…` : v;
  return kind === 'text' ? JSON.stringify(shown) : `--${kind} ${shown}`;
}

export const run: Run<OptsOf<typeof SEND_BATCH_OPTIONS>> = async (ctx, { args, opts }) => {
  const file = String(args.FILE ?? '');
  if (file === '') throw new UsageError('FILE: a CSV or JSONL file of recipients is required');
  const common = batchFlags(ctx, opts);
  const sent = new SentLog(waitSpec(opts));
  const sender_id = resolveSender(ctx, opts.sender);

  let contentFlags: Record<string, string | string[]> | undefined;
  if (CONTENT.some((k) => opts[k] !== undefined)) {
    contentFlags = {};
    for (const k of MESSAGE_FLAGS) {
      const v = opts[k];
      if (v !== undefined) contentFlags[k] = v;
    }
    if (typeof contentFlags.message === 'string') contentFlags.message = await readTextArg(ctx, contentFlags.message, '--message');
    // Flag mistakes (two content flags, a stray modifier, --template without --language) once, not per row.
    contentKind(contentFlags);
  }
  const placeholders = new Set(
    Object.values(contentFlags ?? {})
      .flat()
      .flatMap((v) => [...v.matchAll(PLACEHOLDER)].map((m) => columnName(m[1]))),
  );
  const patterns = contentFlags && compile(contentFlags);

  let api: Promise<ApiClient> | undefined;
  const client = () => (api ??= batchClient(ctx));
  const summary = await runBatch<SendCall>({
    ...common,
    file,
    message: { sender: sender_id, ...contentFlags },
    label: 'send-batch',
    resultColumns: { key: 'to', id: 'message_id' },
    checkColumns(columns) {
      const have = new Set(columns);
      if (!have.has('to')) throw new UsageError(`FILE: ${file} has no "to" column (columns: ${columns.join(', ') || 'none'})`);
      for (const p of placeholders) if (!have.has(p)) throw new UsageError(`{{${p}}}: ${file} has no column "${p}" (columns: ${columns.join(', ')})`);
      if (!contentFlags && !ROW_COLUMNS.some((c) => have.has(c))) {
        throw new UsageError(`FILE: ${file} has no content column (${ROW_COLUMNS.slice(0, 5).join(', ')}, ...); add one, or give a CONTENT flag such as --text`);
      }
    },
    key: (record) => {
      const raw = cell(record, 'to');
      try {
        return normalizePhone(raw, 'to');
      } catch {
        return raw;
      }
    },
    build(record, _row, warn) {
      const to = normalizePhone(cell(record, 'to'), 'to');
      const flags = rowFlags(patterns, record, warn);
      if (typeof flags.message === 'string') flags.message = safeJson(flags.message, 'message');
      return sendCall(sender_id, to, buildContent(flags));
    },
    // On a terminal, the many recipients are confirmed once; a script's file and command are its
    // intent (no --yes needed without a TTY), and stdin as the input leaves no terminal to ask on.
    confirm: ctx.io.canPrompt ? (count) => ctx.confirm(question(file, count, describeMessage(contentFlags))) : undefined,
    render: (call) => `${call.op} ${JSON.stringify(call.options.json ?? call.options.form?.describe())}`,
    async preflight(pace) {
      // The cheapest authenticated read of the same API: a refused key stops the run before row 1.
      await (await client()).call('chat.senders', { retries: 0, pace });
    },
    async send(call, signal, pace) {
      // Object.assign, not a spread followed by more properties: V8 builds that on a slow path.
      const res = await (await client()).call(call.op, Object.assign({}, call.options, { allowErrors: true, signal, pace }));
      return sent.keep(sentId(accepted(res)));
    },
    async describe(call) {
      let request: DryRunRequest | undefined;
      await (await ctx.newClient({ dryRunOut: (r) => (request = r) })).call(call.op, call.options);
      return request;
    },
  });

  await finishWaited(ctx, summary, sent, common.pace);
};

/** --wait: this run's sends, remembered to be followed once the batch is done (batch-wait.ts). */
class SentLog {
  readonly ids: string[] = [];
  constructor(readonly wait: WaitSpec | undefined) {}

  keep(id: string | undefined): string | undefined {
    if (this.wait && id) this.ids.push(id);
    return id;
  }
}

/**
 * With --wait, follow the sends (not after a signal: Ctrl-C meant stop). Then the summary, and
 * the exit: a wait that was itself stopped (Ctrl-C, the network) says so first; then the sends'
 * own trouble; then where the wait ended (5 failed, 8 out of time). With --rate, the wait's status
 * queries take their turns in the sends' `pace`.
 */
async function finishWaited(ctx: Context, summary: Parameters<typeof finishBatch>[1], { wait, ids }: SentLog, pace?: Pacer): Promise<void> {
  const waited = wait && !ctx.settings.dryRun && !isSignal(summary.stopped_by) ? await import('./batch-wait.js').then((m) => m.waitForBatch(ctx, wait, ids, summary, pace)) : undefined;
  let sendsProblem: unknown;
  try {
    await finishBatch(ctx, summary);
  } catch (err) {
    sendsProblem = err;
  }
  const outcome = waited instanceof CliError && (waited.code === 'message_failed' || waited.exitCode === EXIT.waitTimeout);
  if (waited && !outcome) throw waited;
  if (sendsProblem) throw sendsProblem;
  if (waited) throw waited;
}
