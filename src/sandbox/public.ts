// `import { startSandbox } from 'chatcrm/sandbox'`: the sandbox for an integrator's test suite.
// Options mirror the flags of `chatcrm sandbox` (checked by the same code); the answer gives
// the address, the credentials, the simulators and what the sandbox received and forwarded.
// Its types are the sandbox's own (the flags' SandboxFlags, Received, Delivery...): scripts/
// build.mjs bundles their declarations into dist/sandbox.d.ts, one file with no imports.
import type { InboundInput as ChannelInbound, Status } from './channel.js';
import type { Delivery } from './forward.js';
import { sandboxOptions, type SandboxFlags } from './options.js';
import type { Received } from './request.js';
import { startSandbox as start } from './server.js';

/** The flags of `chatcrm sandbox`, camelCased; `port: 0` (the default) picks a free port. */
export interface StartSandboxOptions extends SandboxFlags {
  /** Pauses between forward attempts in ms (default [1000, 2000, 4000, 8000]). */
  forwardBackoffMs?: number[];
}

/** A request the sandbox received. */
export type ReceivedRequest = Received;
/** One attempt at forwarding an event to a --forward-to URL. */
export type ForwardDelivery = Delivery;

/** A customer writes, as `POST /_sandbox/simulate/inbound` takes it, or with `text` for a text message. */
export interface InboundInput extends Pick<ChannelInbound, 'from' | 'sender_id' | 'name'> {
  /** A message object; `text` is short for `{ type: 'text', text: { body } }`. */
  message?: ChannelInbound['message'];
  text?: string;
}

/** A status report of the channel, as `POST /_sandbox/simulate/status` takes it. */
export interface StatusInput {
  message_id: string;
  status: Status;
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
  const sb = await start({ ...(await sandboxOptions(flags)), forwardBackoffMs });
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
