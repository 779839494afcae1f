// `simulate.status` of `startSandbox()` from 'chatcrm/sandbox' takes both forms (issue 29,
// item 9): positional (id, status, error) and the object `/_sandbox/simulate/status` takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/public.js';
import { runCli } from '../helpers/cli.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb?.close());

async function sent(): Promise<string> {
  const r = await runCli(['chat', 'send', '--sender', 'wa_snd_cloud_0001', '--to', '15557654321', '--text', 'Hi', '--json'], { env: { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.apiKey } });
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout).message_id;
}

const reported = () => sb.received.filter((r) => r.path === '/_sandbox/simulate/status').map((r) => r.body);

describe('simulate.status', () => {
  it('takes { message_id, status, error }', async () => {
    const id = await sent();
    expect(await sb.simulate.status({ message_id: id, status: 'failed', error: 'Number not on the channel' })).toMatchObject({ message_id: id, status: 'failed' });
    expect(reported().at(-1)).toEqual({ message_id: id, status: 'failed', error: 'Number not on the channel' });
  });

  it('takes (message_id, status, error) as before', async () => {
    const id = await sent();
    expect(await sb.simulate.status(id, 'delivered')).toMatchObject({ message_id: id, status: 'delivered' });
    expect(reported().at(-1)).toEqual({ message_id: id, status: 'delivered' });
  });
});
