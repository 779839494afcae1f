// chatcrm sandbox: serve the whole API locally until SIGINT/SIGTERM.
import { shellQuote } from '../../config/store.js';
import { EXIT, UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SANDBOX_OPTIONS } from './options.js';
import type { Retention, SandboxOptions } from '../../sandbox/server.js';

export const run: Run<OptsOf<typeof SANDBOX_OPTIONS>> = async (ctx, { opts }) => {
  const [{ startSandbox }, { sandboxOptions }] = await Promise.all([import('../../sandbox/server.js'), import('../../sandbox/options.js')]);
  const options = await sandboxOptions(opts);
  let sb;
  try {
    sb = await startSandbox({ ...options, log: (line) => ctx.io.err(line) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' && options.port === undefined) {
      const port = (err as { port?: number }).port;
      throw new UsageError(`--state: the port saved in ${options.stateFile} (${port}) is already in use; stop what holds it, or give --port (0: a free one)`);
    }
    if (code === 'EADDRINUSE') throw new UsageError(`--port: ${options.port} is already in use`);
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`--host: cannot listen on ${opts.host}`);
    throw err;
  }
  // Listening from before the banner: a script may signal as soon as it reads the last line.
  let unlisten = () => undefined as void;
  const stopped = new Promise<'SIGINT' | 'SIGTERM'>((resolve) => {
    ctx.signal.addEventListener('abort', () => resolve('SIGINT'), { once: true });
    unlisten = ctx.host.onSignal('SIGTERM', () => resolve('SIGTERM'));
  }).finally(() => unlisten());
  const io = ctx.io;
  const url = shellQuote(reachable(sb.url));
  // The sandbox's own throw-away key and secret: printed so that every command, `webhook send`
  // included, works against it from the banner alone.
  io.out(`chatcrm sandbox listening on ${sb.url}`);
  io.out(`Inspector: ${reachable(sb.url)}/?token=${sb.config.inspectorToken}`);
  io.out(`API key: ${sb.config.apiKey}`);
  io.out(`Webhook secret: ${sb.config.webhookSecret}`);
  io.out(`Webhook verify token: ${sb.config.verifyToken}`);
  for (const line of activeLines(options)) io.out(line);
  // Quoted for the shell (`[::1]` is a glob pattern to zsh; --api-key may hold anything).
  io.out(`Use it:  export CHATCRM_BASE_URL=${url} CHATCRM_API_KEY=${shellQuote(sb.config.apiKey)} CHATCRM_WEBHOOK_SECRET=${shellQuote(sb.config.webhookSecret)}`);
  // A profile per port: the login lines of two sandboxes' banners, both copied, keep two profiles.
  io.out(`   or:  echo "$CHATCRM_API_KEY" | chatcrm login --profile sandbox-${new URL(sb.url).port} --base-url ${url} --with-key`);
  if (!isLoopback(new URL(sb.url).hostname)) {
    io.err(`Warning: --host ${opts.host} is reachable from other machines; anyone who can reach it gets a sandbox whose key and tokens are printed above`);
  }
  io.err(keeps(sb.retention()));
  // A new key each start breaks a saved profile: say how to keep one.
  if (!opts.apiKey && !opts.state && !opts.seed) io.err('A new key each start: keep one with --api-key KEY, or --state FILE (keeps the key, secret and tokens).');
  io.err('Press Ctrl-C to stop.');
  const by = await stopped;
  await sb.close();
  io.err('sandbox stopped');
  // Stopped cleanly (state saved), with the exit codes docs/contract.md gives every command: 130, 143.
  return by === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
};

/** The banner's line on retention: what is kept, and what a --state file had already dropped. */
function keeps(r: Retention): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const newest = (limit: number, what: string) => (limit ? `the newest ${n(limit)} ${what}s` : `every ${what}`);
  const line = `Keeps ${newest(r.messages.limit, 'message')} (--max-messages), ${newest(r.requests.limit, 'request')} (--max-requests) and the newest ${n(r.deliveries.limit)} deliveries; older ones are dropped, records never.`;
  return r.messages.dropped ? `${line} ${n(r.messages.dropped)} older messages of --state were already dropped.` : line;
}

/** What the flags turned on, one line each: a sandbox that misbehaves on purpose says so at start. */
function activeLines(o: SandboxOptions): string[] {
  const lines: string[] = [];
  // A URL's user and password are masked by ctx.io, as in every write.
  if (o.forwardTo?.length) lines.push(`Forwarding to: ${o.forwardTo.join(', ')}`);
  if (o.faults?.length) lines.push(`Faults: ${o.faults.map((f) => `${f.operation}:${f.status}${f.rate < 1 ? `:${f.rate}` : ''}`).join(', ')}`);
  if (o.latency) lines.push(`Latency: ${o.latency.min === o.latency.max ? o.latency.min : `${o.latency.min}-${o.latency.max}`} ms`);
  if (o.autoStatus?.length) lines.push(`Auto status: ${o.autoStatus.join(', ')} after ${o.statusDelayMs ?? 1000} ms`);
  if (o.failRate) lines.push(`Fail rate: ${o.failRate}`);
  if (o.stateFile) lines.push(`State file: ${o.stateFile}`);
  return lines;
}

/** The address a client uses for a server bound to `url`'s host: not the wildcard (0.0.0.0, ::). */
function reachable(url: string): string {
  const u = new URL(url);
  if (u.hostname === '0.0.0.0' || u.hostname === '[::]') u.hostname = '127.0.0.1';
  return u.origin;
}

const isLoopback = (hostname: string) => /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(hostname);
