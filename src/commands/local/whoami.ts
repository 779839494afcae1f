// whoami: which profile and addresses are in effect (and why), and who the key belongs to.
import type { Run } from '../../manifest/types.js';
import { describeSource, settingSources } from './sources.js';

export const run: Run = async (ctx) => {
  const s = ctx.settings;
  const from = settingSources(ctx);
  const api = await ctx.api();
  const res = await api.call<{ user?: Record<string, unknown>; data?: Record<string, unknown> }>('auth.profile');
  if (res.dryRun) return;
  const u = res.body?.user ?? res.body?.data ?? {};
  const user = { id: u.id ?? u._id, name: u.name, email: u.email, role: u.role };
  if (s.output !== 'table') {
    await ctx.print({
      profile: s.profileName,
      profile_from: from.profile,
      base_url: s.baseUrl,
      base_url_from: from.baseUrl,
      mcp_url: s.mcpUrl,
      mcp_url_from: from.mcpUrl,
      key_from: from.key,
      user,
    });
    return;
  }
  await ctx.print({
    profile: `${s.profileName} (${describeSource[from.profile]})`,
    'base-url': `${s.baseUrl} (${describeSource[from.baseUrl]})`,
    'mcp-url': `${s.mcpUrl} (${from.mcpUrl === 'default' ? 'same as base-url' : describeSource[from.mcpUrl]})`,
    key: `set (${describeSource[from.key]})`,
    'user-id': user.id,
    name: user.name,
    email: user.email,
    role: user.role,
  });
};
