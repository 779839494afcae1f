// Resolution of every setting: flag, then environment, then profile, then default.
import { UsageError, AuthError } from '../core/errors.js';
import { checkProfile, readConfig, readKey, configDir, type Profile } from './store.js';

import { OUTPUT_FORMATS, type OutputFormat } from '../core/output/formats.js';

export { OUTPUT_FORMATS, type OutputFormat };

/** Global options as commander parses them. */
export interface GlobalFlags {
  profile?: string;
  baseUrl?: string;
  mcpUrl?: string;
  output?: string;
  json?: boolean;
  fields?: string;
  query?: string;
  quiet?: boolean;
  verbose?: boolean;
  dryRun?: boolean;
  timeout?: string;
  retries?: string;
  yes?: boolean;
  input?: boolean; // commander's --no-input
  color?: boolean; // commander's --no-color
}

export interface Settings {
  profileName: string;
  profile: Profile;
  configDir: string;
  baseUrl?: string;
  mcpUrl?: string;
  output: OutputFormat;
  fields?: string[];
  /** JMESPath expression (--query). */
  query?: string;
  quiet: boolean;
  verbose: boolean;
  dryRun: boolean;
  timeoutMs: number;
  retries: number;
  /** CHATCRM_MAX_BODY: the largest response body read into memory, in bytes. */
  maxBody?: number;
  /** CHATCRM_HTTP_TRANSPORT: force node:http or undici (diagnostics, tests). */
  transport?: 'node' | 'undici';
  yes: boolean;
  allowHttp: boolean;
  defaultSender?: string;
  businessAccount?: string;
  /** The key, from CHATCRM_API_KEY or the profile; throws AuthError when there is none. */
  apiKey(): string;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Why a key cannot travel in the x-api-key header, or undefined. Keys are opaque but ASCII (the
 * service issues hex): anything else is a paste accident, and Node refuses it only when it sends.
 */
export function unsendableKey(key: string): string | undefined {
  if (/[\s\u0000-\u001f\u007f]/.test(key)) return 'the key holds a line break, space or control character';
  if (/[^\u0021-\u007e]/.test(key)) return 'the key holds a character outside printable ASCII, which an HTTP header cannot carry';
  return undefined;
}

export function parseUrl(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag}: not a valid URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag}: must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** A size in bytes: `33554432`, `512k`, `32M`, `32MiB`, `1GB` (powers of 1024). */
export function parseByteSize(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$/i.exec(value);
  const bytes = m ? Math.floor(Number(m[1]) * UNITS[m[2].toLowerCase()]) : Number.NaN;
  if (!(bytes >= 1)) throw new UsageError(`${name}: must be a size in bytes such as 33554432, 512k or 32M, got "${value}"`);
  return bytes;
}

function parseTransport(value: string | undefined): Settings['transport'] {
  if (value === undefined || value === '') return undefined;
  if (value === 'node' || value === 'undici') return value;
  throw new UsageError(`CHATCRM_HTTP_TRANSPORT: must be node or undici, got "${value}"`);
}

/** The secrets a URL carries in its userinfo (`https://user:pass@host`), for the output scrubber. */
function urlSecrets(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const { password } = new URL(value);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

/**
 * `keep` is told every secret the settings hold (the key once read, URL passwords), so the
 * IO can keep them out of every write. A profile named by -p or CHATCRM_PROFILE must exist
 * (a typo must not fall back to the environment's credentials), unless the command creates
 * profiles (`newProfile`: login, profiles set).
 */
export function resolveSettings(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv,
  keep: (secret: string) => void = () => undefined,
  { newProfile = false } = {},
): Settings {
  const dir = configDir(env);
  const cfg = readConfig(dir);
  const named = flags.profile ? '--profile' : env.CHATCRM_PROFILE ? 'CHATCRM_PROFILE' : undefined;
  const profileName = flags.profile || env.CHATCRM_PROFILE || cfg.active || 'default';
  if (named && !newProfile) checkProfile(profileName, cfg, dir, named);
  const profile = cfg.profiles?.[profileName] ?? {};

  const output = (flags.json ? 'json' : flags.output || env.CHATCRM_OUTPUT || str(profile.output) || 'table') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(output)) {
    const from = flags.output ? '-o, --output' : env.CHATCRM_OUTPUT ? 'CHATCRM_OUTPUT' : `profile "${profileName}" output`;
    throw new UsageError(`${from}: unknown format "${output}" (use ${OUTPUT_FORMATS.join(', ')})`);
  }
  const timeout = flags.timeout === undefined ? 30 : Number(flags.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 3600) throw new UsageError('--timeout: must be a number of seconds greater than 0, at most 3600');
  const retries = flags.retries === undefined ? 2 : Number(flags.retries);
  if (!Number.isInteger(retries) || retries < 0 || retries > 10) throw new UsageError('--retries: must be a whole number from 0 to 10');

  const baseUrl = parseUrl(flags.baseUrl ?? str(env.CHATCRM_BASE_URL) ?? str(profile['base-url']), '--base-url');
  const mcpUrl = parseUrl(flags.mcpUrl ?? str(env.CHATCRM_MCP_URL) ?? str(profile['mcp-url']), '--mcp-url') ?? baseUrl;
  for (const url of [baseUrl, mcpUrl, env.HTTPS_PROXY, env.https_proxy, env.HTTP_PROXY, env.http_proxy]) urlSecrets(url).forEach(keep);
  const fields = flags.fields?.split(',').map((f) => f.trim()).filter(Boolean);
  if (flags.fields !== undefined && !fields?.length) throw new UsageError('--fields: give at least one field name');
  if (flags.query !== undefined && !flags.query.trim()) throw new UsageError('--query: give a JMESPath expression');

  return {
    profileName,
    profile,
    configDir: dir,
    baseUrl,
    mcpUrl,
    output,
    fields,
    query: flags.query,
    quiet: Boolean(flags.quiet),
    verbose: Boolean(flags.verbose) || env.CHATCRM_DEBUG === '1',
    dryRun: Boolean(flags.dryRun),
    timeoutMs: Math.round(timeout * 1000),
    retries,
    maxBody: parseByteSize(env.CHATCRM_MAX_BODY, 'CHATCRM_MAX_BODY'),
    transport: parseTransport(env.CHATCRM_HTTP_TRANSPORT),
    yes: Boolean(flags.yes),
    allowHttp: profile['allow-http'] === true || profile['allow-http'] === 'true',
    defaultSender: str(profile['default-sender']),
    businessAccount: str(profile['business-account']),
    apiKey() {
      const fromEnv = str(env.CHATCRM_API_KEY);
      const key = fromEnv ?? readKey(profileName, dir);
      if (!key) {
        throw new AuthError(`No API key for profile "${profileName}": run \`chatcrm login\` or set CHATCRM_API_KEY`);
      }
      keep(key);
      const problem = unsendableKey(key);
      if (problem) {
        const where = fromEnv ? 'CHATCRM_API_KEY' : `the stored key of profile "${profileName}" (run \`chatcrm login\` again)`;
        throw new AuthError(`${where}: ${problem}; give the key alone`);
      }
      return key;
    },
  };
}
