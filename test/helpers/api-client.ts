// The HTTP client as the unit tests make it: the options they all share, and a client on a fake
// clock whose transport is the test's own (no socket), with every attempt stamped `path@time`.
import { ApiClient } from '../../src/api/client.js';
import type { Attempt, Exchange, Outgoing, Transport } from '../../src/api/transport.js';
import type { ClientOptions } from '../../src/api/types.js';
import { systemClock } from '../../src/core/clock.js';
import { fakeClock, type FakeClock } from './fake-clock.js';

/** A client's options: no trace, no dry run, a 5 s --timeout and 2 retries, unless `o` says otherwise. */
export const testClientOptions = (o: Partial<ClientOptions> = {}): ClientOptions => ({
  baseUrl: 'http://127.0.0.1:9',
  apiKey: () => 'k',
  timeoutMs: 5000,
  retries: 2,
  allowHttp: false,
  verbose: false,
  dryRun: false,
  trace: () => undefined,
  dryRunOut: () => undefined,
  clock: systemClock,
  ...o,
});

/** What the test's transport does with an attempt, on the client's fake clock. */
export type Send = (out: Outgoing, attempt: Attempt, clock: FakeClock) => Promise<Exchange>;

/** A client on `clock` whose transport is `send`, and every attempt as `path@time`. */
export function scriptedClient(send: Send, o: Partial<ClientOptions> = {}, clock: FakeClock = fakeClock()) {
  const sent: string[] = [];
  const transport: Transport = {
    name: 'node:http',
    send(out, attempt) {
      sent.push(`${out.url.pathname}@${clock.now()}`);
      return send(out, attempt, clock);
    },
    close: async () => undefined,
  };
  return { client: new ApiClient(testClientOptions({ clock, transport, ...o })), clock, sent };
}
