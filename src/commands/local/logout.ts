// logout: forget a profile's stored key (and webhook secret); its other settings stay.
import { readKey, readWebhookSecret, writeKey, writeWebhookSecret } from '../../config/store.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';

export const run: Run<OptsOf<[]>> = async (ctx) => {
  const { profileName, configDir } = ctx.settings;
  if (!readKey(profileName, configDir)) {
    ctx.io.err(`Profile "${profileName}" has no stored key: nothing to forget`);
    return;
  }
  writeKey(profileName, undefined, configDir);
  const secret = Boolean(readWebhookSecret(profileName, configDir));
  if (secret) writeWebhookSecret(profileName, undefined, configDir);
  ctx.io.err(`✓ Forgot the key${secret ? ' and webhook secret' : ''} of profile "${profileName}"`);
  if (ctx.env.CHATCRM_API_KEY) ctx.io.err('Note: CHATCRM_API_KEY is still set in the environment and will be used');
};
