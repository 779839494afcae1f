// mcp serve: the service's operations as MCP tools for AI agents, over stdio or local HTTP.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SERVE_OPTIONS } from '../../mcp/serve/options.js';

function intFlag(v: unknown, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) throw new UsageError(`${flag}: expected a whole number from ${min} to ${max}, got ${s}`);
  return Number(s);
}

async function folder(path: string): Promise<string> {
  const { stat } = await import('node:fs/promises');
  const { resolve } = await import('node:path');
  const info = await stat(path).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--upload-dir: ${path} is not a folder`);
  return resolve(path);
}

/** GitHub's server reads its selection flags from the environment too (flag wins). */
const LISTS = { toolsets: 'CHATCRM_TOOLSETS', tools: 'CHATCRM_TOOLS', excludeTools: 'CHATCRM_EXCLUDE_TOOLS' } as const;
const SWITCHES = { readOnly: 'CHATCRM_READ_ONLY', dynamicToolsets: 'CHATCRM_DYNAMIC_TOOLSETS' } as const;

type Opts = OptsOf<typeof SERVE_OPTIONS>;
/** The options once the environment filled them: a switch set by a variable may be false. */
type Served = Omit<Opts, keyof typeof SWITCHES> & { -readonly [K in keyof typeof SWITCHES]?: boolean };

/** The options with their environment fallbacks, and which variable gave which option (for errors). */
function withEnv(opts: Opts, env: NodeJS.ProcessEnv): { opts: Served; labels: Record<string, string> } {
  const out: Served = { ...opts };
  const labels: Record<string, string> = {};
  for (const opt of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
    const v = env[LISTS[opt]];
    if (out[opt] !== undefined || v === undefined) continue;
    out[opt] = v;
    labels[opt] = LISTS[opt];
  }
  for (const opt of Object.keys(SWITCHES) as (keyof typeof SWITCHES)[]) {
    const name = SWITCHES[opt];
    const v = env[name];
    if (out[opt] !== undefined || v === undefined) continue;
    if (!/^(1|true|0|false)?$/i.test(v)) throw new UsageError(`${name}: expected 1, true, 0 or false, got ${v}`);
    out[opt] = /^(1|true)$/i.test(v);
    labels[opt] = name;
  }
  return { opts: out, labels };
}

export const run: Run<Opts> = async (ctx, input) => {
  const { opts, labels } = withEnv(input.opts, ctx.env);
  const port = intFlag(opts.port, '--port', 0, 65535);
  if (port !== undefined && !opts.http) throw new UsageError('--port: only with --http');
  const maxSends = intFlag(opts.maxSends, '--max-sends', 0);
  const token = ctx.env.CHATCRM_SERVE_TOKEN;
  if (token !== undefined && token.length < 16) throw new UsageError('CHATCRM_SERVE_TOKEN: must be at least 16 characters');
  const uploadDir = opts.uploadDir === undefined ? undefined : await folder(opts.uploadDir);
  // A server without a key would fail every call: say so now, once (not needed for a dry run).
  if (!ctx.settings.dryRun) ctx.settings.apiKey();
  const [{ buildCatalog }, { selectTools }, { serve, newToken }] = await Promise.all([
    import('../../describe/catalog.js'),
    import('../../mcp/serve/select.js'),
    import('../../mcp/serve/server.js'),
  ]);
  const catalog = await buildCatalog(await input.commands());
  const dynamic = Boolean(opts.dynamicToolsets);
  await serve(ctx, catalog, {
    ...selectTools(catalog, opts, dynamic, labels),
    dynamic,
    maxSends,
    uploadDir,
    http: opts.http ? { port: port ?? 0, token: token || newToken(), fixed: Boolean(token) } : undefined,
  });
};
