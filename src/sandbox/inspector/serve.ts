// The inspector: a web page at `/` of the sandbox (conversations, requests, deliveries,
// records) that updates live from Server-Sent Events. The page and every `/_sandbox/` route
// sit behind the gate of inspector/gate.ts; the CSP forbids inline script and every other
// origin. The page reads one feed, answered here and kept out of the request log (the page's
// own polling would fill it, and each read would announce a request: an endless loop).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasKey } from '../access.js';
import type { Delivery } from '../forward.js';
import type { SandboxEnv } from '../http.js';
import { changesState, cookieName, hasCookie, hostAllowed, sameOrigin, tokenOk } from './gate.js';
import { createLive, feedRequest, type Feed, type Retention } from './live.js';
import { conversationsPage, olderMessages, records } from './views.js';
import page from './index.html?raw';
import style from './inspector.css?raw';
import script from './page/main.ts?page';
import type { Received } from '../request.js';

export type { Retention } from './live.js';

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

export interface Inspector {
  /**
   * Answers the inspector's own requests (the page, its files, the event stream, its feed)
   * and refuses any request to them or to `/_sandbox/` from a foreign Host or Origin.
   * False: not answered, the sandbox routes it.
   */
  serve(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
  /** Ends the event streams (the server is closing). */
  close(): void;
}

/** What the feed shows besides the store: the request log and the forward attempts. */
export interface InspectorSources {
  received: Received[];
  deliveries: Delivery[];
  /** What was dropped: the page says so. */
  retention(): Retention;
}

/** How many requests and deliveries the feed shows (the newest). */
const FEED_ROWS = 200;
/** Threads a page (?threads= asks for more, up to MAX_PAGE), and messages of the open thread a page. */
const THREADS_PAGE = 50;
const MESSAGES_PAGE = 50;
const MAX_PAGE = 1000;

/** A page size from the query: `fallback` when absent or not a whole number from 1 to MAX_PAGE. */
function pageSize(url: URL, name: string, fallback: number): number {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : fallback;
}

function answer(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): true {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
  return true;
}

const json = (res: ServerResponse, status: number, body: unknown) => answer(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
const refuse = (res: ServerResponse, status: number, message: string) => json(res, status, { success: false, message });

/**
 * The page's feed, one page whatever the history: ?threads=N (the newest N threads), ?thread=KEY
 * (the open one). Masked as the live deltas are; `seq`: the last delta it already holds.
 */
function feed(env: SandboxEnv, sources: InspectorSources, url: URL, seq: number): Feed {
  const page = conversationsPage(env.store, { limit: pageSize(url, 'threads', THREADS_PAGE), open: url.searchParams.get('thread') ?? undefined, messages: MESSAGES_PAGE });
  // The mask replaces secrets inside strings: the shapes stay.
  const shown = env.mask({ conversations: page.threads, conversations_total: page.total, thread: page.open ?? null, records: records(env.store) }) as Pick<Feed, 'conversations' | 'conversations_total' | 'thread' | 'records'>;
  return {
    seq,
    ...shown,
    requests: sources.received.slice(-FEED_ROWS).reverse().map((r) => feedRequest(r, env.mask)),
    deliveries: sources.deliveries.slice(-FEED_ROWS).reverse().map((d) => env.mask(d) as Delivery),
    retention: sources.retention(),
  };
}

/** ?thread=KEY&before=MESSAGE_ID: the page's "Load older". */
function older(env: SandboxEnv, url: URL, res: ServerResponse): true {
  const page = olderMessages(env.store, url.searchParams.get('thread') ?? '', url.searchParams.get('before') ?? undefined, pageSize(url, 'limit', MESSAGES_PAGE));
  return page ? json(res, 200, { success: true, data: page }) : refuse(res, 404, 'Conversation not found');
}

export function createInspector(env: SandboxEnv, sources: InspectorSources): Inspector {
  const { config } = env;
  const live = createLive(env, sources, SECURITY_HEADERS);
  const feeds: Record<string, (url: URL, res: ServerResponse, req: IncomingMessage) => boolean> = {
    '/_sandbox/events': (_url, res, req) => live.stream(req, res),
    '/_sandbox/inspector': (url, res) => json(res, 200, { success: true, data: feed(env, sources, url, live.seq()) }),
    '/_sandbox/inspector/messages': (url, res) => older(env, url, res),
  };

  const servePage = (req: IncomingMessage, res: ServerResponse, token: string | null) => {
    if (token !== null) {
      if (!tokenOk(token, config)) return answer(res, 401, 'text/html; charset=utf-8', unauthorized('This inspector link is not (or no longer) valid.'));
      // As Jupyter does: the token becomes a cookie, and the address bar loses it.
      return answer(res, 303, 'text/plain; charset=utf-8', 'See /\n', {
        location: '/',
        'set-cookie': `${cookieName(req)}=${config.inspectorToken}; Path=/; HttpOnly; SameSite=Strict`,
      });
    }
    if (!hasCookie(req, config)) return answer(res, 401, 'text/html; charset=utf-8', unauthorized(''));
    return answer(res, 200, 'text/html; charset=utf-8', page);
  };

  /** Which state changes pass: the page's (same Origin) and the CLI's (the key, no Origin). */
  const originOk = (req: IncomingMessage) => (req.headers.origin === undefined ? hasKey(req, config) || !hasCookie(req, config) : sameOrigin(req));

  return {
    serve(req, res, url) {
      const method = (req.method ?? 'GET').toUpperCase();
      const path = url.pathname;
      if (path !== '/' && !(path in FILES) && !path.startsWith('/_sandbox/')) return false;
      // A refused body is read and dropped: closing on unread bytes would reset the connection.
      const deny = (status: number, message: string) => (req.resume(), refuse(res, status, message));
      if (!hostAllowed(req)) return deny(403, "Forbidden: the Host header is not this sandbox's address");
      if (changesState(method) && !originOk(req)) return deny(403, 'Forbidden: a state change from a browser needs this sandbox as its Origin');
      if (method !== 'GET') return false;
      if (path === '/') return servePage(req, res, url.searchParams.get('token'));
      if (FILES[path]) return answer(res, 200, FILES[path].type, FILES[path].body);
      const own = feeds[path];
      if (!own) return false;
      if (!hasKey(req, config) && !hasCookie(req, config)) return deny(401, 'Authorization token missing or malformed');
      return own(url, res, req);
    },
    close: () => live.close(),
  };
}

/** The one-line page without the token: where the link is. */
function unauthorized(lead: string): string {
  const line = `${lead ? `${lead} ` : ''}Open the inspector with the link that <code>chatcrm sandbox</code> printed: the line <code>Inspector: http://…/?token=…</code>.`;
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>chatcrm sandbox inspector</title></head><body><p>${line}</p></body></html>\n`;
}
