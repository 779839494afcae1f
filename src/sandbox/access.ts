// Who may call what. Every route takes the API key (x-api-key), but the provider's own
// (noAuth: /webhook/chat, verified by signature or token). The sandbox's own routes
// (/_sandbox/...) are decided in sandboxRouteAllowed() alone, so that other credentials
// (the inspector's cookie) are added in one place.
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { SandboxConfig } from './http.js';
import { cookieAdmits } from './inspector/gate.js';

const same = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The request carries the sandbox's API key. */
export function hasKey(req: IncomingMessage, config: SandboxConfig): boolean {
  const given = req.headers['x-api-key'];
  return typeof given === 'string' && given !== '' && same(given, config.apiKey);
}

/** May this request use a /_sandbox/ route (the simulators, deliveries, requests, reset)? */
export function sandboxRouteAllowed(req: IncomingMessage, config: SandboxConfig): boolean {
  return hasKey(req, config) || cookieAdmits(req, config);
}

export const isSandboxPath = (path: string) => path.startsWith('/_sandbox/');
