// The test sandbox's run() returns once every request the run sent is in the log: the CLI runs
// in-process, and a request it gave up on at a deadline (its bytes sent, its socket destroyed)
// reaches the server in a later turn of the event loop, where it would land in the next test's.
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

it('a request written and its socket destroyed just before a run is in the log when that run returns', async () => {
  const { port } = new URL(sb.url);
  const before = sb.calls('tags.list').length;
  // What a run that gave up at a deadline leaves behind: the bytes sent, the socket destroyed.
  await new Promise<void>((resolve) => {
    const s = connect(Number(port), '127.0.0.1', () => {
      s.write(`GET /api/tags HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${sb.config.apiKey}\r\n\r\n`, () => (s.destroy(), resolve()));
    });
  });
  // A run that itself takes no turn of the event loop (root help is answered from the outline).
  const r = await sb.run(['--help']);
  expect(r.exitCode).toBe(0);
  expect(sb.calls('tags.list').length).toBe(before + 1);
});
