// An in-process sandbox on an ephemeral loopback port, and the env that points the CLI at it.
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { runCli, type RunOptions, type RunResult } from './cli.js';

export interface TestSandbox extends Sandbox {
  env: Record<string, string>;
  /** Run the CLI against this sandbox. */
  run(args: string[], opts?: RunOptions): Promise<RunResult>;
  /** Requests received for an operation id (see api/operations.ts). */
  calls(operation: string): Sandbox['received'];
}

export async function startTestSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const sb = await startSandbox({ apiKey: 'test-key-0123456789abcdef', ...opts });
  const env = { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey };
  return Object.assign(sb, {
    env,
    run: (args: string[], o: RunOptions = {}) => runCli(args, { ...o, env: { ...env, ...o.env } }),
    calls: (operation: string) => sb.received.filter((r) => r.operation === operation),
  });
}
