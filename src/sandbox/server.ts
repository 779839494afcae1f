// `chatcrm sandbox`: the whole API on one loopback port, routed by the operations table.
// Each area's behaviour lives in handlers/<area>.ts; an operation without a handler answers
// 501 naming itself. Around it: the sandbox's own routes (admin.ts), forwarding (forward.ts),
// --auto-status (autostatus.ts), faults (faults.ts) and the --state file (state.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sandboxHandlers, type Control } from './admin.js';
import { autoStatus } from './autostatus.js';
import { channelEvent } from './channel.js';
import { SandboxEvents } from './events.js';
import type { Fault, Latency } from './faults.js';
import { Forwarder, KEEP_DELIVERIES, type Delivery } from './forward.js';
import { createInspector, type Inspector, type Retention } from './inspector/serve.js';
import { areas } from './handlers/index.js';
import type { SandboxConfig, SandboxEnv } from './http.js';
import { seededRandom } from './random.js';
import { handle, requestUrl, type Pipeline, type Received } from './request.js';
import { buildRoutes } from './routes.js';
import { applySeed, type SeedFile } from './seed-file.js';
import { Saver } from './state.js';
import { Store, type StoreData } from './store.js';
import { asText } from './text.js';
import { maskFor } from './mask.js';

export type { Received } from './request.js';

export interface SandboxOptions {
  /** Default: the port saved in the state file (a saved profile keeps working), or a free one. */
  port?: number;
  host?: string;
  apiKey?: string;
  webhookSecret?: string;
  verifyToken?: string;
  /** The inspector page's token (the banner's `Inspector:` link), random by default. */
  inspectorToken?: string;
  stateFile?: string;
  /** Records and credentials in place of the sample data (--seed FILE, read by seed-file.ts). */
  seed?: SeedFile;
  /** Add this many generated records to every list area (contacts, tags, flows, ...). */
  seedRecords?: number;
  log?: (line: string) => void;
  /** How many messages to keep (the newest; records are never dropped), default 10,000; 0 keeps all. */
  maxMessages?: number;
  /** How many received requests the log keeps (the last ones), default 1,000; 0 keeps all. */
  maxRequests?: number;
  /** Bodies larger than this are remembered only by size, default 64 KiB. */
  keepBodyBytes?: number;
  /** Statuses every sent message moves to by itself (--auto-status). */
  autoStatus?: Array<'delivered' | 'read'>;
  /** The pause before each automatic status, default 1 s. */
  statusDelayMs?: number;
  /** The share of sent messages that fail (0–1). */
  failRate?: number;
  /** Makes --fail-rate, fault rates and latency ranges repeat. */
  randomSeed?: number;
  /** The integrator's app: inbound messages and status changes are POSTed there. */
  forwardTo?: string[];
  /** Pauses between forward attempts (default 1, 2, 4, 8 s); tests shorten them. */
  forwardBackoffMs?: readonly number[];
  forwardTimeoutMs?: number;
  faults?: Fault[];
  latency?: Latency;
  /** The --state file is saved at most this often (default 200 ms). */
  saveEveryMs?: number;
}

export const MAX_MESSAGES = 10_000;
export const MAX_REQUESTS = 1000;
export type { Retention } from './inspector/serve.js';

export interface Sandbox {
  url: string;
  /** The inspector page, with its token. */
  inspectorUrl: string;
  config: SandboxConfig;
  store: Store;
  events: SandboxEvents;
  /** The last requests received (see maxRequests). */
  received: Received[];
  /** Every forward attempt (--forward-to). */
  deliveries: Delivery[];
  forwarder: Forwarder;
  /** Every request received since the start. */
  readonly requestCount: number;
  /** The messages, requests and deliveries kept and dropped (--max-messages, --max-requests). */
  retention(): Retention;
  server: Server;
  /** Back to the seed: records, messages, request log, deliveries. */
  reset(): void;
  close(): Promise<void>;
}

/** The starting records: every area's sample data, generated records, the seed file's. */
function seededCollections(opts: SandboxOptions): StoreData['collections'] {
  const store = new Store();
  for (const area of areas) area.seed?.(store);
  if (opts.seedRecords) for (const area of areas) area.bulk?.(store, opts.seedRecords);
  if (opts.seed) applySeed(store, opts.seed);
  return store.data.collections;
}

/** The state file's store (or a new one from the seed), and the credentials: flag, seed file, state, random. */
function openStore(opts: SandboxOptions, log: (line: string) => void): { store: Store; config: SandboxConfig } {
  let store = opts.stateFile ? Store.load(opts.stateFile) : undefined;
  store ??= new Store(opts.stateFile, { collections: seededCollections(opts), meta: {} });
  store.onFirstDrop = (name, limit) => log(`sandbox: more than ${limit.toLocaleString('en-US')} ${name}: the oldest are dropped from now on (--max-messages 0 keeps all)`);
  store.retain('messages', opts.maxMessages ?? MAX_MESSAGES);
  const saved = (store.meta.config ?? {}) as Partial<SandboxConfig>;
  const config: SandboxConfig = {
    ...saved,
    apiKey: opts.apiKey ?? opts.seed?.api_key ?? saved.apiKey ?? randomBytes(32).toString('hex'),
    webhookSecret: opts.webhookSecret ?? opts.seed?.webhook_secret ?? saved.webhookSecret ?? randomBytes(16).toString('hex'),
    verifyToken: opts.verifyToken ?? opts.seed?.verify_token ?? saved.verifyToken ?? randomBytes(16).toString('hex'),
    inspectorToken: opts.inspectorToken ?? saved.inspectorToken ?? randomBytes(16).toString('hex'),
  };
  // Kept with the state: the next start on this file answers to the same key (a saved profile works).
  store.meta.config = config;
  return { store, config };
}

/** Inbound messages and status changes, as the channel's events, to every --forward-to URL. */
function forwarding(env: SandboxEnv, opts: SandboxOptions): Forwarder {
  const forwarder = new Forwarder({
    urls: opts.forwardTo ?? [],
    secret: () => env.config.webhookSecret,
    backoffMs: opts.forwardBackoffMs,
    timeoutMs: opts.forwardTimeoutMs,
    onDelivery: (delivery) => env.events.emit({ kind: 'delivery', delivery: { ...delivery } }),
  });
  env.events.on((e) => {
    if (!forwarder.urls.length) return;
    if (e.kind === 'message' && e.message.direction === 'inbound') forwarder.send('message', asText(e.message.message_id), channelEvent(env.store, 'message', e.message));
    if (e.kind === 'status') forwarder.send('status', asText(e.message.message_id), channelEvent(env.store, 'status', e.message));
  });
  return forwarder;
}

function retentionOf(p: Pipeline, forwarder: Forwarder): Retention {
  const { store } = p.env;
  return {
    messages: { limit: store.limit('messages'), kept: store.all('messages').length, dropped: store.dropped('messages') },
    requests: { limit: p.maxRequests, kept: p.received.length, dropped: p.dropped.requests },
    deliveries: { limit: KEEP_DELIVERIES, kept: forwarder.deliveries.length, dropped: forwarder.dropped },
  };
}

/** Listen on `port` (0: a free one); the port is kept in the state for the next start. */
async function listen(server: Server, opts: SandboxOptions, store: Store): Promise<string> {
  server.keepAliveTimeout = 5000;
  const saved = typeof store.meta.port === 'number' ? store.meta.port : 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? saved, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  store.meta.port = addr.port;
  return `http://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`;
}

/** The boundary: whatever a request brings, it is answered (500) and logged, and the process stays up. */
function failed(log: (line: string) => void, req: IncomingMessage, res: ServerResponse, err: unknown): void {
  log(`sandbox: a ${req.method} request failed: ${(err as Error)?.stack ?? asText(err)}`);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ success: false, message: 'Internal server error (the sandbox logged it)' }));
}

/** Each request: the inspector's if it is one, else the API's; a throw is the boundary's 500. */
function serving(inspector: Inspector, pipeline: Pipeline, log: (line: string) => void) {
  return (req: IncomingMessage, res: ServerResponse, expectContinue = false) => {
    // Parsed once: the inspector and the API routes read the same URL.
    const url = requestUrl(req);
    try {
      if (url && inspector.serve(req, res, url)) return;
    } catch (err) {
      return failed(log, req, res, err);
    }
    handle(pipeline, req, res, url, expectContinue).catch((err) => failed(log, req, res, err));
  };
}

/** The channel's part (--auto-status, --fail-rate): a starter that returns its stopper. */
function lifecycle(env: SandboxEnv, opts: SandboxOptions, random: () => number): () => () => void {
  const settings = { statuses: opts.autoStatus ?? [], delayMs: opts.statusDelayMs ?? 1000, failRate: opts.failRate ?? 0, random };
  return () => (settings.statuses.length || settings.failRate ? autoStatus(env, settings) : () => undefined);
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const log = opts.log ?? (() => undefined);
  const { store, config } = openStore(opts, log);
  const env: SandboxEnv = { store, config, events: new SandboxEvents((err) => log(`sandbox: an event's watcher failed: ${(err as Error)?.stack ?? asText(err)}`)), mask: maskFor(config, opts.forwardTo), log };
  const saver = new Saver(store, opts.stateFile, log, opts.saveEveryMs);
  saver.saveNow();
  const random = seededRandom(opts.randomSeed ?? randomBytes(4).readUInt32BE(0));
  const auto = lifecycle(env, opts, random);
  let stopAuto = auto();
  const forwarder = forwarding(env, opts);
  const received: Received[] = [];
  let requestCount = 0;
  const control: Control = {
    forwarder,
    received,
    reset() {
      stopAuto();
      store.reseed(seededCollections(opts));
      received.length = 0;
      pipeline.dropped.requests = 0;
      forwarder.clear();
      stopAuto = auto();
      env.events.emit({ kind: 'reset' });
      saver.changed();
    },
  };
  const pipeline: Pipeline = {
    routes: buildRoutes(sandboxHandlers(control)),
    env,
    received,
    maxRequests: opts.maxRequests ?? MAX_REQUESTS,
    dropped: { requests: 0 },
    keepBodyBytes: opts.keepBodyBytes ?? 64 * 1024,
    faults: opts.faults ?? [],
    latency: opts.latency,
    random,
    written: () => saver.changed(),
    next: () => ++requestCount,
  };
  const inspector = createInspector(env, { received, deliveries: forwarder.deliveries, retention: () => retentionOf(pipeline, forwarder) });
  const serve = serving(inspector, pipeline, log);
  const server = createServer(serve);
  // Expect: 100-continue — the key and the route are checked before the client sends a byte of body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => serve(req, res, true));
  const url = await listen(server, opts, store);
  saver.changed();
  return {
    url,
    inspectorUrl: `${url}/?token=${config.inspectorToken}`,
    config,
    store,
    events: env.events,
    received,
    deliveries: forwarder.deliveries,
    forwarder,
    get requestCount() {
      return requestCount;
    },
    retention: () => retentionOf(pipeline, forwarder),
    server,
    reset: control.reset,
    async close() {
      stopAuto();
      forwarder.close();
      inspector.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await saver.close();
    },
  };
}
