// Profiles live in <dir>/config.json (written through `conf`), keys in
// <dir>/credentials.json (mode 0600). Reads go straight to the JSON file: `conf`
// pulls in a JSON-schema validator that costs ~45 ms at start-up, and every command
// reads the config, while only a few commands write it.
import { readFileSync, readdirSync, mkdirSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { removeStaleTemps, writeAtomic } from '../core/atomic-write.js';
import { distrust, readTrusted, shellQuote, UntrustedFile } from '../core/private-file.js';
import { CliError, EXIT, UsageError } from '../core/errors.js';
import { join } from 'node:path';

export const PROFILE_KEYS = ['base-url', 'mcp-url', 'default-sender', 'business-account', 'allow-http', 'output'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type Profile = Partial<Record<ProfileKey, string | boolean>>;

export interface ConfigFile {
  active?: string;
  profiles?: Record<string, Profile>;
}

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.CHATCRM_CONFIG_DIR) return env.CHATCRM_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'chatcrm');
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'chatcrm');
}

/** The parsed file, or undefined when it does not exist. A parse error never quotes the text (it may be a key). */
function readJson<T>(file: string): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw unreadable(file, err);
  }
  return parseJson<T>(file, text);
}

const unreadable = (file: string, err: unknown) => new UsageError(`cannot read ${file}: ${(err as Error).message} (fix or remove the file)`, 'config');

function parseJson<T>(file: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message)?.[1];
    throw new UsageError(`cannot read ${file}: not valid JSON${at ? ` (at character ${at})` : ''} (fix or remove the file)`, 'config');
  }
}

export { shellQuote };

/**
 * Keys are read only from a regular file of ours that nobody else can read (ssh's rule, on the
 * descriptor read from): anything else is refused (exit 3) with the command that fixes it.
 */
function readCredentials(dir: string): Credentials | undefined {
  const file = join(dir, 'credentials.json');
  let text: string | undefined;
  try {
    text = readTrusted(file, { mask: 0o077 });
  } catch (err) {
    if (!(err instanceof UntrustedFile)) throw unreadable(file, err);
    const bad = distrust(err.bad, file, 'run `chatcrm login` again (it writes a private file)');
    throw new CliError(`${file} ${bad.why}; refusing to use the keys in it. Fix: ${bad.fix}`, EXIT.auth, undefined, 'insecure_credentials');
  }
  return text === undefined ? undefined : parseJson<Credentials>(file, text);
}

/** Our files in the config dir (and their temporary siblings while they are written). */
const OURS = /^(config|credentials)\.json/;

/**
 * Create the config dir, or take back its mode: profiles and keys are nobody else's business.
 * A dir that holds anything else (CHATCRM_CONFIG_DIR=/tmp, a dotfiles folder) is not ours to
 * chmod; credentials.json in it is still 0600.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32' || !readdirSync(dir).every((name) => OURS.test(name))) return;
  try {
    chmodSync(dir, 0o700);
  } catch (err) {
    throw new CliError(`cannot make the config dir ${dir} private (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): use a dir of your own (CHATCRM_CONFIG_DIR)`, EXIT.auth, undefined, 'config_dir');
  }
}

export function readConfig(dir: string): ConfigFile {
  return readJson<ConfigFile>(join(dir, 'config.json')) ?? {};
}

/** Mutate config.json through `conf` (atomic writes, file locking semantics of the library). */
export async function updateConfig(mutate: (cfg: ConfigFile) => void, dir: string): Promise<void> {
  privateDir(dir);
  const { default: Conf } = await import('conf');
  const store = new Conf<ConfigFile>({ cwd: dir, configName: 'config', projectName: 'chatcrm', projectSuffix: '' });
  const cfg: ConfigFile = { ...store.store };
  mutate(cfg);
  store.store = cfg;
}

interface Credentials {
  profiles?: Record<string, string>;
  /** The app secret of each profile's webhook (webhook sign/verify/send), kept like the key. */
  webhook_secrets?: Record<string, string>;
}

export function readKey(profile: string, dir: string): string | undefined {
  return readCredentials(dir)?.profiles?.[profile];
}

/** Names of the profiles that have a stored key. */
export function keyNames(dir: string): string[] {
  return Object.keys(readCredentials(dir)?.profiles ?? {});
}

/** The names `login` creates; completion offers no other (a name is inserted into a command line). */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Every profile: those with settings and those with only a key. */
export function profileNames(cfg: ConfigFile, dir: string): string[] {
  return [...new Set([...Object.keys(cfg.profiles ?? {}), ...keyNames(dir)])].sort();
}

/** Throws a usage error (prefixed with `label`, the flag or variable that named it) unless `name` is a profile. */
export function checkProfile(name: string, cfg: ConfigFile, dir: string, label = ''): void {
  const all = profileNames(cfg, dir);
  if (all.includes(name)) return;
  throw new UsageError(`${label ? `${label}: ` : ''}unknown profile "${name}"${all.length ? ` (profiles: ${all.join(', ')})` : '; run `chatcrm login` to create one'}`);
}

/**
 * Store (or with `undefined`, forget) a profile's key. The file is replaced by a new 0600 one
 * of ours (a symlink is replaced, not followed), so writing also repairs what reading refuses.
 */
export function writeKey(profile: string, key: string | undefined, dir: string): void {
  writeCredential('profiles', profile, key, dir);
}

/** A profile's webhook app secret, stored (or with `undefined`, forgotten) as its key is. */
export function writeWebhookSecret(profile: string, secret: string | undefined, dir: string): void {
  writeCredential('webhook_secrets', profile, secret, dir);
}

export function readWebhookSecret(profile: string, dir: string): string | undefined {
  return readCredentials(dir)?.webhook_secrets?.[profile];
}

function writeCredential(kind: 'profiles' | 'webhook_secrets', profile: string, value: string | undefined, dir: string): void {
  privateDir(dir);
  const file = join(dir, 'credentials.json');
  removeStaleTemps(file);
  const creds = readJson<Credentials>(file) ?? {};
  const entries = { ...creds[kind] };
  if (value === undefined) delete entries[profile];
  else entries[profile] = value;
  const next: Credentials = { ...creds, [kind]: entries };
  if (!Object.keys(next.webhook_secrets ?? {}).length) delete next.webhook_secrets;
  try {
    writeAtomic(file, `${JSON.stringify({ profiles: {}, ...next }, null, 2)}\n`, 0o600);
  } catch (err) {
    throw new UsageError(`cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 'config');
  }
  chmodSync(file, 0o600);
}

