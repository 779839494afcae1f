// The CI matrix (.ci/run) runs this suite once per Node major by putting that Node first on
// PATH. These tests check that the CLI under test really ran on it: the spawned `node` is a
// PATH lookup, and a matrix that silently tested the machine's Node four times would pass. Both
// kinds of run: in-process (the Node running vitest) and as a process (the binary's shebang).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/** The Node version the CLI announced in its user-agent, as the server received it. */
async function cliNodeVersion(process = false): Promise<string> {
  const r = await sb.run(['chat', 'send', '--to', '15551234567', '--text', 'which node?', '--sender', 'wa_snd_cloud_0001', '--json'], { process });
  expect(r.exitCode, r.stderr).toBe(0);
  const [call] = sb.calls('chat.send').slice(-1);
  const ua = String(call.headers['user-agent']);
  expect(ua).toMatch(/^chatcrm\/\S+ node\/\d+\.\d+\.\d+$/);
  return `v${ua.split(' node/')[1]}`;
}

describe('the Node the CLI runs on', () => {
  it('is the Node running the tests (the first `node` on PATH)', async () => {
    expect(await cliNodeVersion()).toBe(process.version);
    expect(await cliNodeVersion(true)).toBe(process.version);
  });

  it.runIf(process.env.CHATCRM_EXPECT_NODE)('is the Node the CI matrix put first on PATH', async () => {
    const expected = process.env.CHATCRM_EXPECT_NODE!;
    expect(process.version).toBe(expected);
    expect(await cliNodeVersion()).toBe(expected);
    expect(await cliNodeVersion(true)).toBe(expected);
    process.stderr.write(`node-runtime: CLI under test ran on Node ${expected}\n`);
  });
});
