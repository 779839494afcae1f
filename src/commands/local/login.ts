// login: set up a profile and check its key before anything is saved. Interactive on a
// TTY; otherwise every answer comes from a flag (the key from stdin with --with-key).
import type { ApiClient } from '../../api/client.js';
import { parseUrl, unsendableKey } from '../../config/settings.js';
import { readConfig, updateConfig, writeKey, type Profile } from '../../config/store.js';
import type { Context } from '../../core/context.js';
import { AuthError, InterruptedError, UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';
import { sanitizeCell } from '../../core/sanitize.js';

type Inquirer = typeof import('@inquirer/prompts');
type Prompts = {
  input(c: Parameters<Inquirer['input']>[0]): Promise<string>;
  password(c: Parameters<Inquirer['password']>[0]): Promise<string>;
  select(c: { message: string; default?: string; choices: { name: string; value: string }[] }): Promise<string>;
};

/** Prompts drawn on stderr (stdout carries results only); Ctrl-C is an interruption, not a crash. */
function bindPrompts(ctx: Context, p: Inquirer): Prompts {
  const context = { output: ctx.io.stderr, signal: ctx.signal };
  const ask = async <T>(answer: Promise<T>): Promise<T> => {
    try {
      return await answer;
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new InterruptedError();
      throw err;
    }
  };
  return {
    input: (c) => ask(p.input(c, context)),
    password: (c) => ask(p.password(c, context)),
    select: (c) => ask(p.select<string>(c, context)),
  };
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function checkName(name: string): string {
  if (!PROFILE_NAME.test(name)) throw new UsageError(`--profile: "${name}" is not a valid profile name (letters, digits, . _ -; up to 64)`);
  return name;
}

const urlCheck = (flag: string) => (v: string) => {
  try {
    parseUrl(v.trim(), flag);
    return true;
  } catch (err) {
    return (err as Error).message.replace(/^--[\w-]+: /, '');
  }
};

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

const required = (flag: string) => new UsageError(`${flag}: required when not interactive`);

interface Answers {
  name: string;
  baseUrl: string;
  mcpUrl?: string;
  key: string;
  defaultSender?: string;
  businessAccount?: string;
}

async function readKeyFromStdin(ctx: Context): Promise<string> {
  const key = (await ctx.readStdin()).trim();
  if (!key) throw new UsageError('--with-key: no key on stdin (pipe it in: printf %s "$KEY" | chatcrm login ... --with-key)');
  const problem = unsendableKey(key);
  if (problem) throw new UsageError(`--with-key: ${problem}; give only the key`);
  return key;
}

/** The answers, from flags first; prompts only for what is missing, and only on a TTY. */
async function gather(ctx: Context, opts: Record<string, unknown>, prompts: Prompts | undefined): Promise<Answers> {
  const cfg = readConfig(ctx.settings.configDir);
  const env = ctx.env;
  let name = ctx.flags.profile || env.CHATCRM_PROFILE;
  if (!name) name = prompts ? (await prompts.input({ message: 'Profile name', default: cfg.active ?? 'default', validate: (v) => PROFILE_NAME.test(v.trim()) || 'letters, digits, . _ - only' })).trim() : 'default';
  checkName(name);
  const existing: Profile = cfg.profiles?.[name] ?? {};

  // Without a prompt, an existing profile's addresses stand (so `login --profile ci --with-key` rotates a key).
  let baseUrl = str(ctx.flags.baseUrl) ?? str(env.CHATCRM_BASE_URL) ?? (prompts ? undefined : str(existing['base-url']));
  if (!baseUrl) {
    if (!prompts) throw required('--base-url');
    baseUrl = (await prompts.input({ message: 'Base URL of the API', default: str(existing['base-url']), validate: urlCheck('--base-url') })).trim();
  }
  baseUrl = parseUrl(baseUrl, '--base-url')!;

  let mcpUrl = str(ctx.flags.mcpUrl) ?? str(env.CHATCRM_MCP_URL) ?? (prompts ? undefined : str(existing['mcp-url']));
  if (!mcpUrl && prompts) {
    mcpUrl = (await prompts.input({ message: 'Tool endpoint (MCP) URL', default: str(existing['mcp-url']) ?? baseUrl, validate: urlCheck('--mcp-url') })).trim();
  }
  mcpUrl = parseUrl(mcpUrl || undefined, '--mcp-url');

  let key: string;
  if (opts.withKey) key = await readKeyFromStdin(ctx);
  else if (prompts) key = (await prompts.password({ message: 'API key', mask: '*', validate: (v) => (v.trim() === '' ? 'the key is required' : (unsendableKey(v.trim()) ?? true)) })).trim();
  else throw new UsageError('--with-key: required when not interactive (pipe the key on stdin; it is never accepted as a flag value)');

  return { name, baseUrl, mcpUrl: mcpUrl === baseUrl ? undefined : mcpUrl, key: ctx.io.secret(key), defaultSender: str(opts.defaultSender), businessAccount: str(opts.businessAccount) };
}

/** The signed-in user, or throws AuthError (exit 3) when the key is refused. */
async function verify(client: ApiClient): Promise<Record<string, unknown> | undefined> {
  try {
    const res = await client.call<{ user?: Record<string, unknown>; data?: Record<string, unknown> }>('auth.profile', { retries: 0 });
    if (res.dryRun) return undefined;
    return res.body?.user ?? res.body?.data ?? {};
  } catch (err) {
    if (err instanceof AuthError) throw new AuthError(`The key was refused: ${err.message}; nothing was saved`, err.status);
    throw err;
  }
}

/** Offer the workspace's senders; any failure just means no default. */
async function pickSender(client: ApiClient, prompts: Prompts, current?: string): Promise<string | undefined> {
  let senders: Record<string, unknown>[] = [];
  try {
    const res = await client.call<{ data?: unknown }>('chat.senders', { retries: 0 });
    if (Array.isArray(res.body?.data)) senders = res.body.data as Record<string, unknown>[];
  } catch {
    // Falls back to a free-text answer below.
  }
  if (!senders.length) return (await prompts.input({ message: 'Default sender id (optional)', default: current })).trim() || undefined;
  const choice = await prompts.select({
    message: 'Default sender',
    default: current,
    choices: [
      ...senders.map((s) => ({ name: sanitizeCell(`${String(s.sender_id)}  ${String(s.name ?? '')} ${s.phone_number ? `(+${String(s.phone_number)})` : ''}`.trim()), value: String(s.sender_id) })),
      { name: '(none)', value: '' },
    ],
  });
  return choice || undefined;
}

export const run: Run = async (ctx, { opts }) => {
  const prompts = ctx.io.canPrompt ? bindPrompts(ctx, await ctx.prompts()) : undefined;
  const a = await gather(ctx, opts, prompts);
  const s = ctx.settings;
  const existing = readConfig(s.configDir).profiles?.[a.name] ?? {};
  const allowHttp = Boolean(opts.allowHttp) || existing['allow-http'] === true || existing['allow-http'] === 'true';

  // A client for the key just typed: ctx.api() would use the stored profile's key.
  const { ApiClient } = await import('../../api/client.js');
  const client = new ApiClient({ ...(await ctx.api()).opts, baseUrl: a.baseUrl, mcpUrl: a.mcpUrl ?? a.baseUrl, allowHttp, apiKey: () => a.key });
  const user = opts.verify === false ? undefined : await verify(client);
  if (s.dryRun) {
    ctx.io.err('(dry run: no profile was saved)');
    return;
  }

  if (prompts) {
    a.defaultSender ??= await pickSender(client, prompts, str(existing['default-sender']));
    a.businessAccount ??= (await prompts.input({ message: 'Default business account id (optional)', default: str(existing['business-account']) })).trim() || undefined;
  }

  // The key first: it creates the config dir as 0700 before `conf` would create it 0755.
  writeKey(a.name, a.key, s.configDir);
  await updateConfig((cfg) => {
    const p: Profile = { ...cfg.profiles?.[a.name], 'base-url': a.baseUrl };
    if (a.mcpUrl) p['mcp-url'] = a.mcpUrl;
    else delete p['mcp-url'];
    if (a.defaultSender) p['default-sender'] = a.defaultSender;
    if (a.businessAccount) p['business-account'] = a.businessAccount;
    if (opts.allowHttp) p['allow-http'] = true;
    cfg.profiles = { ...cfg.profiles, [a.name]: p };
    cfg.active = a.name;
  }, s.configDir);

  const who = user ? ` as ${[user.name, user.email && `<${String(user.email)}>`].filter(Boolean).join(' ') || 'the key owner'}` : ' (key not verified)';
  ctx.io.err(`✓ Logged in to ${a.baseUrl}${who}; profile "${a.name}" saved and active`);
};
