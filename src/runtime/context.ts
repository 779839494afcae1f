// Everything a command needs, built lazily (gh's factory): the IO, the settings, the API
// client, the prompter. Tests swap the environment and the TTY state, not globals.
import type { ApiClient } from '../api/client.js';
import type { ClientOptions, DryRunRequest } from '../api/types.js';
import { resolveSettings, type GlobalFlags, type Settings } from '../config/settings.js';
import { UsageError } from '../core/errors.js';
import type { Host } from '../core/host.js';
import { type Clock, systemClock } from '../core/clock.js';
import type { IO } from '../core/io.js';
import { sanitizeCell } from '../core/sanitize.js';
import type { PrintOptions, View } from '../core/output/print.js';
import type { Prompter } from '../core/prompter.js';

export interface Context {
  io: IO;
  flags: GlobalFlags;
  env: NodeJS.ProcessEnv;
  /** Signals, the exit and its hooks (the variables and streams are `env` and `io`). */
  host: Host;
  readonly settings: Settings;
  /**
   * The command's shared client, made on first use. `longRunning` (a batch, a server) is fixed
   * when it is made: asking again for the other kind is a bug in the CLI and throws; no options
   * take the shared client as it is.
   */
  api(opts?: { longRunning?: boolean }): Promise<ApiClient>;
  /**
   * A client of the caller's own, never shared: the settings' options with `overrides` (a dry
   * run that captures its request, a key being checked, a batch that Ctrl-C must not abort).
   * The caller closes it if it may have opened a pool.
   */
  newClient(overrides?: Partial<ClientOptions>): Promise<ApiClient>;
  print(body: unknown, view?: View): Promise<void>;
  /** How results print: -o, --fields, -q, --query (and whether an unknown field is an error). */
  printOptions(): PrintOptions;
  /**
   * Ask before a destructive action; without a TTY, --yes is required. Under --dry-run nothing
   * is done, so nothing is asked. `better` may word the question better (it names the record)
   * and runs only when the question is really asked.
   */
  confirm(question: string, better?: () => Promise<string | undefined>): Promise<void>;
  /** Prompts on a terminal (check io.canPrompt first), loaded on first use. */
  prompter(): Promise<Prompter>;
  readStdin(): Promise<string>;
  /** Aborted by an interrupt (Ctrl-C). */
  signal: AbortSignal;
  /** What every wait is timed on (--wait, retries' backoff, --rate): the system's, a fake one in tests. */
  clock: Clock;
  version: string;
  /** Release the HTTP client, if one was made. */
  close(): Promise<void>;
}

/** `newProfile`: the command may name a profile that does not exist yet (it creates it). */
export function createContext(io: IO, flags: GlobalFlags, host: Host, version: string, { newProfile = false } = {}): Context {
  const { env, interrupt: signal } = host;
  let settings: Settings | undefined;
  let client: ApiClient | undefined;
  let shared: { longRunning: boolean; client: Promise<ApiClient> } | undefined;
  let prompter: Promise<Prompter> | undefined;
  const ctx: Context = {
    io,
    flags,
    env,
    host,
    signal,
    clock: systemClock,
    version,
    get settings() {
      return (settings ??= resolveSettings(flags, env, (secret) => io.secret(secret), { newProfile }));
    },
    api(opts) {
      const longRunning = Boolean(opts?.longRunning);
      if (shared && opts && shared.longRunning !== longRunning) {
        return Promise.reject(new Error(`internal error: the shared API client was made ${shared.longRunning ? '' : 'not '}long-running; ask ctx.newClient() for another kind`));
      }
      shared ??= { longRunning, client: ctx.newClient({ longRunning }).then((c) => (client = c)) };
      return shared.client;
    },
    async newClient(overrides = {}) {
      const { ApiClient } = await import('../api/client.js');
      return new ApiClient({ ...clientOptions(ctx), ...overrides });
    },
    printOptions() {
      const s = ctx.settings;
      return { format: s.output, fields: s.fields, quiet: s.quiet, query: s.query, wrote: client?.wrote };
    },
    async print(body, view) {
      const { printResult } = await import('../core/output/print.js');
      return printResult(io, body, ctx.printOptions(), view);
    },
    async confirm(question, better) {
      if (ctx.settings.yes || ctx.settings.dryRun) return;
      if (!io.canPrompt) throw new UsageError(`${question.replace(/\?$/, '')}: refused without confirmation; pass --yes to confirm`, 'confirmation_required');
      const asked = (await better?.()) ?? question;
      // Ids in the question may have come from a server (`-q | xargs`): the prompt shows them inert.
      const ok = await (await ctx.prompter()).confirm({ message: sanitizeCell(asked), default: false });
      if (!ok) throw new UsageError('Cancelled: nothing was sent', 'cancelled');
    },
    prompter: () => (prompter ??= import('../core/prompter.js').then((m) => m.createPrompter(io, signal))),
    async close() {
      await client?.close();
    },
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const c of io.stdin) chunks.push(Buffer.from(c));
      return Buffer.concat(chunks).toString('utf8');
    },
  };
  return ctx;
}

/** The API client's options from the settings. */
function clientOptions(ctx: Context): ClientOptions {
  const s = ctx.settings;
  return {
    baseUrl: s.baseUrl,
    mcpUrl: s.mcpUrl,
    apiKey: () => s.apiKey(),
    timeoutMs: s.timeoutMs,
    retries: s.retries,
    allowHttp: s.allowHttp,
    verbose: s.verbose,
    dryRun: s.dryRun,
    signal: ctx.signal,
    clock: ctx.clock,
    maxBody: s.maxBody,
    transport: s.transport,
    userAgent: `chatcrm/${ctx.version} node/${process.versions.node}`,
    trace: (line) => ctx.io.err(line),
    dryRunOut: (req) => printDryRun(ctx.io, req, s.output),
    proxy: { http: ctx.env.http_proxy ?? ctx.env.HTTP_PROXY, https: ctx.env.https_proxy ?? ctx.env.HTTPS_PROXY, noProxy: ctx.env.no_proxy ?? ctx.env.NO_PROXY },
  };
}

/** The IOs that have said "(dry run: nothing was sent)": once a command, however many requests it shows. */
const toldDryRun = new WeakSet<IO>();

function printDryRun(io: IO, req: DryRunRequest, format: string): void {
  if (format === 'json' || format === 'jsonl') {
    io.data(JSON.stringify({ dry_run: true, ...req }, null, format === 'json' ? 2 : 0));
    return;
  }
  const lines = [`${req.method} ${req.url}`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`)];
  if (req.body !== undefined) lines.push('', typeof req.body === 'string' ? req.body : JSON.stringify(req.body, null, 2));
  io.out(lines.join('\n'));
  if (toldDryRun.has(io)) return;
  toldDryRun.add(io);
  io.err('(dry run: nothing was sent)');
}

/** `--data`-style values: inline JSON, @file, or - for stdin. */
export async function readJsonArg(ctx: Context, value: string, flag: string): Promise<unknown> {
  const text = await readTextArg(ctx, value, flag);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${flag}: not valid JSON (${(err as Error).message})`);
  }
}

export async function readTextArg(ctx: Context, value: string, flag: string): Promise<string> {
  if (value === '-') return ctx.readStdin();
  if (value.startsWith('@')) {
    const path = value.slice(1);
    try {
      // Loaded on use: node:fs/promises also loads readline on Node 20 (~1 ms of every start).
      const { readFile } = await import('node:fs/promises');
      return await readFile(path, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(`${flag}: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message}`);
    }
  }
  return value;
}
