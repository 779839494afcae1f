// login: set up a profile and check its key before anything is saved. Interactive on a
// TTY; otherwise every answer comes from a flag (the key from stdin with --with-key).
import { keyInClear, type ApiClient } from '../../api/client.js';
import { parseUrl, unsendableKey } from '../../config/settings.js';
import { PROFILE_NAME, readConfig, readKey, updateConfig, writeKey, writeWebhookSecret, type Profile } from '../../config/store.js';
import { readSecretFile } from '../../webhook/input.js';
import type { Context } from '../../runtime/context.js';
import { AuthError, UsageError } from '../../core/errors.js';
import type { Prompter } from '../../core/prompter.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { LOGIN_OPTIONS } from './options.js';
import { chooseAccount } from '../accounts/list.js';
import { chooseSender } from '../chat/recipient.js';
import { profileUser, type User } from './profile-user.js';
import { keyTail } from './profiles.js';

/** A refused key is asked for again, this many times in all, before login gives up (exit 3). */
const KEY_TRIES = 3;

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

type Opts = OptsOf<typeof LOGIN_OPTIONS>;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

const required = (flag: string) => new UsageError(`${flag}: required when not interactive`);

interface Answers {
  name: string;
  baseUrl: string;
  mcpUrl?: string;
  /** Plain http to a non-loopback address is allowed for this profile (saved as allow-http). */
  allowHttp: boolean;
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

const inClear = (url: string, name: string) =>
  new UsageError(`Refusing to send the API key over plain http to ${new URL(url).host}: use https, or pass --allow-http to allow it for profile "${name}"`);

/** The answers, from flags first; prompts only for what is missing, and only on a TTY. */
async function gather(ctx: Context, opts: Opts, prompter: Prompter | undefined): Promise<Answers> {
  const cfg = readConfig(ctx.settings.configDir);
  const env = ctx.env;
  let name = ctx.flags.profile || env.CHATCRM_PROFILE;
  if (!name) name = prompter ? (await prompter.input({ message: 'Profile name', default: cfg.active ?? 'default', validate: (v) => PROFILE_NAME.test(v.trim()) || 'letters, digits, . _ - only' })).trim() : 'default';
  checkName(name);
  const existing: Profile = cfg.profiles?.[name] ?? {};
  const a = { name, allowHttp: Boolean(opts.allowHttp) || existing['allow-http'] === true || existing['allow-http'] === 'true' };

  /**
   * An address, given or typed, checked when it is given: plain http that would carry the key
   * in clear is refused, or on a terminal offered as --allow-http for this profile (declined:
   * the address is asked again).
   */
  const address = async (flag: string, given: string | undefined, ask?: { message: string; default?: string }): Promise<string | undefined> => {
    for (;;) {
      const typed = given ?? (ask && prompter ? (await prompter.input({ ...ask, validate: urlCheck(flag) })).trim() : undefined);
      const url = parseUrl(typed || undefined, flag);
      if (!url || a.allowHttp || !keyInClear(new URL(url))) return url;
      const message = `${new URL(url).host} is plain http: the key would travel unencrypted. Allow plain http for profile "${name}" (--allow-http)?`;
      if (prompter && (await prompter.confirm({ message, default: false }))) {
        a.allowHttp = true;
        return url;
      }
      if (given !== undefined || !prompter) throw inClear(url, name);
    }
  };

  // Without a prompt, an existing profile's addresses stand (so `login --profile ci --with-key` rotates a key).
  const givenBase = str(ctx.flags.baseUrl) ?? str(env.CHATCRM_BASE_URL) ?? (prompter ? undefined : str(existing['base-url']));
  if (!givenBase && !prompter) throw required('--base-url');
  const baseUrl = (await address('--base-url', givenBase, { message: 'Base URL of the API', default: str(existing['base-url']) }))!;
  const givenMcp = str(ctx.flags.mcpUrl) ?? str(env.CHATCRM_MCP_URL) ?? (prompter ? undefined : str(existing['mcp-url']));
  const mcpUrl = await address('--mcp-url', givenMcp, { message: 'Tool endpoint (MCP) URL', default: str(existing['mcp-url']) ?? baseUrl });
  if (!opts.withKey && !prompter) throw new UsageError('--with-key: required when not interactive (pipe the key on stdin; it is never accepted as a flag value)');

  return { ...a, baseUrl, mcpUrl: mcpUrl === baseUrl ? undefined : mcpUrl, defaultSender: str(opts.defaultSender), businessAccount: str(opts.businessAccount) };
}

/** The stored key Enter would keep; none when the credentials file is refused (login rewrites it, repairing it). */
function keptKey(name: string, dir: string): string | undefined {
  try {
    return readKey(name, dir);
  } catch {
    return undefined;
  }
}

/** The key typed at a hidden prompt; with a stored key, Enter keeps it (as `aws configure` does). */
async function askKey(prompter: Prompter, stored: string | undefined): Promise<string> {
  const keep = stored ? ` [${keyTail(stored) ?? 'stored'}; Enter keeps it]` : '';
  const typed = await prompter.password({ message: `API key${keep}`, mask: '*', validate: (v) => (v.trim() === '' ? Boolean(stored) || 'the key is required' : (unsendableKey(v.trim()) ?? true)) });
  return typed.trim() || stored!;
}

/** The signed-in user, or throws AuthError (exit 3) when the key is refused. */
async function verify(client: ApiClient): Promise<User | undefined> {
  const res = await client.call('auth.profile', { retries: 0 });
  return res.dryRun ? undefined : profileUser(res.body, res.status, client.opts.baseUrl);
}

/**
 * The key (from stdin, or typed) and its user. On a terminal a refused key is asked for
 * again, up to KEY_TRIES times, so a typo does not cost the answers given so far.
 */
async function checkedKey(ctx: Context, opts: Opts, client: ApiClient, prompter: Prompter | undefined, setKey: (key: string) => void, stored: string | undefined) {
  for (let tries = 1; ; tries++) {
    const key = ctx.io.secret(opts.withKey || !prompter ? await readKeyFromStdin(ctx) : await askKey(prompter, stored));
    setKey(key);
    if (opts.verify === false) return { key, user: undefined };
    try {
      return { key, user: await verify(client) };
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      const refused = `The key was refused: ${err.message}`;
      if (!prompter || opts.withKey || tries === KEY_TRIES) throw new AuthError(`${refused}; nothing was saved`, err.status);
      ctx.io.err(ctx.io.paint(31, '✗'), ` ${refused}; try again (${KEY_TRIES - tries} ${KEY_TRIES - tries === 1 ? 'try' : 'tries'} left)`);
      if (key === stored) stored = undefined;
    }
  }
}

export const run: Run<Opts> = async (ctx, { opts }) => {
  const prompter = ctx.io.canPrompt ? await ctx.prompter() : undefined;
  const a = await gather(ctx, opts, prompter);
  // Read before anything is checked or saved: a bad file refuses the login, not half of it.
  const webhookSecret = opts.webhookSecretFile !== undefined ? ctx.io.secret(await readSecretFile(opts.webhookSecretFile, '--webhook-secret-file')) : undefined;
  const s = ctx.settings;
  const existing = readConfig(s.configDir).profiles?.[a.name] ?? {};

  // A client for the key being checked: ctx.api() would use the stored profile's key.
  let current = '';
  const client = await ctx.newClient({ baseUrl: a.baseUrl, mcpUrl: a.mcpUrl ?? a.baseUrl, allowHttp: a.allowHttp, apiKey: () => current });
  const { key, user } = await checkedKey(ctx, opts, client, prompter, (k) => (current = k), prompter && !opts.withKey ? keptKey(a.name, s.configDir) : undefined);
  if (s.dryRun) {
    ctx.io.err('(dry run: no profile was saved)');
    return;
  }

  if (prompter) {
    a.defaultSender ??= await chooseSender(client, prompter, { message: 'Default sender', current: str(existing['default-sender']), none: true });
    a.businessAccount ??= await chooseAccount(client, prompter, { message: 'Default business account', current: str(existing['business-account']), none: true });
  }

  // The key first: it creates the config dir as 0700 before `conf` would create it 0755.
  writeKey(a.name, key, s.configDir);
  if (webhookSecret) writeWebhookSecret(a.name, webhookSecret, s.configDir);
  await updateConfig((cfg) => {
    const p: Profile = { ...cfg.profiles?.[a.name], 'base-url': a.baseUrl };
    if (a.mcpUrl) p['mcp-url'] = a.mcpUrl;
    else delete p['mcp-url'];
    if (a.defaultSender) p['default-sender'] = a.defaultSender;
    if (a.businessAccount) p['business-account'] = a.businessAccount;
    if (a.allowHttp) p['allow-http'] = true;
    cfg.profiles = { ...cfg.profiles, [a.name]: p };
    cfg.active = a.name;
  }, s.configDir);

  const who = user ? ` as ${[user.name, user.email && `<${String(user.email)}>`].filter(Boolean).join(' ') || 'the key owner'}` : ' (key not verified)';
  ctx.io.err(`✓ Logged in to ${a.baseUrl}${who}; profile "${a.name}" saved and active${webhookSecret ? ', with its webhook secret' : ''}`);
};
