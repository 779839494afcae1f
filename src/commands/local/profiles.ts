// profiles list|show|use|set|remove: the stored settings; keys are only ever shown masked.
import { OUTPUT_FORMATS, parseUrl } from '../../config/settings.js';
import { checkProfile, PROFILE_KEYS, profileNames, readConfig, readKey, readWebhookSecret, updateConfig, writeKey, writeWebhookSecret, type ConfigFile, type Profile, type ProfileKey } from '../../config/store.js';
import type { Context } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';

/** Enough to tell two keys apart, never enough to use one: the last 4 of a key of 16 or more. */
export function keyTail(key: string): string | undefined {
  return key.length >= 16 ? `…${key.slice(-4)}` : undefined;
}

export function maskKey(key: string | undefined): string {
  if (!key) return 'not set';
  const tail = keyTail(key);
  return tail ? `set (${tail})` : 'set';
}

function known(ctx: Context, name: string): ConfigFile {
  const cfg = readConfig(ctx.settings.configDir);
  checkProfile(name, cfg, ctx.settings.configDir);
  return cfg;
}

const text = (v: unknown) => (v === undefined || v === '' ? undefined : String(v));

export const list: Run<OptsOf<[]>> = async (ctx) => {
  const dir = ctx.settings.configDir;
  const cfg = readConfig(dir);
  const table = ctx.settings.output === 'table';
  const rows = profileNames(cfg, dir).map((name) => {
    const p: Profile = cfg.profiles?.[name] ?? {};
    const active = cfg.active === name;
    return {
      name,
      active: table ? (active ? '*' : '') : active,
      'base-url': text(p['base-url']),
      'mcp-url': text(p['mcp-url']) ?? (table && p['base-url'] ? '(base-url)' : undefined),
      'default-sender': text(p['default-sender']),
      key: table ? (readKey(name, dir) ? 'yes' : 'no') : Boolean(readKey(name, dir)),
    };
  });
  if (!rows.length && table) {
    ctx.io.err('No profiles yet: run `chatcrm login`');
    return;
  }
  await ctx.print(rows, { id: 'name', columns: ['name', 'active', 'base-url', 'mcp-url', 'default-sender', 'key'], drop: ['key', 'default-sender', 'mcp-url'], cut: ['base-url'] });
};

export const show: Run<OptsOf<[]>> = async (ctx, { args }) => {
  const s = ctx.settings;
  const name = typeof args.NAME === 'string' ? args.NAME : s.profileName;
  const cfg = known(ctx, name);
  const p: Profile = cfg.profiles?.[name] ?? {};
  await ctx.print({
    name,
    active: cfg.active === name,
    'base-url': text(p['base-url']),
    'mcp-url': text(p['mcp-url']) ?? text(p['base-url']),
    'default-sender': text(p['default-sender']),
    'business-account': text(p['business-account']),
    'allow-http': p['allow-http'] === true || p['allow-http'] === 'true',
    output: text(p.output) ?? 'table',
    key: maskKey(readKey(name, s.configDir)),
    'config-dir': s.configDir,
  }, { id: 'name' });
};

export const use: Run<OptsOf<[]>> = async (ctx, { args }) => {
  const name = String(args.NAME);
  known(ctx, name);
  await updateConfig((cfg) => {
    cfg.active = name;
  }, ctx.settings.configDir);
  ctx.io.err(`✓ Profile "${name}" is now active`);
};

/** The stored form of a setting; '' unsets it. Throws a usage error naming the key. */
export function settingValue(key: ProfileKey, value: string): string | boolean | undefined {
  if (value === '') return undefined;
  switch (key) {
    case 'base-url':
    case 'mcp-url':
      return parseUrl(value, key);
    case 'allow-http':
      if (value !== 'true' && value !== 'false') throw new UsageError(`allow-http: must be true or false, got "${value}"`);
      return value === 'true';
    case 'output':
      if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) throw new UsageError(`output: unknown format "${value}" (use ${OUTPUT_FORMATS.join(', ')})`);
      return value;
    default:
      if (/\s/.test(value)) throw new UsageError(`${key}: must not contain spaces`);
      return value;
  }
}

export const set: Run<OptsOf<[]>> = async (ctx, { args }) => {
  const key = String(args.KEY) as ProfileKey;
  if (!PROFILE_KEYS.includes(key)) throw new UsageError(`unknown setting "${key}" (settings: ${PROFILE_KEYS.join(', ')})`);
  const value = settingValue(key, String(args.VALUE));
  const name = ctx.settings.profileName;
  await updateConfig((cfg) => {
    const p: Profile = { ...cfg.profiles?.[name] };
    if (value === undefined) delete p[key];
    else p[key] = value;
    cfg.profiles = { ...cfg.profiles, [name]: p };
  }, ctx.settings.configDir);
  ctx.io.err(value === undefined ? `✓ Unset ${key} of profile "${name}"` : `✓ Set ${key} of profile "${name}" to ${String(value)}`);
};

export const remove: Run<OptsOf<[]>> = async (ctx, { args }) => {
  const name = String(args.NAME);
  const dir = ctx.settings.configDir;
  const wasActive = known(ctx, name).active === name;
  await ctx.confirm(`Remove profile "${name}" and its key?`);
  if (ctx.settings.dryRun) {
    ctx.io.err(`(dry run: profile "${name}" was not removed)`);
    return;
  }
  await updateConfig((cfg) => {
    const { [name]: _gone, ...rest } = cfg.profiles ?? {};
    cfg.profiles = rest;
    if (cfg.active === name) delete cfg.active;
  }, dir);
  if (readKey(name, dir)) writeKey(name, undefined, dir);
  if (readWebhookSecret(name, dir)) writeWebhookSecret(name, undefined, dir);
  ctx.io.err(`✓ Removed profile "${name}" and its key${wasActive ? '; no profile is active now (choose one with `chatcrm profiles use NAME`)' : ''}`);
};
