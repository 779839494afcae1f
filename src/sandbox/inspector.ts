// The inspector: a web page at `/` of the sandbox (conversations, requests, deliveries,
// records) that updates live from Server-Sent Events, and the gate in front of it and of
// every `/_sandbox/` route. A page that any other site can reach through the user's browser
// is an attack surface, so: the Host must be this sandbox's address (DNS rebinding), the
// page needs the banner's token (kept as an HttpOnly, SameSite=Strict cookie), a state change
// needs a same-origin Origin, and the CSP forbids inline script and every other origin.
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxEnv } from './http.js';
import { conversations, records } from './inspector/views.js';
import page from './inspector/index.html?raw';
import script from './inspector/inspector.js?raw';
import style from './inspector/inspector.css?raw';

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const FILES: Record<string, { type: string; body: string }> = {
  '/inspector.js': { type: 'text/javascript; charset=utf-8', body: script },
  '/inspector.css': { type: 'text/css; charset=utf-8', body: style },
};

const HEARTBEAT_MS = 15_000;

export interface Inspector {
  /**
   * Answers the inspector's own requests (the page, its files, the event stream, its feeds)
   * and refuses any request to them or to `/_sandbox/` from a foreign Host or Origin.
   * False: not answered, the server routes it (with `admits` as a second way in).
   */
  serve(req: IncomingMessage, res: ServerResponse, method: string, path: string, query: Record<string, string>): boolean;
  /** A `/_sandbox/` request let in by the inspector's cookie instead of the API key. */
  admits(req: IncomingMessage, method: string, path: string): boolean;
  /** Ends the event streams (the server is closing). */
  close(): void;
}

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
  const port = req.socket.localPort;
  if (url.username || url.password || url.pathname !== '/' || (url.port || '80') !== String(port)) return false;
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  return isIP(name) !== 0 && unmapped(name) === unmapped(req.socket.localAddress);
}

const cookieName = (req: IncomingMessage) => `chatcrm_inspector_${req.socket.localPort}`;

function cookieValue(req: IncomingMessage): string | undefined {
  const name = cookieName(req);
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

const changesState = (method: string) => method !== 'GET' && method !== 'HEAD';
const sameOrigin = (req: IncomingMessage) => req.headers.origin === `http://${req.headers.host}`;

function answer(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): true {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
  return true;
}

const json = (res: ServerResponse, status: number, body: unknown) => answer(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
const refuse = (res: ServerResponse, status: number, message: string) => json(res, status, { success: false, message });

export function createInspector(env: SandboxEnv): Inspector {
  const streams = new Set<ServerResponse>();
  // The page only needs to know that something changed, and what kind of thing: it asks again.
  const stop = env.events.on((event) => {
    const line = `event: ${event.kind}\ndata: ${JSON.stringify({ kind: event.kind })}\n\n`;
    for (const s of streams) s.write(line);
  });
  const heartbeat = setInterval(() => {
    for (const s of streams) s.write(': keep-alive\n\n');
  }, HEARTBEAT_MS).unref();

  const tokenOk = (given: string | undefined) => typeof given === 'string' && given !== '' && same(given, env.config.inspectorToken);
  const keyOk = (req: IncomingMessage) => {
    const key = req.headers['x-api-key'];
    return typeof key === 'string' && key !== '' && same(key, env.config.apiKey);
  };
  const admits = (req: IncomingMessage, method: string, path: string) =>
    path.startsWith('/_sandbox/') && tokenOk(cookieValue(req)) && (!changesState(method) || sameOrigin(req));

  const stream = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    // After a restart the browser tries again within a second.
    res.write('retry: 1000\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return true;
  };

  const feeds: Record<string, (req: IncomingMessage, res: ServerResponse) => boolean> = {
    '/_sandbox/events': stream,
    '/_sandbox/conversations': (_req, res) => json(res, 200, { success: true, data: conversations(env.store) }),
    '/_sandbox/records': (_req, res) => json(res, 200, { success: true, data: records(env.store) }),
  };

  const servePage = (req: IncomingMessage, res: ServerResponse, query: Record<string, string>) => {
    if (query.token !== undefined) {
      if (!tokenOk(query.token)) return answer(res, 401, 'text/html; charset=utf-8', unauthorized('This inspector link is not (or no longer) valid.'));
      // As Jupyter does: the token becomes a cookie, and the address bar loses it.
      return answer(res, 303, 'text/plain; charset=utf-8', 'See /\n', {
        location: '/',
        'set-cookie': `${cookieName(req)}=${env.config.inspectorToken}; Path=/; HttpOnly; SameSite=Strict`,
      });
    }
    if (!tokenOk(cookieValue(req))) return answer(res, 401, 'text/html; charset=utf-8', unauthorized(''));
    return answer(res, 200, 'text/html; charset=utf-8', page);
  };

  return {
    serve(req, res, method, path, query) {
      const own = path === '/' || path in FILES;
      if (!own && !path.startsWith('/_sandbox/')) return false;
      // A refused body is read and dropped: closing on unread bytes would reset the connection.
      const deny = (status: number, message: string) => (req.resume(), refuse(res, status, message));
      if (!hostAllowed(req)) return deny(403, "Forbidden: the Host header is not this sandbox's address");
      if (changesState(method) && !(req.headers.origin === undefined ? keyOk(req) || !tokenOk(cookieValue(req)) : sameOrigin(req))) {
        return deny(403, 'Forbidden: a state change from a browser needs this sandbox as its Origin');
      }
      if (path === '/' && method === 'GET') return servePage(req, res, query);
      if (FILES[path] && method === 'GET') return answer(res, 200, FILES[path].type, FILES[path].body);
      const feed = method === 'GET' ? feeds[path] : undefined;
      if (!feed) return false;
      if (!keyOk(req) && !admits(req, method, path)) return deny(401, 'Authorization token missing or malformed');
      return feed(req, res);
    },
    admits,
    close() {
      stop();
      clearInterval(heartbeat);
      for (const s of streams) s.end();
      streams.clear();
    },
  };
}

/** The one-line page without the token: where the link is. */
function unauthorized(lead: string): string {
  const line = `${lead ? `${lead} ` : ''}Open the inspector with the link that <code>chatcrm sandbox</code> printed: the line <code>Inspector: http://…/?token=…</code>.`;
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>chatcrm sandbox inspector</title></head><body><p>${line}</p></body></html>\n`;
}
