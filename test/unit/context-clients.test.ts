// ctx.api() is the command's one shared client; ctx.newClient() makes others. Asking for the
// shared one as another kind is a bug in the CLI: it throws rather than hand back the first one.
import { expect, it } from 'vitest';
import { batchClient } from '../../src/batch/command.js';
import { createContext } from '../../src/runtime/context.js';
import { tempDir } from '../helpers/cli.js';
import { testHost, testIO } from '../helpers/io.js';

function testContext() {
  const env = { CHATCRM_BASE_URL: 'http://127.0.0.1:9', CHATCRM_API_KEY: 'k-test', CHATCRM_CONFIG_DIR: tempDir() };
  return createContext(testIO(), { timeout: '7' }, testHost(env), 'test');
}

it('reuses the shared client, also when asked for at once', async () => {
  const ctx = testContext();
  const [a, b] = await Promise.all([ctx.api(), ctx.api()]);
  expect(b).toBe(a);
  expect(await ctx.api({ longRunning: false })).toBe(a);
  expect(a.opts.longRunning).toBe(false);
});

it('hands the long-running shared client to a caller that states no kind', async () => {
  const ctx = testContext();
  const long = await ctx.api({ longRunning: true });
  expect(long.opts.longRunning).toBe(true);
  expect(await ctx.api()).toBe(long);
  expect(await ctx.api({ longRunning: true })).toBe(long);
});

it('throws an internal error when the shared client is asked for as the other kind', async () => {
  const short = testContext();
  await short.api();
  await expect(short.api({ longRunning: true })).rejects.toThrow(/^internal error: the shared API client was made not long-running/);
  const long = testContext();
  await long.api({ longRunning: true });
  await expect(long.api({ longRunning: false })).rejects.toThrow(/^internal error: the shared API client was made long-running/);
});

it('makes a new client with the overrides over the settings, never the shared one', async () => {
  const ctx = testContext();
  const capture = () => undefined;
  const own = await ctx.newClient({ dryRun: true, dryRunOut: capture, longRunning: true, baseUrl: 'http://127.0.0.1:8' });
  expect(own.opts).toMatchObject({ dryRun: true, dryRunOut: capture, longRunning: true, baseUrl: 'http://127.0.0.1:8', timeoutMs: 7000, retries: expect.any(Number) });
  expect(own.opts.apiKey()).toBe('k-test');
  const other = await ctx.newClient();
  expect(other).not.toBe(own);
  expect(other.opts).toMatchObject({ baseUrl: 'http://127.0.0.1:9', dryRun: false, timeoutMs: 7000 });
  // Neither became the shared client, nor fixed its kind.
  const shared = await ctx.api();
  expect([own, other]).not.toContain(shared);
  expect(shared.opts.longRunning).toBe(false);
});

it('gives a batch a long-running client of its own that Ctrl-C does not abort, whatever the command made first', async () => {
  const ctx = testContext();
  const shared = await ctx.api();
  const client = await batchClient(ctx);
  expect(client).not.toBe(shared);
  expect(client.opts).toMatchObject({ longRunning: true, signal: undefined });
  expect(client.opts.apiKey()).toBe('k-test');
  expect(shared.opts.signal).toBe(ctx.signal);
});
