// `chatcrm mcp serve` under the official SDK client, over stdio or --http, as an agent runs it:
// the CLI in a clean environment pointed at a test sandbox; over stdio in-process by default,
// --http as a process (its address and token are read from its stderr, it stops on SIGINT).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { execa, type ResultPromise } from 'execa';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BIN, HANG_MS, cleanEnv, startInProcess, type LiveRun } from './cli.js';
import type { TestSandbox } from './sandbox.js';

export interface Served {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** Text content of a tool result, joined. */
export const textOf = (r: unknown) => (((r as { content?: unknown }).content ?? []) as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');

const env = (sb: TestSandbox, extra: Record<string, string | undefined> = {}) =>
  Object.fromEntries(Object.entries(cleanEnv({ ...sb.env, ...extra })).filter((e): e is [string, string] => e[1] !== undefined));

/** The SDK's stdio framing over the standard streams of an in-process run (the client's side). */
class LiveRunTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly buffer = new ReadBuffer();
  constructor(private readonly live: LiveRun) {}
  async start(): Promise<void> {
    this.live.stdout.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let m = this.buffer.readMessage(); m; m = this.buffer.readMessage()) this.onmessage?.(m);
    });
  }
  async send(message: JSONRPCMessage): Promise<void> {
    this.live.stdin.write(serializeMessage(message));
  }
  /** The client's input ends: the server's stdin, which is its end. */
  async close(): Promise<void> {
    this.live.stdin.end();
    await this.live.exited;
    this.onclose?.();
  }
}

/** `client`: one made by the test (its capabilities, its handlers of server requests). In-process (cli.ts's startInProcess). */
export async function serveStdio(sb: TestSandbox, args: string[] = [], extraEnv: Record<string, string | undefined> = {}, client = new Client({ name: 'chatcrm-test', version: '1.0.0' })): Promise<Served> {
  let err = '';
  const live = startInProcess(['mcp', 'serve', ...args], { env: { ...sb.env, ...extraEnv } });
  live.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await client.connect(new LiveRunTransport(live));
  return { client, stderr: () => err, close: () => client.close() };
}

export interface HttpServed {
  url: string;
  token: string;
  proc: ResultPromise;
  stderr(): string;
  connect(token?: string): Promise<Client>;
  close(): Promise<void>;
}

/** Start `mcp serve --http` and read its address and token from stderr. */
export async function serveHttp(sb: TestSandbox, args: string[] = [], fixedToken?: string): Promise<HttpServed> {
  const proc = execa('node', [BIN, 'mcp', 'serve', '--http', ...args], { env: env(sb, { CHATCRM_SERVE_TOKEN: fixedToken }), extendEnv: false, reject: false, stdin: 'ignore' });
  let err = '';
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mcp serve --http did not start: ${err}`)), HANG_MS);
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err)?.[1];
      const token = fixedToken ?? /^token: (\S+)$/m.exec(err)?.[1];
      if (url && token && /^token: /m.test(err)) {
        clearTimeout(timer);
        resolve({ url, token });
      }
    });
  });
  const { url, token } = await ready;
  const clients: Client[] = [];
  return {
    url,
    token,
    proc,
    stderr: () => err,
    async connect(t = token) {
      const client = new Client({ name: 'chatcrm-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${t}` } } }));
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      proc.kill('SIGINT');
      await proc;
    },
  };
}

/** The same server over either transport, as one client. */
export async function serveOver(transport: 'stdio' | 'http', sb: TestSandbox, args: string[] = []): Promise<Served> {
  if (transport === 'stdio') return serveStdio(sb, args);
  const h = await serveHttp(sb, args);
  return { client: await h.connect(), stderr: h.stderr, close: h.close };
}
