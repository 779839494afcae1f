// One hint per common cause of a failure a newcomer meets in the first hour: which key was
// refused and how to use another, https to a plain-http server, a base URL that repeats
// /api, a server that is not running. Loaded only when a command fails.
import { keyOrigin, settingSources } from './local/sources.js';
import { readKey } from '../config/store.js';
import type { Context } from '../runtime/context.js';
import { ApiError, AuthError, NetworkError, ResponseError, withDetail } from '../core/errors.js';

/** Where a refused key came from, and how to use another (as gh does for GH_TOKEN). */
function keyHint(ctx: Context): string | undefined {
  const from = settingSources(ctx).key;
  const name = ctx.settings.profileName;
  if (from === 'env') {
    const stored = (() => {
      try {
        return Boolean(readKey(name, ctx.settings.configDir));
      } catch {
        return false;
      }
    })();
    return stored ? `key from CHATCRM_API_KEY; unset it to use profile "${name}", or run \`chatcrm login\`` : 'key from CHATCRM_API_KEY; correct it, or unset it and run `chatcrm login`';
  }
  return from === 'profile' ? `key from ${keyOrigin(ctx, from)}; run \`chatcrm login\` to replace it` : undefined;
}

function networkHint(err: NetworkError): string | undefined {
  // Through a proxy, the proxy is what failed: its error names it, and these hints do not fit.
  if (/ through the proxy /.test(err.message)) return undefined;
  const url = /Cannot reach (\S+):/.exec(err.message)?.[1];
  if (url?.startsWith('https:') && /\bEPROTO\b|wrong version number|packet length too long/i.test(err.message)) {
    return `the server does not speak https there: if it is plain http, use --base-url ${url.replace(/^https:/, 'http:')}`;
  }
  if (/\bECONNREFUSED\b/.test(err.message)) return 'is the server running? try `chatcrm doctor`';
  if (/\bENOTFOUND\b|\bEAI_AGAIN\b/.test(err.message)) return 'no such host: check the address with `chatcrm doctor`';
  return undefined;
}

/** A 404 where the base URL ends in /api, which the operations' paths already start with. */
function pathHint(ctx: Context): string | undefined {
  const base = ctx.settings.baseUrl;
  if (!base || !/\/api\/?$/.test(new URL(base).pathname)) return undefined;
  return `the base URL ends in /api and every path already starts with /api: try --base-url ${base.replace(/\/api\/?$/, '')}`;
}

/** A failure that says the key is wrong (or proves no key): its hint names the key's source. */
export const isKeyError = (err: unknown): boolean => (err instanceof AuthError && err.status === 401) || (err instanceof ResponseError && err.code === 'no_user');

/** The error with its hint, when one of the common causes fits; else the error as it was. */
export function withHint(ctx: Context, err: unknown): unknown {
  let hint: string | undefined;
  try {
    if (isKeyError(err)) hint = keyHint(ctx);
    else if (err instanceof NetworkError) hint = networkHint(err);
    else if (err instanceof ApiError && err.status === 404) hint = pathHint(ctx);
  } catch {
    // No hint is better than a second error about the first (an unreadable config, say).
  }
  return hint ? withDetail(err, ` (${hint})`) : err;
}
