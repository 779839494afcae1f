// An in-process sandbox on an ephemeral loopback port, and the env that points the CLI at it.
import { expect } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { runCli, type RunOptions, type RunResult } from './cli.js';

export interface TestSandbox extends Sandbox {
  env: Record<string, string>;
  /** Run the CLI against this sandbox. */
  run(args: string[], opts?: RunOptions): Promise<RunResult>;
  /** Requests received for an operation id (see api/operations.ts). */
  calls(operation: string): Sandbox['received'];
  /**
   * Run a command that must be refused: exit `code` (default 2), one line on stderr matching
   * `message`, nothing on stdout, and — for bad input (exit 2) — nothing sent.
   */
  refused(args: string[], message: RegExp, opts?: RunOptions & { code?: number }): Promise<RunResult>;
}

export async function startTestSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  // Tests assert on every request and body they sent: remember them all (the defaults keep the last 1,000, small bodies only).
  const sb = await startSandbox({ apiKey: 'test-key-0123456789abcdef', maxRequests: 100_000, keepBodyBytes: 64 << 20, ...opts });
  const env = { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey };
  const settled = settling(sb);
  // A run's requests are all in the log when it returns: one it gave up on at a deadline (its
  // bytes already sent) would otherwise land in the next test's.
  const run = (args: string[], o: RunOptions = {}) => runCli(args, { ...o, env: { ...env, ...o.env } }).then(async (r) => (await settled(), r));
  return Object.assign(sb, {
    env,
    run,
    calls: (operation: string) => sb.received.filter((r) => r.operation === operation),
    async refused(args: string[], message: RegExp, { code = 2, ...o }: RunOptions & { code?: number } = {}) {
      const before = sb.received.length;
      const r = await run(args, o);
      expect(r.stderr).toMatch(message);
      expect(r.exitCode).toBe(code);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
      if (code === 2) expect(sb.received.length).toBe(before);
      return r;
    },
  });
}

/**
 * A function that resolves once the sandbox has read what its clients have written so far and
 * answered every request it read: the bytes of a request a run sent just before it ended reach
 * the server's sockets in the next turn of the event loop.
 */
function settling(sb: Sandbox): () => Promise<void> {
  let open = 0;
  const idle: (() => void)[] = [];
  sb.server.on('request', (req, res) => {
    // The inspector's live feed stays open as long as its page: not a request a run waits for.
    if (req.url?.startsWith('/_sandbox/events')) return;
    open++;
    res.once('close', () => {
      if (--open === 0) for (const f of idle.splice(0)) f();
    });
  });
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return async () => {
    await turn();
    await turn();
    if (open > 0) await new Promise<void>((resolve) => idle.push(resolve));
  };
}

/** A text sent straight to the sandbox's API, as a bot would, not through the CLI; returns its message id. */
export async function httpSend(sb: TestSandbox, sender: string, to: string, body: string): Promise<string> {
  const res = await fetch(`${sb.url}/api/v2/chat/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': sb.config.apiKey },
    body: JSON.stringify({ sender_id: sender, to, message: { type: 'text', text: { body } } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { message_id: string } }).data.message_id;
}
