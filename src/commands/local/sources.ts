// Where each resolved setting came from (flag > env > profile > default), for whoami and doctor.
import { readConfig, readKey } from '../../config/store.js';
import type { Context } from '../../runtime/context.js';

export type Source = 'flag' | 'env' | 'profile' | 'active' | 'default' | 'unset';

export interface Sources {
  profile: Source;
  baseUrl: Source;
  mcpUrl: Source;
  key: Source;
}

const given = (v: unknown) => typeof v === 'string' && v !== '';

export function settingSources(ctx: Context): Sources {
  const { flags, env, settings: s } = ctx;
  const pick = (flag: unknown, envName: string, profileKey: 'base-url' | 'mcp-url', fallback: Source): Source =>
    given(flag) ? 'flag' : given(env[envName]) ? 'env' : given(s.profile[profileKey]) ? 'profile' : fallback;
  return {
    profile: given(flags.profile) ? 'flag' : given(env.CHATCRM_PROFILE) ? 'env' : readConfig(s.configDir).active === s.profileName ? 'active' : 'default',
    baseUrl: pick(flags.baseUrl, 'CHATCRM_BASE_URL', 'base-url', 'unset'),
    mcpUrl: pick(flags.mcpUrl, 'CHATCRM_MCP_URL', 'mcp-url', s.baseUrl ? 'default' : 'unset'),
    key: given(env.CHATCRM_API_KEY) ? 'env' : readKey(s.profileName, s.configDir) ? 'profile' : 'unset',
  };
}

/** Where the key comes from, as a person would look for it: `env CHATCRM_API_KEY` or `profile "work"`. */
export function keyOrigin(ctx: Context, from = settingSources(ctx).key): string | undefined {
  if (from === 'env') return 'env CHATCRM_API_KEY';
  return from === 'profile' ? `profile "${ctx.settings.profileName}"` : undefined;
}

export const describeSource: Record<Source, string> = {
  flag: 'from the flag',
  env: 'from the environment',
  profile: 'from the profile',
  active: 'the active profile',
  default: 'default',
  unset: 'not set',
};
