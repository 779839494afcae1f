// Profiles live in <dir>/config.json (written through `conf`), keys in
// <dir>/credentials.json (mode 0600). Reads go straight to the JSON file: `conf`
// pulls in a JSON-schema validator that costs ~45 ms at start-up, and every command
// reads the config, while only a few commands write it.
import { readFileSync, mkdirSync, writeFileSync, renameSync, chmodSync, openSync, fsyncSync, closeSync } from 'node:fs';
import { homedir } from 'node:os';
import { UsageError } from '../core/errors.js';
import { join } from 'node:path';

export const PROFILE_KEYS = ['base-url', 'mcp-url', 'default-sender', 'business-account', 'allow-http', 'output'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type Profile = Partial<Record<ProfileKey, string | boolean>>;

export interface ConfigFile {
  active?: string;
  profiles?: Record<string, Profile>;
}

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHATCRM_CONFIG_DIR) return env.CHATCRM_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'chatcrm');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'chatcrm');
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read ${file}: ${(err as Error).message} (fix or remove the file)`, 'config');
  }
}

export function readConfig(dir = configDir()): ConfigFile {
  return readJson<ConfigFile>(join(dir, 'config.json')) ?? {};
}

/** Mutate config.json through `conf` (atomic writes, file locking semantics of the library). */
export async function updateConfig(mutate: (cfg: ConfigFile) => void, dir = configDir()): Promise<void> {
  const { default: Conf } = await import('conf');
  const store = new Conf<ConfigFile>({ cwd: dir, configName: 'config', projectName: 'chatcrm', projectSuffix: '' });
  const cfg: ConfigFile = { ...store.store };
  mutate(cfg);
  store.store = cfg;
}

interface Credentials {
  profiles?: Record<string, string>;
}

export function readKey(profile: string, dir = configDir()): string | undefined {
  return readJson<Credentials>(join(dir, 'credentials.json'))?.profiles?.[profile];
}

/** Names of the profiles that have a stored key. */
export function keyNames(dir = configDir()): string[] {
  return Object.keys(readJson<Credentials>(join(dir, 'credentials.json'))?.profiles ?? {});
}

/** Store (or with `undefined`, forget) a profile's key; the file is only ever 0600. */
export function writeKey(profile: string, key: string | undefined, dir = configDir()): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'credentials.json');
  const creds = readJson<Credentials>(file) ?? {};
  const profiles = { ...creds.profiles };
  if (key === undefined) delete profiles[profile];
  else profiles[profile] = key;
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ profiles }, null, 2)}\n`, { mode: 0o600 });
  const fd = openSync(tmp, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, file);
  chmodSync(file, 0o600);
}
