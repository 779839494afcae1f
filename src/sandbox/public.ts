// `import { startSandbox } from 'chatcrm/sandbox'`: the sandbox for an integrator's test suite.
// Options mirror the flags of `chatcrm sandbox` (checked by the same code); the answer gives
// the address, the credentials, the simulators and what the sandbox received and forwarded.
// The exported types are written out here, with no imports, so that scripts/build.mjs can
// emit dist/sandbox.d.ts from this file alone.
import { loadCommands } from '../manifest/index.js';
import { sandboxOptions } from './options.js';
import { startSandbox as start } from './server.js';

export interface StartSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Keep records, key, secret and tokens in this file across starts. */
  state?: string;
  apiKey?: string;
  webhookSecret?: string;
  verifyToken?: string;
  /** A YAML or JSON seed file (senders, contacts, tags, templates, flows, plan features, key, secret). */
  seed?: string;
  seedRecords?: number;
  /** Your app's webhook URL(s): inbound messages and status changes are POSTed there, signed. */
  forwardTo?: string | string[];
  /** `delivered,read`: every sent message moves on by itself. */
  autoStatus?: string;
  /** `1s`, `200ms`, or milliseconds. */
  statusDelay?: string | number;
  failRate?: number;
  randomSeed?: number;
  /** `OPERATION:STATUS[:RATE]`, e.g. `chat_send:503:0.5`. */
  fault?: string | string[];
  /** Milliseconds, or `MIN-MAX`. */
  latency?: string | number;
  /** Pauses between forward attempts in ms (default [1000, 2000, 4000, 8000]). */
  forwardBackoffMs?: number[];
  /** The newest messages kept (default 10,000; 0 keeps all); records are never dropped. */
  maxMessages?: number;
  /** The newest requests `received` keeps (default 1,000; 0 keeps all). */
  maxRequests?: number;
}

export interface ReceivedRequest {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The operation id (`chat.send`), when the path is one. */
  operation?: string;
  status: number;
  duration_ms: number;
}

export interface ForwardDelivery {
  id: string;
  event_id: string;
  url: string;
  event: 'message' | 'status';
  message_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  ok: boolean;
  status_code: number | null;
  error: string | null;
  signature: string;
  response: string;
}

export interface InboundInput {
  from: string;
  sender_id?: string;
  name?: string;
  /** A message object; `text` is short for `{ type: 'text', text: { body } }`. */
  message?: Record<string, unknown>;
  text?: string;
}

/** A status report of the channel, as `POST /_sandbox/simulate/status` takes it. */
export interface StatusInput {
  message_id: string;
  status: 'delivered' | 'read' | 'failed';
  /** The reason, with failed. */
  error?: string;
}

export interface RunningSandbox {
  url: string;
  apiKey: string;
  webhookSecret: string;
  inspectorUrl: string;
  /** Requests received, oldest first (the last 1,000, or maxRequests). */
  received: ReceivedRequest[];
  /** Forward attempts, oldest first (the last 1,000). */
  deliveries: ForwardDelivery[];
  simulate: {
    /** A customer writes; resolves to the stored inbound message. */
    inbound(input: InboundInput): Promise<Record<string, unknown>>;
    /** The channel reports a status of a sent message; resolves to the message. */
    status(input: StatusInput): Promise<Record<string, unknown>>;
    status(messageId: string, status: StatusInput['status'], error?: string): Promise<Record<string, unknown>>;
  };
  /**
   * Resolves when every forward queued so far has been delivered (your app answered 2xx) or
   * given up: the events reached your app, not that your app has finished what they started
   * (its own replies may still be on their way; wait on `received` for those).
   */
  forwarded(): Promise<void>;
  /** Back to the seed: records, messages, logs. */
  reset(): void;
  close(): Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const { forwardBackoffMs, ...flags } = options;
  const sb = await start({ ...(await sandboxOptions(flags, loadCommands)), forwardBackoffMs });
  const call = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': sb.config.apiKey }, body: JSON.stringify(body) });
    const answer = (await res.json()) as { data?: Record<string, unknown>; message?: string; errors?: string[] };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${answer.message ?? ''}${answer.errors ? ` (${answer.errors.join('; ')})` : ''}`);
    return answer.data ?? {};
  };
  return {
    url: sb.url,
    apiKey: sb.config.apiKey,
    webhookSecret: sb.config.webhookSecret,
    inspectorUrl: sb.inspectorUrl,
    received: sb.received,
    deliveries: sb.deliveries,
    simulate: {
      inbound: ({ text, message, ...rest }) => call('/_sandbox/simulate/inbound', { ...rest, message: message ?? { type: 'text', text: { body: text ?? '' } } }),
      status: (input: string | StatusInput, status?: StatusInput['status'], error?: string) =>
        call('/_sandbox/simulate/status', typeof input === 'string' ? { message_id: input, status, error } : input),
    },
    forwarded: () => sb.forwarder.idle(),
    reset: sb.reset,
    close: sb.close,
  };
}
