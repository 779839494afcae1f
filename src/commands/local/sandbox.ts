// chatcrm sandbox: serve the whole API locally until SIGINT/SIGTERM.
import { shellQuote } from '../../config/store.js';
import { EXIT, UsageError } from '../../core/errors.js';
import type { Run } from '../../core/command-types.js';
import type { SandboxFlags } from '../../sandbox/options.js';

export const run: Run = async (ctx, { opts, commands }) => {
  const [{ startSandbox }, { sandboxOptions }] = await Promise.all([import('../../sandbox/server.js'), import('../../sandbox/options.js')]);
  const options = await sandboxOptions(opts as SandboxFlags, commands);
  let sb;
  try {
    sb = await startSandbox({ ...options, log: (line) => ctx.io.err(line) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port: ${options.port} is already in use`);
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`--host: cannot listen on ${String(opts.host)}`);
    throw err;
  }
  const io = ctx.io;
  const url = shellQuote(reachable(sb.url));
  // The sandbox's own throw-away key and secret: printed so that every command, `webhook send`
  // included, works against it from the banner alone.
  io.out(`chatcrm sandbox listening on ${sb.url}`);
  io.out(`Inspector: ${reachable(sb.url)}/?token=${sb.config.inspectorToken}`);
  io.out(`API key: ${sb.config.apiKey}`);
  io.out(`Webhook secret: ${sb.config.webhookSecret}`);
  io.out(`Webhook verify token: ${sb.config.verifyToken}`);
  // Quoted for the shell (`[::1]` is a glob pattern to zsh; --api-key may hold anything).
  io.out(`Use it:  export CHATCRM_BASE_URL=${url} CHATCRM_API_KEY=${shellQuote(sb.config.apiKey)} CHATCRM_WEBHOOK_SECRET=${shellQuote(sb.config.webhookSecret)}`);
  io.out(`   or:  echo "$CHATCRM_API_KEY" | chatcrm login --profile sandbox --base-url ${url} --with-key`);
  if (!isLoopback(new URL(sb.url).hostname)) {
    io.err(`Warning: --host ${String(opts.host)} is reachable from other machines; anyone who can reach it gets a sandbox whose key and tokens are printed above`);
  }
  // A new key each start breaks a saved profile: say how to keep one.
  if (!opts.apiKey && !opts.state && !opts.seed) io.err('A new key each start: keep one with --api-key KEY, or --state FILE (keeps the key, secret and tokens).');
  io.err('Press Ctrl-C to stop.');
  const by = await new Promise<'SIGINT' | 'SIGTERM'>((resolve) => {
    ctx.signal.addEventListener('abort', () => resolve('SIGINT'), { once: true });
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  await sb.close();
  io.err('sandbox stopped');
  // Stopped cleanly (state saved), with the exit codes docs/contract.md gives every command: 130, 143.
  return by === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
};

/** The address a client uses for a server bound to `url`'s host: not the wildcard (0.0.0.0, ::). */
function reachable(url: string): string {
  const u = new URL(url);
  if (u.hostname === '0.0.0.0' || u.hostname === '[::]') u.hostname = '127.0.0.1';
  return u.origin;
}

const isLoopback = (hostname: string) => /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(hostname);
