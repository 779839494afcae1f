// Who may use the inspector page and, with its cookie, the /_sandbox/ routes. A page that any
// other site can reach through the user's browser is an attack surface, so: the Host must be
// this sandbox's address (DNS rebinding), the page needs the banner's token (kept as an
// HttpOnly, SameSite=Strict cookie), and a state change needs a same-origin Origin.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { SandboxConfig } from '../http.js';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const unmapped = (address: string | undefined) => String(address ?? '').replace(/^::ffff:/, '');

/**
 * The Host a browser sends when it reached this socket by address: `localhost`, or the IP the
 * connection came in on, with the listening port. Any other name may be a rebound DNS name.
 */
export function hostAllowed(req: IncomingMessage): boolean {
  const host = req.headers.host;
  if (!host) return false;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (url.username || url.password || url.pathname !== '/' || (url.port || '80') !== String(req.socket.localPort)) return false;
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  return isIP(name) !== 0 && unmapped(name) === unmapped(req.socket.localAddress);
}

/** Named by port: cookies do not tell ports apart, and two sandboxes may run side by side. */
export const cookieName = (req: IncomingMessage) => `chatcrm_inspector_${req.socket.localPort}`;

function cookieValue(req: IncomingMessage): string | undefined {
  const name = cookieName(req);
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

export const tokenOk = (given: string | undefined, config: SandboxConfig) => typeof given === 'string' && given !== '' && same(given, config.inspectorToken);
export const hasCookie = (req: IncomingMessage, config: SandboxConfig) => tokenOk(cookieValue(req), config);
export const changesState = (method: string) => method !== 'GET' && method !== 'HEAD';
export const sameOrigin = (req: IncomingMessage) => req.headers.origin === `http://${req.headers.host}`;

/** A request let in by the inspector's cookie: any read, and a state change from the page's own origin. */
export function cookieAdmits(req: IncomingMessage, config: SandboxConfig): boolean {
  return hasCookie(req, config) && hostAllowed(req) && (!changesState(String(req.method)) || sameOrigin(req));
}
