// The errors of the first hour say their cause once, with what to do: a wrong key from the
// environment names its source (as gh does for GH_TOKEN); https to a plain-http server, a base
// URL ending in /api and a server that is not running each get their hint.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
let dir: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  dir = join(tempDir(), 'cfg');
  const r = await runCli(['login', '--profile', 'work', '--base-url', sb.url, '--with-key'], { configDir: dir, input: sb.config.apiKey });
  expect(r.exitCode).toBe(0);
});
afterAll(() => sb.close());

const cli = (args: string[], env: Record<string, string | undefined>) => runCli(args, { configDir: dir, env });

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as { port: number };
  await new Promise((ok) => srv.close(ok));
  return port;
}

describe('a wrong key from the environment', () => {
  it('names CHATCRM_API_KEY and the profile it hides, for any command', async () => {
    const r = await cli(['tags', 'list'], { CHATCRM_API_KEY: 'wrong-key-0000000000' });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toBe('Error: Invalid API key (HTTP 401) (key from CHATCRM_API_KEY; unset it to use profile "work", or run `chatcrm login`)\n');
    expect(sb.received.at(-1)).toMatchObject({ operation: 'tags.list', status: 401 });
    // Unset, the profile's key works.
    expect((await cli(['tags', 'list'], {})).exitCode).toBe(0);
  });
});

describe('network errors name their cause', () => {
  const env = { CHATCRM_API_KEY: 'test-key-0123456789abcdef' };
  it('https to a plain-http server: say so, with the http address', async () => {
    const https = sb.url.replace(/^http:/, 'https:');
    const r = await cli(['tags', 'list', '--base-url', https, '--retries', '0'], env);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toBe(`Error: Cannot reach ${https}: EPROTO (the server does not speak https there: if it is plain http, use --base-url ${sb.url})\n`);
  });

  it('a base URL ending in /api: the paths already start with it', async () => {
    const r = await cli(['tags', 'list', '--base-url', `${sb.url}/api`], env);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(new RegExp(`\\(the base URL ends in /api and every path already starts with /api: try --base-url ${sb.url}\\)\\n$`));
  });

  it('a refused connection: is the server running? (and not where the key came from)', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    for (const args of [['tags', 'list'], ['whoami']]) {
      const r = await cli([...args, '--base-url', url, '--retries', '0'], env);
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toBe(`Error: Cannot reach ${url}: ECONNREFUSED (is the server running? try \`chatcrm doctor\`)\n`);
    }
  });
});
