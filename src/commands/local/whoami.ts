// whoami: which profile and addresses are in effect (and why), and who the key belongs to.
import { NetworkError, withDetail } from '../../core/errors.js';
import { isKeyError } from '../hints.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import { profileUser } from './profile-user.js';
import { describeSource, keyOrigin, settingSources } from './sources.js';

export const run: Run<OptsOf<[]>> = async (ctx) => {
  const s = ctx.settings;
  const from = settingSources(ctx);
  const origin = keyOrigin(ctx, from.key);
  const api = await ctx.api();
  let user;
  try {
    const res = await api.call('auth.profile');
    if (res.dryRun) return;
    user = profileUser(res.body, res.status, s.baseUrl);
  } catch (err) {
    // Which key it was is half the answer, except where the network failed (the key is not
    // the cause) or the key was refused (main's hints name it, as for every command).
    throw origin && !(err instanceof NetworkError) && !isKeyError(err) ? withDetail(err, ` (key from ${origin})`) : err;
  }
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
    key: `set (${origin})`,
    'user-id': user.id,
    name: user.name,
    email: user.email,
    role: user.role,
  });
};
